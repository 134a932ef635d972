package fctrain

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/sigprop/sigprop/lib/activation"

	"gonum.org/v1/gonum/blas/blas64"
)

// TestGradient compares every parameter gradient of a small network with a
// central finite difference of the loss (step 1e-6), for Shtanh with
// orthogonal weights (the loss is piecewise smooth, and the inputs are
// drawn so that no pre-activation sits within 1e-3 of a kink, checked
// below) and for tanh with Gaussian weights.
func TestGradient(t *testing.T) {
	t.Run("shtanh-orthogonal", func(t *testing.T) {
		c := Init{Depth: 3, Width: 5, SigmaW2: 1.5, SigmaB2: 0.3, QStar: 2, Orthogonal: true}
		checkGradient(t, c, activation.Shtanh(0.8), 0.8)
	})
	t.Run("tanh-gaussian", func(t *testing.T) {
		c := Init{Depth: 3, Width: 5, SigmaW2: 2.5, SigmaB2: 0.05, QStar: 1.06}
		checkGradient(t, c, activation.Tanh(), 0)
	})
}

// checkGradient: kink > 0 is Shtanh's a, whose clipping must be exercised.
func checkGradient(t *testing.T, c Init, f activation.Func, kink float64) {
	rng := rand.New(rand.NewPCG(7, 7))
	n := New(c, 6, rng)
	x := blas64.General{Rows: 4, Cols: 6, Stride: 6, Data: make([]float64, 24)}
	for i := range x.Data {
		x.Data[i] = rng.NormFloat64()
	}
	labels := []int{0, 3, 9, 3}
	const eps = 1e-6
	h, _ := n.forward(x, f)
	if a := kink; a > 0 {
		clipped := 0
		for _, hl := range h {
			for _, v := range hl.Data {
				if math.Abs(math.Abs(v)-a) < 1e-3 {
					t.Fatalf("pre-activation %v within 1e-3 of a kink: choose another seed", v)
				}
				if math.Abs(v) > a {
					clipped++
				}
			}
		}
		if clipped == 0 {
			t.Fatal("no pre-activation is clipped: the test would not exercise φ′ = 0")
		}
	}
	_, _, g := n.lossGrad(x, labels, f, true)
	worst := 0.0
	for l := range n.W {
		raw := n.W[l].RawMatrix().Data
		graw := g.W[l].RawMatrix().Data
		for i := range raw {
			old := raw[i]
			raw[i] = old + eps
			lp, _, _ := n.lossGrad(x, labels, f, false)
			raw[i] = old - eps
			lm, _, _ := n.lossGrad(x, labels, f, false)
			raw[i] = old
			worst = math.Max(worst, math.Abs((lp-lm)/(2*eps)-graw[i]))
		}
		for i := range n.b[l] {
			old := n.b[l][i]
			n.b[l][i] = old + eps
			lp, _, _ := n.lossGrad(x, labels, f, false)
			n.b[l][i] = old - eps
			lm, _, _ := n.lossGrad(x, labels, f, false)
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
