package finitewidth

import (
	"fmt"
	"math"
)

// Layer holds the leading finite-width statistics of layer ℓ of a random
// MLP on one input (lib/sources/finitewidth.md#recursions):
//
//	E q̂^ℓ   = K^ℓ + G1^ℓ/n + O(1/n²)
//	Var q̂^ℓ = (2(K^ℓ)² + V^ℓ)/n + O(1/n²)
//
// where q̂^ℓ = (1/n) Σ_i (h_i^ℓ)² is one network's kernel and the moments
// are over networks (weights and biases) at hidden width n.
type Layer struct {
	L int // ℓ, from 1
	// K is the infinite-width kernel: K¹ = σ_b² + σ_w² q⁰,
	// K^{ℓ+1} = σ_b² + σ_w² ⟨φ²⟩_{K^ℓ} (the q-map, meanfield F1).
	K float64
	// V is the four-point vertex: n times the variance, across networks,
	// of the stochastic kernel Ĝ^{ℓ−1} = σ_b² + σ_w² (1/n) Σ_j φ(h_j^{ℓ−1})²
	// that is the conditional variance of h^ℓ, at leading order (V¹ = 0).
	V float64
	// G1 is the next-to-leading-order kernel: n (E q̂^ℓ − K^ℓ) at leading
	// order (G1¹ = 0).
	G1 float64
	// ChiPar is χ_∥^ℓ = σ_w² d⟨φ²⟩_K/dK at K = K^ℓ, the slope of the q-map
	// (meanfield's χ_q away from the fixed point).
	ChiPar float64
}

// Mean returns K + G1/n, the mean of q̂^ℓ across networks of width n to
// O(1/n). It panics unless n ≥ 1.
func (l Layer) Mean(n int) float64 { checkWidth(n); return l.K + l.G1/float64(n) }

// MeanShift returns G1/n, the O(1/n) shift of the mean of q̂^ℓ.
func (l Layer) MeanShift(n int) float64 { checkWidth(n); return l.G1 / float64(n) }

// Var returns (2K² + V)/n, the variance of q̂^ℓ across networks of width n
// to O(1/n). It panics unless n ≥ 1.
func (l Layer) Var(n int) float64 { checkWidth(n); return (2*l.K*l.K + l.V) / float64(n) }

func checkWidth(n int) {
	if !WidthRange.Contains(float64(n)) {
		panic(fmt.Sprintf("finitewidth: width must be %v, got %d", WidthRange, n))
	}
}

// Layers runs the recursions of lib/sources/finitewidth.md#recursions from
// ℓ = 1 to s.Depth, for any activation (moments by GaussMoments):
//
//	K^{ℓ+1}  = σ_b² + σ_w² ⟨φ²⟩_{K^ℓ}                                   eq. (R1)
//	V^{ℓ+1}  = (χ_∥^ℓ)² V^ℓ + σ_w⁴ (⟨φ⁴⟩_{K^ℓ} − ⟨φ²⟩²_{K^ℓ})            eq. (R2)
//	G1^{ℓ+1} = χ_∥^ℓ G1^ℓ + ½ σ_w² (d²⟨φ²⟩_K/dK²)|_{K^ℓ} V^ℓ            eq. (R3)
//	χ_∥^ℓ    = σ_w² (d⟨φ²⟩_K/dK)|_{K^ℓ}
//
// with K¹ = σ_b² + σ_w² q⁰, V¹ = G1¹ = 0 (the first layer is Gaussian
// given the input: Var q̂¹ = 2(K¹)²/n and E q̂¹ = K¹ exactly). (R2) and
// (R3) are the one-input four-point-vertex and next-to-leading-order
// kernel recursions of Roberts, Yaida & Hanin 2022, ch. 4, with C_W = σ_w²,
// C_b = σ_b² and their Gaussian-weight forms of χ_∥ and of the
// second-order term written as derivatives of ⟨φ²⟩_K; they are derived
// here from scratch (the page's steps), not copied, and their
// normalisation is fixed by the exact layer-2 law that TestLayerTwoExact
// checks.
//
// Invalid settings return an error wrapping ErrParam; a kernel leaving
// [KMin, KMax] along depth (underflow of an ordered net, overflow of an
// unbounded chaotic one) an error wrapping ErrRange with the layer.
func (s Settings) Layers() ([]Layer, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	out := make([]Layer, s.Depth)
	k, v, g1 := s.K1(), 0.0, 0.0
	for l := 1; l <= s.Depth; l++ {
		if !(k >= KMin && k <= KMax) {
			return nil, fmt.Errorf("%w: K^%d = %g outside [%g, %g] (σ_w² = %g, σ_b² = %g, q⁰ = %g)",
				ErrRange, l, k, KMin, KMax, s.SigmaW2, s.SigmaB2, s.Q0)
		}
		m := GaussMoments(s.Phi, k)
		chi := s.SigmaW2 * m.D1
		out[l-1] = Layer{L: l, K: k, V: v, G1: g1, ChiPar: chi}
		k, v, g1 = next(s, m, chi, v, g1)
		if math.IsNaN(k) || math.IsNaN(v) || math.IsNaN(g1) {
			return nil, fmt.Errorf("%w: NaN after layer %d (K = %g)", ErrRange, l, out[l-1].K)
		}
	}
	return out, nil
}

// next applies (R1)–(R3) once.
func next(s Settings, m Moments, chi, v, g1 float64) (k2, v2, g12 float64) {
	sw4 := s.SigmaW2 * s.SigmaW2
	k2 = s.SigmaB2 + s.SigmaW2*m.M2
	v2 = chi*chi*v + sw4*(m.M4-m.M2*m.M2)
	g12 = chi*g1 + 0.5*s.SigmaW2*m.D2*v
	return k2, v2, g12
}
