package shtanhtrain

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/blas/blas64"
)

// TestGradient compares every parameter gradient of a small network with a
// central finite difference of the loss (step 1e-6; the loss is piecewise
// smooth, and the inputs are drawn so that no pre-activation sits within
// 1e-3 of a kink, checked below).
func TestGradient(t *testing.T) {
	s := Settings{Depth: 3, Width: 5, SigmaB2: 0.3, Steps: 1, Batch: 4, LR: 0.1, EvalEvery: 1, NTrain: 4, NTest: 4}
	rng := rand.New(rand.NewPCG(7, 7))
	n := newNet(s, 6, 1.5, 2, rng)
	x := blas64.General{Rows: 4, Cols: 6, Stride: 6, Data: make([]float64, 24)}
	for i := range x.Data {
		x.Data[i] = rng.NormFloat64()
	}
	labels := []int{0, 3, 9, 3}
	const a, eps = 0.8, 1e-6
	h, _ := n.forward(x, a)
	for _, hl := range h {
		for _, v := range hl.Data {
			if math.Abs(math.Abs(v)-a) < 1e-3 {
				t.Fatalf("pre-activation %v within 1e-3 of a kink: choose another seed", v)
			}
		}
	}
	clipped := 0
	for _, hl := range h {
		for _, v := range hl.Data {
			if math.Abs(v) > a {
				clipped++
			}
		}
	}
	if clipped == 0 {
		t.Fatal("no pre-activation is clipped: the test would not exercise φ′ = 0")
	}
	_, _, g := n.lossGrad(x, labels, a, true)
	worst := 0.0
	for l := range n.W {
		raw := n.W[l].RawMatrix().Data
		graw := g.W[l].RawMatrix().Data
		for i := range raw {
			old := raw[i]
			raw[i] = old + eps
			lp, _, _ := n.lossGrad(x, labels, a, false)
			raw[i] = old - eps
			lm, _, _ := n.lossGrad(x, labels, a, false)
			raw[i] = old
			worst = math.Max(worst, math.Abs((lp-lm)/(2*eps)-graw[i]))
		}
		for i := range n.b[l] {
			old := n.b[l][i]
			n.b[l][i] = old + eps
			lp, _, _ := n.lossGrad(x, labels, a, false)
			n.b[l][i] = old - eps
			lm, _, _ := n.lossGrad(x, labels, a, false)
			n.b[l][i] = old
			worst = math.Max(worst, math.Abs((lp-lm)/(2*eps)-g.b[l][i]))
		}
	}
	// Central differences of a smooth function at step 1e-6 are accurate to
	// ~1e-9 (rounding ε_mach·|L|/eps ≈ 2e-10 plus O(eps²) curvature).
	if worst > 1e-7 {
		t.Errorf("max |finite difference − backprop| = %g, want ≤ 1e-7", worst)
	}
}
