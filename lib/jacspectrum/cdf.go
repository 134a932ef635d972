package jacspectrum

import (
	"cmp"
	"fmt"
	"math"
	"sort"

	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/freeprob"
	"github.com/sigprop/sigprop/lib/internal/param"
)

// Spectrum is a limiting spectral law with an absolutely continuous part
// computed by continuation and a known list of atoms: Network,
// BernoulliLimit and SmoothLimit.
type Spectrum interface {
	Density(lambdas []float64, c freeprob.Continuation) ([]float64, error)
	Atoms() []freeprob.Atom
	Moments() Moments
}

// Atoms returns nil: the smooth limit has no atoms.
func (s SmoothLimit) Atoms() []freeprob.Atom { return nil }

// Interval is a closed interval [Lo, Hi] of the real line.
type Interval struct{ Lo, Hi float64 }

// insideSupport classifies λ: outside the support the smoothed density
// −Im G(λ+iε)/π is O(ε) (a Cauchy tail), inside it is O(1); comparing
// ε = 1e-10 with ε = 1e-12 separates the two for distances ≫ 1e-10 from an
// edge. The top of the Continuation (Scale, Steps) is taken from c.
func insideSupport(s Spectrum, l float64, c freeprob.Continuation) (bool, error) {
	in, err := insideSupportAt(s, []float64{l}, c)
	if err != nil {
		return false, err
	}
	return in[0], nil
}

// insideSupportAt is insideSupport at each point of ls, the densities of
// all points in one call at each ε (so over c.Workers goroutines: each
// point's value does not depend on the others or on the workers).
//
// A Network solves the two ε of each point together (its densityPoints,
// the same bits), the first ε's error taken before the second's, as
// Density at each ε in turn would return them.
func insideSupportAt(s Spectrum, ls []float64, c freeprob.Continuation) ([]bool, error) {
	c1, c2 := c, c
	c1.Eps, c2.Eps = 1e-10, 1e-12
	var r1, r2 []float64
	if n, ok := s.(Network); ok {
		c1, c2 = n.densityContinuation(c1), n.densityContinuation(c2)
		pts := make([]freeprob.Point, 0, 2*len(ls))
		for _, l := range ls {
			pts = append(pts, freeprob.Point{C: c1, Lambda: l}, freeprob.Point{C: c2, Lambda: l})
		}
		r, errs := n.densityPoints(pts, cmp.Or(c.Workers, 1))
		for lane := range 2 {
			for i := range ls {
				if err := errs[2*i+lane]; err != nil {
					return nil, err
				}
			}
		}
		r1, r2 = make([]float64, len(ls)), make([]float64, len(ls))
		for i := range ls {
			r1[i], r2[i] = r[2*i], r[2*i+1]
		}
	} else {
		var err error
		if r1, err = s.Density(ls, c1); err != nil {
			return nil, err
		}
		if r2, err = s.Density(ls, c2); err != nil {
			return nil, err
		}
	}
	in := make([]bool, len(ls))
	for i := range in {
		in[i] = r2[i] > 1e-13 && r2[i] > 0.1*r1[i]
	}
	return in, nil
}

// Support returns the intervals carrying the continuous part: a geometric
// scan over [1e-6, 1e4]·max(1, m₂/m₁) (ratio 1.1, its points on c.Workers
// goroutines) classifies points as inside or outside the support, and each
// change is refined by bisection to 1e-10 relative (the changes on
// c.Workers goroutines; neither depends on the workers). An interval
// reaching the bottom of the scan starts at 0. Returns an error if the
// density is still positive at the top.
func Support(s Spectrum, c freeprob.Continuation) ([]Interval, error) {
	mo := s.Moments()
	sc := math.Max(1, mo.M2/mo.M1)
	var grid []float64
	for l := 1e-6 * sc; l <= 1e4*sc; l *= 1.1 {
		grid = append(grid, l)
	}
	in, err := insideSupportAt(s, grid, c)
	if err != nil {
		return nil, err
	}
	if in[len(in)-1] {
		return nil, fmt.Errorf("jacspectrum: density still positive at λ=%g", grid[len(grid)-1])
	}
	// Refinement stops at 1e-10 relative, or earlier if the solver cannot
	// follow the root that close to an inverse-square-root edge (|m| ~
	// 1/√δ); the edge is then known to the last bracket.
	refine := func(a, b float64, aIn bool) float64 {
		for i := 0; i < 60 && b-a > 1e-10*b; i++ {
			mid := (a + b) / 2
			v, err := insideSupport(s, mid, c)
			if err != nil {
				break
			}
			if v == aIn {
				a = mid
			} else {
				b = mid
			}
		}
		return (a + b) / 2
	}
	// The edges are independent bisections: refined over c.Workers
	// goroutines, then assembled in order.
	var at []int // the scan's changes: grid[i-1] and grid[i] classified apart
	for i := 1; i < len(grid); i++ {
		if in[i] != in[i-1] {
			at = append(at, i)
		}
	}
	edges := make([]float64, len(at))
	empirical.Each(len(at), c.Workers, func(j int) {
		i := at[j]
		edges[j] = refine(grid[i-1], grid[i], in[i-1])
	})
	var out []Interval
	var cur *Interval
	if in[0] {
		out = append(out, Interval{Lo: 0})
		cur = &out[0]
	}
	for j, i := range at {
		if in[i] {
			out = append(out, Interval{Lo: edges[j]})
			cur = &out[len(out)-1]
		} else {
			cur.Hi = edges[j]
		}
	}
	return out, nil
}

// UpperEdge returns the right edge of the continuous part (see Support).
func UpperEdge(s Spectrum, c freeprob.Continuation) (float64, error) {
	iv, err := Support(s, c)
	if err != nil {
		return 0, err
	}
	if len(iv) == 0 {
		return 0, fmt.Errorf("jacspectrum: no continuous part found")
	}
	return iv[len(iv)-1].Hi, nil
}

// densityRobust evaluates the density at quadrature nodes; a node so close
// to an inverse-square-root edge that the root is ill-conditioned at ε
// (|m| ≳ 1e5) is retried with ε multiplied by 100, up to three times.
// Such nodes carry weight·ρ ~ √distance ≲ 1e-5 in total.
func densityRobust(s Spectrum, x []float64, c freeprob.Continuation) ([]float64, error) {
	rho, err := s.Density(x, c)
	if err == nil {
		return rho, nil
	}
	eps := c.Eps
	eps = cmp.Or(eps, 1e-10)
	for i := range x {
		cc := c
		cc.Eps = eps
		var r []float64
		for try := 0; try < 4; try++ {
			r, err = s.Density(x[i:i+1], cc)
			if err == nil {
				break
			}
			cc.Eps *= 100
		}
		if err != nil {
			return nil, err
		}
		rho[i] = r[0]
	}
	return rho, nil
}

// ContinuousMoments returns ∫ρ, ∫λρ, ∫λ²ρ over the continuous part, by
// tanh–sinh quadrature (step 1/32, |t| ≤ 4) on each support interval,
// which handles the integrable singularities at the ends (λ^{−L/(L+1)},
// 1/√λ, square-root and inverse-square-root edges). Adding the atoms gives
// 1, m₁, m₂ (lib/sources/tanner2024.md#density-numerics "How to validate a density"). The 1/(λ log²λ)
// singularity of the Bernoulli limit converges too slowly for this rule;
// use CDF there.
func ContinuousMoments(s Spectrum, support []Interval, c freeprob.Continuation) (mass, m1, m2 float64, err error) {
	for _, iv := range support {
		x, w := freeprob.TanhSinh(iv.Lo, iv.Hi, 1.0/32, 4)
		rho, err := densityRobust(s, x, c)
		if err != nil {
			return 0, 0, 0, err
		}
		for i := range x {
			mass += w[i] * rho[i]
			m1 += w[i] * rho[i] * x[i]
			m2 += w[i] * rho[i] * x[i] * x[i]
		}
	}
	return mass, m1, m2, nil
}

// SmallLambdaRelEps is the Cauchy smoothing width of the density, relative
// to λ, that CDF uses where the continuation's absolute width c.Eps is not
// small against λ (λ < c.Eps/SmallLambdaRelEps). The density computed at
// Im z = ε is ρ smoothed by a Cauchy kernel of width ε; at ε ≳ λ that
// smoothing spreads the mass lying below ~ε over [0, ∞), about half of it
// above any x ≪ ε, so ∫_x^∞ ρ_ε counts it and F(x) undershoots: SiLU,
// orthogonal, L = 16 at ε = 1e-10 gave F(1e-14) ≈ F(1e-12) (a flat lower
// tail) where simulations give 0.2 more. For ρ ∝ λ^{−a} the relative error
// of ρ_ε at ε = δλ is a·δ·|cot πa| (exact for the power law), ≤ 1.1e-5 at
// δ = 1e-6 for ρ ∝ λ^{−a} with a = L/(L+1), L ≤ 32 (a·δ·|cot πa| ≈
// δ(L+1)/π); the continuation then descends further, with Steps raised
// in proportion to the extra decades of Im z
// (lib/sources/tanner2024.md#cdf-lower-tail).
const SmallLambdaRelEps = 1e-6

// MinCDFLambda is the smallest x > 0 at which CDF evaluates F (x = 0 is
// exact: the atom at 0). Down to it the lower tail is right to 1e-5
// against the Fuss–Catalan closed form (linear Gaussian, L = 1, 2, 16, 32:
// ≤ 8e-6), and at 1e-14 against simulation (SiLU, L = 16); CDF refuses
// 0 < x < MinCDFLambda with an error (TestCDFLowerTail*), a domain it was
// not checked in.
const MinCDFLambda = 1e-250

// ScaledDensity returns the density of s at each λ > 0 at the Cauchy width
// min(c.Eps, SmallLambdaRelEps·λ) (see SmallLambdaRelEps), so that the
// smoothing stays small against λ however small λ is: points with
// λ ≥ c.Eps/SmallLambdaRelEps are evaluated together at c, each smaller
// one alone with the width scaled to it and the steps scaled to the extra
// decades. A point so close to an inverse-square-root edge that the root
// is ill-conditioned is retried at a 100 times larger width, up to three
// times (densityRobust).
func ScaledDensity(s Spectrum, x []float64, c freeprob.Continuation) ([]float64, error) {
	eps := cmp.Or(c.Eps, 1e-10)
	var big []float64
	var bigIdx, smallIdx []int
	var small []freeprob.Point
	out := make([]float64, len(x))
	for i, l := range x {
		if l >= eps/SmallLambdaRelEps {
			big, bigIdx = append(big, l), append(bigIdx, i)
			continue
		}
		cc := c
		cc.Eps = SmallLambdaRelEps * l
		top := 50 * cmp.Or(c.Scale, math.Max(1, s.Moments().M2/s.Moments().M1))
		cc.Scale = top / 50
		steps := float64(cmp.Or(c.Steps, 80))
		cc.Steps = int(math.Ceil(steps * math.Log(top/cc.Eps) / math.Log(top/eps)))
		small, smallIdx = append(small, freeprob.Point{C: cc, Lambda: l}), append(smallIdx, i)
	}
	// Each small point alone, in order, the first failure returned. A
	// Network first solves them all two at a time (densityPoints, the
	// bits of each alone); a point that fails there is run alone again,
	// with densityRobust's retries.
	var first []float64
	var firstErr []error
	if n, ok := s.(Network); ok && len(small) > 1 {
		pts := make([]freeprob.Point, len(small))
		for k, p := range small {
			pts[k] = freeprob.Point{C: n.densityContinuation(p.C), Lambda: p.Lambda}
		}
		first, firstErr = n.densityPoints(pts, cmp.Or(c.Workers, 1))
	}
	for k, p := range small {
		if first != nil && firstErr[k] == nil {
			out[smallIdx[k]] = first[k]
			continue
		}
		r, err := densityRobust(s, []float64{p.Lambda}, p.C)
		if err != nil {
			return nil, err
		}
		out[smallIdx[k]] = r[0]
	}
	if len(big) > 0 {
		r, err := densityRobust(s, big, c)
		if err != nil {
			return nil, err
		}
		for k, i := range bigIdx {
			out[i] = r[k]
		}
	}
	return out, nil
}

// CDF returns F(x) = P(λ ≤ x) at each x ≥ 0, computed from the top:
//
//	F(x) = 1 − Σ_{λ_a > x} w_a − ∫_x^∞ ρ,
//
// integrating over the support intervals (see Support) above x, so the
// singular region near 0 is never integrated (lib/sources/tanner2024.md#monte-carlo: compare CDFs, which
// is robust to atoms). The points are processed from the largest down and
// the integral is accumulated segment by segment (tanh–sinh, step 1/8, on
// each piece between consecutive points and support edges; a piece whose
// ends differ by more than a factor 4 is integrated in log λ, ∫ λρ dlog λ,
// so that a piece spanning many decades above a density singular at 0
// keeps its nodes spread over the decades), so the cost is about 50
// density evaluations per point. Below c.Eps/SmallLambdaRelEps the
// density is evaluated at a Cauchy width relative to λ (SmallLambdaRelEps),
// which keeps the lower tail right down to MinCDFLambda.
//
// F(0) is the mass of the atoms at 0 (an absolutely continuous part has
// none at a point). CDF returns an error for 0 < x < MinCDFLambda; it
// panics on x < 0 or NaN.
func CDF(s Spectrum, xs []float64, support []Interval, c freeprob.Continuation) ([]float64, error) {
	for _, x := range xs {
		if x < 0 || math.IsNaN(x) {
			panic(fmt.Sprintf("jacspectrum: CDF needs x >= 0 (got %g)", x))
		}
		if x > 0 && x < MinCDFLambda {
			return nil, fmt.Errorf("jacspectrum: CDF at x = %g is below MinCDFLambda = %g, the smallest λ where its lower tail is checked", x, MinCDFLambda)
		}
	}
	idx := make([]int, len(xs))
	for i := range idx {
		idx[i] = i
	}
	sort.Slice(idx, func(a, b int) bool { return xs[idx[a]] > xs[idx[b]] })
	top := math.Inf(1)
	tail := 0.0 // ∫_{current x}^∞ ρ
	out := make([]float64, len(xs))
	atoms := s.Atoms()
	for _, i := range idx {
		x := xs[i]
		if x == 0 {
			f := 0.0
			for _, a := range atoms {
				if a.Loc <= 0 {
					f += a.Mass
				}
			}
			out[i] = f
			continue
		}
		for _, iv := range support {
			lo, hi := math.Max(x, iv.Lo), math.Min(top, iv.Hi)
			if lo >= hi {
				continue
			}
			logScale := lo > 0 && hi > 4*lo
			var nx, nw []float64
			if logScale {
				nx, nw = freeprob.TanhSinh(math.Log(lo), math.Log(hi), 1.0/8, 3)
				for j := range nx {
					nx[j] = math.Exp(nx[j])
					nw[j] *= nx[j]
				}
			} else {
				nx, nw = freeprob.TanhSinh(lo, hi, 1.0/8, 3)
			}
			rho, err := ScaledDensity(s, nx, c)
			if err != nil {
				return nil, err
			}
			for j := range nx {
				tail += nw[j] * rho[j]
			}
		}
		top = x
		f := 1 - tail
		for _, a := range atoms {
			if a.Loc > x {
				f -= a.Mass
			}
		}
		out[i] = f
	}
	return out, nil
}

// KSDistance returns sup_x |F_emp(x) − F(x)| evaluated at the points xs
// (sorted internally), where F_emp is the empirical CDF of eigs. With
// xs a fine grid this approximates the Kolmogorov–Smirnov statistic.
func KSDistance(eigs, xs, cdf []float64) float64 {
	if len(xs) != len(cdf) {
		panic("jacspectrum: KSDistance needs len(xs) == len(cdf)")
	}
	e := append([]float64(nil), eigs...)
	sort.Float64s(e)
	d := 0.0
	for i, x := range xs {
		k := sort.SearchFloat64s(e, math.Nextafter(x, math.Inf(1)))
		d = math.Max(d, math.Abs(float64(k)/float64(len(e))-cdf[i]))
	}
	return d
}

// KS returns the Kolmogorov–Smirnov distance between the empirical
// spectrum eigs and the limiting law s, evaluated on a grid of n points
// spanning [0, max(eigs)] (Support, CDF and KSDistance in one call).
func KS(s Spectrum, eigs []float64, n int, c freeprob.Continuation) (float64, error) {
	if len(eigs) == 0 || n < 2 {
		panic("jacspectrum: KS needs eigenvalues and n >= 2")
	}
	sup, err := Support(s, c)
	if err != nil {
		return 0, err
	}
	hi := 0.0
	for _, e := range eigs {
		hi = math.Max(hi, e)
	}
	xs := make([]float64, n)
	for i := range xs {
		xs[i] = hi * float64(i+1) / float64(n)
	}
	cdf, err := CDF(s, xs, sup, c)
	if err != nil {
		return 0, err
	}
	return KSDistance(eigs, xs, cdf), nil
}

// SingularValueDensity returns P(s) = 2s ρ(s²), the density of the
// singular values of J (lib/sources/tanner2024.md#transforms), at each s > 0; atoms are excluded.
func SingularValueDensity(sp Spectrum, ss []float64, c freeprob.Continuation) ([]float64, error) {
	lams := make([]float64, len(ss))
	for i, s := range ss {
		if !(s > 0) {
			panic(fmt.Sprintf("jacspectrum: SingularValueDensity needs s > 0 (got %g)", s))
		}
		lams[i] = s * s
	}
	rho, err := sp.Density(lams, c)
	if err != nil {
		return nil, err
	}
	for i, s := range ss {
		rho[i] *= 2 * s
	}
	return rho, nil
}

// KSBetween returns sup_x |F_a(x) − F_b(x)| over the points xs for two
// limiting laws (atoms included), e.g. a finite-depth spectrum and its
// universal limit.
func KSBetween(a, b Spectrum, xs []float64, c freeprob.Continuation) (float64, error) {
	cdf := func(s Spectrum) ([]float64, error) {
		sup, err := Support(s, c)
		if err != nil {
			return nil, err
		}
		return CDF(s, xs, sup, c)
	}
	fa, err := cdf(a)
	if err != nil {
		return 0, err
	}
	fb, err := cdf(b)
	if err != nil {
		return 0, err
	}
	return maxAbsDiff(fa, fb), nil
}

// maxAbsDiff is max_i |a_i − b_i| (0 for none), KSBetween's distance of
// two CDFs on the same points.
func maxAbsDiff(a, b []float64) float64 {
	d := 0.0
	for i := range a {
		d = math.Max(d, math.Abs(a[i]-b[i]))
	}
	return d
}

// GridSettings are the settings of Grid, the points at which an empirical
// spectrum is compared with its law (QuantileGrid). The zero value is the
// default.
type GridSettings struct {
	// Points is the number of empirical quantiles; 0 means 30.
	Points int
	// Floor is the lowest grid point relative to the largest eigenvalue:
	// quantiles are taken among the eigenvalues above Floor·max(eigs).
	// 0 means DefaultGridFloor; it panics unless 0 ≤ Floor < 1.
	Floor float64
}

// ErrParam is wrapped by the errors of a setting out of its range; the
// message names the field and its allowed range, and errors.Is matches any
// lib package's ErrParam (lib/internal/param).
var ErrParam = param.New("jacspectrum")

// DepthRange is the range of a network's depth L, declared once: Network
// checks it and lib/quantity's depth takes its bounds from it.
var DepthRange = param.Range{Min: 1, Max: math.Inf(1), Integer: true}

// Validate returns ErrParam for Points < 0 or a Floor outside [0, 1)
// (zero values take the defaults).
func (g GridSettings) Validate() error {
	if g.Points < 0 {
		return param.Err(ErrParam, "GridSettings.Points", g.Points, "an integer >= 0 (0: 30)")
	}
	if !(g.Floor >= 0 && g.Floor < 1) {
		return param.Err(ErrParam, "GridSettings.Floor", g.Floor, "in [0, 1) (0: DefaultGridFloor)")
	}
	return nil
}

// DefaultGridFloor is GridSettings.Floor's default, 1e-12 (λ/λ_max; singular
// values down to 1e-6·s_max; lib/sources/tanner2024.md#cdf-lower-tail).
// The floor is about the data only: the law's
// CDF is right down to MinCDFLambda (SmallLambdaRelEps;
// TestCDFLowerTailFussCatalan, TestCDFLowerTailSimulation), so any floor
// above it compares the same law. Below the floor the computed eigenvalues
// are not to be trusted: the SVD of a float64 Jacobian J = ∏ D_ℓW_ℓ gives
// singular values to an absolute error ≈ L·N·u·s_max (u = 1.1e-16), i.e.
// λ to ≈ (L·N·u)²·λ_max ≈ 1e-21·λ_max at L = 16, N = 1000, and
// randmlp's Jacobian spectra store s < 1e-8 as 0 (λ < 1e-16 absolute):
// 1e-12 keeps the grid 9 decades above the first and above the second
// whenever λ_max ≥ 1e-4. The earlier floor of 1e-6 (randmlp.CheckFloor)
// was set where the CDF's lower tail went wrong (a fixed Cauchy width
// 1e-10): the JJᵀ CDF of SiLU, orthogonal, L = 16 was 0.2 too low at
// 1e-14, so the KS distance read 0.137 with a low floor and 0.003 with
// 1e-6; it is now the same law at both.
const DefaultGridFloor = 1e-12

// Grid returns QuantileGrid(s, eigs, Points, Floor) with the defaults
// filled in.
//
// It panics with Validate's error (a caller bug).
func (g GridSettings) Grid(s Spectrum, eigs []float64) []float64 {
	if err := g.Validate(); err != nil {
		panic(err.Error())
	}
	if g.Points == 0 {
		g.Points = 30
	}
	if g.Floor == 0 {
		g.Floor = DefaultGridFloor
	}
	return QuantileGrid(s, eigs, g.Points, g.Floor)
}

// QuantileGrid returns the points at which to compare the empirical
// spectrum eigs with the law s: the n empirical quantiles k/(n+1)
// (k = 1..n) of the eigenvalues that exceed floor·max(eigs) (below it,
// eigenvalues of a computed product are rounding noise and exact zeros
// stand in for them; GridSettings documents the default floor) and do not sit on an atom of s (within 1e-6
// relative), plus, for each atom above the floor, the pair Loc·(1 ∓ 1e-6),
// so that rounding around an atom cannot move its mass across a grid
// point; sorted and without repeats.
func QuantileGrid(s Spectrum, eigs []float64, n int, floor float64) []float64 {
	if len(eigs) == 0 || n < 1 {
		panic("jacspectrum: QuantileGrid needs eigenvalues and n >= 1")
	}
	lo := 0.0
	for _, v := range eigs {
		lo = math.Max(lo, v)
	}
	lo *= floor
	onAtom := func(x float64) bool {
		for _, a := range s.Atoms() {
			if math.Abs(x-a.Loc) <= 1e-6*a.Loc {
				return true
			}
		}
		return false
	}
	var e, xs []float64
	for _, v := range eigs {
		if v > lo && !onAtom(v) {
			e = append(e, v)
		}
	}
	sort.Float64s(e)
	for k := 1; k <= n && len(e) > 0; k++ {
		xs = append(xs, e[min(len(e)-1, k*len(e)/(n+1))])
	}
	for _, a := range s.Atoms() {
		if a.Loc > lo {
			xs = append(xs, a.Loc*(1-1e-6), a.Loc*(1+1e-6))
		}
	}
	sort.Float64s(xs)
	out := xs[:0]
	for i, x := range xs {
		if i == 0 || x != xs[i-1] {
			out = append(out, x)
		}
	}
	return out
}

// KSOnGrid returns max_x |F_emp(x) − F(x)| over the points xs (a lower
// bound of the Kolmogorov–Smirnov distance) between the empirical CDF of
// eigs and the law s, with F from Support and CDF.
func KSOnGrid(s Spectrum, eigs, xs []float64, c freeprob.Continuation) (float64, error) {
	sup, err := Support(s, c)
	if err != nil {
		return 0, err
	}
	cdf, err := CDF(s, xs, sup, c)
	if err != nil {
		return 0, err
	}
	return KSDistance(eigs, xs, cdf), nil
}
