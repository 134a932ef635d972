package randmlp

import (
	"fmt"
	"math"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/lib/result"
)

// This file gives notebook 01's Fig. 3 CDFs (SlopeLawCurves) and the
// figures of its section "Beyond tanh" (an activation of the papers'
// successors run through the same theory and simulations:
// Chi1Points.EdgeCurves, LayerCheck.DivergentCurves, CriticalCurves) as
// result.Curves. The figures beyond tanh claim no paper figure.

// BeyondZTol is the |z| tolerance of the z checks of the figures beyond
// tanh; SlopeLawLevel the level of the DKW bound of SlopeLawCurves.
const (
	BeyondZTol    = 5
	SlopeLawLevel = 1e-3
)

// EdgeCurves is figure beyond-chi1: χ₁ on p.Phi's edge of chaos and
// p.Offset to either side of it, the mean-field theory at the points
// against finite networks (± SE), with the z check over the networks
// (MaxZNets, the mean over a network's units as the sample). It panics
// unless p has three points per σ_b² (below, on and above the edge).
func (p Chi1Points) EdgeCurves() result.Curves {
	if len(p.SigmaW2) == 0 || len(p.SigmaW2)%3 != 0 {
		panic(fmt.Sprintf("randmlp: Chi1Points.EdgeCurves: %d points, want 3 per σ_b² (below, on and above the edge)", len(p.SigmaW2)))
	}
	sim := fmt.Sprintf("N=%d simulation", p.Width)
	return result.Curves{Caption: fmt.Sprintf("χ₁ for %s at %d points of its edge of chaos (χ₁ = 1) and σ_w² ∓ %g beside each: mean-field theory and finite networks (±1 SE).", p.Phi, len(p.SigmaW2)/3, p.Offset),
		X: result.Axis{Label: "σ_w²"}, Y: result.Axis{Label: "χ₁"},
		Lines: []result.Line{{Name: "theory", Role: result.TheoryPoints, X: p.SigmaW2, Y: p.Theory}, {Name: sim, Role: result.Simulated, X: p.SigmaW2, Y: p.Mean, SE: p.SE}},
		Checks: []result.Check{{Name: fmt.Sprintf("%s: χ₁ on and beside the edge of chaos vs simulation: max |z|", p.Phi), Test: result.MaxZNets, Sim: sim, Theory: "theory", Tol: BeyondZTol,
			Nets: p.Nets, Unit: fmt.Sprintf("the mean over its %d units, which share its last-layer input", p.Width), Basis: fmt.Sprintf("%d units per point; 5 over %d points", p.Nets*p.Width, len(p.SigmaW2))}},
		Record: result.Record{Params: map[string]float64{"width": float64(p.Width), "depth": float64(p.Depth), "offset": p.Offset}, Seed: p.Seed, HasSeed: true, NoPaperFigure: true}}
}

// DivergentCurves is figure beyond-divergent: q^ℓ of c (a QCheckSettings
// run) on a log scale, the q-map against finite networks (± SE), with the
// z check over the networks (MaxZNets, BothInputs). It is drawn in the
// divergent region of c's activation, where q^ℓ grows without bound. It
// panics unless c has at least two layers.
func (c LayerCheck) DivergentCurves() result.Curves {
	if len(c.Layers) < 2 {
		panic(fmt.Sprintf("randmlp: LayerCheck.DivergentCurves: %d layers, want at least 2", len(c.Layers)))
	}
	m, last := c.MLP, len(c.Theory)-1
	sim := fmt.Sprintf("N=%d", m.Width)
	return result.Curves{Caption: fmt.Sprintf("%s at σ_w² = %g, σ_b² = %g (divergent region): q^ℓ grows without bound, from %.3g to %.3g over %d layers — the q-map (line) and finite networks (points, ±1 SE).",
		m.Phi.Name, m.SigmaW2, m.SigmaB2, c.Theory[0], c.Theory[last], len(c.Layers)),
		X: result.Axis{Label: "layer ℓ"}, Y: result.Axis{Label: "q^ℓ", Log: true},
		Lines: []result.Line{{Name: "q-map", Role: result.Theory, X: c.Layers, Y: c.Theory}, {Name: sim, Role: result.Simulated, X: c.Layers, Y: c.Mean, SE: c.SE}},
		Checks: []result.Check{{Name: fmt.Sprintf("%s in the divergent region: q^ℓ vs simulation, max |z|", m.Phi.Name), Test: result.MaxZNets, Sim: sim, Theory: "q-map", Tol: BeyondZTol,
			Nets: c.Nets, Unit: BothInputs, Basis: fmt.Sprintf("width %d; 5 over %d layers", m.Width, len(c.Layers))}},
		Record: result.Record{Params: map[string]float64{"sigma_w2": m.SigmaW2, "sigma_b2": m.SigmaB2, "width": float64(m.Width)}, Seed: c.Seed, HasSeed: true, NoPaperFigure: true}}
}

// CriticalCurves is figure beyond-spectrum: for each activation names[k],
// the CDF of the squared singular values of the input–output Jacobian at
// its edge of chaos, the limit law (a line) against two networks (cs[k],
// points), with the check of their KS distance against 2·D12 + 10/N (D12
// the KS distance between the two networks' spectra, their sampling
// spread; 10/N the finite-width edge). The seed is cs[0]'s. It panics on
// a caller bug: no spectra, names not one per spectrum, or spectra of
// different width, depth or σ_b².
func CriticalCurves(names []string, cs []CriticalSpectrum) result.Curves {
	if len(names) != len(cs) || len(cs) == 0 {
		panic(fmt.Sprintf("randmlp: CriticalCurves: %d names for %d spectra", len(names), len(cs)))
	}
	c0 := cs[0]
	out := result.Curves{Caption: fmt.Sprintf("CDF of the squared singular values of the input–output Jacobian at the edge of chaos (σ_b² = %g, orthogonal weights, L = %d): limit law (lines) and two networks of width %d (points).", c0.SigmaB2, c0.Depth, c0.Width),
		X: result.Axis{Label: "λ"}, Y: result.Axis{Label: "P(λ_JJᵀ ≤ λ)"},
		Record: result.Record{Params: map[string]float64{"sigma_b2": c0.SigmaB2, "depth": float64(c0.Depth), "width": float64(c0.Width)}, Seed: c0.Seed, HasSeed: true, NoPaperFigure: true}}
	for k, c := range cs {
		if c.Width != c0.Width || c.Depth != c0.Depth || c.SigmaB2 != c0.SigmaB2 {
			panic(fmt.Sprintf("randmlp: CriticalCurves: spectrum %d ran at width %d, depth %d, σ_b² %g; spectrum 0 at %d, %d, %g", k, c.Width, c.Depth, c.SigmaB2, c0.Width, c0.Depth, c0.SigmaB2))
		}
		out.Lines = append(out.Lines, result.Line{Name: fmt.Sprintf("%s, q* = %.3g", names[k], c.QStar), Role: result.Theory, X: c.X, Y: c.Theory},
			result.Line{Role: result.Simulated, X: c.X, Y: c.Empirical})
		out.Checks = append(out.Checks, result.Check{Name: fmt.Sprintf("%s: KS distance of the critical spectrum to 2 networks", names[k]), Kind: result.TheoryVsSimulation,
			Value: c.KS, Tol: 2*c.D12 + 10/float64(c.Width),
			Basis: fmt.Sprintf("2·D12 + 10/N: D12 = %.4f is the KS distance between the two networks' spectra (their sampling spread), 10/N the finite-width edge; %d eigenvalues", c.D12, c.Samples)})
	}
	return out
}

// SlopeLawCurves is figure fig3-<name> (Fig. 3 bottom row, as CDFs): the
// CDF of φ′(h), h ~ N(0, q*), for the activation name at each q* of laws
// (a line) against a network at the edge of chaos (points), with the
// check of the largest Kolmogorov distance over the laws against the DKW
// bound at level SlopeLawLevel for their samples (papers.TannerSlopeLaw).
// It claims Fig. 3 only at the lecture's settings (LectureSlopeLaws.Ran);
// the seed is laws[0]'s. It panics on a caller bug: no laws, or laws of
// different widths, sample counts, networks or grids.
func SlopeLawCurves(name string, laws []SlopeLaw) result.Curves {
	if len(laws) == 0 {
		panic("randmlp: SlopeLawCurves: no laws")
	}
	l0 := laws[0]
	c := result.Curves{Caption: fmt.Sprintf("Law of φ′(h), h ~ N(0, q*), for %s: CDF (lines) and a width-%d network at the edge of chaos (points).", name, l0.Width),
		X: result.Axis{Label: "t"}, Y: result.Axis{Label: "P(φ′(h) ≤ t)"},
		Record: result.Record{Params: map[string]float64{"width": float64(l0.Width)}, Seed: l0.Seed, HasSeed: true, AtPaper: LectureSlopeLaws(activation.Func{Name: name}).Ran(laws)}}
	worst := 0.0
	for j, l := range laws {
		if l.Width != l0.Width || l.Samples != l0.Samples || l.Nets != l0.Nets || len(l.T) != len(l0.T) {
			panic(fmt.Sprintf("randmlp: SlopeLawCurves: law %d ran %d networks of width %d (%d samples, %d points), law 0 %d of width %d (%d samples, %d points)",
				j, l.Nets, l.Width, l.Samples, len(l.T), l0.Nets, l0.Width, l0.Samples, len(l0.T)))
		}
		worst = math.Max(worst, empirical.MaxAbsDiff(l.CDF, l.ECDF))
		c.Lines = append(c.Lines, result.Line{Name: fmt.Sprintf("q* = %g", l.Q), Role: result.Theory, X: l.T, Y: l.CDF}, result.Line{Role: result.Simulated, X: l.T, Y: l.ECDF})
	}
	c.Checks = []result.Check{{Name: name + ": sup |CDF − empirical CDF| of φ′(h)", Kind: result.TheoryVsSimulation, Value: worst, Tol: empirical.DKW(l0.Samples, SlopeLawLevel), Statement: papers.TannerSlopeLaw,
		Basis: fmt.Sprintf("DKW bound at level 1e-3 for %d samples (%d networks × N = %d units of one input, independent given the network's last-layer input); the value is the largest Kolmogorov distance over %d q* on a %d-point grid", l0.Samples, l0.Nets, l0.Width, len(laws), len(l0.T))}}
	return c
}
