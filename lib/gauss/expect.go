package gauss

import (
	"fmt"
	"math"
	"slices"
	"sync"

	"github.com/sigprop/sigprop/lib/internal/param"
)

// Settings describes the integrand to the quadrature. The zero value (or a
// nil *Settings) means: f is smooth (analytic) on the scale of its
// argument, 16 Gauss–Legendre nodes per panel, |z| ≤ 9.
type Settings struct {
	// Breakpoints are the points, in the coordinates of f's argument, where
	// f or its derivative is not smooth (kinks, jumps): 0 for ReLU, ±1 for
	// hard tanh and its derivative. Order does not matter.
	Breakpoints []float64
	// Scale is the length, in f's argument, over which f may change
	// appreciably: Gauss–Legendre panels have half-width at most Scale/√q
	// in z and the trapezoid step is at most 0.2·Scale/√q. About 2/3 of
	// the distance to f's nearest complex singularity keeps the error at
	// ~1e-13 (tanh: poles at ±iπ/2, so the default 1 fits; SiLU: poles at
	// ±iπ). Zero means 1; +Inf means f is a polynomial on each piece
	// between breakpoints (linear, ReLU, hard tanh, indicators).
	//
	// Powers need a smaller Scale: g^m keeps g's poles but raises their
	// order, and the error constant grows with it. For tanh derivatives,
	// E sech^{4k}(√q z) at Scale 1 is off by 1e-13 (k = 2), 2e-11 (k = 3)
	// and 3e-6 (k = 8) relative; Scale 1/√k gives ~1e-15 for k ≤ 8
	// (TestPowersOfSech). activation.Func.Mu applies this rule.
	Scale float64
	// Cutoff truncates the standard normal to |z| ≤ Cutoff. Zero means 9
	// (neglected mass 2.3e-19).
	Cutoff float64
	// Order is the number of Gauss–Legendre nodes per panel, in [2, 128].
	// Zero means 16.
	Order int
}

const (
	defaultCutoff = 9.0
	defaultOrder  = 16
	// maxHalfWidth is the largest panel half-width in z: the Gaussian weight
	// e^{-z²/2} is resolved to ~1e-16 by 16 nodes on panels of width 2.
	maxHalfWidth = 1.0
	// maxPanels bounds the work for huge variances; beyond it panels get
	// wider than Scale/√q and accuracy degrades gracefully.
	maxPanels = 1 << 12
)

// ErrParam is wrapped by the errors of a setting out of its range; the
// message names the field and its allowed range, and errors.Is matches any
// lib package's ErrParam (lib/internal/param).
var ErrParam = param.New("gauss")

// Validate returns ErrParam for a Scale below 0 or NaN, a Cutoff that is
// not finite and >= 0, an Order other than 0 outside [2, 128], or a NaN
// breakpoint; a nil *Settings is valid. The expectations panic with its
// error (a caller bug).
func (s *Settings) Validate() error {
	if s == nil {
		return nil
	}
	if s.Scale < 0 || math.IsNaN(s.Scale) {
		return param.Err(ErrParam, "Settings.Scale", s.Scale, ">= 0 or +Inf")
	}
	if s.Cutoff < 0 || math.IsNaN(s.Cutoff) || math.IsInf(s.Cutoff, 0) {
		return param.Err(ErrParam, "Settings.Cutoff", s.Cutoff, "finite and >= 0")
	}
	if s.Order != 0 && (s.Order < 2 || s.Order > 128) {
		return param.Err(ErrParam, "Settings.Order", s.Order, "0 or an integer in [2, 128]")
	}
	for i, b := range s.Breakpoints {
		if math.IsNaN(b) {
			return param.Err(ErrParam, fmt.Sprintf("Settings.Breakpoints[%d]", i), b, "a number")
		}
	}
	return nil
}

func (s *Settings) resolved() (scale, cutoff float64, order int) {
	scale, cutoff, order = 1, defaultCutoff, defaultOrder
	if s == nil {
		return
	}
	if err := s.Validate(); err != nil {
		panic(err.Error())
	}
	if s.Scale > 0 {
		scale = s.Scale
	}
	if s.Cutoff > 0 {
		cutoff = s.Cutoff
	}
	if s.Order != 0 {
		order = s.Order
	}
	return
}

func (s *Settings) breakpoints() []float64 {
	if s == nil {
		return nil
	}
	return s.Breakpoints
}

// Rule is a quadrature rule for E[f(u)]: Σ W[i] f(X[i]) ≈ E f(u). X are in
// the argument's coordinates. A Rule may be reused with Reset to avoid
// allocation in loops.
type Rule struct {
	X, W []float64
	zb   []float64    // scratch: breakpoints in z
	big  bigTrapezoid // the last trapezoid rule too long for trapezoidCache
}

// bigTrapezoid holds the last trapezoid rule of more than
// maxCachedHalfSteps half-steps that a Rule built. Expect2 resets its
// inner Rule at every outer node with one variance, so at a huge variance
// (where the rule has thousands of nodes and computing their weights
// dominated) the same (cutoff, n) comes back; the nodes and weights are
// trapezoidNodes' either way, so the rule is the same to the bit.
type bigTrapezoid struct {
	key   trapezoidKey
	nodes [2][]float64
}

// NewRule returns the rule for u ~ N(0, variance) and the integrand
// described by s. It panics if variance is negative, NaN or infinite.
//
// For variance 0 the rule returns the limit variance → 0⁺: f(0) when 0 is
// not a breakpoint, and the mean of the one-sided limits f(0⁻), f(0⁺)
// otherwise (so E[1{u>0}] = ½ for every variance, including 0).
func NewRule(variance float64, s *Settings) *Rule {
	r := &Rule{}
	r.Reset(variance, s)
	return r
}

// Reset rebuilds r in place for a new variance and integrand description.
func (r *Rule) Reset(variance float64, s *Settings) {
	r.ResetShifted(0, variance, s)
}

// ResetShifted builds the rule for u ~ N(mean, variance).
func (r *Rule) ResetShifted(mean, variance float64, s *Settings) {
	checkVariance("variance", variance)
	if math.IsNaN(mean) || math.IsInf(mean, 0) {
		panic(fmt.Sprintf("gauss: mean must be finite, got %v", mean))
	}
	scale, cutoff, order := s.resolved()
	r.X, r.W = r.X[:0], r.W[:0]
	bps := s.breakpoints()
	if variance == 0 {
		if slices.Contains(bps, mean) {
			const tiny = 1e-300
			d := math.Max(tiny, math.Abs(mean)*1e-15)
			r.X = append(r.X, mean-d, mean+d)
			r.W = append(r.W, 0.5, 0.5)
			return
		}
		r.X = append(r.X, mean)
		r.W = append(r.W, 1)
		return
	}
	sd := math.Sqrt(variance)
	r.zb = r.zb[:0]
	for _, b := range bps {
		r.zb = append(r.zb, (b-mean)/sd)
	}
	r.X, r.W = appendPanels(r.X, r.W, r.zb, cutoff, scale/sd, order, mean, sd, &r.big)
}

// Len is the number of nodes.
func (r *Rule) Len() int { return len(r.X) }

// Expect returns Σ W[i] f(X[i]).
func (r *Rule) Expect(f func(float64) float64) float64 {
	var sum float64
	for i, x := range r.X {
		sum += r.W[i] * f(x)
	}
	return sum
}

// Expect returns E[f(√variance · z)] for z ~ N(0, 1). See the package
// documentation for the method and its accuracy. It panics if variance is
// negative, NaN or infinite.
func Expect(f func(float64) float64, variance float64, s *Settings) float64 {
	r := rulePool.Get().(*Rule)
	r.Reset(variance, s)
	v := r.Expect(f)
	rulePool.Put(r)
	return v
}

var rulePool = sync.Pool{New: func() any { return &Rule{} }}

// Expect2 returns E[f(u) g(v)] for (u, v) jointly Gaussian with mean 0,
// Var u = q1, Var v = q2 and correlation c ∈ [−1, 1] (the ends included);
// sf and sg describe f and g (breakpoints in their own arguments). Values
// of c outside [−1, 1] by at most 1e-12 are clamped, larger ones panic, as
// do negative or non-finite variances.
func Expect2(f, g func(float64) float64, q1, q2, c float64, sf, sg *Settings) float64 {
	checkVariance("q1", q1)
	checkVariance("q2", q2)
	if math.IsNaN(c) || c < -1-1e-12 || c > 1+1e-12 {
		panic(fmt.Sprintf("gauss: correlation c must be in [-1, 1], got %v", c))
	}
	c = math.Max(-1, math.Min(1, c))
	switch {
	case q1 == 0:
		return Expect(f, 0, sf) * Expect(g, q2, sg)
	case q2 == 0:
		return Expect(f, q1, sf) * Expect(g, 0, sg)
	case c == 0:
		return Expect(f, q1, sf) * Expect(g, q2, sg)
	case c == 1 || c == -1:
		return expectDegenerate(f, g, q1, q2, c, sf, sg)
	}
	scaleF, cutoff, order := sf.resolved()
	scaleG, cutoffG, orderG := sg.resolved()
	cutoff = math.Max(cutoff, cutoffG)
	order = max(order, orderG)
	s1, s2 := math.Sqrt(q1), math.Sqrt(q2)
	sc := math.Sqrt((1 - c) * (1 + c))
	// Outer rule in z1.
	w := sc / math.Abs(c) // width in z1 of the smoothed kinks of the inner integral
	h := math.Min(scaleF/s1, scaleG/(s2*math.Abs(c)))
	zb := make([]float64, 0, 8)
	for _, b := range sf.breakpoints() {
		zb = append(zb, b/s1)
	}
	for _, b := range sg.breakpoints() {
		z := b / (s2 * c)
		zb = append(zb, z)
		for d := w; d < math.Min(maxHalfWidth, h); d *= 4 {
			zb = append(zb, z-d, z+d)
		}
	}
	outer := rulePool.Get().(*Rule)
	outer.X, outer.W = appendPanels(outer.X[:0], outer.W[:0], zb, cutoff, h, order, 0, 1, &outer.big)
	inner := rulePool.Get().(*Rule)
	innerS := Settings{Breakpoints: sg.breakpoints(), Scale: scaleG, Cutoff: cutoff, Order: order}
	var sum float64
	for i, z1 := range outer.X {
		fv := f(s1 * z1)
		if fv == 0 {
			continue
		}
		inner.ResetShifted(s2*c*z1, q2*(1-c)*(1+c), &innerS)
		sum += outer.W[i] * fv * inner.Expect(g)
	}
	rulePool.Put(outer)
	rulePool.Put(inner)
	return sum
}

// expectDegenerate handles c = ±1: v = c·√(q2/q1)·u.
func expectDegenerate(f, g func(float64) float64, q1, q2, c float64, sf, sg *Settings) float64 {
	scaleF, cutoff, order := sf.resolved()
	scaleG, cutoffG, orderG := sg.resolved()
	cutoff = math.Max(cutoff, cutoffG)
	order = max(order, orderG)
	s1, s2 := math.Sqrt(q1), math.Sqrt(q2)
	zb := make([]float64, 0, 8)
	for _, b := range sf.breakpoints() {
		zb = append(zb, b/s1)
	}
	for _, b := range sg.breakpoints() {
		zb = append(zb, b/(c*s2))
	}
	h := math.Min(scaleF/s1, scaleG/s2)
	r := rulePool.Get().(*Rule)
	r.X, r.W = appendPanels(r.X[:0], r.W[:0], zb, cutoff, h, order, 0, 1, &r.big)
	var sum float64
	for i, z := range r.X {
		sum += r.W[i] * f(s1*z) * g(c*s2*z)
	}
	rulePool.Put(r)
	return sum
}

func checkVariance(name string, v float64) {
	if !(v >= 0) || math.IsInf(v, 1) {
		panic(fmt.Sprintf("gauss: %s must be a finite variance >= 0, got %v", name, v))
	}
}

// appendPanels appends to (xs, ws) the composite Gauss–Legendre rule for
// ∫_{-cutoff}^{cutoff} F(mean + sd·z) φ(z) dz, split at the z-breakpoints
// zb (sorted in place; those outside the interval are ignored) with panel
// half-width at most h. Nodes are stored as x = mean + sd·z. A trapezoid
// rule too long for trapezoidCache is kept in big (a Rule's own) for the
// next call.
//
// h = Scale/sd is the integrand's length scale in z: Gauss–Legendre panels
// have half-width min(1, h), the trapezoid step is min(0.5, 0.2·h).
func appendPanels(xs, ws, zb []float64, cutoff, h float64, order int, mean, sd float64, big *bigTrapezoid) ([]float64, []float64) {
	slices.Sort(zb)
	// Total length 2·cutoff; limit panel count.
	if 2*cutoff/(2*h) > maxPanels {
		h = cutoff / maxPanels
	}
	inside := false
	for _, b := range zb {
		if b > -cutoff && b < cutoff {
			inside = true
			break
		}
	}
	if !inside {
		// No breakpoint: the integrand is analytic in a strip around the
		// real axis and decays like the Gaussian, where the trapezoid rule
		// converges geometrically, error ~exp(−2πd/step) for a strip of
		// half-width d (Trefethen & Weideman 2014, SIAM Rev. 56, Thm 5.1).
		// With d ≈ (π/2)·h (h = the panel half-width that encodes Scale),
		// step = trapezoidRatio·h reaches ~1e-14.
		n := max(1, int(math.Ceil(cutoff/math.Min(trapezoidRatio*h, maxTrapezoidStep)*(1-1e-12))))
		var zr [2][]float64
		if key := (trapezoidKey{cutoff, n}); n <= maxCachedHalfSteps {
			zr = trapezoidRule(cutoff, n)
		} else {
			if big.nodes[0] == nil || big.key != key {
				big.key, big.nodes = key, trapezoidNodes(cutoff, n)
			}
			zr = big.nodes
		}
		xs = slices.Grow(xs, len(zr[0]))
		for _, z := range zr[0] {
			xs = append(xs, mean+sd*z)
		}
		return xs, append(ws, zr[1]...)
	}
	return appendPanelsSplit(xs, ws, zb, cutoff, math.Min(maxHalfWidth, h), order, mean, sd)
}

const (
	// trapezoidRatio is step/h of the trapezoid rule (see appendPanels).
	trapezoidRatio = 0.2
	// maxTrapezoidStep: the Gaussian weight alone needs step ≤ 0.5
	// (error ~exp(−2π²/step²) ≈ 1e-34).
	maxTrapezoidStep   = 0.5
	maxCachedHalfSteps = 512
)

type trapezoidKey struct {
	cutoff float64
	n      int
}

var trapezoidCache sync.Map // trapezoidKey → [2][]float64

// trapezoidRule returns the nodes z_i = i·cutoff/n, |i| ≤ n, and weights
// step·ϕ(z_i) (ϕ the normal density), cached.
func trapezoidRule(cutoff float64, n int) [2][]float64 {
	key := trapezoidKey{cutoff, n}
	if r, ok := trapezoidCache.Load(key); ok {
		return r.([2][]float64)
	}
	r := trapezoidNodes(cutoff, n)
	trapezoidCache.Store(key, r)
	return r
}

func trapezoidNodes(cutoff float64, n int) [2][]float64 {
	step := cutoff / float64(n)
	zs := make([]float64, 0, 2*n+1)
	ws := make([]float64, 0, 2*n+1)
	for i := -n; i <= n; i++ {
		z := float64(i) * step
		w := step * invSqrt2Pi * math.Exp(-0.5*z*z)
		if i == -n || i == n {
			w /= 2
		}
		zs = append(zs, z)
		ws = append(ws, w)
	}
	return [2][]float64{zs, ws}
}

func appendPanelsSplit(xs, ws, zb []float64, cutoff, h float64, order int, mean, sd float64) ([]float64, []float64) {
	nodes, weights := legendre(order)
	a := -cutoff
	emit := func(lo, hi float64) {
		if hi <= lo {
			return
		}
		n := int(math.Ceil((hi - lo) / (2 * h) * (1 - 1e-12)))
		if n < 1 {
			n = 1
		}
		width := (hi - lo) / float64(n)
		half := width / 2
		for p := 0; p < n; p++ {
			mid := lo + (float64(p)+0.5)*width
			for k, t := range nodes {
				z := mid + half*t
				xs = append(xs, mean+sd*z)
				ws = append(ws, half*weights[k]*invSqrt2Pi*math.Exp(-0.5*z*z))
			}
		}
	}
	for _, b := range zb {
		if b <= a || b >= cutoff {
			continue
		}
		emit(a, b)
		a = b
	}
	emit(a, cutoff)
	return xs, ws
}

const invSqrt2Pi = 0.3989422804014326779399460599343818684758586311649

var (
	glMu    sync.Mutex
	glCache = map[int][2][]float64{}
)

// legendre returns the n-point Gauss–Legendre nodes and weights on [-1, 1],
// computed by Newton's method on P_n (accurate to ~1e-16) and cached.
func legendre(n int) (x, w []float64) {
	glMu.Lock()
	defer glMu.Unlock()
	if c, ok := glCache[n]; ok {
		return c[0], c[1]
	}
	x = make([]float64, n)
	w = make([]float64, n)
	for i := 0; i < (n+1)/2; i++ {
		t := math.Cos(math.Pi * (float64(i) + 0.75) / (float64(n) + 0.5))
		var dp float64
		for it := 0; it < 100; it++ {
			p0, p1 := 1.0, t
			for k := 2; k <= n; k++ {
				p0, p1 = p1, (float64(2*k-1)*t*p1-float64(k-1)*p0)/float64(k)
			}
			if n == 1 {
				p0, p1 = 1, t
			}
			dp = float64(n) * (t*p1 - p0) / (t*t - 1)
			dt := p1 / dp
			t -= dt
			if math.Abs(dt) < 1e-16 {
				break
			}
		}
		// Recompute the derivative at the converged node for the weight.
		p0, p1 := 1.0, t
		for k := 2; k <= n; k++ {
			p0, p1 = p1, (float64(2*k-1)*t*p1-float64(k-1)*p0)/float64(k)
		}
		dp = float64(n) * (t*p1 - p0) / (t*t - 1)
		x[i], x[n-1-i] = -t, t
		wi := 2 / ((1 - t*t) * dp * dp)
		w[i], w[n-1-i] = wi, wi
	}
	glCache[n] = [2][]float64{x, w}
	return x, w
}
