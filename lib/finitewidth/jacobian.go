package finitewidth

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mathext"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/gauss"
)

// JacLayer is the leading finite-width log-variance of the input–output
// Jacobian's squared norm at layer ℓ (lib/sources/finitewidth.md#jacobian):
//
//	Var log ‖J^ℓ u‖² = NVarLog/n + O(1/n²),   J^ℓ = ∂h^ℓ/∂x,
//
// across networks of hidden width n, for a fixed unit vector u ⊥ x.
type JacLayer struct {
	L       int
	K       float64 // K^ℓ
	ChiPerp float64 // χ_⊥ = σ_w² ⟨φ′²⟩ at K^ℓ: E of the layer's norm ratio at infinite width
	NVarLog float64 // n Var log ‖J^ℓ u‖² at leading order
}

// VarLog returns NVarLog/n. It panics unless n ≥ 1.
func (l JacLayer) VarLog(n int) float64 { checkWidth(n); return l.NVarLog / float64(n) }

// Jacobian runs the log-variance recursion of
// lib/sources/finitewidth.md#jacobian from ℓ = 1 to s.Depth, for any
// activation. With v^ℓ = J^ℓ u, v¹ = W¹u, v^{ℓ+1} = W^{ℓ+1}(φ′(h^ℓ) ⊙ v^ℓ),
// the norm is a product over layers of
//
//	X_ℓ = σ_w² (1/n) Σ_j φ′(h_j^ℓ)² ξ_j²,   ξ ~ N(0, I_n),
//
// times a final chi-square ‖ξ‖²/n, and log X_ℓ, linearised about its
// mean χ_⊥(K^ℓ), inherits the kernel's fluctuation through
// a_ℓ = ∂_K log χ_⊥. With the stochastic kernel's δĜ^ℓ = χ_∥ δĜ^{ℓ−1} + η_ℓ,
// the three running second moments (times n) P = n Var δĜ, C = n Cov(T, δĜ)
// and W = n Var T of T = Σ_{k<ℓ} log X_k obey, layer by layer at K^ℓ,
//
//	W ← W + 2aC + a²P + (3⟨φ′⁴⟩ − ⟨φ′²⟩²)/⟨φ′²⟩²
//	C ← χ_∥ (C + aP) + σ_w² (⟨φ′²φ²⟩ − ⟨φ′²⟩⟨φ²⟩)/⟨φ′²⟩
//	P ← χ_∥² P + σ_w⁴ (⟨φ⁴⟩ − ⟨φ²⟩²)                       (= V^{ℓ+1}, eq. (R2))
//
// from P = C = W = 0, and n Var log ‖J^ℓ u‖² = W + 2 (the last
// chi-square). For ReLU a = 0 and the sum is 5(ℓ − 1) + 2, Hanin's
// Σ_ℓ 5/n_ℓ (Hanin & Nica 2019, arXiv:1812.05994). Errors as Layers.
func (s Settings) Jacobian() ([]JacLayer, error) { return s.jacobian(true) }

// jacobian runs the recursion; coupled = false drops the kernel's
// fluctuation (a = 0), the plausible error the tests must reject.
func (s Settings) jacobian(coupled bool) ([]JacLayer, error) {
	ls, err := s.Layers()
	if err != nil {
		return nil, err
	}
	out := make([]JacLayer, len(ls))
	var p, c, w float64
	sw2 := s.SigmaW2
	q := s.Phi.Quad()
	f, df := s.Phi.Phi, s.Phi.DPhi
	for i, l := range ls {
		k := l.K
		d2 := gauss.Expect(func(u float64) float64 { d := df(u); return d * d }, k, q)
		if !(d2 > 0) {
			return nil, fmt.Errorf("%w: ⟨φ′²⟩ = %g at K^%d = %g: the Jacobian vanishes", ErrRange, d2, l.L, k)
		}
		out[i] = JacLayer{L: l.L, K: k, ChiPerp: sw2 * d2, NVarLog: w + 2}
		if i == len(ls)-1 {
			break
		}
		d4 := gauss.Expect(func(u float64) float64 { d := df(u); d *= d; return d * d }, k, q)
		d2he2 := gauss.Expect(func(u float64) float64 { d := df(u); return d * d * (u*u/k - 1) }, k, q)
		d2f2 := gauss.Expect(func(u float64) float64 { d, v := df(u), f(u); return d * d * v * v }, k, q)
		m := GaussMoments(s.Phi, k)
		a := d2he2 / (2 * k * d2)
		if !coupled {
			a = 0
		}
		w += 2*a*c + a*a*p + (3*d4-d2*d2)/(d2*d2)
		c = l.ChiPar*(c+a*p) + sw2*(d2f2-d2*m.M2)/d2
		p = l.ChiPar*l.ChiPar*p + sw2*sw2*(m.M4-m.M2*m.M2)
	}
	return out, nil
}

// ReLUJacobianVarLog returns Var log ‖J^ℓ u‖² exactly for a ReLU network
// of width n (any σ_w, σ_b, input and unit u):
//
//	Var log ‖J^ℓ u‖² = (ℓ − 1) [E ψ₁(M/2) + Var ψ(M/2)] + ψ₁(n/2),   M ~ Bin(n, ½),
//
// because X_ℓ = (2/n)·χ²_M with M the number of active units, the signs
// independent of the ξ² (the pair (h_j, v_j) is a centred Gaussian,
// symmetric under (h, v) → (−h, −v)), and the X_ℓ independent across
// layers; Var log χ²_k = ψ₁(k/2) and E log χ²_k = ψ(k/2) + log 2
// (lib/sources/finitewidth.md#jacobian). M = 0 (probability 2⁻ⁿ, a
// vanishing Jacobian) is left out of the average. It panics unless
// n ≥ 2 and ℓ ≥ 1.
func ReLUJacobianVarLog(n, l int) float64 {
	if n < 2 || l < 1 {
		panic(fmt.Sprintf("finitewidth: ReLUJacobianVarLog(%d, %d): want n >= 2, l >= 1", n, l))
	}
	var z, e1, e2, et float64
	for m := 1; m <= n; m++ {
		lp, _ := math.Lgamma(float64(n + 1))
		a, _ := math.Lgamma(float64(m + 1))
		b, _ := math.Lgamma(float64(n - m + 1))
		pm := math.Exp(lp - a - b - float64(n)*math.Ln2)
		dg := mathext.Digamma(float64(m) / 2)
		z += pm
		e1 += pm * dg
		e2 += pm * dg * dg
		et += pm * mathext.Zeta(2, float64(m)/2)
	}
	e1, e2, et = e1/z, e2/z, et/z
	return float64(l-1)*(et+e2-e1*e1) + mathext.Zeta(2, float64(n)/2)
}

// SampleJacobian draws m.Networks networks of width m.Width with weight
// matrices (every W_ij drawn, N(0, σ_w²/n), and b_i ~ N(0, σ_b²)) on the
// input x = √q⁰·(1, …, 1) ∈ R^n and returns, per network, log ‖J^ℓ u‖²
// at ℓ = 1..s.Depth for the unit u = (e₁ − e₂)/√2 ⊥ x, by propagating
// h^{ℓ+1} = W φ(h^ℓ) + b and v^{ℓ+1} = W (φ′(h^ℓ) ⊙ v^ℓ) together
// (O(n²) per layer; the weights are drawn row by row and not kept).
// Network i draws from empirical.Rand(m.Seed, SplitMix64(i)). A Jacobian
// that vanishes (every unit of a ReLU layer inactive) gives −Inf from
// that layer on.
func (s Settings) SampleJacobian(m SimSettings) ([][]float64, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	if err := m.Validate(); err != nil {
		return nil, err
	}
	if m.Width < 2 {
		return nil, fmt.Errorf("%w: SimSettings.Width = %d, want >= 2 for a unit u ⊥ x", ErrParam, m.Width)
	}
	n, depth := m.Width, s.Depth
	out := make([][]float64, m.Networks)
	sw, sb := math.Sqrt(s.SigmaW2/float64(n)), math.Sqrt(s.SigmaB2)
	f, df := s.Phi.Phi, s.Phi.DPhi
	empirical.Each(m.Networks, m.Workers, func(i int) {
		src := empirical.NewPCG(m.Seed, empirical.SplitMix64(uint64(i))) // empirical.Rand's generator
		ws := make([]float64, n+1)                                       // a row's weights, then its bias draw
		row := make([]float64, depth)
		a, g := make([]float64, n), make([]float64, n) // φ(h), φ′(h)⊙v of the layer below
		h, v := make([]float64, n), make([]float64, n)
		for j := range n {
			a[j] = math.Sqrt(s.Q0)
		}
		g[0], g[1] = 1/math.Sqrt2, -1/math.Sqrt2
		for l := range depth {
			var norm float64
			for r := range n {
				var sh, sv float64
				src.Normals(ws, 1) // the row's n + 1 draws of NormFloat64, in bulk
				for j, w := range ws[:n] {
					sh += w * a[j]
					sv += w * g[j]
				}
				h[r] = sw*sh + sb*ws[n]
				v[r] = sw * sv
				norm += v[r] * v[r]
			}
			row[l] = math.Log(norm)
			for j := range n {
				a[j], g[j] = f(h[j]), df(h[j])*v[j]
			}
		}
		out[i] = row
	})
	return out, nil
}

// Rectifier reports whether φ is a positive multiple of ReLU, φ(h) =
// φ(1)·max(h, 0), read from its properties (positively homogeneous of
// degree 1, zero on the negative half line, positive on the positive):
// the activations for which ReLUJacobianVarLog is exact (a multiple of φ
// leaves the log-variance unchanged) and, with σ_b = 0, Var log q̂ has
// ReLU's exact law.
func Rectifier(phi activation.Func) bool {
	return phi.Degree == 1 && phi.Phi != nil && phi.Phi(-1) == 0 && phi.Phi(1) > 0
}
