package trainsweep

import (
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/vit"
)

func TestGridPoints(t *testing.T) {
	g := Grid{Alphas: empirical.Linspace(0.1, 0.3, 3), SigmaWs: []float64{1, 2}}
	ps := g.Points()
	if len(ps) != 6 {
		t.Fatalf("%d points, want 6", len(ps))
	}
	// row-major: α outer, σ_w inner
	if ps[3].Alpha != 0.2 || ps[3].SigmaW != 2 || ps[3].Index != 3 || ps[3].Key() != "a0.2000_s2.0000" {
		t.Errorf("point 3 = %+v (%s), want α 0.2, σ_w 2", ps[3], ps[3].Key())
	}
	for _, bad := range []Grid{
		{Alphas: nil, SigmaWs: []float64{1}},
		{Alphas: []float64{1.2}, SigmaWs: []float64{1}},
		{Alphas: []float64{0.5}, SigmaWs: []float64{0}},
		{Alphas: []float64{0.5, 0.5}, SigmaWs: []float64{1}},
	} {
		func() {
			defer func() {
				if r := recover(); r == nil || !strings.HasPrefix(r.(string), "trainsweep: ") {
					t.Errorf("grid %+v: panic %v, want a trainsweep panic", bad, r)
				}
			}()
			bad.Points()
		}()
	}
	if err := g.Validate(); err != nil {
		t.Errorf("a valid grid: %v", err)
	}
	for _, c := range []struct {
		g    Grid
		want string
	}{
		{Grid{Alphas: []float64{0.5}}, "len(Grid.SigmaWs) = 0"},
		{Grid{Alphas: []float64{0.5, 1.2}, SigmaWs: []float64{1}}, "Grid.Alphas[1] = 1.2, want in [0, 1]"},
		{Grid{Alphas: []float64{0.5}, SigmaWs: []float64{1, 0}}, "Grid.SigmaWs[1] = 0, want in (0, +inf)"},
		{Grid{Alphas: []float64{0.5, 0.50001}, SigmaWs: []float64{1}}, "Grid = a0.5000_s1.0000, want distinct points"},
	} {
		if err := c.g.Validate(); !errors.Is(err, ErrParam) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: error %v, want ErrParam naming %q", c.g, err, c.want)
		}
	}
}

// TestExponentsSpecValues compares with the notes' (lib/sources/cowsik2024.md) reference values for
// n = 65, L = 16 (lib/sources/cowsik2024.md#protocol-trainability, corrected variant, 5 significant digits):
// α = 0.3, σ_w = 1: λ_g = −0.13435, λ_a = −0.13385; α = 0.5, σ_w = 1.7:
// λ_g = +0.02428, λ_a = −0.00829.
func TestExponentsSpecValues(t *testing.T) {
	for _, tc := range []struct{ alpha, sigmaW, la, lg float64 }{
		{0.3, 1, -0.13385, -0.13435},
		{0.5, 1.7, -0.00829, 0.02428},
	} {
		cfg := vit.Config{Rows: 32, Cols: 32, Patch: 4, D: 64, Layers: 16, MLPLayers: 2, Classes: 101,
			AlphaA: tc.alpha, AlphaM: tc.alpha, SigmaW: tc.sigmaW, SigmaA2: 1}
		if cfg.Tokens() != 65 {
			t.Fatalf("n = %d, want 65", cfg.Tokens())
		}
		la, lg := Exponents(cfg)
		if math.Abs(la-tc.la) > 1e-5 || math.Abs(lg-tc.lg) > 1e-5 {
			t.Errorf("α=%v σw=%v: λ_a, λ_g = %.5f, %.5f; want %.5f, %.5f", tc.alpha, tc.sigmaW, la, lg, tc.la, tc.lg)
		}
	}
}

// tinyViT is the model the tests train: 4×4 pixels in 2×2 patches, d = 6,
// two blocks with two-layer MLPs, three classes; σ_A² = 1, and α, σ_w as
// each test sets them (a Spec sets them per point).
func tinyViT() vit.Config {
	return vit.Config{Rows: 4, Cols: 4, Patch: 2, D: 6, Layers: 2, MLPLayers: 2, Classes: 3, SigmaA2: 1}
}

func synthetic(cfg vit.Config, N int, rng *rand.Rand) vit.Examples {
	px := cfg.Pixels()
	e := vit.Examples{X: make([]float64, N*px), Labels: make([]int, N)}
	for i := range e.Labels {
		k := rng.IntN(cfg.Classes)
		e.Labels[i] = k
		for j := 0; j < px; j++ {
			e.X[i*px+j] = 0.3 * rng.NormFloat64()
		}
		e.X[i*px+k] += 2 // class k lights pixel k
	}
	return e
}

// TestTaskDeterministicAcrossWorkers runs a 2×2 trainability sweep on
// synthetic data with Task.Run on 1 and on 2 workers and point by point
// in a plain serial loop: every result but the wall time must be
// identical, since each point is seeded by its key alone.
func TestTaskDeterministicAcrossWorkers(t *testing.T) {
	cfg := tinyViT()
	rng := rand.New(rand.NewPCG(1, 1))
	spec := Spec{Model: cfg, Train: synthetic(cfg, 200, rng), Val: synthetic(cfg, 50, rng), Test: synthetic(cfg, 50, rng),
		Steps: 20, Batch: 8, LR: 1e-2, Seed: 9}
	ps := Grid{Alphas: []float64{0.2, 0.8}, SigmaWs: []float64{0.5, 2}}.Points()
	task := spec.Task()
	r1, err := task.Run(ps, 1)
	if err != nil {
		t.Fatal(err)
	}
	r2, err := task.Run(ps, 2)
	if err != nil {
		t.Fatal(err)
	}
	for i := range r1 {
		serial, err := task(ps[i])
		if err != nil {
			t.Fatal(err)
		}
		a, b := r1[i], r2[i]
		a.Seconds, b.Seconds, serial.Seconds = 0, 0, 0
		if a != b || a != serial {
			t.Errorf("point %d: 1 worker %+v, 2 workers %+v, serial %+v", i, a, b, serial)
		}
		if d := r1[i].MaxAbsDiff(r2[i]); d != 0 {
			t.Errorf("point %d: MaxAbsDiff = %v of identical results", i, d)
		}
		if a.Diverged || !(a.TestLoss > 0) || a.N != 5 || a.Steps != 20 {
			t.Errorf("point %d: implausible result %+v", i, a)
		}
	}
	fail := Task(func(p Point) (Result, error) {
		if p.Index == 2 {
			return Result{}, errors.New("point 2 failed")
		}
		return Result{}, nil
	})
	if _, err := fail.Run(ps, 2); err == nil || err.Error() != "point 2 failed" {
		t.Errorf("Run with a failing point: error %v", err)
	}
}

// MaxAbsDiff by hand: the largest of the five compared differences,
// whichever field it is in; NaN propagates.
func TestResultMaxAbsDiff(t *testing.T) {
	a := Result{TestLoss: 1, TrainLoss: 2, ValLoss: 3, LambdaA: -0.1, LambdaG: 0.2, TestAccuracy: 0.5}
	for _, c := range []struct {
		change func(*Result)
		want   float64
	}{
		{func(r *Result) { r.TestAccuracy = 0.9 }, 0}, // not compared
		{func(r *Result) { r.ValLoss = 2.75 }, 0.25},
		{func(r *Result) { r.LambdaA, r.TrainLoss = 0.4, 2.125 }, 0.5},
		{func(r *Result) { r.LambdaG = math.NaN() }, math.NaN()},
	} {
		b := a
		c.change(&b)
		if got := a.MaxAbsDiff(b); got != c.want && !(math.IsNaN(got) && math.IsNaN(c.want)) {
			t.Errorf("MaxAbsDiff(%+v) = %v, want %v", b, got, c.want)
		}
	}
}

// TestTaskDiverged: with lr = 1e300 the first Adam step moves every
// parameter by ~1e300, the next forward pass overflows, and the point must
// be recorded as diverged at step 1 with the ln C ceiling, not as an
// error or a NaN.
func TestTaskDiverged(t *testing.T) {
	cfg := tinyViT()
	rng := rand.New(rand.NewPCG(1, 1))
	spec := Spec{Model: cfg, Train: synthetic(cfg, 50, rng), Test: synthetic(cfg, 20, rng), Steps: 5, Batch: 8, LR: 1e300}
	r, err := spec.Task()(Point{Alpha: 0.5, SigmaW: 1})
	if err != nil {
		t.Fatal(err)
	}
	if !r.Diverged || r.DivergedAt != 1 || r.TestLoss != math.Log(3) {
		t.Errorf("result %+v, want diverged at step 1 with test loss ln 3", r)
	}
}
