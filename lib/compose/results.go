package compose

import (
	"fmt"
	"strconv"

	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/result"
)

// This file gives the checks of a composition as the result kinds of
// lib/result, drawn by kernel-ext/render. No composition is a paper
// figure (Record.NoPaperFigure).

// MaxZTol is the tolerance of the max |z| over the layers of a depth
// comparison. Each z has its SE from the networks, so it follows Student's
// t with networks − 1 degrees of freedom: with 24 networks and 25 layers
// P(max |z| > 4) ≤ 25·5.6e-4 ≈ 1.4e-2 under sampling error alone
// (Bonferroni; the basis states it for the run's own counts).
const MaxZTol = 4

// SlopeTol is the one-sided tolerance of the width check's Z.
const SlopeTol = 3

// bonferroniT bounds P(max of k |t_dof| > tol) by k·P(|t_dof| > tol).
func bonferroniT(tol float64, dof, k int) float64 {
	if dof < 1 {
		return 1
	}
	return min(1, float64(k)*empirical.TTail2(tol, dof))
}

func (b Block) params(nets int) map[string]float64 {
	return map[string]float64{"n": float64(b.N), "d": float64(b.D), "depth": float64(b.Depth), "networks": float64(nets)}
}

// Curves is the comparison as two depth curves, ρ and q/d against layer
// (the theory's trajectory and the simulation's mean ± SE), each with its
// max |z| check against MaxZTol (MaxZRho, MaxZQ), named name+": max |z|
// of ρ over depth" and name+": max |z| of q over depth". It panics on a
// comparison without its run (a caller bug).
func (c *Comparison) Curves(name string) (rho, q result.Curves) {
	if c == nil || c.Run == nil || len(c.Theory) != len(c.Run.Rho.Mean) {
		panic("compose: Curves: a comparison without its run")
	}
	b, r := c.Block, c.Run
	layers := empirical.Ints(0, b.Depth)
	nets := r.Settings.Nets
	fd := float64(b.D)
	scaled := func(x []float64) []float64 {
		y := make([]float64, len(x))
		for i, v := range x {
			y[i] = v / fd
		}
		return y
	}
	what := fmt.Sprintf("%s; n = %d, d = %d, %d networks, ρ⁰ = %g", b.Summary(), b.N, b.D, nets, r.Settings.Rho0)
	rec := result.Record{Params: b.params(nets), Seed: r.Settings.Seed, HasSeed: true, NoPaperFigure: true}
	basis := fmt.Sprintf("z from the SE over %d networks (Student's t, %d degrees of freedom); %g bounds the max of %d |z| at %.2g (Bonferroni)", nets, nets-1, float64(MaxZTol), len(layers), bonferroniT(MaxZTol, nets-1, len(layers)))
	rho = result.Curves{Caption: "Token correlation over depth, mean-field theory (line) and simulation (mean ± SE): " + what + ".",
		X: result.Axis{Label: "layer ℓ"}, Y: result.Axis{Label: "token correlation ρ"},
		Lines: []result.Line{{Name: "theory", Role: result.Theory, X: layers, Y: c.TheoryRho()},
			{Name: "simulation", Role: result.Simulated, X: layers, Y: r.Rho.Mean, SE: r.Rho.SE}},
		Checks: []result.Check{{Name: name + ": max |z| of ρ over depth", Kind: result.TheoryVsSimulation, Value: c.MaxZRho, Tol: MaxZTol,
			Rule: result.AtMost, Basis: basis, Note: "theory at infinite width, simulation at d = " + strconv.Itoa(b.D)}},
		Record: rec}
	q = result.Curves{Caption: "Squared token norm over depth, theory and simulation: " + what + ".",
		X: result.Axis{Label: "layer ℓ"}, Y: result.Axis{Label: "squared token norm q/d"},
		Lines: []result.Line{{Name: "theory", Role: result.Theory, X: layers, Y: scaled(c.TheoryQ())},
			{Name: "simulation", Role: result.Simulated, X: layers, Y: scaled(r.Q.Mean), SE: scaled(r.Q.SE)}},
		Checks: []result.Check{{Name: name + ": max |z| of q over depth", Kind: result.TheoryVsSimulation, Value: c.MaxZQ, Tol: MaxZTol,
			Rule: result.AtMost, Basis: basis + "; z = 0 where q is exact (after a post-norm) and agrees to 1e-9"}},
		Record: rec}
	return rho, q
}

// Curves is the width check as curves against d (log-log): the mean
// squared deviation of ρ from the theory ± SE, the fitted power law and
// the expected 1/d through the fit's weighted centre (Line), with the
// one-sided check Z <= SlopeTol named name+": slope of the deviation
// against 1/d". It panics on an incomplete check (a caller bug).
func (wc *WidthCheck) Curves(name string) result.Curves {
	if wc == nil || len(wc.Widths) != len(wc.MSD) || len(wc.Comparisons) != len(wc.Widths) || len(wc.Widths) == 0 {
		panic("compose: Curves: an incomplete width check")
	}
	ds := make([]float64, len(wc.Widths))
	for i, d := range wc.Widths {
		ds[i] = float64(d)
	}
	at := func(f func(float64) float64) []float64 {
		y := make([]float64, len(ds))
		for i, d := range ds {
			y[i] = f(d)
		}
		return y
	}
	b, nets := wc.Block, wc.Comparisons[0].Run.Settings.Nets
	return result.Curves{Caption: fmt.Sprintf("Width convergence: %s; n = %d, L = %d, %d networks per width. Fitted slope %.3f ± %.3f; 1/d expected.",
		b.Summary(), b.N, b.Depth, nets, wc.Slope, wc.SlopeSE),
		X: result.Axis{Label: "width d", Log: true}, Y: result.Axis{Label: "mean squared deviation of ρ from theory", Log: true},
		Lines: []result.Line{{Name: "simulation", Role: result.Simulated, X: ds, Y: wc.MSD, SE: wc.MSDSE},
			{Name: "fit", Role: result.Theory, X: ds, Y: at(wc.Line(wc.Slope))}, {Name: "1/d", Role: result.Theory, X: ds, Y: at(wc.Line(-1))}},
		Checks: []result.Check{{Name: name + ": slope of the deviation against 1/d", Kind: result.TheoryVsSimulation, Value: wc.Z, Tol: SlopeTol, Rule: result.AtMost,
			Basis: fmt.Sprintf("one-sided: (slope + 1)/SE, SE of the weighted log-log fit over %d widths (χ² %.2f on %d dof)", len(ds), wc.Chi2, len(ds)-2),
			Note:  "the deviation must shrink at least like 1/d (steeper: the O(1/d) bias of the means); a plateau means the theory misses the block"}},
		Record: result.Record{Params: map[string]float64{"n": float64(b.N), "depth": float64(b.Depth), "networks": float64(nets)},
			Seed: wc.Comparisons[0].Run.Settings.Seed, HasSeed: true, NoPaperFigure: true}}
}

// Plane is λ_a over the plane of the phase diagram, with the λ_a = 0
// contour (the edge of chaos) as the points where λ_a changes sign along
// each row, linearly interpolated. It panics on an incomplete grid.
func (p Phase) Plane() result.Plane {
	if len(p.Z) != len(p.X)*len(p.Y) {
		panic("compose: Plane: an incomplete phase diagram")
	}
	var ex, ey []float64
	for iy, y := range p.Y {
		for ix := 0; ix+1 < len(p.X); ix++ {
			a, c := p.At(ix, iy), p.At(ix+1, iy)
			if a*c < 0 {
				ex, ey = append(ex, p.X[ix]+(p.X[ix+1]-p.X[ix])*a/(a-c)), append(ey, y)
			}
		}
	}
	pl := result.Plane{Caption: fmt.Sprintf("Angle exponent λ_a of %s over (%s, %s), %d × %d points; λ_a = 0 (edge of chaos) marked. Blank: no collapsed fixed point.",
		p.Base.Summary(), p.XKey, p.YKey, len(p.X), len(p.Y)),
		X: result.Axis{Label: p.XKey}, Y: result.Axis{Label: p.YKey}, Xs: p.X, Ys: p.Y, Z: p.Z, ZName: "λ_a", ZLabel: "λ_a",
		Record: result.Record{NoPaperFigure: true}}
	if len(ex) > 0 {
		pl.Lines = []result.Line{{Name: "λ_a = 0", Role: result.Contour, X: ex, Y: ey}}
	}
	return pl
}

// SpecialCaseTol is the tolerance of the special cases' checks: rounding,
// the bound this package's tests use for identities that differ only in
// the order of arithmetic.
const SpecialCaseTol = 1e-12

// Checks are the special cases as checks (render.Checks): each difference
// of a paper's block, composed, from the paper's own function at most
// SpecialCaseTol, with what the rounding comes from and where it is read.
func (sc SpecialCases) Checks() []result.Check {
	check := func(name string, v float64, basis, note string) result.Check {
		return result.Check{Name: name, Kind: result.TheoryVsTheory, Value: v, Tol: SpecialCaseTol, Rule: result.AtMost, Basis: basis, Note: note}
	}
	return []result.Check{
		check("Cowsik's block: composed map vs tokengeom.F", sc.Map, "rounding: the same maps in another order of arithmetic", "max relative difference over 5 points"),
		check("Cowsik's block: composed λ_a vs tokengeom.LambdaA", sc.LambdaA, "rounding: the same transverse factors multiplied in another order", ""),
		check("Noci et al. 2022's block: composed ρ^ℓ vs rankcollapse.RhoDepth", sc.Rho, "rounding of 1 − p/q near ρ = 1", "no LN and post-LN, constant and 1/√L branches, 41 layers each"),
		check("shaped block: composed drift vs sde (Cor. 4.3)", sc.Drift, "rounding: index-form and matrix-form derivations of the same coefficient", "γ = 0.5, τ₀ = 0.8, c₋ = −1, m = 4"),
	}
}
