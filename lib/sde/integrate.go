package sde

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/internal/param"
	"github.com/sigprop/sigprop/lib/psd"
	"gonum.org/v1/gonum/mat"
)

// Process is a matrix SDE that Simulate can integrate: a Model (the
// covariance SDEs, state PSD) or an OU (reference process with known
// moments). The interface is closed: its methods are unexported.
type Process interface {
	validate() error
	psd() bool
	drift(dst, v []float64, ws *workspace)
	noise(dst, v []float64, ws *workspace, rng *gauss)
}

func (md Model) validate() error { return md.Validate() }
func (md Model) psd() bool       { return true }
func (md Model) noise(dst, v []float64, ws *workspace, rng *gauss) {
	aLin, cA := md.NoiseCoeffs()
	sampleNoise(dst, v, ws, aLin, cA, rng)
}
func (md Model) drift(dst, v []float64, ws *workspace) {
	md.driftFlat(dst, v, ws.m, ws.c, ws.svec, ws.u)
}

// OU is the symmetric-matrix Ornstein–Uhlenbeck process
//
//	dV = −θ V dt + σ dS,   Cov(dS^{ij}, dS^{kl}) = (δ_ik δ_jl + δ_il δ_jk) dt,
//
// whose moments are known in closed form: E V_t = e^{−θt} V₀ and
// Var V^{ii}_t = σ²(1 − e^{−2θt})/θ. It is the reference for the
// integrator's weak order. Its state need not be PSD.
type OU struct {
	Theta, Sigma float64
}

func (o OU) validate() error {
	if math.IsNaN(o.Theta) || math.IsInf(o.Theta, 0) || !(o.Sigma >= 0) || math.IsInf(o.Sigma, 1) {
		return fmt.Errorf("%w: OU needs finite Theta and Sigma >= 0, got %v, %v", ErrParam, o.Theta, o.Sigma)
	}
	return nil
}
func (o OU) psd() bool { return false }
func (o OU) drift(dst, v []float64, ws *workspace) {
	for i := range v {
		dst[i] = -o.Theta * v[i]
	}
}
func (o OU) noise(dst, v []float64, ws *workspace, rng *gauss) {
	m := ws.m
	for i := 0; i < m; i++ {
		dst[i*m+i] = o.Sigma * math.Sqrt2 * rng.norm()
		for j := i + 1; j < m; j++ {
			z := o.Sigma * rng.norm()
			dst[i*m+j], dst[j*m+i] = z, z
		}
	}
}

// PSDPolicy says what Simulate does when a path loses positive
// semi-definiteness (an eigenvalue below −PSDTol·λ_max).
type PSDPolicy int

const (
	// ProjectPSD clips negative eigenvalues to zero and continues; every
	// such event is counted in Result.PSDViolations (the default).
	ProjectPSD PSDPolicy = iota
	// StopPath freezes the path at its last PSD state and flags it in
	// Result.Stopped and Result.PSDViolations.
	StopPath
	// FailRun makes Simulate return a *NotPSDError (the first path by index).
	FailRun
)

// NotPSDError reports a path whose covariance left the PSD cone.
type NotPSDError struct {
	Path           int
	Time           float64
	MinEig, MaxEig float64
}

func (e *NotPSDError) Error() string {
	return fmt.Sprintf("sde: path %d lost positive semi-definiteness at t=%.4g (eigenvalues %.3g … %.3g)",
		e.Path, e.Time, e.MinEig, e.MaxEig)
}

// ErrParam is wrapped by every error of a setting or argument out of its
// range (Simulate, Spec.Validate, Settings.Validate): the message names the
// field and its allowed range; errors.Is matches any lib package's
// ErrParam (lib/internal/param).
var ErrParam = param.New("sde")

// The ranges of a simulation's sizes, declared once: Simulate, Spec and
// Settings check them, and lib/quantity's m, paths and step take their
// bounds from them.
var (
	TokensRange = param.Range{Min: 1, Max: math.Inf(1), Integer: true}                // m, the side of V
	PathsRange  = param.Range{Min: 1, Max: math.Inf(1), Integer: true}                // sample paths
	StepRange   = param.Range{Min: 0, Max: math.Inf(1), MinOpen: true, MaxOpen: true} // Euler–Maruyama step h
)

// Settings of Simulate; the zero value is usable.
type Settings struct {
	// Step is the Euler–Maruyama step h (default 0.01, the paper's). The
	// last step is shortened so that the run ends exactly at T.
	Step float64
	// StopRadius r: a path whose Frobenius norm ‖V‖_F reaches r, or that
	// becomes non-finite, is frozen and flagged (Def. 4.1). Default 1e4.
	StopRadius float64
	// Workers is the number of goroutines (default 1). Results do not
	// depend on it: path p draws from its own PCG generator seeded by
	// (seed, p), with ziggurat normals.
	Workers int
	// OnNonPSD selects the PSD policy (default ProjectPSD).
	OnNonPSD PSDPolicy
	// PSDTol is the relative tolerance of the PSD test (default 1e-10).
	PSDTol float64
	// Times, if not empty, are the times t (strictly increasing, in
	// [0, T]) at which Simulate records every path's state, in
	// Result.Recorded, besides the final one: one run gives the whole path
	// over depth (SDE time t = layer/width). Empty (the default) records
	// nothing and integrates exactly as without the field. A time on the
	// grid k·Step changes nothing in the run (same final state, bit for
	// bit) and its record equals a separate run to t with the same seed up
	// to the rounding of that run's last step; a time off the grid adds a
	// step there (see newRunSchedule in times.go;
	// TestTimesMatchSeparateRuns).
	Times []float64
}

// Validate returns ErrParam naming the first field out of its range once
// the zero values take their defaults: Step finite and > 0, StopRadius
// > 0, Workers >= 1, a known OnNonPSD. Times are checked against T by
// Simulate.
func (s Settings) Validate() error {
	s = s.withDefaults()
	switch {
	case !StepRange.Contains(s.Step):
		return StepRange.Check(ErrParam, "Settings.Step", s.Step)
	case s.Workers < 1:
		return fmt.Errorf("%w: Settings.Workers = %d, must be >= 1", ErrParam, s.Workers)
	case !(s.StopRadius > 0):
		return fmt.Errorf("%w: Settings.StopRadius = %v, must be > 0", ErrParam, s.StopRadius)
	case s.OnNonPSD < ProjectPSD || s.OnNonPSD > FailRun:
		return fmt.Errorf("%w: unknown Settings.OnNonPSD %d", ErrParam, s.OnNonPSD)
	}
	return nil
}

func (s Settings) withDefaults() Settings {
	s.Step = cmp.Or(s.Step, 0.01)
	s.StopRadius = cmp.Or(s.StopRadius, 1e4)
	s.Workers = cmp.Or(s.Workers, 1)
	s.PSDTol = cmp.Or(s.PSDTol, 1e-10)
	return s
}

// Result holds the terminal states of Simulate.
type Result struct {
	M, Paths, Steps int
	T, Step         float64
	// Process is the process integrated (a Model, ResNetCorr, ...), the
	// setting a display formats its Params from.
	Process Process
	// Seed is the seed run: path p drew from the generator of (Seed, p).
	Seed uint64
	// Final holds path p's V_T (frozen value if stopped) at
	// Final[p*M*M : (p+1)*M*M], row-major, symmetric.
	Final []float64
	// Stopped[p] is true if path p hit the stop radius, became non-finite,
	// or (policy StopPath) lost PSD; StopTime[p] is when (T otherwise).
	Stopped  []bool
	StopTime []float64
	// PSDViolations[p] counts the steps at which path p had an eigenvalue
	// below −PSDTol·λ_max (projected, or the path stopped).
	PSDViolations []int
	// Times are Settings.Times, and Recorded holds path p's state at
	// Times[i] at Recorded[(i*Paths+p)*M*M : (i*Paths+p+1)*M*M], row-major
	// (a path stopped earlier contributes its frozen value); both are nil
	// when no time was asked for. Steps counts every step taken, including
	// the extra ones of times off the grid.
	Times    []float64
	Recorded []float64
}

// At returns path p's terminal matrix.
func (r *Result) At(p int) *mat.SymDense {
	mm := r.M * r.M
	return symFromFlat(r.M, r.Final[p*mm:(p+1)*mm])
}

// Entry returns V^{ab}_T over all paths.
func (r *Result) Entry(a, b int) []float64 {
	out := make([]float64, r.Paths)
	mm := r.M * r.M
	for p := range out {
		out[p] = r.Final[p*mm+a*r.M+b]
	}
	return out
}

// Corr returns the terminal correlation ρ^{ab}_T over all paths (clipped
// to [−1, 1]; stopped paths contribute their frozen value). A path whose
// V^{aa} or V^{bb} is zero (possible only after PSD projections, see
// PSDViolations) has no correlation and gets NaN; filter with DropNaN.
func (r *Result) Corr(a, b int) []float64 { return corrOf(r.Final, r.M, r.Paths, a, b) }

// FiniteCorr is Corr without the paths whose correlation is undefined
// (NaN: a diagonal entry projected to 0), in path order.
func (r *Result) FiniteCorr(a, b int) []float64 {
	y, _ := empirical.DropNaN(r.Corr(a, b))
	return y
}

// NumStopped counts stopped paths.
func (r *Result) NumStopped() int {
	k := 0
	for _, s := range r.Stopped {
		if s {
			k++
		}
	}
	return k
}

// NumPSDViolating counts paths with at least one PSD violation.
func (r *Result) NumPSDViolating() int {
	k := 0
	for _, c := range r.PSDViolations {
		if c > 0 {
			k++
		}
	}
	return k
}

// PathRand is the generator of path p for a run seeded with seed, as used
// by ResNetCorr.Simulate; it is what makes results independent of the
// worker count. (Simulate seeds its own ziggurat generator the same way.)
func PathRand(seed uint64, p int) *rand.Rand {
	// Both PCG words depend on both seed and p (the low word of a 128-bit
	// LCG evolves on its own, so it must not be shared across runs).
	return rand.New(rand.NewPCG(pathSeed(seed, p)))
}

// pathSeed derives the two PCG words of path p from (seed, p) with
// empirical.SplitMix64.
func pathSeed(seed uint64, p int) (hi, lo uint64) {
	a := empirical.SplitMix64(seed ^ 0x5851f42d4c957f2d)
	b := empirical.SplitMix64(a ^ empirical.SplitMix64(uint64(p)))
	return b, empirical.SplitMix64(b ^ a ^ 0xda942042e4dd58b5)
}

// Simulate integrates paths independent solutions of p from V0 to time T
// with the Euler–Maruyama scheme
//
//	V_{k+1} = V_k + b(V_k) h + √h · M_k,   M_k ~ N(0, Σ(V_k)) symmetric,
//
// which is the Markov chain of Eq. (7) with h = 1/width; with s.Times it
// also records every path's state at those times (Result.Recorded).
// Errors: invalid process parameters, V0 not a valid covariance (CheckCov;
// for a Model), T < 0 or non-finite, paths < 1, Step ≤ 0, Workers < 1,
// Times not strictly increasing in [0, T] — all wrapping ErrParam, naming
// the argument or field; and *NotPSDError under FailRun.
//
//sigprop:eq noci2023 propA.2
func Simulate(p Process, V0 mat.Matrix, T float64, paths int, seed uint64, s Settings) (*Result, error) {
	s = s.withDefaults()
	if err := p.validate(); err != nil {
		return nil, err
	}
	switch {
	case !(T >= 0) || math.IsInf(T, 1):
		return nil, fmt.Errorf("%w: T = %v, must be finite and >= 0", ErrParam, T)
	case !PathsRange.Contains(float64(paths)):
		return nil, PathsRange.CheckInt(ErrParam, "paths", paths)
	}
	if err := s.Validate(); err != nil {
		return nil, err
	}
	if err := validateTimes(s.Times, T); err != nil {
		return nil, err
	}
	m, c := V0.Dims()
	if m != c || !TokensRange.Contains(float64(m)) {
		return nil, fmt.Errorf("%w: V0 must be square m×m with m >= 1, got %d×%d", ErrParam, m, c)
	}
	if p.psd() {
		if err := CheckCov(V0); err != nil {
			return nil, fmt.Errorf("%w: V0: %v", ErrParam, err)
		}
	}
	v0 := make([]float64, m*m)
	for i := 0; i < m; i++ {
		for j := 0; j < m; j++ {
			v0[i*m+j] = V0.At(i, j)
			if math.IsNaN(v0[i*m+j]) || math.IsInf(v0[i*m+j], 0) {
				return nil, fmt.Errorf("%w: V0[%d][%d] is not finite", ErrParam, i, j)
			}
		}
	}
	sc := newRunSchedule(T, s.Step, s.Times)
	res := &Result{M: m, Paths: paths, Steps: sc.n, T: T, Step: s.Step, Process: p, Seed: seed,
		Final: make([]float64, paths*m*m), Stopped: make([]bool, paths),
		StopTime: make([]float64, paths), PSDViolations: make([]int, paths)}
	if len(s.Times) > 0 {
		res.Times = append([]float64(nil), s.Times...)
		res.Recorded = make([]float64, len(s.Times)*paths*m*m)
	}
	errs := make([]error, paths)
	if md, ok := p.(Model); ok && !scalarOnly {
		// Blocks of lanes paths in structure-of-arrays form (lanes.go);
		// each path's bits are those of runPath.
		nb := (paths + lanes - 1) / lanes
		empirical.Pool(nb, s.Workers, func() *block { return newBlock(m) }, func(b *block, i int) {
			b.runBlock(md, v0, res, errs, i*lanes, min(lanes, paths-i*lanes), seed, sc, s)
		})
	} else {
		empirical.Pool(paths, s.Workers, func() *workspace { return newWorkspace(m) }, func(ws *workspace, path int) {
			errs[path] = runPath(p, v0, res, path, seed, sc, s, ws)
		})
	}
	for _, err := range errs {
		if err != nil {
			return res, err
		}
	}
	return res, nil
}

// scalarOnly makes Simulate integrate Models one path at a time with
// runPath, the reference the block integrator is tested against.
var scalarOnly = false

// runPath integrates one path (any Process): the reference integrator, and
// the one used for OU.
func runPath(p Process, v0 []float64, res *Result, path int, seed uint64, sc runSchedule, s Settings, ws *workspace) error {
	m := ws.m
	mm := m * m
	v := res.Final[path*mm : (path+1)*mm]
	copy(v, v0)
	rng := newGauss(seed, path)
	res.StopTime[path] = res.T
	copy(ws.inc, v0) // the previous state, for StopPath at the first step
	// taken counts the recorded times reached; on every return the times
	// not reached get the path's last (frozen) state.
	taken := 0
	defer func() {
		for ; taken < len(sc.rec); taken++ {
			res.record(taken, path, v)
		}
	}()
	steps, st := sc.n, stepper{sc: &sc, step: s.Step}
	t := 0.0
	for k := 0; k <= steps; k++ {
		if p.psd() {
			bad, lo, hi := factor(v, ws, s.PSDTol)
			if bad {
				res.PSDViolations[path]++
				switch s.OnNonPSD {
				case FailRun:
					res.Stopped[path], res.StopTime[path] = true, t
					return &NotPSDError{Path: path, Time: t, MinEig: lo, MaxEig: hi}
				case StopPath:
					copy(v, ws.inc) // factor left the last state there
					res.Stopped[path], res.StopTime[path] = true, t
					return nil
				}
			}
		}
		for ; taken < len(sc.rec) && sc.rec[taken] == k; taken++ {
			res.record(taken, path, v)
		}
		if k == steps {
			break
		}
		h := st.length(k)
		p.drift(ws.drift, v, ws)
		p.noise(ws.inc, v, ws, rng)
		sh := math.Sqrt(h)
		norm2 := 0.0
		drift, inc := ws.drift[:mm], ws.inc[:mm]
		for i, vi := range v[:mm] {
			x := vi + h*drift[i] + sh*inc[i]
			inc[i] = vi // keep the previous state for StopPath/non-finite
			v[i] = x
			norm2 += x * x
		}
		t += h
		if !(norm2 < s.StopRadius*s.StopRadius) { // also catches NaN and Inf
			if math.IsNaN(norm2) || math.IsInf(norm2, 0) {
				copy(v, ws.inc)
			}
			res.Stopped[path], res.StopTime[path] = true, t
			return nil
		}
	}
	return nil
}

// record stores path's state v as the one at Times[i].
func (r *Result) record(i, path int, v []float64) {
	mm := r.M * r.M
	copy(r.Recorded[(i*r.Paths+path)*mm:(i*r.Paths+path+1)*mm], v[:mm])
}

// factor writes R with R Rᵀ = V into ws.r. It tries a Cholesky
// factorisation that accepts zero pivots (rank-deficient PSD V, e.g. ρ = 1)
// and otherwise falls back to an eigendecomposition; if the smallest
// eigenvalue is below −tol·λ_max it reports a violation, projects V onto
// the PSD cone in place (negative eigenvalues set to 0) and factors the
// projection. ws.inc (the previous state, kept by runPath) is not touched.
func factor(v []float64, ws *workspace, tol float64) (violation bool, minEig, maxEig float64) {
	m := ws.m
	if cholSemi(v, ws.r, m) {
		ws.rFull = false
		return false, 0, 0
	}
	sym := symFromFlat(m, v)
	var eig mat.EigenSym
	if !eig.Factorize(sym, true) {
		// Only non-finite input makes LAPACK fail; the caller catches those
		// after each step, so this is a bug.
		panic("sde: eigendecomposition failed")
	}
	ev := eig.Values(nil)
	var q mat.Dense
	eig.VectorsTo(&q)
	minEig, maxEig = ev[0], ev[m-1]
	violation = minEig < -tol*math.Max(maxEig, 0)
	ws.rFull = true
	for i := 0; i < m; i++ {
		for j := 0; j < m; j++ {
			ws.r[i*m+j] = q.At(i, j) * math.Sqrt(math.Max(ev[j], 0))
		}
	}
	if violation {
		// V ← R Rᵀ, the projection.
		for i := 0; i < m; i++ {
			for j := i; j < m; j++ {
				x := 0.0
				for k := 0; k < m; k++ {
					x += ws.r[i*m+k] * ws.r[j*m+k]
				}
				v[i*m+j], v[j*m+i] = x, x
			}
		}
	}
	return violation, minEig, maxEig
}

// cholSemi is psd.CholeskySemi at the integrator's pivot tolerance 1e-12.
func cholSemi(v, r []float64, m int) bool { return psd.CholeskySemi(r, v, m, 1e-12) }
