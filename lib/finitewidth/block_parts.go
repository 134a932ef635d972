package finitewidth

import (
	"fmt"
	"math"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/compose"
	"github.com/sigprop/sigprop/lib/gauss"
)

// The per-part fluctuation maps of a composed block
// (lib/sources/finitewidth.md#composed-blocks). A part takes the token
// geometry y = (q̂, p̂) of its input, q̂ = (1/n) Σ_i G_ii, p̂ = Σ_{i≠j}
// G_ij/(n(n−1)), G = XXᵀ, to that of its output; to leading order in 1/d
//
//	δy_out = J δy_in + ξ,   Cov ξ = N,
//
// with J the Jacobian of the part's infinite-width (q, p) map and ξ the
// fresh noise of the part's own random weights, independent of δy_in.
// (J, N) pairs compose as (J₂J₁, J₂N₁J₂ᵀ + N₂).

// mat2 is a 2×2 matrix on (q, p).
type mat2 [2][2]float64

var eye2 = mat2{{1, 0}, {0, 1}}

func (a mat2) mul(b mat2) mat2 {
	var c mat2
	for i := range 2 {
		for j := range 2 {
			c[i][j] = a[i][0]*b[0][j] + a[i][1]*b[1][j]
		}
	}
	return c
}

func (a mat2) t() mat2 { return mat2{{a[0][0], a[1][0]}, {a[0][1], a[1][1]}} }

func (a mat2) add(b mat2, s float64) mat2 {
	for i := range 2 {
		for j := range 2 {
			a[i][j] += s * b[i][j]
		}
	}
	return a
}

func (a mat2) scale(s float64) mat2 { return mat2{}.add(a, s) }

// sandwich is J N Jᵀ.
func sandwich(j, n mat2) mat2 { return j.mul(n).mul(j.t()) }

// lin is one part's linearised stochastic map (J, N).
type lin struct{ J, N mat2 }

var identity = lin{J: eye2}

// then is "l, then m": (J_m J_l, J_m N_l J_mᵀ + N_m).
func (l lin) then(m lin) lin { return lin{J: m.J.mul(l.J), N: sandwich(m.J, l.N).add(m.N, 1)} }

// jacobian is the 2×2 Jacobian of f at (q, p) by central differences with
// relative step 1e-5 (the maps are smooth in (q, p) on the Gram domain's
// interior): the q-step is 1e-5 q, the p-step 1e-5 (q − p), so that near
// the collapsed edge p = q the difference stays on the scale of the
// distance to collapse; at p = q exactly the differences are one-sided,
// into the domain.
func jacobian(f func(q, p float64) (float64, float64), q, p float64) mat2 {
	const h = 1e-5
	var J mat2
	dq := h * q
	lo, hi, w := q-dq, q+dq, 2*dq
	if p > lo { // q − dq would leave the domain
		lo, w = q, dq
	}
	q1, p1 := f(hi, p)
	q0, p0 := f(lo, p)
	J[0][0], J[1][0] = (q1-q0)/w, (p1-p0)/w
	dp := h * (q - p)
	lo, hi, w = p-dp, p+dp, 2*dp
	if dp <= 0 { // collapsed: step into the domain
		dp = h * q
		lo, hi, w = p-dp, p, dp
	}
	q1, p1 = f(q, hi)
	q0, p0 = f(q, lo)
	J[0][1], J[1][1] = (q1-q0)/w, (p1-p0)/w
	return J
}

// columnNoise is the covariance of the geometry (A/n, (B−A)/(n(n−1))) of
// one column h ∈ ℝⁿ ~ N(0, v[(1−r)I + r𝟏𝟏ᵀ]), r = c/v ∈ [0, 1], after φ:
// A = Σ_i φ(h_i)², B = (Σ_i φ(h_i))². A layer with m i.i.d. output
// columns adds m times it to its output's (q̂, p̂) (the columns' weights are
// independent given the input). With h_i = √(v(1−r)) z_i + √(vr) w, the
// h_i are i.i.d. given w, so with μ_k(w) = E[φ^k | w] (Isserlis-free
// counting over index patterns)
//
//	E[A|w] = nμ₂,  E[B|w] = nμ₂ + n(n−1)μ₁²,  E[A²|w] = nμ₄ + n(n−1)μ₂²,
//	E[AB|w] = nμ₄ + 2n(n−1)μ₃μ₁ + n(n−1)μ₂² + n(n−1)(n−2)μ₂μ₁²,
//	E[B²|w] = nμ₄ + 4n(n−1)μ₃μ₁ + 3n(n−1)μ₂² + 6n(n−1)(n−2)μ₂μ₁² + n(n−1)(n−2)(n−3)μ₁⁴,
//
// and the outer expectation over w ~ N(0, 1) is a quadrature (package
// gauss, φ's kinks as breakpoints). Linear φ has the closed form
// Var A = 2(nv² + n(n−1)c²), Var B = 2σ_s⁴, Cov(A, B) = 2n(v + (n−1)c)²,
// σ_s² = nv + n(n−1)c (TestColumnNoiseLinear). It returns an error for
// c < 0 (a negative token correlation has no such decomposition) and for
// v > compose.MaxQuadratureVariance.
func columnNoise(phi activation.Func, n int, v, c float64) (mat2, error) {
	if !(v > 0) || c < 0 || c > v*(1+1e-12) {
		return mat2{}, fmt.Errorf("%w: column covariance (v, c) = (%g, %g), want v > 0 and 0 <= c <= v (a negative token correlation is not covered)", ErrRange, v, c)
	}
	if v > compose.MaxQuadratureVariance {
		return mat2{}, fmt.Errorf("%w: column variance %g beyond %g, where the nested quadrature takes minutes (compose.MaxQuadratureVariance)", ErrRange, v, compose.MaxQuadratureVariance)
	}
	c = math.Min(c, v)
	fn := float64(n)
	var eA, eB, eAA, eAB, eBB float64
	inner := &gauss.Rule{}
	quad := phi.Quad()
	quad.Scale /= 2 // φ⁴ (gauss.Settings.Scale: powers need a smaller scale)
	// u = √(vr) w; μ_k(u) is φ^k smoothed by N(0, v − c): smooth on the
	// larger of φ's scale and √(v − c) (φ's kinks matter as r → 1).
	oq := phi.Quad()
	oq.Scale = math.Max(quad.Scale, math.Sqrt(v-c))
	outer := gauss.NewRule(c, oq)
	for k, u := range outer.X {
		inner.ResetShifted(u, v-c, quad)
		var m1, m2, m3, m4 float64
		for i, x := range inner.X {
			f := phi.Phi(x)
			w := inner.W[i]
			f2 := f * f
			m1 += w * f
			m2 += w * f2
			m3 += w * f2 * f
			m4 += w * f2 * f2
		}
		a := fn * m2
		b := fn*m2 + fn*(fn-1)*m1*m1
		aa := fn*m4 + fn*(fn-1)*m2*m2
		ab := fn*m4 + 2*fn*(fn-1)*m3*m1 + fn*(fn-1)*m2*m2 + fn*(fn-1)*(fn-2)*m2*m1*m1
		bb := fn*m4 + 4*fn*(fn-1)*m3*m1 + 3*fn*(fn-1)*m2*m2 + 6*fn*(fn-1)*(fn-2)*m2*m1*m1 + fn*(fn-1)*(fn-2)*(fn-3)*m1*m1*m1*m1
		wt := outer.W[k]
		eA += wt * a
		eB += wt * b
		eAA += wt * aa
		eAB += wt * ab
		eBB += wt * bb
	}
	vA, vB, cAB := eAA-eA*eA, eBB-eB*eB, eAB-eA*eB
	return abCov(n, vA, vB, cAB), nil
}

// abCov turns Var A, Var B, Cov(A, B) into the covariance of
// (A/n, (B−A)/(n(n−1))).
func abCov(n int, vA, vB, cAB float64) mat2 {
	fn := float64(n)
	a, b := 1/fn, 1/(fn*(fn-1))
	// q = a A, p = b (B − A)
	vq := a * a * vA
	vp := b * b * (vB - 2*cAB + vA)
	cqp := a * b * (cAB - vA)
	return mat2{{vq, cqp}, {cqp, vp}}
}

// linearColumnNoise is columnNoise for φ = id in closed form.
func linearColumnNoise(n int, v, c float64) mat2 {
	fn := float64(n)
	s2 := fn*v + fn*(fn-1)*c
	row := v + (fn-1)*c
	return abCov(n, 2*(fn*v*v+fn*(fn-1)*c*c), 2*s2*s2, 2*fn*row*row)
}

// functionals are the weights a_q = I/n, a_p = (𝟏𝟏ᵀ − I)/(n(n−1)) of
// q̂ = Σ a_q∘G, p̂ = Σ a_p∘G.
func functionals(n int) [2][][]float64 {
	fn := float64(n)
	var out [2][][]float64
	for k := range 2 {
		out[k] = make([][]float64, n)
		for i := range n {
			out[k][i] = make([]float64, n)
			for j := range n {
				switch {
				case k == 0 && i == j:
					out[k][i][j] = 1 / fn
				case k == 1 && i != j:
					out[k][i][j] = 1 / (fn * (fn - 1))
				}
			}
		}
	}
	return out
}

// equi is the n×n equicorrelated Gram matrix (q on the diagonal, p off it).
func equi(n int, q, p float64) [][]float64 {
	g := make([][]float64, n)
	for i := range n {
		g[i] = make([]float64, n)
		for j := range n {
			g[i][j] = p
		}
		g[i][i] = q
	}
	return g
}

func matmul(a, b [][]float64) [][]float64 {
	n := len(a)
	out := make([][]float64, n)
	for i := range n {
		out[i] = make([]float64, n)
		for k := range n {
			if a[i][k] == 0 {
				continue
			}
			for j := range n {
				out[i][j] += a[i][k] * b[k][j]
			}
		}
	}
	return out
}

func trace(a [][]float64) float64 {
	var t float64
	for i := range a {
		t += a[i][i]
	}
	return t
}

func transpose(a [][]float64) [][]float64 {
	n := len(a)
	out := make([][]float64, n)
	for i := range n {
		out[i] = make([]float64, n)
		for j := range n {
			out[i][j] = a[j][i]
		}
	}
	return out
}

// crossNoise is the covariance of the geometry of the skip–branch cross
// term S = C + Cᵀ of a residual sum s x + b f, f = U W with the branch's
// last weight W ~ N(0, w2) independent of x and U: C_ij = Σ_a x_ia (UW)_ja
// has Cov(C_ij, C_kl) = w2 Gx_ik Gu_jl, so for T = Σ a_ij S_ij with a
// symmetric
//
//	Cov(T₁, T₂) = 4 w2 tr(a₁ Gx a₂ Gu),
//
// which the residual multiplies by s²b². The Gram matrices may be any
// (this is exact given them); the block map uses the exchangeable means.
func crossNoise(gx, gu [][]float64, w2 float64) mat2 {
	a := functionals(len(gx))
	var out mat2
	for i := range 2 {
		for j := range 2 {
			out[i][j] = 4 * w2 * trace(matmul(matmul(matmul(a[i], gx), a[j]), gu))
		}
	}
	return out
}

// shapedLogitNoise is the covariance of the geometry of A G Aᵀ − E[·]
// from the random logits of shaped attention, A = I + Δ,
// Δ_ij = (1/n) Σ_k z_ik P_kj to first order (P = I − 𝟏𝟏ᵀ/n), with
// E[z_ak z_bl] = V_ab V_kl/(τ₀² d), V = G/d (compose.ShapedAttnDrift's
// logits): for T = Σ a_ij (ΔG + GΔᵀ)_ij = (2/n) Σ z_ak (P G a)_ka,
//
//	Cov(T₁, T₂) = 4/(n² τ₀² d) · tr(C₁ V C₂ᵀ V),   C = P G a,
//
// and divided by the number of heads H (the heads' logits are
// independent and each carries 1/H of the value weights' variance).
// It drops the O(d⁻²) terms of the second-order softmax.
func shapedLogitNoise(g [][]float64, d, tau0 float64, heads int) mat2 {
	n := len(g)
	fn := float64(n)
	a := functionals(n)
	P := make([][]float64, n)
	V := make([][]float64, n)
	for i := range n {
		P[i] = make([]float64, n)
		V[i] = make([]float64, n)
		for j := range n {
			P[i][j] = -1 / fn
			V[i][j] = g[i][j] / d
		}
		P[i][i] += 1
	}
	var C [2][][]float64
	for k := range 2 {
		C[k] = matmul(P, matmul(g, a[k]))
	}
	var out mat2
	f := 4 / (fn * fn * tau0 * tau0 * d * float64(heads))
	for i := range 2 {
		for j := range 2 {
			out[i][j] = f * trace(matmul(matmul(matmul(C[i], V), transpose(C[j])), V))
		}
	}
	return out
}
