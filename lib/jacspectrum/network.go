package jacspectrum

import (
	"fmt"
	"math"
	"math/cmplx"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/freeprob"
	"github.com/sigprop/sigprop/lib/internal/enum"
)

// Ensemble is the weight distribution.
//
//sigprop:eq tanner2024 F15
type Ensemble int

const (
	// Orthogonal weights W = σ_w O, O Haar: S_{WᵀW} = σ_w^{−2}, s₁ = 0.
	Orthogonal Ensemble = iota
	// Gaussian weights W_ij ~ N(0, σ_w²/N): S_{WᵀW} = σ_w^{−2}/(1+z),
	// s₁ = −1, s₂ = 1.
	Gaussian
)

var ensembleNames = []string{Orthogonal: "orthogonal", Gaussian: "gaussian"}

func (e Ensemble) String() string { return enum.Name(e, "Ensemble", ensembleNames) }

// ParseEnsemble maps "orthogonal" and "gaussian" to an Ensemble.
func ParseEnsemble(s string) (Ensemble, error) {
	if e, ok := enum.Parse[Ensemble](s, ensembleNames); ok {
		return e, nil
	}
	return 0, fmt.Errorf("jacspectrum: weights must be orthogonal or gaussian (got %q)", s)
}

// SCoeffs returns s₁, s₂ of S_{WᵀW}(z) = σ_w^{−2}(1 + s₁z + s₂z² + …).
func (e Ensemble) SCoeffs() (s1, s2 float64) {
	switch e {
	case Orthogonal:
		return 0, 0
	case Gaussian:
		return -1, 1
	}
	panic(fmt.Sprintf("jacspectrum: unknown ensemble %d", int(e)))
}

// S returns the closed-form S-transform of WᵀW at real z > −1 for weights
// of variance σ_w² (P18 Table 2; SM eqs. S26–S27):
//
//	Orthogonal  S(z) = σ_w^{−2}
//	Gaussian    S(z) = σ_w^{−2} (1+z)^{−1}   (Marchenko–Pastur, ratio 1)
//
// It panics unless σ_w² > 0 and z > −1.
func (e Ensemble) S(z, sigmaW2 float64) float64 {
	if !(sigmaW2 > 0) || !(z > -1) {
		panic(fmt.Sprintf("jacspectrum: Ensemble.S needs σ_w² > 0 and z > −1 (got %g, %g)", sigmaW2, z))
	}
	s, _ := e.sW(complex(z, 0))
	return real(s) / sigmaW2
}

// sW returns σ_w² S_{WᵀW}(m) and its derivative.
func (e Ensemble) sW(m complex128) (complex128, complex128) {
	switch e {
	case Orthogonal:
		return 1, 0
	case Gaussian:
		r := 1 / (1 + m)
		return r, -r * r
	}
	panic(fmt.Sprintf("jacspectrum: unknown ensemble %d", int(e)))
}

// Network is a depth-L network at a fixed point q*: its D² law, weight
// ensemble and σ_w². The limiting spectrum of JJᵀ is
// S_{JJᵀ} = S_{D²}^L S_{WᵀW}^L (P18 eq 13, F16). Gaussian weights have
// variance σ_w²/N; orthogonal weights are σ_w times Haar; q* is a variance
// (lib/sources/tanner2024.md#erratum-6 and #erratum-17). Critical picks σ_w² = 1/μ₁ (the edge of chaos
// for a given q*, F10–F11, is meanfield.EoCFromQ and EoCSigmaW2).
type Network struct {
	Depth   int
	Weights Ensemble
	SigmaW2 float64
	D2      D2Law
}

// Critical returns the network for f at q* on the edge of chaos,
// σ_w² = 1/μ₁ (χ₁ = 1, F10), with D² from D2.
func Critical(f activation.Func, w Ensemble, depth int, qstar float64) Network {
	d := D2(f, qstar)
	return Network{Depth: depth, Weights: w, SigmaW2: 1 / d.Mu(1), D2: d}
}

func (n Network) check() {
	if !DepthRange.Contains(float64(n.Depth)) {
		panic(fmt.Sprintf("jacspectrum: depth must be %v (got %d)", DepthRange, n.Depth))
	}
	if !(n.SigmaW2 > 0) || math.IsInf(n.SigmaW2, 0) {
		panic(fmt.Sprintf("jacspectrum: sigma_w^2 must be positive and finite (got %g)", n.SigmaW2))
	}
	if n.D2 == nil {
		panic("jacspectrum: Network.D2 is nil")
	}
	n.Weights.SCoeffs()
}

// Moments are the first moments of the spectrum of JJᵀ.
type Moments struct {
	M1, M2, M3 float64
	Var        float64 // σ²_{JJᵀ} = m₂ − m₁²
	S1         float64 // s₁ of the weights
	Chi1       float64 // σ_w² μ₁
}

// JacobianMoments returns m₁, m₂, m₃ and σ²_{JJᵀ} from μ₁..μ₃ of D², σ_w²
// and s₁, s₂ of the weights (F20, F21):
//
//	m₁ = (σ_w² μ₁)^L = χ₁^L
//	m₂ = m₁² L(μ₂/μ₁² + 1/L − 1 − s₁)
//	σ² = m₁² L(μ₂/μ₁² − 1 − s₁)                           (P18 eqs 21–22)
//	m₃ = m₁³(1 − 3s₁ᴶ + 2(s₁ᴶ)² − s₂ᴶ),  s₁ᴶ = L(d₁+s₁),
//	s₂ᴶ = L(d₂ + s₂ + d₁s₁) + C(L,2)(d₁+s₁)²,
//	d₁ = 1 − μ₂/μ₁²,  d₂ = 1 − 3d₁ + 2d₁² − μ₃/μ₁³          (F21, F14)
func JacobianMoments(mu1, mu2, mu3, sigmaW2, s1, s2 float64, L int) Moments {
	if L < 1 || !(mu1 > 0) || !(sigmaW2 > 0) {
		panic(fmt.Sprintf("jacspectrum: JacobianMoments needs L >= 1, mu1 > 0, sigma_w^2 > 0 (got %d, %g, %g)", L, mu1, sigmaW2))
	}
	chi := sigmaW2 * mu1
	m1 := math.Pow(chi, float64(L))
	fl := float64(L)
	d1 := 1 - mu2/(mu1*mu1)
	d2 := 1 - 3*d1 + 2*d1*d1 - mu3/(mu1*mu1*mu1)
	sj1 := fl * (d1 + s1)
	sj2 := fl*(d2+s2+d1*s1) + fl*(fl-1)/2*(d1+s1)*(d1+s1)
	m2 := m1 * m1 * (1 - sj1)
	m3 := m1 * m1 * m1 * (1 - 3*sj1 + 2*sj1*sj1 - sj2)
	return Moments{M1: m1, M2: m2, M3: m3, Var: m1 * m1 * fl * (mu2/(mu1*mu1) - 1 - s1), S1: s1, Chi1: chi}
}

// Moments returns the moments of the spectrum of n (F20, F21).
//
//sigprop:eq tanner2024 F20,21
func (n Network) Moments() Moments {
	n.check()
	s1, s2 := n.Weights.SCoeffs()
	return JacobianMoments(n.D2.Mu(1), n.D2.Mu(2), n.D2.Mu(3), n.SigmaW2, s1, s2, n.Depth)
}

// Atoms returns the point masses of the spectrum (F23): for Bernoulli D²
// with p < 1 mass 1−p at 0; for orthogonal weights mass max(0, 1−L(1−p))
// at σ_w^{2L} (all of it for linear, p = 1). Smooth D² laws have none.
//
//sigprop:eq tanner2024 F23
func (n Network) Atoms() []freeprob.Atom {
	n.check()
	p := n.D2.P()
	if p == 0 {
		return nil
	}
	var a []freeprob.Atom
	if p < 1 {
		a = append(a, freeprob.Atom{Loc: 0, Mass: 1 - p})
	}
	if n.Weights == Orthogonal {
		if w := 1 - float64(n.Depth)*(1-p); w > 0 {
			a = append(a, freeprob.Atom{Loc: math.Pow(n.SigmaW2, float64(n.Depth)), Mass: w})
		}
	}
	return a
}

// Equation returns the master equation (F18, P18 eqs 14–16) in the unknown
// m = M_{JJᵀ}(z):
//
//	h(z, m) = M_{D²}(z^{1/L} F(m)) − m,  F(m) = S_{WᵀW}(m)((1+m)/m)^{1−1/L},
//
// with principal powers (for Im z > 0 and Im m < 0 no cut is crossed).
//
//sigprop:eq tanner2024 F18
func (n Network) Equation() freeprob.Equation {
	e := n.newMaster()
	return func(z, m complex128) (complex128, complex128) {
		w, zl, df := e.arg(z, m)
		md, dmd := n.D2.M(w)
		return md - m, dmd*zl*df - 1
	}
}

// PairEquation is Equation at two points at once (freeprob.PairEquation):
// each lane's w = z^{1/L}F(m) as Equation forms it, then M_{D²} of both
// in one pass over the path when D² has a two-point kernel (ContourD2),
// each lane the bits of Equation at its point. Like Equation it keeps
// per-call state (each lane its z^{1/L}), so it is not safe for
// concurrent use.
func (n Network) PairEquation() freeprob.PairEquation {
	e := [2]*master{n.newMaster(), n.newMaster()}
	two, ok := n.D2.(pairD2)
	return func(z, m [2]complex128) (h, dh [2]complex128) {
		var w, zl, df, md, dmd [2]complex128
		for i := range 2 {
			w[i], zl[i], df[i] = e[i].arg(z[i], m[i])
		}
		if ok {
			md, dmd = two.mPair(w)
		} else {
			for i := range 2 {
				md[i], dmd[i] = n.D2.M(w[i])
			}
		}
		for i := range 2 {
			h[i], dh[i] = md[i]-m[i], dmd[i]*zl[i]*df[i]-1
		}
		return h, dh
	}
}

// pairD2 is a D² law with M at two points in one pass (ContourD2.mPair).
type pairD2 interface {
	mPair(w [2]complex128) (m, dm [2]complex128)
}

// master is the master equation's map from (z, m) to the argument of
// M_{D²} (Equation), with z^{1/L} cached: Newton calls the equation
// repeatedly at one z. The cache makes it unsafe for concurrent use; the
// continuation gives each worker its own equation (see Density).
type master struct {
	n         Network
	L, a      float64
	inv, ca   complex128
	zLast, zl complex128
}

func (n Network) newMaster() *master {
	n.check()
	L := float64(n.Depth)
	a := 1 - 1/L
	return &master{n: n, L: L, a: a, inv: complex(1/n.SigmaW2, 0), ca: complex(a, 0)}
}

// arg returns w = z^{1/L}F(m), z^{1/L} and F′(m).
func (e *master) arg(z, m complex128) (w, zl, df complex128) {
	if z != e.zLast || e.zl == 0 {
		e.zLast, e.zl = z, cmplx.Exp(cmplx.Log(z)/complex(e.L, 0))
	}
	s, ds := e.n.Weights.sW(m)
	im := recipC(m)
	r := 1 + im // (1+m)/m
	ra := complex(1, 0)
	dra := complex(0, 0)
	if e.a != 0 {
		ra = cmplx.Exp(e.ca * cmplx.Log(r))
		dra = -e.ca * ra * recipC(r) * im * im // d/dm r^a = a r^{a−1} r′, r′ = −1/m²
	}
	f := e.inv * s * ra
	df = e.inv * (ds*ra + s*dra)
	return e.zl * f, e.zl, df
}

// recipC is 1/z by the textbook formula (no special-case handling; z is
// finite and nonzero on the continuation path).
func recipC(z complex128) complex128 {
	d := 1 / (real(z)*real(z) + imag(z)*imag(z))
	return complex(real(z)*d, -imag(z)*d)
}

// Continuation returns the default solver settings for n: ε = 1e-10 and a
// start at Im z = 50·max(1, m₂/m₁), above the spectrum scale.
func (n Network) Continuation() freeprob.Continuation {
	mo := n.Moments()
	return freeprob.Continuation{Scale: math.Max(1, mo.M2/mo.M1)}
}

// Density returns the absolutely continuous part of the limiting density
// of JJᵀ at each λ (atoms are subtracted, see Atoms), by continuation in
// Im z (P18 Algorithm 1). A zero-valued c selects n.Continuation().
//
//sigprop:eq tanner2024 F19
func (n Network) Density(lambdas []float64, c freeprob.Continuation) ([]float64, error) {
	c = n.densityContinuation(c)
	pts := make([]freeprob.Point, len(lambdas))
	for i, l := range lambdas {
		pts[i] = freeprob.Point{C: c, Lambda: l}
	}
	out, errs := n.densityPoints(pts, c.Workers)
	for _, e := range errs {
		if e != nil {
			return out, e
		}
	}
	return out, nil
}

// densityContinuation is c as Density runs it for n: n.Continuation()
// for a zero c, else c with Scale max(1, m₂/m₁) if unset.
func (n Network) densityContinuation(c freeprob.Continuation) freeprob.Continuation {
	mo := n.Moments()
	if c == (freeprob.Continuation{}) {
		c = n.Continuation()
	}
	if c.Scale == 0 {
		c.Scale = math.Max(1, mo.M2/mo.M1)
	}
	return c
}

// densityPoints is Density at each point under its own continuation (as
// densityContinuation gives it), the point's error in errs: the points
// two at a time in lockstep through PairEquation
// (freeprob.DensityPoints: the bits of each point alone), the pairs over
// workers goroutines.
func (n Network) densityPoints(pts []freeprob.Point, workers int) ([]float64, []error) {
	mo := n.Moments()
	for _, p := range pts {
		if l := p.Lambda; !(l > 0) || math.IsInf(l, 0) {
			panic(fmt.Sprintf("jacspectrum: Density needs finite λ > 0 (got %g)", l))
		}
	}
	m1, m2 := complex(mo.M1, 0), complex(mo.M2, 0)
	return freeprob.DensityPoints(func() (freeprob.Equation, freeprob.PairEquation) { return n.Equation(), n.PairEquation() }, pts,
		func(z complex128) complex128 { return m1/z + m2/(z*z) }, workers, n.Atoms()...)
}
