package jacspectrum

import (
	"fmt"
	"math"
	"math/cmplx"

	"gonum.org/v1/gonum/integrate/quad"

	"github.com/sigprop/sigprop/lib/activation"
)

// ContourD2 is the law of d = φ′(√q* z)² for an analytic φ′, with
// M_{D²}(w) = E[d/(w−d)] evaluated on a deformed integration path
// z ∈ Γ instead of the real line:
//
//	M_{D²}(w) = ∫_Γ φ_N(z) D(z)/(w − D(z)) dz,   D(z) = φ′(√q* z)²,
//	φ_N(z) = e^{−z²/2}/√(2π).
//
// For Im w > 0 the poles D(z) = w near the real axis sit at
// Im z ≈ Im w / D′(Re z). When w approaches the support [min d, max d]
// (which happens along the physical branch of the master equation as
// Im z → 0 and, for small q*, ever more closely as L grows) a real-line
// rule cannot resolve them; Γ is moved to the side away from the poles, so
// the integrand stays smooth and the value is the analytic continuation of
// M from the upper half-plane — the branch the continuation follows.
// Cauchy's theorem makes the deformation exact as long as no pole is
// crossed and the Gaussian still decays on Γ:
//
//   - even D decreasing in |z| (erf, tanh): Γ = e^{iθ}ℝ, θ = 0.35 rad, with
//     panels graded geometrically towards 0;
//   - D increasing on the Gaussian's effective range (SiLU at small q*):
//     Γ = ℝ − iδ, δ = 0.5.
//
// For Im w < 0, M(w) = conj M(conj w).
type ContourD2 struct {
	c, d []complex128 // path weights (incl. φ_N and dz/dt) and D at nodes
	// c·d and D as four arrays (real, imaginary parts) for the hot loop
	// (cauchyLoop) and the assembly kernel (cauchyPairs)
	cdRe, cdIm, dRe, dIm []float64
	mu                   func(k int) float64
	p                    float64
	// low holds μ₁, μ₂, μ₃ by the path rule (pathMu), computed once when
	// the path is built: Network.Moments needs them at every density
	// solve, and each is a sum of complex powers over the path.
	low [3]float64
}

// newContourD2 builds the path rule; dphi is φ′ on ℂ.
func newContourD2(dphi func(complex128) complex128, qstar float64, even bool) ContourD2 {
	checkQ(qstar)
	sq := complex(math.Sqrt(qstar), 0)
	var g ContourD2
	const order = 24
	xs, ws := make([]float64, order), make([]float64, order)
	quad.Legendre{}.FixedLocations(xs, ws, 0, 1)
	add := func(a, b float64, path func(t float64) (z, dz complex128), scale complex128) {
		for i := range xs {
			t := a + (b-a)*xs[i]
			z, dz := path(t)
			phiN := cmplx.Exp(-z*z/2) / complex(math.Sqrt(2*math.Pi), 0)
			v := dphi(sq * z)
			g.c = append(g.c, scale*complex((b-a)*ws[i], 0)*dz*phiN)
			g.d = append(g.d, v*v)
		}
	}
	if even {
		const theta = 0.35
		rot := cmplx.Exp(complex(0, theta))
		path := func(t float64) (complex128, complex128) { return complex(t, 0) * rot, rot }
		tmax := 9.5 / math.Sqrt(math.Cos(2*theta))
		// graded panels [2^{-12}, …, 1/2, 1] then width-1 panels; [0, 2^-12] one panel.
		edges := []float64{0}
		for k := -12; k <= 0; k++ {
			edges = append(edges, math.Ldexp(1, k))
		}
		for x := 2.0; x < tmax+1; x++ {
			edges = append(edges, x)
		}
		for i := 0; i+1 < len(edges); i++ {
			add(edges[i], edges[i+1], path, 2) // even integrand: twice [0, ∞)
		}
	} else {
		const delta = 0.5
		path := func(t float64) (complex128, complex128) { return complex(t, -delta), 1 }
		for x := -10.0; x < 10; x += 0.5 {
			add(x, x+0.5, path, 1)
		}
	}
	for k := range g.low {
		g.low[k] = g.pathMu(k + 1)
	}
	for i := range g.d {
		cd := g.c[i] * g.d[i]
		g.cdRe, g.cdIm = append(g.cdRe, real(cd)), append(g.cdIm, imag(cd))
		g.dRe, g.dIm = append(g.dRe, real(g.d[i])), append(g.dIm, imag(g.d[i]))
	}
	return g
}

// M returns M_{D²}(w) and its derivative on the deformed path.
func (g ContourD2) M(w complex128) (complex128, complex128) {
	if imag(w) < 0 {
		m, dm := g.M(cmplx.Conj(w))
		return cmplx.Conj(m), cmplx.Conj(dm)
	}
	// Hot loop in real arithmetic: r = 1/(w−d), t = (c d) r, M = Σ t,
	// M′ = −Σ t r (complex division by hand; w is off the path's D values).
	// On amd64 the nodes go two at a time through cauchyPairs, which
	// gives this loop's bits (TestCauchyPairs); the loop takes the rest.
	wr, wi := real(w), imag(w)
	var mr, mi, dr, di float64
	from := 0
	if n := len(g.cdRe) &^ 1; pairKernel && n > 0 {
		mr, mi, dr, di = cauchyPairs(wr, wi, g.cdRe, g.cdIm, g.dRe, g.dIm)
		from = n
	}
	mr, mi, dr, di = cauchyLoop(wr, wi, g.cdRe[from:], g.cdIm[from:], g.dRe[from:], g.dIm[from:], mr, mi, dr, di)
	return complex(mr, mi), complex(dr, di)
}

// mPair is M at w[0] and w[1], each lane M's bits at its point: a lane
// with Im w < 0 runs at conj w and is conjugated back, as M does; on
// amd64 the two points go through the path together (cauchyTwoAVX, two
// nodes of both points per instruction, or without AVX cauchyTwo, one
// node: TestCauchyTwo), elsewhere through M's loop one after the other.
func (g ContourD2) mPair(w [2]complex128) (m, dm [2]complex128) {
	var conj [2]bool
	for i := range w {
		if imag(w[i]) < 0 {
			w[i], conj[i] = cmplx.Conj(w[i]), true
		}
	}
	var s [2][4]float64
	switch {
	case twoAVX:
		s[0][0], s[0][1], s[0][2], s[0][3], s[1][0], s[1][1], s[1][2], s[1][3] = cauchyTwoAVX(real(w[0]), imag(w[0]), real(w[1]), imag(w[1]), g.cdRe, g.cdIm, g.dRe, g.dIm)
	case twoKernel:
		s[0][0], s[0][1], s[0][2], s[0][3], s[1][0], s[1][1], s[1][2], s[1][3] = cauchyTwo(real(w[0]), imag(w[0]), real(w[1]), imag(w[1]), g.cdRe, g.cdIm, g.dRe, g.dIm)
	default:
		for i := range w {
			s[i][0], s[i][1], s[i][2], s[i][3] = cauchyLoop(real(w[i]), imag(w[i]), g.cdRe, g.cdIm, g.dRe, g.dIm, 0, 0, 0, 0)
		}
	}
	for i := range w {
		m[i], dm[i] = complex(s[i][0], s[i][1]), complex(s[i][2], s[i][3])
		if conj[i] {
			m[i], dm[i] = cmplx.Conj(m[i]), cmplx.Conj(dm[i])
		}
	}
	return m, dm
}

// cauchyLoop adds to the sums (mr, mi) = Σ t and (dr, di) = −Σ t r of M
// the terms of the nodes given (c·d = cr + i ci, D = dr + i di per node),
// one at a time in node order: M's Go loop, and the reference of the
// assembly kernel's bits (TestCauchyPairs).
func cauchyLoop(wr, wi float64, cr, ci, dre, dim []float64, mr, mi, dr, di float64) (float64, float64, float64, float64) {
	for k := range cr {
		ar, ai := wr-dre[k], wi-dim[k]
		inv := 1 / (ar*ar + ai*ai)
		rr, ri := ar*inv, -ai*inv
		tr := cr[k]*rr - ci[k]*ri
		ti := cr[k]*ri + ci[k]*rr
		mr += tr
		mi += ti
		dr -= tr*rr - ti*ri
		di -= tr*ri + ti*rr
	}
	return mr, mi, dr, di
}

// Mu returns μ_k (closed form if attached, else by the path rule, which
// integrates the entire function D^k exactly as well).
func (g ContourD2) Mu(k int) float64 {
	if k < 1 {
		panic("jacspectrum: Mu needs k >= 1")
	}
	if g.mu != nil {
		return g.mu(k)
	}
	if k <= len(g.low) {
		return g.low[k-1]
	}
	return g.pathMu(k)
}

// pathMu is μ_k = Σ c_i D_i^k by the path rule, in node order.
func (g ContourD2) pathMu(k int) float64 {
	var s complex128
	for i, d := range g.d {
		s += g.c[i] * cmplx.Pow(d, complex(float64(k), 0))
	}
	return real(s)
}

// P returns 0.
func (g ContourD2) P() float64 { return g.p }

// NewContourD2 returns the deformed-path law of D² for the smooth
// activations with a complex φ′ (Func.DPhiC: erf, tanh, sin, and SiLU at
// q* ≤ 0.5) at q*; f's closed-form μ_k, if any (erf), is attached. It
// panics for an f without DPhiC or above f.ContourMaxQ.
func NewContourD2(f activation.Func, qstar float64) ContourD2 {
	r, ok := contourRuleOf(f)
	if !ok {
		panic(fmt.Sprintf("jacspectrum: no contour rule for %v (it needs activation.Func.DPhiC)", f))
	}
	if qstar > r.maxQ {
		panic(fmt.Sprintf("jacspectrum: the %v contour rule needs q* <= %g (φ′ increasing on the Gaussian range), got %g", f, r.maxQ, qstar))
	}
	g := newContourD2(r.dphi, qstar, r.even)
	g.mu = closedMu(f, qstar)
	return g
}
