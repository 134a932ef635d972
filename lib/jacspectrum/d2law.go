package jacspectrum

import (
	"cmp"
	"fmt"
	"math"

	"github.com/sigprop/sigprop/lib/gauss"
)

// D2Law is the law of d = φ′(√q* z)², z ~ N(0,1): the spectral law of D².
type D2Law interface {
	// Mu returns μ_k = E[d^k] (P18 eq 20), k ≥ 1.
	Mu(k int) float64
	// M returns M_{D²}(w) = E[d/(w−d)] and its derivative −E[d/(w−d)²]
	// (P18 eq 23) for w off the support (Im w > 0 along the physical
	// branch).
	M(w complex128) (m, dm complex128)
	// P returns the Bernoulli parameter P(d = 1) if d ∈ {0, 1} almost
	// surely, and 0 otherwise.
	P() float64
}

// BernoulliD2 is d ∈ {0, 1} with P(d=1) = p: ReLU (p = ½), hard tanh
// (p = erf(1/√(2q*))), shifted ReLU (p = Φ(1/(2√q*))), linear (p = 1).
// M_{D²}(w) = p/(w−1), μ_k = p (P18 Table 1).
//
//sigprop:eq pennington2018 eq20,23
type BernoulliD2 struct{ Prob float64 }

func (b BernoulliD2) check() {
	if !(b.Prob > 0 && b.Prob <= 1) {
		panic(fmt.Sprintf("jacspectrum: BernoulliD2 needs p in (0, 1] (got %g)", b.Prob))
	}
}

// Mu returns p.
func (b BernoulliD2) Mu(k int) float64 {
	b.check()
	if k < 1 {
		panic("jacspectrum: Mu needs k >= 1")
	}
	return b.Prob
}

// M returns p/(w−1) and −p/(w−1)².
func (b BernoulliD2) M(w complex128) (complex128, complex128) {
	b.check()
	r := recipC(w - 1)
	p := complex(b.Prob, 0)
	return p * r, -p * r * r
}

// P returns p.
func (b BernoulliD2) P() float64 { b.check(); return b.Prob }

// QuadratureD2 is the law of d = φ′(√q* z)² for a continuous φ′, held as
// the nodes d_i and weights w_i of the Gaussian quadrature of package gauss
// (composite Gauss–Legendre split at φ′'s breakpoints), so that
//
//	M_{D²}(w) ≈ Σ_i w_i d_i/(w − d_i).
//
// The rule resolves M accurately while Im w is not much smaller than the
// spacing of the d_i near the pole; along the physical branch of the master
// equation Im w stays ≳ 1e-4 for the cases in (lib/sources/tanner2024.md#density-numerics), and the tests
// compare against independent reference densities.
type QuadratureD2 struct {
	d, w []float64
	mu   func(k int) float64 // closed form, if known
}

// NewQuadratureD2 builds the law of φ′(√q z)² at q = qstar > 0. bps are the
// breakpoints of φ′ (none for smooth φ) and scale its length scale (see
// gauss.Settings); order is the Gauss–Legendre order per panel (0: 32).
//
//sigprop:eq pennington2018 eq20,23
func NewQuadratureD2(phiPrime func(float64) float64, qstar float64, bps []float64, scale float64, order int) QuadratureD2 {
	if !(qstar > 0) || math.IsInf(qstar, 0) {
		panic(fmt.Sprintf("jacspectrum: q* must be positive and finite (got %g)", qstar))
	}
	order = cmp.Or(order, 32)
	r := gauss.NewRule(qstar, &gauss.Settings{Breakpoints: bps, Scale: scale, Order: order})
	q := QuadratureD2{d: make([]float64, r.Len()), w: append([]float64(nil), r.W...)}
	for i, x := range r.X {
		p := phiPrime(x)
		q.d[i] = p * p
	}
	return q
}

// Mu returns μ_k, from the closed form when one was attached, else by
// quadrature.
func (q QuadratureD2) Mu(k int) float64 {
	if k < 1 {
		panic("jacspectrum: Mu needs k >= 1")
	}
	if q.mu != nil {
		return q.mu(k)
	}
	return q.muQuad(k)
}

func (q QuadratureD2) muQuad(k int) float64 {
	s := 0.0
	for i, d := range q.d {
		s += q.w[i] * math.Pow(d, float64(k))
	}
	return s
}

// M returns Σ w_i d_i/(w−d_i) and −Σ w_i d_i/(w−d_i)².
func (q QuadratureD2) M(w complex128) (complex128, complex128) {
	var m, dm complex128
	for i, d := range q.d {
		r := 1 / (w - complex(d, 0))
		t := complex(q.w[i]*d, 0) * r
		m += t
		dm -= t * r
	}
	return m, dm
}

// P returns 0 (not Bernoulli).
func (q QuadratureD2) P() float64 { return 0 }
