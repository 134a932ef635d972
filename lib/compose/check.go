package compose

import (
	"fmt"
	"math"

	"github.com/sigprop/sigprop/lib/empirical"
)

// Comparison sets the theory's trajectory beside a simulation of the same
// block over depth: per layer ℓ = 0..L, the theory's (q, p) from the
// run's input geometry (Q0, Rho0·Q0) and the z-scores
//
//	z_ℓ = |mean_ℓ − theory_ℓ|/SE_ℓ
//
// of the simulated q and ρ. A quantity the simulation makes exactly (q = d
// after a post-norm: no sampling error) has z = 0 when it agrees with the
// theory to 1e-9 relative and +Inf otherwise.
type Comparison struct {
	Block    Block
	Theory   []Point
	Run      *Run
	ZQ, ZRho []float64
	MaxZQ    float64
	MaxZRho  float64
}

// TheoryRho returns ρ = p/q of each theory point.
func (c *Comparison) TheoryRho() []float64 {
	out := make([]float64, len(c.Theory))
	for i, pt := range c.Theory {
		out[i] = pt.Rho()
	}
	return out
}

// TheoryQ returns q of each theory point.
func (c *Comparison) TheoryQ() []float64 {
	out := make([]float64, len(c.Theory))
	for i, pt := range c.Theory {
		out[i] = pt.Q
	}
	return out
}

// zScore is z = |m − t|/se, with the exact-quantity rule of Comparison.
func zScore(m, se, t float64) float64 {
	d := math.Abs(m - t)
	if se <= 1e-12*math.Abs(m) {
		if d <= 1e-9*math.Max(math.Abs(m), math.Abs(t)) {
			return 0
		}
		return math.Inf(1)
	}
	return d / se
}

// Compare runs the theory (Trajectory) and the simulation (Simulate) of b
// with settings s and returns them side by side. Errors: those of
// Trajectory (a block the theory does not cover) and of Simulate.
func Compare(b Block, s SimSettings) (*Comparison, error) { return compare(b, b, s) }

func compare(b, theory Block, s SimSettings) (*Comparison, error) {
	s = s.withDefaults(b)
	th, err := theory.Trajectory(s.Q0, s.Rho0*s.Q0)
	if err != nil {
		return nil, err
	}
	run, err := Simulate(b, s)
	if err != nil {
		return nil, err
	}
	c := &Comparison{Block: b, Theory: th, Run: run}
	for l, pt := range th {
		zq := zScore(run.Q.Mean[l], run.Q.SE[l], pt.Q)
		zr := zScore(run.Rho.Mean[l], run.Rho.SE[l], pt.Rho())
		c.ZQ, c.ZRho = append(c.ZQ, zq), append(c.ZRho, zr)
		c.MaxZQ, c.MaxZRho = math.Max(c.MaxZQ, zq), math.Max(c.MaxZRho, zr)
	}
	return c, nil
}

// WidthCheck is the width-convergence check of a block: at each width d of
// Widths the mean over networks of each network's squared deviation from
// the theory's correlation, averaged over the layers ℓ = 1..L,
//
//	MSD(d) = E (1/L) Σ_ℓ (ρ_net,ℓ − ρ_theory,ℓ)²,
//
// with its standard error, and the slope k of log MSD against log d by
// weighted least squares (weights from the SEs of log MSD, σ = SE/MSD),
// with its standard error. Where the theory is the d → ∞ limit, the
// deviation is the finite-width fluctuation, O(d^{−1/2}) per network, so
// MSD ~ 1/d: Expected = −1 (and the bias of the means, O(1/d), adds only
// O(d⁻²)). A theory that misses the block leaves a bias that does not
// shrink, and the slope flattens towards 0; at the widths a run can afford
// the bias term makes the slope steeper than −1, towards −2. So the metric
// is one-sided: Z = (k − Expected)/SE_k, the number of standard errors by
// which the deviation shrinks more slowly than 1/d, passes at Z <= 3 and
// fails when the deviation plateaus. Chi2 is the fit's χ² on
// len(Widths) − 2 degrees of freedom. In RMS terms, √MSD ~ d^{−1/2}.
type WidthCheck struct {
	Block          Block
	Widths         []int
	MSD, MSDSE     []float64
	MaxZRho        []float64     // Compare's max |z| of ρ at each width
	Comparisons    []*Comparison // Compare's result at each width
	Slope, SlopeSE float64
	Expected, Z    float64
	Chi2           float64
}

// CheckWidths runs Compare at each width of widths (b.WithWidth(d),
// s.Q0 = d) and fits the width-convergence slope. It needs at least three
// widths (two degrees of freedom for the fit's check).
func CheckWidths(b Block, widths []int, s SimSettings) (*WidthCheck, error) {
	return checkWidths(b, b, widths, s)
}

// checkWidths is CheckWidths with the theory taken from the block th
// (resized as b): tests hand it a wrong theory to see the check fail.
func checkWidths(b, th Block, widths []int, s SimSettings) (*WidthCheck, error) {
	if len(widths) < 3 {
		return nil, paramErr("widths", widths, "at least three widths")
	}
	wc := &WidthCheck{Block: b, Widths: widths, Expected: -1}
	var xs, ys, ws []float64
	for _, d := range widths {
		bd := b.WithWidth(d)
		sd := s
		sd.Q0 = float64(d)
		td := th
		td.D, td.FF.Hidden = bd.D, bd.FF.Hidden
		c, err := compare(bd, td, sd)
		if err != nil {
			return nil, fmt.Errorf("width %d: %w", d, err)
		}
		m, se := c.Run.msd(c.TheoryRho())
		if !(m > 0) || !(se > 0) {
			return nil, fmt.Errorf("compose: width %d: squared deviation %v ± %v has no logarithm", d, m, se)
		}
		wc.MSD, wc.MSDSE = append(wc.MSD, m), append(wc.MSDSE, se)
		wc.MaxZRho = append(wc.MaxZRho, c.MaxZRho)
		wc.Comparisons = append(wc.Comparisons, c)
		sig := se / m
		xs, ys, ws = append(xs, math.Log(float64(d))), append(ys, math.Log(m)), append(ws, 1/(sig*sig))
	}
	wc.Slope, wc.SlopeSE, _, wc.Chi2 = empirical.WeightedLine(xs, ys, ws)
	wc.Z = (wc.Slope - wc.Expected) / wc.SlopeSE
	return wc, nil
}

// Line returns the power law MSD ∝ d^k drawn through the weighted centre
// of the width fit,
//
//	MSD(d) = exp(ȳ + k (ln d − x̄)),  x̄ = Σw ln d / Σw,  ȳ = Σw ln MSD / Σw,
//
// with the fit's weights w = (MSD/SE)²: the fitted law at k = Slope, the
// expected finite-width law at k = Expected = −1. It panics unless the
// check has an MSD and an SE per width.
func (wc *WidthCheck) Line(k float64) func(d float64) float64 {
	if len(wc.MSD) != len(wc.Widths) || len(wc.MSDSE) != len(wc.Widths) || len(wc.Widths) == 0 {
		panic(fmt.Sprintf("compose: Line needs one MSD and SE per width, got %d widths, %d and %d", len(wc.Widths), len(wc.MSD), len(wc.MSDSE)))
	}
	var S, Sx, Sy float64
	for i, d := range wc.Widths {
		w := (wc.MSD[i] / wc.MSDSE[i]) * (wc.MSD[i] / wc.MSDSE[i])
		S, Sx, Sy = S+w, Sx+w*math.Log(float64(d)), Sy+w*math.Log(wc.MSD[i])
	}
	x0, y0 := Sx/S, Sy/S
	return func(d float64) float64 { return math.Exp(y0 + k*(math.Log(d)-x0)) }
}
