package sweeprun

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"time"

	"github.com/sigprop/sigprop/internal/provenance"
	"github.com/sigprop/sigprop/lib/quantity"
	"github.com/sigprop/sigprop/lib/sweep"
	"github.com/sigprop/sigprop/lib/trainsweep"
)

// ErrSettingsMismatch is returned by a plan into a directory that already
// holds a sweep with other settings: one directory, one set of settings.
var ErrSettingsMismatch = errors.New("the directory holds a sweep with different settings")

// NewInvocation describes the running command (os.Args) for the
// provenance: the source revision from the binary's build info, or asked
// of git in the working directory when the binary is not stamped (go run,
// -buildvcs=false), the Go version, the machine and Slurm task.
func NewInvocation(action string, workers int) sweep.Invocation {
	now := time.Now().UTC()
	inv := sweep.Invocation{Command: os.Args, Started: now, GoVersion: runtime.Version(),
		GOMAXPROCS: runtime.GOMAXPROCS(0), Workers: workers, Action: action, Host: hostname(), Slurm: slurmTask()}
	inv.ID = fmt.Sprintf("%s-%d-%d", inv.Host, os.Getpid(), now.UnixNano())
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, kv := range bi.Settings {
			switch kv.Key {
			case "vcs.revision":
				inv.Revision = kv.Value
			case "vcs.modified":
				inv.Modified = kv.Value
			}
		}
	}
	if inv.Revision == "" {
		if wd, err := os.Getwd(); err == nil {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			if commit, dirty := provenance.Git(ctx, wd); commit != "" {
				inv.Revision, inv.Modified = commit, fmt.Sprint(dirty)
			}
		}
	}
	return inv
}

// PlanEval checks an eval sweep against lib/quantity and writes
// DIR/provenance.json (creating DIR). Every value of every axis, fixed
// parameter and list row is parsed as `sigprop eval` would, so a value
// out of range is an error naming the parameter and its range before
// anything runs. If the quantity has a "seed" parameter that the plan
// leaves free, SeedParam is set and each point gets its own seed
// (sweep.PointSeed). It returns the settings as recorded and whether it
// created the sweep: planning into a directory that holds the same sweep
// does nothing; another sweep is ErrSettingsMismatch.
func PlanEval(dir string, s sweep.EvalSettings, inv sweep.Invocation) (sweep.EvalSettings, bool, error) {
	if err := checkEval(&s); err != nil {
		return s, false, err
	}
	created, err := plan(dir, sweep.KindEval, s, inv, func(old json.RawMessage) (bool, error) {
		var o sweep.EvalSettings
		err := json.Unmarshal(old, &o)
		return reflect.DeepEqual(normalEval(o), normalEval(s)), err
	})
	return s, created, err
}

// normalEval makes nil and empty maps and slices compare equal.
func normalEval(s sweep.EvalSettings) sweep.EvalSettings {
	if len(s.Fixed) == 0 {
		s.Fixed = nil
	}
	if len(s.Axes) == 0 {
		s.Axes = nil
	}
	return s
}

func checkEval(s *sweep.EvalSettings) error {
	q, err := quantity.Lookup(s.Quantity)
	if err != nil {
		return err
	}
	g := s.Grid()
	if _, err := g.Points(); err != nil {
		return fmt.Errorf("%s: %w", q.Name, err)
	}
	known := map[string]bool{}
	var names []string
	for _, p := range q.Params {
		known[p.Name] = true
		names = append(names, p.Name)
	}
	bound := map[string]bool{}
	for _, n := range g.Names() {
		bound[n] = true
	}
	for n := range s.Fixed {
		if bound[n] {
			return fmt.Errorf("%s: parameter %s is both swept and fixed", q.Name, n)
		}
		bound[n] = true
	}
	for n := range bound {
		if !known[n] {
			return fmt.Errorf("%s: unknown parameter %q (parameters: %s)", q.Name, n, strings.Join(names, ", "))
		}
	}
	s.SeedParam = ""
	if known["seed"] && !bound["seed"] {
		s.SeedParam = "seed"
	}
	// Each value is parsed in the context of the others' first values, so
	// that required parameters are present and an error names the value.
	base := maps.Clone(s.Fixed)
	if base == nil {
		base = map[string]string{}
	}
	if s.SeedParam != "" {
		base[s.SeedParam] = "0"
	}
	check := func(args map[string]string) error {
		_, err := q.Parse(args)
		return err
	}
	if s.List != nil {
		for _, row := range s.List.Rows {
			args := maps.Clone(base)
			for k, n := range s.List.Names {
				args[n] = row[k]
			}
			if err := check(args); err != nil {
				return err
			}
		}
		return nil
	}
	for _, a := range s.Axes {
		for _, n := range a.Names {
			base[n] = a.Values[0]
		}
	}
	for _, a := range s.Axes {
		for _, v := range a.Values {
			args := maps.Clone(base)
			for _, n := range a.Names {
				args[n] = v
			}
			if err := check(args); err != nil {
				return err
			}
		}
	}
	return nil
}

// PlanTrainability checks the settings of a trainability sweep and writes
// DIR/provenance.json (creating DIR). Errors name the setting (by its
// command-line flag) and its allowed range. It returns whether it created
// the sweep: planning into a directory that holds the same sweep (e.g.
// one written by the former cmd/trainsweep) does nothing; another sweep
// is ErrSettingsMismatch.
func PlanTrainability(dir string, s trainsweep.Settings, inv sweep.Invocation) (bool, error) {
	if err := CheckTrainability(s); err != nil {
		return false, err
	}
	return plan(dir, sweep.KindTrainability, s, inv, func(old json.RawMessage) (bool, error) {
		var o trainsweep.Settings
		err := json.Unmarshal(old, &o)
		return reflect.DeepEqual(o, s), err
	})
}

// CheckTrainability validates trainability settings
// (trainsweep.Settings.Validate, which holds the ranges); an error names
// the command-line flag of the setting first.
func CheckTrainability(s trainsweep.Settings) error {
	err := s.Validate()
	var f interface{ Field() string }
	if err == nil || !errors.As(err, &f) {
		return err
	}
	field := strings.TrimPrefix(f.Field(), "Settings.")
	if i := strings.IndexByte(field, '['); i >= 0 {
		field = field[:i]
	}
	if flag, ok := trainabilityFlags[field]; ok {
		return fmt.Errorf("%s: %w", flag, err)
	}
	return err
}

// trainabilityFlags are the flags of `sigprop sweep plan DIR trainability`
// by the field of trainsweep.Settings they set.
var trainabilityFlags = map[string]string{"Alphas": "--alphas", "SigmaWs": "--sigmas", "D": "--d", "Layers": "--layers", "Patch": "--patch",
	"Steps": "--steps", "Batch": "--batch", "LR": "--lr", "Train": "--train", "Val": "--val", "Test": "--test", "DataDir": "--data"}

// plan writes a new provenance.json, or checks an existing one with same.
func plan(dir, kind string, settings any, inv sweep.Invocation, same func(json.RawMessage) (bool, error)) (bool, error) {
	raw, err := json.Marshal(settings)
	if err != nil {
		return false, err
	}
	old, err := readProvenance(dir)
	if err == nil {
		ok, err := same(old.Settings)
		if err != nil {
			return false, fmt.Errorf("%s: %w", filepath.Join(dir, sweep.ProvenanceFile), err)
		}
		if old.KindName() != kind {
			return false, fmt.Errorf("%w: %s holds a %s sweep, this plan is a %s sweep", ErrSettingsMismatch,
				filepath.Join(dir, sweep.ProvenanceFile), old.KindName(), kind)
		}
		if !ok {
			return false, fmt.Errorf("%w: %s differs in %s (plan into another directory)", ErrSettingsMismatch,
				filepath.Join(dir, sweep.ProvenanceFile), settingsDiff(old.Settings, raw))
		}
		return false, nil
	}
	if _, statErr := os.Stat(filepath.Join(dir, sweep.ProvenanceFile)); !errors.Is(statErr, fs.ErrNotExist) {
		return false, err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return false, err
	}
	path := filepath.Join(dir, sweep.ProvenanceFile)
	return true, withLock(path, func() error {
		if _, err := os.Stat(path); err == nil {
			return fmt.Errorf("%s appeared while planning (another plan ran at the same time)", path)
		}
		return writeJSON(path, sweep.Provenance{Kind: kind, Settings: raw, Invocations: []sweep.Invocation{inv}})
	})
}

// describe is a one-line description of a sweep of n points.
func describe(p sweep.Provenance, n int) string {
	switch p.KindName() {
	case sweep.KindEval:
		var s sweep.EvalSettings
		if json.Unmarshal(p.Settings, &s) == nil {
			g := s.Grid()
			return fmt.Sprintf("eval %s over %s, %d points", s.Quantity, strings.Join(g.Names(), ", "), n)
		}
	case sweep.KindTrainability:
		var s trainsweep.Settings
		if json.Unmarshal(p.Settings, &s) == nil {
			return fmt.Sprintf("trainability, %d α × %d σ_w = %d points, d=%d L=%d, %d steps, seed %d",
				len(s.Alphas), len(s.SigmaWs), n, s.D, s.Layers, s.Steps, s.Seed)
		}
	}
	return fmt.Sprintf("%s, %d points", p.KindName(), n)
}

// settingsDiff names the top-level settings that differ between two JSON
// objects, with both values: "Steps: 900 there, 901 here".
func settingsDiff(there, here json.RawMessage) string {
	var a, b map[string]json.RawMessage
	if json.Unmarshal(there, &a) != nil || json.Unmarshal(here, &b) != nil {
		return "its settings"
	}
	compact := func(r json.RawMessage) string {
		if r == nil {
			return "(absent)"
		}
		var buf bytes.Buffer
		if json.Compact(&buf, r) != nil {
			return string(r)
		}
		return buf.String()
	}
	keys := map[string]bool{}
	for k := range a {
		keys[k] = true
	}
	for k := range b {
		keys[k] = true
	}
	var diffs []string
	for _, k := range slices.Sorted(maps.Keys(keys)) {
		if x, y := compact(a[k]), compact(b[k]); x != y {
			diffs = append(diffs, fmt.Sprintf("%s: %s there, %s here", k, x, y))
		}
	}
	if len(diffs) == 0 {
		return "the form of its settings"
	}
	return strings.Join(diffs, "; ")
}
