package trainsweep

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/optimize"
)

// clippedResults draws n exponents uniformly in [−0.5, 0.5]² and the loss
// min(ceil, max(wa|λ_a|, wg|λ_g|) + b) + N(0, noise²) (noise only on the
// unclipped points, as a uniform guesser's loss is ln C exactly).
func clippedResults(n int, wa, wg, b, ceil, noise float64, rng *rand.Rand) []Result {
	rs := make([]Result, n)
	for i := range rs {
		la, lg := rng.Float64()-0.5, rng.Float64()-0.5
		y := math.Max(wa*math.Abs(la), wg*math.Abs(lg)) + b
		if y >= ceil {
			y = ceil
		} else {
			y += noise * rng.NormFloat64()
		}
		rs[i] = Result{LambdaA: la, LambdaG: lg, TestLoss: y}
	}
	return rs
}

// clippedSSE is the clipped model's sum of squares over all points.
func clippedSSE(rs []Result, wa, wg, b, ceil float64) float64 {
	f := LossFit{WA: wa, WG: wg, B: b, Ceiling: ceil}
	var s float64
	for _, r := range rs {
		d := r.TestLoss - f.Predict(r.LambdaA, r.LambdaG)
		s += d * d
	}
	return s
}

func TestFitClippedExact(t *testing.T) {
	// Noiseless data from the clipped model with about a third of the
	// points at the ceiling ln 10. Only θ = atan(w_g/w_a) is gridded, with
	// spacing δ = π/4094 ≈ 7.7e-4: at the nearest grid angle the best
	// residuals are O(δ·|λ|·s) ≈ 1e-3, so R² ≥ 1 − 1e-5 and the weights
	// within 1 % (several times the first-order error δ·tan θ) are the
	// checks; the saturated set must be exactly the clipped points.
	ceil := math.Log(10)
	rng := rand.New(rand.NewPCG(3, 4))
	wa, wg, b := 5.0, 7.0, 0.5
	rs := clippedResults(60, wa, wg, b, ceil, 0, rng)
	f, err := FitClipped(rs, FitSettings{})
	if err != nil {
		t.Fatal(err)
	}
	if f.R2 < 1-1e-5 {
		t.Errorf("R² = %v, want ≥ 1 − 1e-5", f.R2)
	}
	for _, p := range [][3]float64{{f.WA, wa, 0.01}, {f.WG, wg, 0.01}} {
		if math.Abs(p[0]/p[1]-1) > p[2] {
			t.Errorf("weight %v, want %v within %v relative", p[0], p[1], p[2])
		}
	}
	if math.Abs(f.B-b) > 0.01 {
		t.Errorf("b = %v, want %v ± 0.01", f.B, b)
	}
	var clipped int
	for _, r := range rs {
		if r.TestLoss >= ceil-0.05 {
			clipped++
		}
	}
	if len(f.Saturated) != clipped || f.N != len(rs)-clipped {
		t.Errorf("saturated %d, fitted %d; want %d and %d", len(f.Saturated), f.N, clipped, len(rs)-clipped)
	}
	if clipped < 10 {
		t.Fatalf("only %d clipped points: the test does not exercise the clip", clipped)
	}
}

func TestFitClippedBeatsNelderMead(t *testing.T) {
	// Another method: gonum's Nelder–Mead on (w_a, w_g, b) (weights through
	// |·| to keep them ≥ 0), started from the unclipped fit of the
	// non-saturated points. FitClipped's objective may not exceed the
	// simplex's by more than the θ-grid error (relative 1e-3 of the SSE;
	// noise σ = 0.05 makes SSE ≈ Nσ² = 0.1, so this is 1e-4 absolute),
	// nor the SSE at the true parameters. 5 seeds, 40 points each.
	ceil := math.Log(10)
	for seed := range uint64(5) {
		rng := rand.New(rand.NewPCG(30+seed, 31))
		rs := clippedResults(40, 4, 6, 0.6, ceil, 0.05, rng)
		f, err := FitClipped(rs, FitSettings{})
		if err != nil {
			t.Fatal(err)
		}
		got := clippedSSE(rs, f.WA, f.WG, f.B, ceil)
		if truth := clippedSSE(rs, 4, 6, 0.6, ceil); got > truth*(1+1e-3) {
			t.Errorf("seed %d: SSE %v above the true parameters' %v", seed, got, truth)
		}
		start, err := FitLoss(rs, FitSettings{})
		if err != nil {
			t.Fatal(err)
		}
		prob := optimize.Problem{Func: func(x []float64) float64 {
			return clippedSSE(rs, math.Abs(x[0]), math.Abs(x[1]), x[2], ceil)
		}}
		res, err := optimize.Minimize(prob, []float64{start.WA, start.WG, start.B}, nil, &optimize.NelderMead{})
		if err != nil && res == nil {
			t.Fatal(err)
		}
		if got > res.F*(1+1e-3) {
			t.Errorf("seed %d: FitClipped SSE %v above Nelder–Mead's %v", seed, got, res.F)
		}
		if f.LOORMSE < f.RMSE {
			t.Errorf("seed %d: LOO RMSE %v below in-sample RMSE %v", seed, f.LOORMSE, f.RMSE)
		}
	}
}

func TestFitClippedErrors(t *testing.T) {
	ceil := math.Log(10)
	rs := []Result{{TestLoss: ceil}, {TestLoss: 1, LambdaA: 0.1}, {TestLoss: 1.2, LambdaA: 0.2}, {Diverged: true}}
	if _, err := FitClipped(rs, FitSettings{}); !errors.Is(err, ErrFitDegenerate) {
		t.Errorf("two non-saturated points: got %v, want ErrFitDegenerate", err)
	}
	rs = append(rs, Result{TestLoss: math.NaN()})
	if _, err := FitClipped(rs, FitSettings{}); err == nil || errors.Is(err, ErrFitDegenerate) {
		t.Errorf("NaN loss: got %v, want a not-finite error", err)
	}
}
