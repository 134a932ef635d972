package finitewidth

import (
	"fmt"
	"math"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/gauss"
)

// The three entries of a 2×2 kernel in the order the pair functions use:
// (a, a), (a, b), (b, b).
var pairIdx = [3][2]int{{0, 0}, {0, 1}, {1, 1}}

// pairOf returns the index in pairIdx of the entry (α, β).
func pairOf(a, b int) int { return a + b }

// PairSettings describe a random MLP (as Settings) on two inputs x_a, x_b
// with q⁰_a = ‖x_a‖²/n₀, q⁰_b and correlation c⁰, so that the first-layer
// kernel is K¹_{αβ} = σ_b² + σ_w² x_α·x_β/n₀.
type PairSettings struct {
	Phi     activation.Func
	SigmaW2 float64    // σ_w² > 0
	SigmaB2 float64    // σ_b² ≥ 0
	Q0      [2]float64 // q⁰_a, q⁰_b ≥ 0, each with K¹ > 0
	C0      float64    // c⁰ ∈ [−1, 1]
	Depth   int        // L ≥ 1
}

// one returns the one-input settings of input i.
func (s PairSettings) one(i int) Settings {
	return Settings{Phi: s.Phi, SigmaW2: s.SigmaW2, SigmaB2: s.SigmaB2, Q0: s.Q0[i], Depth: s.Depth}
}

// K1 returns the first-layer kernel (K_aa, K_ab, K_bb).
func (s PairSettings) K1() [3]float64 {
	return [3]float64{s.one(0).K1(), s.SigmaB2 + s.SigmaW2*s.C0*math.Sqrt(s.Q0[0]*s.Q0[1]), s.one(1).K1()}
}

// Validate returns an error wrapping ErrParam naming the first field out
// of range.
func (s PairSettings) Validate() error {
	for i := range 2 {
		if err := s.one(i).Validate(); err != nil {
			return fmt.Errorf("input %c: %w", 'a'+i, err)
		}
	}
	if !(s.C0 >= -1 && s.C0 <= 1) {
		return fmt.Errorf("%w: PairSettings.C0 = %v, want in [-1, 1]", ErrParam, s.C0)
	}
	return nil
}

// PairLayer holds the leading finite-width statistics of the two-input
// kernel q̂^ℓ_{αβ} = (1/n) Σ_i h^ℓ_{iα} h^ℓ_{iβ} at layer ℓ
// (lib/sources/finitewidth.md#two-inputs): its infinite-width value K
// (entries aa, ab, bb) and the vertex V, V[p][q] = n Cov(Ĝ_p, Ĝ_q) at
// leading order for the stochastic kernel Ĝ^{ℓ−1} that is the
// conditional covariance of h^ℓ.
type PairLayer struct {
	L int
	K [3]float64
	V [3][3]float64
	// G1 is the next-to-leading-order kernel, n (E q̂_p − K_p) at leading
	// order, by the two-input (R3′) (G1¹ = 0).
	G1 [3]float64
}

// Mean returns K_p + G1_p/n, the mean of q̂_p across networks of width n
// to O(1/n). It panics unless n ≥ 1.
func (l PairLayer) Mean(n int) [3]float64 {
	checkWidth(n)
	var m [3]float64
	for p := range m {
		m[p] = l.K[p] + l.G1[p]/float64(n)
	}
	return m
}

// Cov returns Cov(q̂_p, q̂_q) across networks of width n to O(1/n),
//
//	Cov(q̂_{αβ}, q̂_{γδ}) = (K_{αγ}K_{βδ} + K_{αδ}K_{βγ} + V_{(αβ)(γδ)})/n,
//
// p, q indexing (aa, ab, bb); Cov[0][0] is Layer.Var of input a. It
// panics unless n ≥ 1.
func (l PairLayer) Cov(n int) [3][3]float64 {
	checkWidth(n)
	var c [3][3]float64
	k := func(a, b int) float64 { return l.K[pairOf(a, b)] }
	for p, ab := range pairIdx {
		for q, gd := range pairIdx {
			a, b, g, d := ab[0], ab[1], gd[0], gd[1]
			c[p][q] = (k(a, g)*k(b, d) + k(a, d)*k(b, g) + l.V[p][q]) / float64(n)
		}
	}
	return c
}

// pairMoments are the Gaussian expectations of the two-input recursion at
// kernel K: mixed moments E φ(u)^j φ(v)^k, j + k ∈ {2, 4}, and the
// Jacobian of the kernel map.
type pairMoments struct {
	m [5][5]float64 // m[j][k] = E φ(u)^j φ(v)^k
	// J is ∂F_p/∂G_q for the map F_p(G) = σ_b² + σ_w² E φ_α φ_β,
	// p, q over (aa, ab, bb) (the entries as independent coordinates).
	J [3][3]float64
}

// pairGauss computes pairMoments at K = (K_aa, K_ab, K_bb); with
// c = K_ab/√(K_aa K_bb),
//
//	∂F_aa/∂G_aa = σ_w² ∂_K⟨φ²⟩ (one input),  ∂F_ab/∂G_ab = σ_w² E φ′(u)φ′(v) (Price),
//	∂F_ab/∂G_aa = σ_w² (E[uφ′(u)φ(v)] − K_ab E φ′(u)φ′(v))/(2K_aa)
//
// (derivative at fixed K_ab; lib/sources/finitewidth.md#two-inputs).
func pairGauss(s PairSettings, k [3]float64) pairMoments {
	phi, dphi := s.Phi.Phi, s.Phi.DPhi
	q1, q2 := k[0], k[2]
	c := math.Max(-1, math.Min(1, k[1]/math.Sqrt(q1*q2)))
	s1 := s.Phi.Quad()
	s4 := s.Phi.Quad()
	if s4.Scale == 0 {
		s4.Scale = 1
	}
	s4.Scale /= math.Sqrt2
	pow := func(j int) func(float64) float64 {
		return func(h float64) float64 { return math.Pow(phi(h), float64(j)) }
	}
	var pm pairMoments
	for j := 0; j <= 4; j++ {
		for kk := 0; j+kk <= 4; kk++ {
			if j+kk == 2 || j+kk == 4 {
				pm.m[j][kk] = gauss.Expect2(pow(j), pow(kk), q1, q2, c, s4, s4)
			}
		}
	}
	sw2 := s.SigmaW2
	dd := s.Phi.DKernel(q1, q2, c)
	ua := gauss.Expect2(func(u float64) float64 { return u * dphi(u) }, phi, q1, q2, c, s1, s1)
	ub := gauss.Expect2(phi, func(v float64) float64 { return v * dphi(v) }, q1, q2, c, s1, s1)
	pm.J[0][0] = sw2 * s.Phi.DSecondMoment(q1)
	pm.J[2][2] = sw2 * s.Phi.DSecondMoment(q2)
	pm.J[1][1] = sw2 * dd
	pm.J[1][0] = sw2 * (ua - k[1]*dd) / (2 * q1)
	pm.J[1][2] = sw2 * (ub - k[1]*dd) / (2 * q2)
	return pm
}

// Layers runs the two-input recursions from ℓ = 1 to s.Depth:
//
//	K^{ℓ+1}_p = σ_b² + σ_w² E φ_α φ_β,                                  (R1′)
//	V^{ℓ+1}   = J V^ℓ Jᵀ + σ_w⁴ C,  C_pq = Cov(φ_αφ_β, φ_γφ_δ) at K^ℓ,     (R2′)
//
// V¹ = 0, and the mean shift
//
//	G1^{ℓ+1}_p = Σ_q J_pq G1^ℓ_q + ½ Σ_{q,r} H^p_{qr} V^ℓ_{qr},   H^p = ∂²F_p/∂G_q∂G_r,   (R3′)
//
// G1¹ = 0 (lib/sources/finitewidth.md#two-input-mean). H^aa has the one
// entry σ_w² ∂²_K⟨φ²⟩ (Moments.D2) and H^ab is a central difference of
// F_ab(G) = σ_b² + σ_w² Kernel(G_aa, G_bb, G_ab/√(G_aa G_bb)) (pairHessian).
// The diagonal entries aa, bb of K, V and G1 are (R1)–(R3) of each input
// alone (TestPairDiagonalIsOneInput). Errors as Settings.Layers.
func (s PairSettings) Layers() ([]PairLayer, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	out := make([]PairLayer, s.Depth)
	k := s.K1()
	var v [3][3]float64
	var g1 [3]float64
	sw4 := s.SigmaW2 * s.SigmaW2
	for l := 1; l <= s.Depth; l++ {
		for _, kk := range []float64{k[0], k[2]} {
			if !(kk >= KMin && kk <= KMax) {
				return nil, fmt.Errorf("%w: K^%d = %g outside [%g, %g]", ErrRange, l, kk, KMin, KMax)
			}
		}
		out[l-1] = PairLayer{L: l, K: k, V: v, G1: g1}
		pm := pairGauss(s, k)
		var h [3][3][3]float64
		h[0][0][0] = s.SigmaW2 * GaussMoments(s.Phi, k[0]).D2
		h[2][2][2] = s.SigmaW2 * GaussMoments(s.Phi, k[2]).D2
		h[1] = pairHessian(s, k)
		var ng1 [3]float64
		for p := range 3 {
			for q := range 3 {
				ng1[p] += pm.J[p][q] * g1[q]
				for r := range 3 {
					ng1[p] += 0.5 * h[p][q][r] * v[q][r]
				}
			}
		}
		g1 = ng1
		var nv [3][3]float64
		for p, ab := range pairIdx {
			for q, gd := range pairIdx {
				na := [2]int{}
				na[ab[0]]++
				na[ab[1]]++
				na[gd[0]]++
				na[gd[1]]++
				pa, pb := [2]int{}, [2]int{}
				pa[ab[0]]++
				pa[ab[1]]++
				pb[gd[0]]++
				pb[gd[1]]++
				cpq := pm.m[na[0]][na[1]] - pm.m[pa[0]][pa[1]]*pm.m[pb[0]][pb[1]]
				var jvj float64
				for r := range 3 {
					for t := range 3 {
						jvj += pm.J[p][r] * v[r][t] * pm.J[q][t]
					}
				}
				nv[p][q] = jvj + sw4*cpq
			}
		}
		k = [3]float64{s.SigmaB2 + s.SigmaW2*pm.m[2][0], s.SigmaB2 + s.SigmaW2*pm.m[1][1], s.SigmaB2 + s.SigmaW2*pm.m[0][2]}
		v = nv
		for _, x := range k {
			if math.IsNaN(x) {
				return nil, fmt.Errorf("%w: NaN after layer %d", ErrRange, l)
			}
		}
	}
	return out, nil
}

// Sample draws m.Networks networks on the two inputs and returns each
// one's kernels q[i][ℓ−1] = (q̂_aa, q̂_ab, q̂_bb) at layer ℓ, by the
// two-input form of the exact chain of Settings.Sample: given Ĝ (2×2),
// the rows (h_ia, h_ib) are i.i.d. N(0, Ĝ), drawn as L z with L Lᵀ = Ĝ.
func (s PairSettings) Sample(m SimSettings) ([][][3]float64, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	if err := m.Validate(); err != nil {
		return nil, err
	}
	n, depth := m.Width, s.Depth
	out := make([][][3]float64, m.Networks)
	phi := s.Phi.Phi
	inv := 1 / float64(n)
	empirical.Each(m.Networks, m.Workers, func(i int) {
		src := empirical.NewPCG(m.Seed, empirical.SplitMix64(uint64(i))) // empirical.Rand's generator
		q := make([][3]float64, depth)
		g := s.K1()
		zs := make([]float64, 2*n)
		for l := range depth {
			l11 := math.Sqrt(g[0])
			l21 := g[1] / l11
			l22 := math.Sqrt(math.Max(g[2]-l21*l21, 0))
			var saa, sab, sbb, paa, pab, pbb float64
			src.Normals(zs, 1) // the layer's draws of NormFloat64, z1 then z2 of each unit, in bulk
			for k := range n {
				z1, z2 := zs[2*k], zs[2*k+1]
				ha, hb := l11*z1, l21*z1+l22*z2
				saa += ha * ha
				sab += ha * hb
				sbb += hb * hb
				fa, fb := phi(ha), phi(hb)
				paa += fa * fa
				pab += fa * fb
				pbb += fb * fb
			}
			q[l] = [3]float64{saa * inv, sab * inv, sbb * inv}
			g = [3]float64{s.SigmaB2 + s.SigmaW2*paa*inv, s.SigmaB2 + s.SigmaW2*pab*inv, s.SigmaB2 + s.SigmaW2*pbb*inv}
		}
		out[i] = q
	})
	return out, nil
}

// pairHessian returns ∂²F_ab/∂G_q∂G_r over q, r ∈ (aa, ab, bb) at K, by
// central differences of F_ab(G) = σ_w² Kernel(G_aa, G_bb, c), c =
// G_ab/√(G_aa G_bb) (σ_b² drops out), with steps 1e-3 of K_aa, K_bb and
// of √(K_aa K_bb) for G_ab, all shrunk near c = ±1 so that every stencil
// point keeps c inside [−1, 1]. Truncation O(step²) ≈ 1e-6 relative; the quadrature's
// rounding (≈ 1e-13) over step² ≈ 1e-7. As c → ±1 the Hessian of a
// kinked φ's kernel diverges (ReLU's arc-cosine kernel has a √(1 − c)
// term), and so does G1_ab.
func pairHessian(s PairSettings, k [3]float64) [3][3]float64 {
	f := func(g [3]float64) float64 {
		c := math.Max(-1, math.Min(1, g[1]/math.Sqrt(g[0]*g[2])))
		return s.SigmaW2 * s.Phi.Kernel(g[0], g[2], c)
	}
	sq := math.Sqrt(k[0] * k[2])
	c := k[1] / sq
	// Every step moves c by at most (1 − |c|)/4 (a step of G_aa by δ moves
	// it by ≈ c δ/(2 G_aa)), so that no stencil point leaves [−1, 1].
	shrink := math.Min(1, (1-math.Abs(c))/4e-3)
	step := [3]float64{1e-3 * k[0] * shrink, 1e-3 * sq * shrink, 1e-3 * k[2] * shrink}
	at := func(i int, di float64, j int, dj float64) float64 {
		g := k
		g[i] += di
		g[j] += dj
		return f(g)
	}
	var h [3][3]float64
	f0 := f(k)
	for i := range 3 {
		hi := step[i]
		if hi == 0 {
			continue
		}
		h[i][i] = (at(i, hi, i, 0) - 2*f0 + at(i, -hi, i, 0)) / (hi * hi)
		for j := i + 1; j < 3; j++ {
			hj := step[j]
			if hj == 0 {
				continue
			}
			h[i][j] = (at(i, hi, j, hj) - at(i, hi, j, -hj) - at(i, -hi, j, hj) + at(i, -hi, j, -hj)) / (4 * hi * hj)
			h[j][i] = h[i][j]
		}
	}
	return h
}
