package finitewidth

import (
	"fmt"
	"github.com/sigprop/sigprop/lib/internal/param"
	"math"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/meanfield"
)

// Case is one network of the theory-vs-simulation table: a name and its
// Settings (Depth is set by the run).
type Case struct {
	Name     string
	Settings Settings
	// Point says where the network sits: "critical" (χ = 1 at its
	// kernel: the edge of chaos, or the K* = 0 point), "ordered" or
	// "chaotic".
	Point string
}

// Named cases of MustShowCases: the (σ_w², σ_b²) points of the table.
const (
	// EoCSigmaB2 is the bias variance of the edge-of-chaos case of each
	// smooth activation (σ_w² from meanfield.EoCSigmaW2, started at its
	// q*); GELU has no attracting edge of chaos below σ_b² ≈ 0.2 (its
	// χ₁ = 1 point repels), so it uses GELUSigmaB2. (Swish, β = 1, has
	// none at σ_b² ≤ 0.5: SELU is the fifth activation.)
	EoCSigmaB2  = 0.05
	GELUSigmaB2 = 0.25
	// OrderedFactor scales the critical σ_w² to the ordered point of
	// each activation (same σ_b², ReLU's with σ_b² = OrderedReLUSigmaB2
	// so that its kernel has a fixed point), started at q⁰ = 1.
	OrderedFactor      = 0.75
	OrderedReLUSigmaB2 = 0.1
)

// MustShowCases returns the networks of the finite-width table
// (lib/sources/finitewidth.md#table): tanh, ReLU, GELU, erf and SELU each at criticality and on the ordered side (σ_w² =
// OrderedFactor times the critical one); tanh and erf also at their
// K* = 0 critical point (σ_w² = 1, σ_b = 0, q⁰ = 1), and tanh on the
// chaotic side (σ_w² = 2.5, σ_b² = 0.1). Criticality is meanfield's
// χ₁ = 1 at the fixed point q* (EoCSigmaW2), the network started at q*;
// ReLU's is σ_w² = 2, σ_b = 0 (scale invariant, K = 1).
func MustShowCases() ([]Case, error) {
	var out []Case
	for _, name := range []string{"tanh", "relu", "gelu", "erf", "selu"} {
		phi, err := activation.ByName(name)
		if err != nil {
			return nil, err
		}
		sb2 := EoCSigmaB2
		if name == "gelu" {
			sb2 = GELUSigmaB2
		}
		var crit Settings
		if name == "relu" {
			crit = Settings{Phi: phi, SigmaW2: 2, Q0: 0.5}
			sb2 = OrderedReLUSigmaB2
		} else {
			sw2, q, err := meanfield.EoCSigmaW2(phi, sb2)
			if err != nil {
				return nil, fmt.Errorf("finitewidth: edge of chaos of %s at σ_b² = %g: %w", name, sb2, err)
			}
			crit = Settings{Phi: phi, SigmaW2: sw2, SigmaB2: sb2, Q0: (q - sb2) / sw2}
		}
		out = append(out, Case{Name: name + " critical", Settings: crit, Point: "critical"},
			Case{Name: name + " ordered", Settings: Settings{Phi: phi, SigmaW2: OrderedFactor * crit.SigmaW2, SigmaB2: sb2, Q0: 1}, Point: "ordered"})
		if name == "tanh" || name == "erf" {
			out = append(out, Case{Name: name + " K*=0", Settings: Settings{Phi: phi, SigmaW2: 1, Q0: 1}, Point: "critical"})
		}
		if name == "tanh" {
			out = append(out, Case{Name: "tanh chaotic", Settings: Settings{Phi: phi, SigmaW2: 2.5, SigmaB2: 0.1, Q0: 1}, Point: "chaotic"})
		}
	}
	return out, nil
}

// Epsilon returns V^ℓ/(n (K^ℓ)²), the relative variance of the
// stochastic kernel Ĝ^{ℓ−1} that feeds layer ℓ: the size of the
// expansion's next term relative to its first. For ReLU at criticality
// it is 5(ℓ − 1)/n, for the K* = 0 class ≈ 2ℓ/(3n). The O(1/n) variance
// falls short of the exact one by a factor ≈ 1 + Epsilon/2 in the
// scale-invariant class (lib/sources/finitewidth.md#breakdown).
func (l Layer) Epsilon(n int) float64 { checkWidth(n); return l.V / (float64(n) * l.K * l.K) }

// EpsilonHolds is the declared perturbative regime of the table: a
// (case, width, layer) is in it when Epsilon ≤ EpsilonHolds. There the
// neglected O(1/n²) term, ≈ Epsilon/2 of the variance in the
// scale-invariant class, is at most 5%, about one SE of the variance at
// 2000 networks; beyond it the table reports the gap as a regime.
const EpsilonHolds = 0.1

// CheckSettings size the theory-vs-simulation table: every case at every
// width, at the layers ℓ = round(Frac·n) for each Frac (at least 1; a
// layer that two fractions share at a width is taken once; Fracs
// ascending), with
// Networks exact-chain networks (Settings.Sample) per (case, width).
type CheckSettings struct {
	Cases    []Case
	Widths   []int     // each ≥ 2
	Fracs    []float64 // ℓ/n, each in (0, 1]
	Networks int       // ≥ 2
	Seed     uint64    // (case i, width j) uses Seed + 1000 i + j
	Workers  int
}

// Validate returns an error wrapping ErrParam naming the first field out
// of range.
func (c CheckSettings) Validate() error {
	switch {
	case len(c.Cases) == 0:
		return fmt.Errorf("%w: CheckSettings.Cases is empty", ErrParam)
	case len(c.Widths) == 0:
		return fmt.Errorf("%w: CheckSettings.Widths is empty", ErrParam)
	case len(c.Fracs) == 0:
		return fmt.Errorf("%w: CheckSettings.Fracs is empty", ErrParam)
	case c.Networks < 2:
		return fmt.Errorf("%w: CheckSettings.Networks = %d, want >= 2", ErrParam, c.Networks)
	}
	for _, n := range c.Widths {
		if n < 2 || n > MaxDepth {
			return fmt.Errorf("%w: CheckSettings.Widths has %d, want integers in [2, %d]", ErrParam, n, MaxDepth)
		}
	}
	for _, f := range c.Fracs {
		if !(f > 0 && f <= 1) {
			return fmt.Errorf("%w: CheckSettings.Fracs has %v, want values in (0, 1]", ErrParam, f)
		}
	}
	return nil
}

// CheckRow is one (case, width, layer) of the table: the variance and the
// mean shift E q̂ − K of q̂^ℓ, theory (O(1/n)) against simulation, with z
// from the simulation's SE (the network the sample unit).
type CheckRow struct {
	Case                     string
	Width, L                 int
	Frac                     float64 // ℓ/n
	K                        float64
	Epsilon                  float64 // Layer.Epsilon
	VarTheory, VarSim, VarSE float64
	ZVar                     float64
	ShiftTheory, ShiftSim    float64 // G1/n; mean − K
	ShiftSE, ZShift          float64
	ZVarNoV, ZShiftNoG1      float64 // z of the plausible errors: V dropped, G1 dropped
	Exact                    float64 // the exact Var (S) where it applies, else NaN
	// LogVarSim ± LogVarSE is the simulated Var log q̂^ℓ; LogVarExact its
	// exact value for ReLU with σ_b = 0 (ReLUJacobianVarLog: q̂^ℓ is then
	// K¹ times the same product of (2/n)χ²_M factors and a final χ²_n/n as
	// the Jacobian norm), else NaN. The log's variance stays measurable
	// where q̂ itself is log-normal and its sample variance is not.
	LogVarSim, LogVarSE, LogVarExact float64
}

// Holds reports whether the row is in the declared perturbative regime
// (Epsilon ≤ EpsilonHolds).
func (r CheckRow) Holds() bool { return r.Epsilon <= EpsilonHolds }

// CheckResult is the table and its settings.
type CheckResult struct {
	Settings CheckSettings
	Rows     []CheckRow
}

// Run simulates every case at every width to depth max(Fracs)·n and
// returns the table. Errors: invalid settings, or a case whose recursion
// fails (ErrRange).
func (c CheckSettings) Run() (CheckResult, error) {
	if err := c.Validate(); err != nil {
		return CheckResult{}, err
	}
	fmax := 0.0
	for _, f := range c.Fracs {
		fmax = math.Max(fmax, f)
	}
	res := CheckResult{Settings: c}
	for ci, cs := range c.Cases {
		for wi, n := range c.Widths {
			s := cs.Settings
			s.Depth = max(1, int(math.Round(fmax*float64(n))))
			ls, err := s.Layers()
			if err != nil {
				return CheckResult{}, fmt.Errorf("%s: %w", cs.Name, err)
			}
			q, err := s.Sample(SimSettings{Width: n, Networks: c.Networks, Seed: c.Seed + uint64(1000*ci+wi), Workers: c.Workers})
			if err != nil {
				return CheckResult{}, err
			}
			st := Stats(q)
			logCol := make([]float64, len(q))
			exactC := math.NaN()
			if s.Phi.Degree == 1 && s.SigmaB2 == 0 {
				exactC, _ = ScaleInvariantC(s.Phi)
			}
			prev := 0
			for _, f := range c.Fracs {
				l := max(1, int(math.Round(f*float64(n))))
				if l == prev { // two fractions on one layer at this width
					continue
				}
				prev = l
				L, m := ls[l-1], st[l-1]
				r := CheckRow{Case: cs.Name, Width: n, L: l, Frac: float64(l) / float64(n), K: L.K, Epsilon: L.Epsilon(n),
					VarTheory: L.Var(n), VarSim: m.Var, VarSE: m.VarSE,
					ShiftTheory: L.MeanShift(n), ShiftSim: m.Mean - L.K, ShiftSE: m.MeanSE, Exact: math.NaN()}
				r.ZVar = (m.Var - r.VarTheory) / m.VarSE
				r.ZShift = (r.ShiftSim - r.ShiftTheory) / m.MeanSE
				r.ZVarNoV = (m.Var - 2*L.K*L.K/float64(n)) / m.VarSE
				r.ZShiftNoG1 = r.ShiftSim / m.MeanSE
				if !math.IsNaN(exactC) {
					r.Exact = ScaleInvariantVar(exactC, n, l) * L.K * L.K
				}
				for i, row := range q {
					logCol[i] = math.Log(row[l-1])
				}
				r.LogVarSim, r.LogVarSE = empirical.VarSE(logCol)
				r.LogVarExact = math.NaN()
				if Rectifier(s.Phi) && s.SigmaB2 == 0 {
					r.LogVarExact = ReLUJacobianVarLog(n, l)
				}
				res.Rows = append(res.Rows, r)
			}
		}
	}
	return res, nil
}

// MaxZ is the largest |z| of the variance and of the mean shift over the
// rows of one (case, width), split by regime; Count* are the rows behind
// each (0 rows: the max is NaN).
type MaxZ struct {
	Case                   string
	Width                  int
	HoldVar, HoldShift     float64
	CountHold              int
	BeyondVar, BeyondShift float64
	CountBeyond            int
	BeyondRatio            float64 // Var sim/theory at the deepest row beyond the regime (NaN if none)
	HoldRelSE              float64 // the largest VarSE/Var over the rows in the regime
}

// Summary returns one MaxZ per (case, width), in the order of the run.
func (r CheckResult) Summary() []MaxZ {
	var out []MaxZ
	idx := map[[2]any]int{}
	for _, row := range r.Rows {
		key := [2]any{row.Case, row.Width}
		i, ok := idx[key]
		if !ok {
			i = len(out)
			idx[key] = i
			nan := math.NaN()
			out = append(out, MaxZ{Case: row.Case, Width: row.Width, HoldVar: nan, HoldShift: nan, BeyondVar: nan, BeyondShift: nan, BeyondRatio: nan})
		}
		m := &out[i]
		if row.Holds() {
			m.HoldVar, m.HoldShift = nanMax(m.HoldVar, math.Abs(row.ZVar)), nanMax(m.HoldShift, math.Abs(row.ZShift))
			m.CountHold++
			m.HoldRelSE = math.Max(m.HoldRelSE, row.VarSE/row.VarSim)
		} else {
			m.BeyondVar, m.BeyondShift = nanMax(m.BeyondVar, math.Abs(row.ZVar)), nanMax(m.BeyondShift, math.Abs(row.ZShift))
			m.CountBeyond++
			m.BeyondRatio = row.VarSim / row.VarTheory
		}
	}
	return out
}

func nanMax(a, b float64) float64 {
	if math.IsNaN(a) {
		return b
	}
	return math.Max(a, b)
}

// ResidualSettings size the residual-against-width check: at a fixed
// layer L, the variance of q̂^L simulated at each width minus the O(1/n)
// theory, whose log-log slope against n is −2 where the expansion holds
// (the next term is O(1/n²)).
type ResidualSettings struct {
	Case     Case
	Widths   []int // ≥ 2 widths, each ≥ 1
	L        int   // the layer, ≥ 1
	Networks int   // ≥ 2
	Seed     uint64
	Workers  int
}

// Residual is the result of ResidualSettings.Run: per width, Var_sim −
// Var_theory and its SE (the simulation's), and the weighted log-log
// slope of |residual| against n over the widths where the residual is
// resolved (|residual| > ResolvedZ SE), with its SE; Slope is NaN when
// fewer than two widths resolve it.
type Residual struct {
	Settings  ResidualSettings
	Widths    []int
	Resid, SE []float64
	Var       []float64 // the simulated variance
	Resolved  []bool
	Slope     float64
	SlopeSE   float64
	// Intercept is the fitted line's log |residual| at n = 1: the line
	// FitLine draws (NaN with Slope).
	Intercept float64
}

// ResolvedZ is the |residual|/SE above which a width enters the slope
// fit: below it log|residual| is dominated by noise.
const ResolvedZ = 2

// Validate returns an error wrapping ErrParam naming the first field out
// of range: the case's Settings, fewer than 2 Widths or one < 1, L < 1,
// Networks < 2.
func (r ResidualSettings) Validate() error {
	if err := param.AtLeast(ErrParam, param.Min("ResidualSettings.L", r.L, 1)); err != nil {
		return err
	}
	s := r.Case.Settings
	s.Depth = r.L // the depth the check runs to
	if err := s.Validate(); err != nil {
		return err
	}
	if err := param.AtLeast(ErrParam, param.Min("len(ResidualSettings.Widths)", len(r.Widths), 2), param.Min("ResidualSettings.L", r.L, 1), param.Min("ResidualSettings.Networks", r.Networks, 2)); err != nil {
		return err
	}
	for i, n := range r.Widths {
		if n < 1 {
			return param.Err(ErrParam, fmt.Sprintf("ResidualSettings.Widths[%d]", i), n, "an integer >= 1")
		}
	}
	return nil
}

// Run simulates the case at every width to depth L and fits the slope.
func (r ResidualSettings) Run() (Residual, error) {
	if err := r.Validate(); err != nil {
		return Residual{}, err
	}
	s := r.Case.Settings
	s.Depth = r.L
	ls, err := s.Layers()
	if err != nil {
		return Residual{}, err
	}
	out := Residual{Settings: r, Widths: r.Widths, Slope: math.NaN(), SlopeSE: math.NaN(), Intercept: math.NaN()}
	var xs, ys, ws []float64
	for wi, n := range r.Widths {
		q, err := s.Sample(SimSettings{Width: n, Networks: r.Networks, Seed: r.Seed + uint64(wi), Workers: r.Workers})
		if err != nil {
			return Residual{}, err
		}
		m := Stats(q)[r.L-1]
		d := m.Var - ls[r.L-1].Var(n)
		ok := math.Abs(d) > ResolvedZ*m.VarSE
		out.Resid, out.SE, out.Var, out.Resolved = append(out.Resid, d), append(out.SE, m.VarSE), append(out.Var, m.Var), append(out.Resolved, ok)
		if ok {
			// Var log|d| ≈ (SE/d)².
			xs, ys, ws = append(xs, math.Log(float64(n))), append(ys, math.Log(math.Abs(d))), append(ws, (d/m.VarSE)*(d/m.VarSE))
		}
	}
	if len(xs) >= 2 {
		out.Slope, out.SlopeSE, out.Intercept, _ = empirical.WeightedLine(xs, ys, ws)
	}
	return out, nil
}

// FitLine returns the fitted power law |residual| = e^Intercept n^Slope at
// the widths ns (the weighted line of ResidualSettings.Run, which passes
// through the weighted centre of the resolved widths); nil when no slope
// was fitted (Slope NaN).
func (r Residual) FitLine(ns []float64) []float64 {
	if math.IsNaN(r.Slope) {
		return nil
	}
	out := make([]float64, len(ns))
	for i, n := range ns {
		out[i] = math.Exp(r.Intercept + r.Slope*math.Log(n))
	}
	return out
}

// LogNormalVarRelSE is the relative SE √((κ − 1)/nets) of the sample
// variance of nets draws of a log-normal law with log-variance s2, κ =
// e^{4s²} + 2e^{3s²} + 3e^{2s²} − 3 its kurtosis: whether a sample
// variance of such a law is a measurement is read from the law, not the
// sample (a heavy-tailed sample understates its own fourth-moment SE).
func LogNormalVarRelSE(s2 float64, nets int) float64 {
	k := math.Exp(4*s2) + 2*math.Exp(3*s2) + 3*math.Exp(2*s2) - 3
	return math.Sqrt((k - 1) / float64(nets))
}
