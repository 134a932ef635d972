package randmlp

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/sigprop/sigprop/internal/mustpanic"
	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/meanfield"
)

// mlpCase is one Monte Carlo comparison of a random MLP with the mean-field
// q-map and covariance map.
type mlpCase struct {
	act              string
	sw2, sb2, r, cIn float64
	weights          WeightDist
	depth, trials    int
}

// TestMLPMeanFieldGaussian: width N = 1000, Gaussian weights, R = 12
// independent networks, two inputs with ‖x‖²/N = r and correlation cIn.
// For each layer, the mean over networks of q̂ (both inputs pooled) and of
// ĉ must be within 5 standard errors of the iterated mean-field maps
// (meanfield.CTrajectory), with SE = (sd over networks)/√R. Per network
// q̂ has relative sd ≈ √(2/N) ≈ 4.5%, so SE ≈ 1.3%; the O(1/N) finite-width
// bias (~0.2%) is far below it. (An earlier seed scheme gave a 4-SE
// layer-1 fluctuation of ĉ in the hard-tanh case; 3×60 further networks
// showed no bias: ĉ¹ = 0.6168±0.0027, 0.6220±0.0026, 0.6240±0.0024 against
// 0.62105, ĉ² = 0.5889±0.0045, 0.5871±0.0030, 0.5954±0.0039 against
// 0.58999.)
func TestMLPMeanFieldGaussian(t *testing.T) {
	cases := []mlpCase{
		{"tanh", 2, 0.05, 0.5, 0.2, GaussianWeights, 5, 12},    // chaotic: c → c* = 0.744
		{"tanh", 1, 0.05, 1, 0.5, GaussianWeights, 5, 12},      // ordered: c → 1
		{"relu", 1.5, 0.1, 1, -0.3, GaussianWeights, 5, 12},    // kinked φ, closed forms
		{"hardtanh", 1.8, 0.1, 1, 0.6, GaussianWeights, 5, 12}, // kinked φ, 2-D quadrature
	}
	for i, c := range cases {
		mlpCompare(t, c, uint64(i), false)
	}
}

// TestMLPMeanFieldOrthogonal: the same with σ_w × Haar weights, N = 1000,
// 2 layers, R = 2 networks (a Haar draw of size 1000 costs ~1 s). With so
// few networks the SE is taken per unit, pooled over networks:
// SE(q̂) = sd_i(h_i²)/√(N R), and for ĉ the delta-method
// SE = sd_i(h_a h_b/q − ĉ (h_a² + h_b²)/(2q))/√(N R). These are exact
// for Gaussian weights given the previous layer and conservative for
// orthogonal ones (‖Wx‖ is then exact); tolerance 5 SE.
func TestMLPMeanFieldOrthogonal(t *testing.T) {
	if testing.Short() {
		t.Skip("orthogonal N=1000 Monte Carlo takes ~5 s; run without -short")
	}
	mlpCompare(t, mlpCase{"tanh", 2, 0.05, 0.5, 0.2, OrthogonalWeights, 2, 2}, 100, true)
}

func mlpCompare(t *testing.T, c mlpCase, seed uint64, perUnit bool) {
	t.Helper()
	const n = 1000
	phi, err := activation.ByName(c.act)
	if err != nil {
		t.Fatal(err)
	}
	net := MLP{Width: n, Depth: c.depth, Phi: phi, SigmaW2: c.sw2, SigmaB2: c.sb2, Weights: c.weights}
	mf := meanfield.Net{Phi: phi, SigmaW2: c.sw2, SigmaB2: c.sb2}
	q1 := c.sw2*c.r + c.sb2
	c1 := (c.sw2*c.r*c.cIn + c.sb2) / q1
	qa, _, cc := mf.CTrajectory(q1, q1, c1, c.depth-1)

	rng := rand.New(rand.NewPCG(2024, seed))
	qs := make([][]float64, c.depth) // per layer, per network
	cs := make([][]float64, c.depth)
	unitQ := make([][]float64, c.depth) // per-unit samples (perUnit SE)
	unitC := make([][]float64, c.depth)
	for trial := 0; trial < c.trials; trial++ {
		x := MLPInputPair(n, c.r, c.cIn, rng)
		tr := net.Propagate(x, rng)
		for l := 0; l < c.depth; l++ {
			qs[l] = append(qs[l], (tr.Q[l][0]+tr.Q[l][1])/2)
			cs[l] = append(cs[l], tr.Corr[l][0][1])
		}
		if perUnit {
			// Only the last layer's h is kept, so with per-unit SEs only
			// the last layer is compared.
			h := tr.Last
			q := (tr.Q[c.depth-1][0] + tr.Q[c.depth-1][1]) / 2
			cl := tr.Corr[c.depth-1][0][1]
			for i := 0; i < n; i++ {
				a, b := h.At(i, 0), h.At(i, 1)
				unitQ[c.depth-1] = append(unitQ[c.depth-1], (a*a+b*b)/2)
				unitC[c.depth-1] = append(unitC[c.depth-1], a*b/q-cl*(a*a+b*b)/(2*q))
			}
		}
	}
	for l := 0; l < c.depth; l++ {
		mq, sq := empirical.MeanSE(qs[l])
		mc, sc := empirical.MeanSE(cs[l])
		if perUnit {
			if l != c.depth-1 {
				continue
			}
			_, sq = empirical.MeanSE(unitQ[l])
			_, sc = empirical.MeanSE(unitC[l])
		}
		if math.Abs(mq-qa[l]) > 5*sq {
			t.Errorf("%s %v σ_w²=%v σ_b²=%v layer %d: q̂ = %.5f ± %.5f, mean field %.5f", c.act, c.weights, c.sw2, c.sb2, l+1, mq, sq, qa[l])
		}
		if math.Abs(mc-cc[l]) > 5*sc {
			t.Errorf("%s %v σ_w²=%v σ_b²=%v layer %d: ĉ = %.5f ± %.5f, mean field %.5f", c.act, c.weights, c.sw2, c.sb2, l+1, mc, sc, cc[l])
		}
		t.Logf("%s %v layer %d: q̂ %.5f±%.5f (mf %.5f)  ĉ %.5f±%.5f (mf %.5f)", c.act, c.weights, l+1, mq, sq, qa[l], mc, sc, cc[l])
	}
}

// TestMLPIdentities: exact properties independent of the theory.
func TestMLPIdentities(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	x := MLPInputPair(64, 0.7, 0.3, rng)
	// The input pair has ‖x‖²/N = r and correlation c exactly (1e-12).
	var dot, na, nb float64
	for i := 0; i < 64; i++ {
		a, b := x.At(i, 0), x.At(i, 1)
		dot, na, nb = dot+a*b, na+a*a, nb+b*b
	}
	if math.Abs(na/64-0.7) > 1e-12 || math.Abs(nb/64-0.7) > 1e-12 || math.Abs(dot/math.Sqrt(na*nb)-0.3) > 1e-12 {
		t.Errorf("input pair: %v %v %v", na/64, nb/64, dot/math.Sqrt(na*nb))
	}
	// Linear orthogonal network without bias preserves norms and
	// correlations exactly (W = σ_w O with σ_w = 1): 1e-10.
	lin := MLP{Width: 64, Depth: 3, Phi: activation.Linear(), SigmaW2: 1, Weights: OrthogonalWeights}
	tr := lin.Propagate(x, rng)
	for l := 0; l < 3; l++ {
		if math.Abs(tr.Q[l][0]-0.7) > 1e-10 || math.Abs(tr.Corr[l][0][1]-0.3) > 1e-10 {
			t.Errorf("orthogonal linear layer %d: q %v c %v", l+1, tr.Q[l][0], tr.Corr[l][0][1])
		}
	}
	// Determinism: same seed, same bits.
	m := MLP{Width: 50, Depth: 2, Phi: activation.Tanh(), SigmaW2: 1.5, SigmaB2: 0.1}
	a := m.Propagate(x.Slice(0, 50, 0, 2), rand.New(rand.NewPCG(9, 9)))
	b := m.Propagate(x.Slice(0, 50, 0, 2), rand.New(rand.NewPCG(9, 9)))
	if !mat.Equal(a.Last, b.Last) {
		t.Error("same seed, different outputs")
	}
}

func TestMLPPanics(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	x := mat.NewDense(10, 2, nil)
	mustpanic.All(t, map[string]func(){
		"width": func() { MLP{Width: 0, Depth: 1, Phi: activation.Tanh(), SigmaW2: 1}.Propagate(x, rng) },
		"rows":  func() { MLP{Width: 11, Depth: 1, Phi: activation.Tanh(), SigmaW2: 1}.Propagate(x, rng) },
		"sw2":   func() { MLP{Width: 10, Depth: 1, Phi: activation.Tanh(), SigmaW2: -1}.Propagate(x, rng) },
		"phi":   func() { MLP{Width: 10, Depth: 1, SigmaW2: 1}.Propagate(x, rng) },
		"c":     func() { MLPInputPair(10, 1, 2, rng) },
	})
}
