package sweeprun

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/lib/sweep"
	"github.com/sigprop/sigprop/lib/trainsweep"
)

func TestPlanEvalRejectsBadInput(t *testing.T) {
	ax := func(names string, vals ...string) sweep.Axis {
		return sweep.Axis{Names: strings.Split(names, ","), Values: vals}
	}
	for _, tc := range []struct {
		s    sweep.EvalSettings
		want string
	}{
		{sweep.EvalSettings{Quantity: "no.such", Axes: []sweep.Axis{ax("x", "1")}}, `unknown quantity "no.such"`},
		{sweep.EvalSettings{Quantity: "tokengeom.lambda_a", Axes: []sweep.Axis{ax("sigma_w", "1", "200")}},
			"parameter sigma_w=200 out of range: real in [1e-06, 100]"},
		{sweep.EvalSettings{Quantity: "tokengeom.lambda_a", Axes: []sweep.Axis{ax("alpha_a,alpha_m", "0.5", "1.5")}},
			"parameter alpha_a=1.5 out of range: real in [0, 1]"},
		{sweep.EvalSettings{Quantity: "tokengeom.lambda_a", Axes: []sweep.Axis{ax("sigma_w", "1")}, Fixed: map[string]string{"mlp_layers": "2.5"}},
			"mlp_layers=2.5 is not an integer"},
		{sweep.EvalSettings{Quantity: "tokengeom.lambda_a", Axes: []sweep.Axis{ax("bogus", "1")}}, `unknown parameter "bogus"`},
		{sweep.EvalSettings{Quantity: "tokengeom.lambda_a", Axes: []sweep.Axis{ax("sigma_w", "1")}, Fixed: map[string]string{"sigma_w": "2"}},
			"sigma_w is both swept and fixed"},
		{sweep.EvalSettings{Quantity: "tokengeom.lambda_g", Axes: []sweep.Axis{ax("variant", "corrected", "printed")}},
			`variant="printed" out of range: one of corrected|paper`},
		{sweep.EvalSettings{Quantity: "tokengeom.lambda_a", List: &sweep.List{Names: []string{"sigma_w"}, Rows: [][]string{{"1"}, {"-3"}}}},
			"sigma_w=-3 out of range"},
		{sweep.EvalSettings{Quantity: "tokengeom.lambda_a"}, "no axis"},
	} {
		if _, _, err := PlanEval(t.TempDir(), tc.s, NewInvocation("plan", 0)); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: %v, want an error containing %q", tc.s, err, tc.want)
		}
	}
}

func TestPlanEvalSeedAndIdempotence(t *testing.T) {
	dir := t.TempDir()
	s := mcSettings()
	got, created, err := PlanEval(dir, s, NewInvocation("plan", 0))
	if err != nil || !created || got.SeedParam != "seed" {
		t.Fatalf("%+v, created %v, %v", got, created, err)
	}
	prov, _ := os.ReadFile(filepath.Join(dir, sweep.ProvenanceFile))
	if _, created, err := PlanEval(dir, s, NewInvocation("plan", 0)); err != nil || created {
		t.Errorf("same plan again: created %v, %v; want a no-op", created, err)
	}
	if again, _ := os.ReadFile(filepath.Join(dir, sweep.ProvenanceFile)); !bytes.Equal(prov, again) {
		t.Error("a no-op plan rewrote provenance.json")
	}
	other := mcSettings()
	other.Fixed["paths"] = "128"
	_, _, err = PlanEval(dir, other, NewInvocation("plan", 0))
	if !errors.Is(err, ErrSettingsMismatch) || !strings.Contains(err.Error(), `"paths":"64"`) {
		t.Errorf("other settings: %v, want ErrSettingsMismatch naming the differing setting", err)
	}
	// A seed the plan fixes is the seed of every point.
	fixed := mcSettings()
	fixed.Fixed["seed"] = "5"
	if got, _, err := PlanEval(t.TempDir(), fixed, NewInvocation("plan", 0)); err != nil || got.SeedParam != "" {
		t.Errorf("fixed seed: SeedParam %q, %v", got.SeedParam, err)
	}
}

func TestCheckTrainability(t *testing.T) {
	ok := trainsweep.Settings{Alphas: []float64{0.1, 0.9}, SigmaWs: []float64{1}, D: 8, Layers: 2, Patch: 7, Steps: 10,
		Batch: 4, LR: 1e-3, Val: 10, DataDir: "/data"}
	if err := CheckTrainability(ok); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		edit func(*trainsweep.Settings)
		want string
	}{
		{func(s *trainsweep.Settings) { s.Alphas = []float64{1.5} }, "--alphas: trainsweep: parameter out of range: Settings.Alphas[0] = 1.5, want in [0, 1]"},
		{func(s *trainsweep.Settings) { s.SigmaWs = []float64{0} }, "--sigmas: trainsweep: parameter out of range: Settings.SigmaWs[0] = 0, want in (0, +inf)"},
		{func(s *trainsweep.Settings) { s.Patch = 5 }, "--patch: trainsweep: parameter out of range: Settings.Patch = 5, want a divisor of 28"},
		{func(s *trainsweep.Settings) { s.Steps = 0 }, "--steps: trainsweep: parameter out of range: Settings.Steps = 0"},
		{func(s *trainsweep.Settings) { s.Val = 60000 }, "--val: trainsweep: parameter out of range: Settings.Val = 60000, want an integer in [0, 59999]"},
		{func(s *trainsweep.Settings) { s.SigmaWs = []float64{1, 1.00001} }, "share the key"},
	} {
		s := ok
		tc.edit(&s)
		if err := CheckTrainability(s); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v, want an error containing %q", err, tc.want)
		}
	}
}

// `just sweep 1` replans and reruns the committed sweep: the plan of the
// same settings is a no-op on the directory cmd/trainsweep wrote, and the
// run finds every point done and leaves every file as it was.
func TestCommittedSweepReplansAsANoOp(t *testing.T) {
	src := "../../notebooks/data/trainability/adam-s1-900"
	dir := t.TempDir()
	ents, err := os.ReadDir(src)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		b, err := os.ReadFile(filepath.Join(src, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(dir, e.Name()), b, 0o644)
	}
	prov, _ := os.ReadFile(filepath.Join(dir, sweep.ProvenanceFile))
	// The justfile's settings; the flag defaults fill in the rest.
	s := trainsweep.Settings{Alphas: sweep.Linspace(0.05, 0.95, 6), SigmaWs: sweep.Linspace(0.2, 4, 6), D: 64, Layers: 16,
		Patch: 7, Steps: 900, Batch: 64, LR: 3e-4, Val: 2000, Test: 5000, Seed: 1, SplitSeed: 1, DataDir: "/usr/share/datasets/fashion-mnist"}
	created, err := PlanTrainability(dir, s, NewInvocation("plan", 0))
	if err != nil || created {
		t.Fatalf("plan: created %v, %v; want a no-op", created, err)
	}
	s.Seed = 2
	if _, err := PlanTrainability(dir, s, NewInvocation("plan", 0)); !errors.Is(err, ErrSettingsMismatch) || !strings.Contains(err.Error(), "Seed: 1 there, 2 here") {
		t.Errorf("seed 2 into seed 1's directory: %v", err)
	}
	sum, err := Run(context.Background(), dir, RunOptions{})
	if err != nil || sum.DoneBefore != 36 || sum.Computed != 0 {
		t.Errorf("run: %+v, %v; want 36 done before, nothing computed", sum, err)
	}
	if again, _ := os.ReadFile(filepath.Join(dir, sweep.ProvenanceFile)); !bytes.Equal(prov, again) {
		t.Error("provenance.json changed")
	}
	rep, err := Status(context.Background(), dir, nil)
	if err != nil || rep.Totals != (Totals{Points: 36, Done: 36}) || rep.Kind != sweep.KindTrainability {
		t.Errorf("status %+v, %v", rep.Totals, err)
	}
}
