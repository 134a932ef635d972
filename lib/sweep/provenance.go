package sweep

import (
	"encoding/json"
	"fmt"
	"maps"
	"strings"
	"time"

	"github.com/sigprop/sigprop/lib/internal/param"
)

// Kinds of sweep (Provenance.Kind).
const (
	KindEval         = "eval"
	KindTrainability = "trainability"
)

// File names in a sweep directory.
const (
	ProvenanceFile = "provenance.json"
	SlurmFile      = "slurm.json"
)

// DoneFile, FailedFile and ClaimFile name a point's files.
func DoneFile(key string) string   { return key + ".json" }
func FailedFile(key string) string { return key + ".failed.json" }
func ClaimFile(key string) string  { return key + ".running" }

// Provenance is DIR/provenance.json: what the sweep computes (Kind,
// Settings: every result in the directory was made with these) and each
// invocation that planned or added to it. The field names are those of
// the files written by the former cmd/trainsweep, which this type reads.
//
// Two kinds of sweep:
//
//   - "eval": one quantity of `sigprop eval` (lib/quantity) over a grid of
//     its parameters. EvalSettings names the quantity, the axes (or an
//     explicit list of points) and the parameters held fixed. An axis may
//     bind several parameters to the same value ("alpha_a,alpha_m"), which
//     is how the α = α_A = α_M planes of Cowsik et al. 2024 are swept.
//     Points are keyed by their index: i000 … i399.
//   - "trainability": the trainability experiment of lib/trainsweep over
//     (α, σ_w), keyed by value as "a0.0500_s0.2000". Its settings are
//     trainsweep.Settings, which this package decodes only for the two
//     grids (Alphas, SigmaWs); directories written by the former
//     cmd/trainsweep have no Kind and are read as this kind.
//
// A sweep directory:
//
//	provenance.json      Provenance: Kind, Settings, every invocation (plan, run)
//	<key>.json           a finished point (Record for eval, trainsweep.Result for trainability)
//	<key>.failed.json    a point whose computation returned an error (Failure)
//	<key>.running        a claim: some process is computing the point (Claim)
//	slurm.json           the Slurm submissions (internal/sweeprun)
//
// Every file is written to a temporary name in the same directory and
// renamed, so a reader sees a whole file or none; a process killed
// mid-point leaves at most a stale claim and a *.tmp file, both ignored by
// Read. A point's state is decided by which of its files exist: done beats
// failed beats running beats missing.
type Provenance struct {
	Kind        string          `json:",omitempty"` // KindEval or KindTrainability; empty: trainability
	Settings    json.RawMessage // EvalSettings or trainsweep.Settings
	Invocations []Invocation
}

// Invocation records one command that planned or ran (part of) a sweep.
// The fields from Command to Workers are those of cmd/trainsweep's
// provenance; the rest were added by `sigprop sweep` and are absent in
// older files.
type Invocation struct {
	Command    []string  // os.Args
	Started    time.Time // UTC
	GoVersion  string
	Revision   string // source commit (vcs.revision, or asked of git)
	Modified   string // "true" if the checkout had uncommitted changes
	GOMAXPROCS int
	Workers    int

	ID          string     `json:",omitempty"` // unique: host, pid and start time
	Action      string     `json:",omitempty"` // "plan" or "run"
	Host        string     `json:",omitempty"`
	Shard       string     `json:",omitempty"` // "i/n" of a run
	Slurm       string     `json:",omitempty"` // job id of a Slurm task, e.g. "41_3"
	Finished    *time.Time `json:",omitempty"`
	Computed    int        `json:",omitempty"` // points this run finished
	Failed      int        `json:",omitempty"` // points this run recorded as failed
	Interrupted bool       `json:",omitempty"` // stopped by a signal before its shard was done
}

// Summary is the one line by which a stored data set names the command
// that computed it: "COMMAND — commit REV (modified: M), START, GO, GOMAXPROCS N".
func (inv Invocation) Summary() string {
	return fmt.Sprintf("%s — commit %s (modified: %s), %s, %s, GOMAXPROCS %d", strings.Join(inv.Command, " "), inv.Revision, inv.Modified,
		inv.Started.Format("2006-01-02 15:04 UTC"), inv.GoVersion, inv.GOMAXPROCS)
}

// Generated is provenance.json of a data set that one command computes
// whole (`sigprop sweep generate`, internal/sweeprun), beside the data it
// describes: the Invocation, the same record a sweep keeps of each of its
// invocations; the Settings the data were computed at, in the generator's
// own form (absent in files written before generators recorded them); the
// wall time; and, when only some entries of the generator's plan were
// computed (to check a slice of committed data), their indices.
type Generated struct {
	Invocation Invocation      `json:"invocation"`
	Settings   json.RawMessage `json:"settings,omitempty"`
	Elapsed    string          `json:"elapsed"`
	Only       []int           `json:"only,omitempty"`
}

// Select returns the entries of plan at the indices only, in that order,
// or plan itself when only is empty: the slice of a generator's plan that
// `sigprop sweep generate --only` computes. An index out of range or given
// twice is an error naming it.
func Select[T any](plan []T, only []int) ([]T, error) {
	if len(only) == 0 {
		return plan, nil
	}
	out := make([]T, 0, len(only))
	seen := map[int]bool{}
	for _, i := range only {
		if i < 0 || i >= len(plan) {
			return nil, fmt.Errorf("entry %d out of range [0, %d)", i, len(plan))
		}
		if seen[i] {
			return nil, fmt.Errorf("entry %d given twice", i)
		}
		seen[i] = true
		out = append(out, plan[i])
	}
	return out, nil
}

// KindName returns the kind, with the trainability default of older files.
func (p Provenance) KindName() string {
	if p.Kind == "" {
		return KindTrainability
	}
	return p.Kind
}

// Grid returns the sweep's grid, decoded from Settings by kind.
func (p Provenance) Grid() (Grid, error) {
	switch p.KindName() {
	case KindEval:
		var s EvalSettings
		if err := json.Unmarshal(p.Settings, &s); err != nil {
			return Grid{}, fmt.Errorf("sweep: eval settings: %w", err)
		}
		return s.Grid(), nil
	case KindTrainability:
		var s struct{ Alphas, SigmaWs []float64 } // the grid of trainsweep.Settings
		if err := json.Unmarshal(p.Settings, &s); err != nil {
			return Grid{}, fmt.Errorf("sweep: trainability settings: %w", err)
		}
		return TrainabilityGrid(s.Alphas, s.SigmaWs), nil
	default:
		return Grid{}, fmt.Errorf("sweep: unknown kind %q", p.Kind)
	}
}

// TrainabilityGrid is the (α, σ_w) grid of lib/trainsweep: axes "alpha"
// (outer) and "sigma_w", keys as trainsweep.Point.Key.
func TrainabilityGrid(alphas, sigmaWs []float64) Grid {
	f := func(xs []float64) []string {
		out := make([]string, len(xs))
		for i, x := range xs {
			out[i] = FormatFloat(x)
		}
		return out
	}
	return Grid{Axes: []Axis{{Names: []string{"alpha"}, Values: f(alphas)}, {Names: []string{"sigma_w"}, Values: f(sigmaWs)}},
		Keys: TrainabilityKeys}
}

// EvalSettings are the settings of an eval sweep: one quantity of
// lib/quantity (as `sigprop eval` names it) over the product of Axes or
// the points of List, with the parameters in Fixed held constant and the
// rest at their defaults. If SeedParam is set (the quantity has a seed
// parameter that neither the grid nor Fixed binds), each point's seed is
// PointSeed(Seed, its parameters).
type EvalSettings struct {
	Quantity  string
	Axes      []Axis            `json:",omitempty"`
	List      *List             `json:",omitempty"`
	Fixed     map[string]string `json:",omitempty"`
	Seed      uint64
	SeedParam string `json:",omitempty"`
}

// ErrParam is wrapped by the errors of a setting out of its range; the
// message names the field and its allowed range, and errors.Is matches any
// lib package's ErrParam (lib/internal/param).
var ErrParam = param.New("sweep")

// Validate returns ErrParam for no quantity or a grid without points
// (Grid.Points' error).
func (s EvalSettings) Validate() error {
	if s.Quantity == "" {
		return param.Err(ErrParam, "EvalSettings.Quantity", `""`, "a quantity name")
	}
	if _, err := s.Grid().Points(); err != nil {
		return fmt.Errorf("%w: EvalSettings grid: %v", ErrParam, err)
	}
	return nil
}

// Grid returns the settings' grid (index keys).
func (s EvalSettings) Grid() Grid { return Grid{Axes: s.Axes, List: s.List, Keys: IndexKeys} }

// Args returns the key=value arguments of the quantity at point p: the
// fixed parameters, the point's, and the derived seed.
func (s EvalSettings) Args(p Point) map[string]string {
	args := maps.Clone(s.Fixed)
	if args == nil {
		args = map[string]string{}
	}
	maps.Copy(args, p.Params)
	if s.SeedParam != "" {
		args[s.SeedParam] = fmt.Sprint(PointSeed(s.Seed, p.Params))
	}
	return args
}

// Record is a finished point of an eval sweep, DIR/<key>.json: what
// `sigprop eval` prints (the quantity, every parameter with defaults
// filled in, the value) plus the point's key, index and wall time.
type Record struct {
	Key     string          `json:"key"`
	Index   int             `json:"index"`
	Name    string          `json:"name"`
	Params  map[string]any  `json:"params"`
	Value   json.RawMessage `json:"value"`
	Seconds float64         `json:"seconds"`
}

// Failure is DIR/<key>.failed.json: a point whose computation returned an
// error (or panicked), with where and when.
type Failure struct {
	Key    string            `json:"key"`
	Index  int               `json:"index"`
	Params map[string]string `json:"params"`
	Error  string            `json:"error"`
	Host   string            `json:"host,omitempty"`
	Slurm  string            `json:"slurm,omitempty"`
	Time   time.Time         `json:"time"`
}

// Claim is DIR/<key>.running, written when a process starts a point and
// removed when it has written the point's result: who is computing it.
// A process killed mid-point leaves its claim behind; internal/sweeprun's
// status tells a live claim from a stale one by its pid or Slurm job.
type Claim struct {
	Host       string    `json:"host"`
	PID        int       `json:"pid"`
	Slurm      string    `json:"slurm,omitempty"`
	Invocation string    `json:"invocation"`
	Started    time.Time `json:"started"`
}
