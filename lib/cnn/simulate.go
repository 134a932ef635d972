package cnn

import (
	"fmt"
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/mat"

	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/internal/param"
	"github.com/sigprop/sigprop/lib/randmat"
)

// ErrParam is wrapped by the errors of a setting out of its range; the
// message names the field and its allowed range, and errors.Is matches any
// lib package's ErrParam (lib/internal/param).
var ErrParam = param.New("cnn")

// SimSettings are the finite-width settings of Run. The lecture describes
// no CNN simulation: every value is sigprop's choice.
type SimSettings struct {
	Layers   int // L ≥ 1 convolutional layers
	Networks int // independent networks (≥ 2 for a standard error)
	// Seed and Stream choose the generator of Run,
	// empirical.Rand(Seed, Stream); the result records them.
	Seed, Stream uint64
}

// Validate returns ErrParam for Layers < 1 or Networks < 2 (a standard
// error needs two).
func (s SimSettings) Validate() error {
	return param.AtLeast(ErrParam, param.Min("SimSettings.Layers", s.Layers, 1), param.Min("SimSettings.Networks", s.Networks, 2))
}

// Run runs s.Networks independent random CNNs of n's architecture on the
// input x0 (n positions × c channels, the same input for every network),
// circular padding, and records Σ̂^ℓ per layer. Weights are as in Net's
// Init; the biases b^ℓ_i ∼ N(0, σ_b²) are shared by all positions of
// channel i. Every draw comes from empirical.Rand(s.Seed, s.Stream),
// networks in order, so the result depends only on the seed, which it
// records. Errors: those of Validate, or a non-finite activation.
func (s SimSettings) Run(n Net, x0 [][]float64) (SimResult, error) {
	if err := s.Validate(); err != nil {
		return SimResult{}, err
	}
	return simulate(n, x0, s, empirical.Rand(s.Seed, s.Stream))
}

// SimResult is the simulated spatial covariance Σ̂^ℓ_{αα′} =
// Σ_i h^ℓ_{α,i} h^ℓ_{α′,i}/c of the pre-activations, averaged over
// networks, at layers ℓ = 1..L (index ℓ−1), with its standard error from
// the spread between networks.
type SimResult struct {
	Net      Net
	Settings SimSettings
	Channels int
	Gram     [][]float64   // K⁰ = x⁰x⁰ᵀ/c of the input
	Mean, SE [][][]float64 // [layer][α][α′]
}

// simulate is Run with its generator; it returns Validate's errors.
func simulate(n Net, x0 [][]float64, s SimSettings, rng *rand.Rand) (SimResult, error) {
	n.validate()
	if err := s.Validate(); err != nil {
		return SimResult{}, err
	}
	p := len(x0)
	if p == 0 || len(x0[0]) == 0 {
		panic("cnn: Simulate needs an input of positions × channels")
	}
	c := len(x0[0])
	x := mat.NewDense(p, c, nil)
	for a, r := range x0 {
		if len(r) != c {
			panic(fmt.Sprintf("cnn: input row %d has %d channels, want %d", a, len(r), c))
		}
		x.SetRow(a, r)
	}
	res := SimResult{Net: n, Settings: s, Channels: c, Gram: gram(x)}
	half := n.Taps / 2
	sw := math.Sqrt(n.SigmaW2)
	sd := sw / math.Sqrt(float64(n.Taps*c))
	samples := make([][][][]float64, s.Layers) // [layer][network] Σ̂
	w := mat.NewDense(c, c, nil)
	shifted := mat.NewDense(p, c, nil)
	h := mat.NewDense(p, c, nil)
	var t mat.Dense
	b := make([]float64, c)
	for net := 0; net < s.Networks; net++ {
		cur := mat.DenseCopyOf(x)
		for l := 0; l < s.Layers; l++ {
			h.Zero()
			for j := 0; j < n.Taps; j++ {
				beta := j - half
				switch {
				case n.Init == Gaussian:
					randmat.Normal(w.RawMatrix().Data, sd, rng)
				case beta == 0:
					randmat.HaarInto(w, rng)
					w.Scale(sw, w)
				default:
					continue
				}
				for a := 0; a < p; a++ {
					shifted.SetRow(a, cur.RawRowView(mod(a+beta, p)))
				}
				t.Mul(shifted, w.T())
				h.Add(h, &t)
			}
			randmat.Normal(b, math.Sqrt(n.SigmaB2), rng)
			for a := 0; a < p; a++ {
				row := h.RawRowView(a)
				for i := range row {
					row[i] += b[i]
				}
			}
			samples[l] = append(samples[l], gram(h))
			for a := 0; a < p; a++ {
				row, out := h.RawRowView(a), cur.RawRowView(a)
				for i, v := range row {
					out[i] = n.Phi.Phi(v)
					if math.IsNaN(out[i]) || math.IsInf(out[i], 0) {
						return SimResult{}, fmt.Errorf("cnn: network %d layer %d: %w", net, l+1, ErrNonFinite)
					}
				}
			}
		}
	}
	v := make([]float64, s.Networks)
	for l := range samples {
		m, e := make([][]float64, p), make([][]float64, p)
		for a := 0; a < p; a++ {
			m[a], e[a] = make([]float64, p), make([]float64, p)
			for bb := 0; bb < p; bb++ {
				for k := range v {
					v[k] = samples[l][k][a][bb]
				}
				m[a][bb], e[a][bb] = empirical.MeanSE(v)
			}
		}
		res.Mean, res.SE = append(res.Mean, m), append(res.SE, e)
	}
	return res, nil
}

// gram returns yyᵀ/c for y of positions × c channels.
func gram(y *mat.Dense) [][]float64 {
	p, c := y.Dims()
	var g mat.Dense
	g.Mul(y, y.T())
	out := make([][]float64, p)
	for a := range out {
		out[a] = make([]float64, p)
		for b := range out[a] {
			out[a][b] = g.At(a, b) / float64(c)
		}
	}
	return out
}

// MAInput draws an input of len(q) positions × c channels with, in every
// channel independently and circularly,
//
//	x_α = √q_α (cos θ_α u_α + sin θ_α u_{α+1}),  u i.i.d. N(0, 1),
//
// so E x_α² = q_α, corr(x_α, x_{α+1}) = sin θ_α cos θ_{α+1} and positions
// two or more apart are uncorrelated: a non-stationary input whose lag-1
// correlation varies with position. It panics unless q and theta have the
// same length ≥ 2, q_α > 0 and c ≥ 1.
func MAInput(q, theta []float64, c int, rng *rand.Rand) [][]float64 {
	p := len(q)
	if p < 2 || len(theta) != p || c < 1 {
		panic(fmt.Sprintf("cnn: MAInput needs len(q) = len(theta) >= 2 and c >= 1 (got %d, %d, %d)", p, len(theta), c))
	}
	u := make([][]float64, p)
	for a := range u {
		if !(q[a] > 0) || math.IsInf(q[a], 0) {
			panic(fmt.Sprintf("cnn: MAInput needs q > 0 (q[%d] = %g)", a, q[a]))
		}
		u[a] = make([]float64, c)
		randmat.Normal(u[a], 1, rng)
	}
	x := make([][]float64, p)
	for a := range x {
		x[a] = make([]float64, c)
		s, co := math.Sincos(theta[a])
		for i := range x[a] {
			x[a][i] = math.Sqrt(q[a]) * (co*u[a][i] + s*u[(a+1)%p][i])
		}
	}
	return x
}

// MaxZ returns the largest |Σ̂ − Σ|/SE over every entry α ≤ α′ of every
// layer of r against the recursion theory (same layers). It returns NaN
// and an error if any SE is 0 (a z-score against a zero SE is undefined)
// and panics if the shapes differ.
func (r SimResult) MaxZ(theory [][][]float64) (float64, error) {
	if len(theory) != len(r.Mean) {
		panic(fmt.Sprintf("cnn: MaxZ has %d theory layers for %d simulated", len(theory), len(r.Mean)))
	}
	worst := 0.0
	for l := range theory {
		for a := range theory[l] {
			for b := a; b < len(theory[l]); b++ {
				se := r.SE[l][a][b]
				if !(se > 0) {
					return math.NaN(), fmt.Errorf("cnn: zero standard error at layer %d (%d, %d)", l+1, a, b)
				}
				worst = math.Max(worst, math.Abs(r.Mean[l][a][b]-theory[l][a][b])/se)
			}
		}
	}
	return worst, nil
}

// Entries is the number of distinct entries MaxZ compares: L·n(n+1)/2.
func (r SimResult) Entries() int {
	p := len(r.Gram)
	return len(r.Mean) * p * (p + 1) / 2
}
