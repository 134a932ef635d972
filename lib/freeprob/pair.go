package freeprob

import (
	"fmt"
	"math"
	"math/cmplx"

	"github.com/sigprop/sigprop/lib/empirical"
)

// PairEquation is an Equation at two points at once: lane i returns
// h(z[i], m[i]) and ∂h/∂m there, each exactly what the Equation returns
// at that point alone (an equation whose cost is one pass over a kernel
// can run the two lanes through it together).
type PairEquation func(z, m [2]complex128) (h, dh [2]complex128)

// solver is SolveM as a machine that asks for one evaluation of the
// equation at a time (point, then feed), so that two solves can share the
// evaluations of a PairEquation (SolveMPair). Its steps are SolveM's: a
// Newton solve near the asymptote, then geometric steps in Im z, each a
// Newton solve from a secant predictor, accepted or halved.
type solver struct {
	c      Continuation
	lambda float64
	y0     float64
	// the continuation: started once the solve near the asymptote is done
	started         bool
	logStep, frac   float64
	y, yPrev, yNext float64
	m, mPrev        complex128
	// the Newton solve under way: its point, iterations, last step size
	z, nm   complex128
	it, max int
	prev    float64
	done    bool
	res     complex128
	err     error
}

// newSolver starts SolveM(·, lambda, mInf) under c (defaults filled in).
func newSolver(c Continuation, lambda float64, mInf func(z complex128) complex128) *solver {
	c = c.defaults()
	if math.IsNaN(lambda) || math.IsInf(lambda, 0) {
		panic("freeprob: SolveM needs a finite lambda")
	}
	s := &solver{c: c, lambda: lambda, y0: 50 * c.Scale}
	z := complex(lambda, s.y0)
	s.newton(z, mInf(z), 4*c.MaxIter)
	return s
}

// newton starts a Newton solve for h(z, ·) = 0 from m, of at most max
// evaluations.
func (s *solver) newton(z, m complex128, max int) {
	s.z, s.nm, s.it, s.max, s.prev = z, m, 0, max, math.Inf(1)
}

// feed takes h, dh at (s.z, s.nm) and makes one Newton iteration: m −=
// h/dh; converged when |Δm| ≤ tol(1+|m|), or stagnating at round-off
// level (|Δm| ≤ 1e-6(1+|m|) and no longer halving), which happens next to
// a double root (a spectral edge), where m is determined only to
// ~√eps·|m|; failed on a zero or non-finite derivative, a non-finite m,
// or max iterations.
func (s *solver) feed(h, dh complex128) {
	if dh == 0 || !finiteC(h) || !finiteC(dh) {
		s.solved(s.nm, false)
		return
	}
	d := h / dh
	s.nm -= d
	if !finiteC(s.nm) {
		s.solved(s.nm, false)
		return
	}
	ad, sc := absC(d), 1+absC(s.nm)
	if ad <= s.c.Tol*sc || (ad <= 1e-6*sc && ad > 0.5*s.prev) {
		s.solved(s.nm, true)
		return
	}
	s.prev = ad
	if s.it++; s.it >= s.max {
		s.solved(s.nm, false)
	}
}

// solved takes the end of a Newton solve (root m, ok if it converged) and
// starts the next one, or ends the continuation.
func (s *solver) solved(m complex128, ok bool) {
	c := s.c
	if !s.started {
		if !ok || (!c.AnySign && imag(m) > 1e-12*(1+cmplx.Abs(m))) {
			s.end(0, fmt.Errorf("%w: no root near the asymptote at λ=%g, Im z=%g", ErrLostBranch, s.lambda, s.y0))
			return
		}
		s.started = true
		s.logStep = math.Log(c.Eps/s.y0) / float64(c.Steps) // negative
		s.frac = 1.0
		s.y, s.yPrev, s.mPrev, s.m = s.y0, s.y0, m, m // last two accepted points
		s.step()
		return
	}
	why := "Newton did not converge"
	if ok && cmplx.Abs(m-s.m) > 0.25*(1+cmplx.Abs(s.m)) {
		ok, why = false, "root jumped"
	}
	if ok && !c.AnySign && imag(m) > 1e-12*(1+cmplx.Abs(m)) {
		ok, why = false, "Im m > 0"
	}
	if !ok {
		s.frac /= 2
		if s.frac < 1.0/(1<<40) {
			s.end(0, fmt.Errorf("%w: at λ=%g, Im z=%g, m=%v: %s", ErrLostBranch, s.lambda, s.y, s.m, why))
			return
		}
		s.step()
		return
	}
	s.yPrev, s.mPrev = s.y, s.m
	s.y, s.m = s.yNext, m
	s.frac = math.Min(1, 2*s.frac)
	s.step()
}

// step starts the Newton solve of the next step from the secant
// predictor, or ends the continuation at Im z = ε.
func (s *solver) step() {
	if !(s.y > s.c.Eps) {
		s.end(s.m, nil)
		return
	}
	yNext := math.Max(s.y*math.Exp(s.frac*s.logStep), s.c.Eps)
	zNext := complex(s.lambda, yNext)
	pred := s.m
	if s.yPrev != s.y {
		pred = s.m + (s.m-s.mPrev)*complex((yNext-s.y)/(s.y-s.yPrev), 0)
	}
	s.yNext = yNext
	// Every point is solved to Tol: a looser tolerance on intermediate
	// points (1e-8) was tried and lost the branch near z = 0, where
	// G = (1+m)/z needs 1+m to full relative precision.
	s.newton(zNext, pred, s.c.MaxIter)
}

func (s *solver) end(m complex128, err error) { s.done, s.res, s.err = true, m, err }

// run finishes the solve alone with eq.
func (s *solver) run(eq Equation) (complex128, error) {
	for !s.done {
		s.feed(eq(s.z, s.nm))
	}
	return s.res, s.err
}

// SolveMPair returns SolveM(eq, lambdas[i], mInf) under cs[i] for i = 0,
// 1, the same values and errors: the two continuations run in lockstep,
// each Newton iteration of both in one call of eq2, and once one has
// ended the other runs on alone through eq.
func SolveMPair(eq Equation, eq2 PairEquation, cs [2]Continuation, lambdas [2]float64, mInf func(z complex128) complex128) ([2]complex128, [2]error) {
	a, b := newSolver(cs[0], lambdas[0], mInf), newSolver(cs[1], lambdas[1], mInf)
	for !a.done && !b.done {
		h, dh := eq2([2]complex128{a.z, b.z}, [2]complex128{a.nm, b.nm})
		a.feed(h[0], dh[0])
		b.feed(h[1], dh[1])
	}
	ma, ea := a.run(eq)
	mb, eb := b.run(eq)
	return [2]complex128{ma, mb}, [2]error{ea, eb}
}

// Point is one density evaluation: ρ(Lambda) under the continuation C.
type Point struct {
	C      Continuation
	Lambda float64
}

// DensityPoints returns, for each point, what Density returns at its
// Lambda under its C (ρ, or the error of its SolveM in errs), the points
// taken two at a time (0 and 1, 2 and 3, ...) by SolveMPair, the pairs
// over workers goroutines, each with its own equations from newEq and
// newEq2 (equations that keep per-call state are not safe for concurrent
// use). No value depends on the pairing or on the workers.
func DensityPoints(newEq func() (Equation, PairEquation), pts []Point, mInf func(z complex128) complex128, workers int, atoms ...Atom) ([]float64, []error) {
	for _, p := range pts {
		p.C.defaults() // panics on invalid settings before any solve, as Density does
	}
	out := make([]float64, len(pts))
	errs := make([]error, len(pts))
	type eqs struct {
		one Equation
		two PairEquation
	}
	empirical.Pool((len(pts)+1)/2, max(workers, 1), func() eqs { a, b := newEq(); return eqs{a, b} }, func(e eqs, k int) {
		i := 2 * k
		if i+1 == len(pts) {
			m, err := newSolver(pts[i].C, pts[i].Lambda, mInf).run(e.one)
			out[i], errs[i] = densityOf(pts[i].C.defaults(), pts[i].Lambda, m, atoms), err
			return
		}
		ms, es := SolveMPair(e.one, e.two, [2]Continuation{pts[i].C, pts[i+1].C}, [2]float64{pts[i].Lambda, pts[i+1].Lambda}, mInf)
		for j := range 2 {
			out[i+j], errs[i+j] = densityOf(pts[i+j].C.defaults(), pts[i+j].Lambda, ms[j], atoms), es[j]
		}
	})
	for i := range errs {
		if errs[i] != nil {
			out[i] = 0
		}
	}
	return out, errs
}

// densityOf is Density's ρ(λ) from the root m = M(λ+iε) under c:
// −Im[G − Σ_a w_a/(z−λ_a)]/π, G = (1+m)/z.
func densityOf(c Continuation, lambda float64, m complex128, atoms []Atom) float64 {
	z := complex(lambda, c.Eps)
	g := (1 + m) / z
	for _, a := range atoms {
		g -= complex(a.Mass, 0) / (z - complex(a.Loc, 0))
	}
	return -imag(g) / math.Pi
}
