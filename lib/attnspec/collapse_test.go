package attnspec

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/sigprop/sigprop/lib/block"
	"github.com/sigprop/sigprop/lib/empirical"
)

// TestGeometric: the law against repeated multiplication by r (a few ulps
// per layer) and against a simulated softmax stack (T = 256, d = 64,
// s = 1, the notes' setting): the residual after layer 4 relative to layer
// 1 is within the notes' 25% per layer of r_T³ (lib/sources/tanner2024.md#check-27).
func TestGeometric(t *testing.T) {
	r := BulkRadius(256, 1)
	layers := empirical.Linspace(0, 6, 7)
	g := Geometric(layers, 2, 1, r)
	want := 2 / r // y0 · r^{ℓ−ℓ0} at ℓ = 0
	for i, y := range g {
		if math.Abs(y-want) > 1e-15*float64(i+1)*want {
			t.Errorf("ℓ = %g: %.17g, repeated product %.17g", layers[i], y, want)
		}
		want *= r
	}
	st := Stack(RandomTokens(256, 64, false, empirical.Rand(11, 12)), 4, 1, block.Softmax, empirical.Rand(13, 14))
	line := Geometric([]float64{4}, st.Residual[1], 1, r)[0]
	if ratio := st.Residual[4] / line; ratio < math.Pow(0.75, 3) || ratio > math.Pow(1.25, 3) {
		t.Errorf("layer 4: stack %.4g, r_T³ from layer 1 %.4g (ratio %.3f)", st.Residual[4], line, ratio)
	}
}

// TestReferences: the cubic and linear laws pass through the largest
// input, and the simulated contraction of TestOneLayerContraction
// (slopes 3.002 and 1.0008 over two decades) lies within 5% of them at
// the smallest ε: a slope error δ moves the far end by 10^{2δ} ≈ 1.01.
func TestReferences(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	base := RandomTokens(32, 16, true, rng)
	eps := []float64{1e-3, 2e-3, 5e-3, 1e-2, 2e-2, 5e-2, 1e-1}
	c := OneLayerContraction(base, eps, 16, 1, rng)
	cubic, linear := c.References()
	k := len(eps) - 1
	if cubic[k] != c.KeyQuery[k] || math.Abs(linear[k]/c.IIDLogits[k]-1) > 1e-15 {
		t.Errorf("at the largest ε: cubic %v, linear %v, data %v, %v", cubic[k], linear[k], c.KeyQuery[k], c.IIDLogits[k])
	}
	if d := math.Abs(c.KeyQuery[0]/cubic[0] - 1); d > 0.05 {
		t.Errorf("smallest ε: query–key %.4g against the cubic law %.4g", c.KeyQuery[0], cubic[0])
	}
	if d := math.Abs(c.IIDLogits[0]/linear[0] - 1); d > 0.05 {
		t.Errorf("smallest ε: i.i.d. %.4g against the linear law %.4g", c.IIDLogits[0], linear[0])
	}
	// The laws differ: a cubic law drawn through the i.i.d. data misses it.
	if math.Abs(c.IIDLogits[0]/(c.IIDLogits[k]*math.Pow(c.In[0]/c.In[k], 3))-1) < 0.5 {
		t.Error("the i.i.d. data also follows the cubic law: the test cannot tell the laws apart")
	}
}
