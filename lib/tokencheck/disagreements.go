package tokencheck

import (
	"fmt"

	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/lib/result"
)

// The declarations of the two known disagreements of notebook 02, from
// the git history (issue 37): the commit that first carried each with
// its check, and where its result could already be read then. No pilot
// decided either; the data's seeds are set from the run by the checks
// that read it (WidthBias.Checks, PlaneAgreement.Checks).
var (
	// DeclaredFig2Norm: WidthBias's Fig. 2 norm bias at d = 64.
	DeclaredFig2Norm = result.Declaration{Commit: "caa0d03",
		Seen: "notebook 02 as of commit 73553ba, whose text quotes the 3–4% bias at layer 8 and d = 64 and whose check asserted it (z ≥ 3) from the same deterministic run at the reported seed"}
	// Fig5Large: the large-α shift of the λ_g planes (PlaneAgreement.Checks).
	Fig5Large = result.Disagreement{Paper: papers.Cowsik2024Fig5Match.Text + " (the two planes side by side, large α included)",
		Measured: "at α > 0.7 the d = 64 simulation lies below the corrected λ_g^(16), by up to 0.35 at a point",
		Why:      "the large-d theory drops finite-width terms that grow with the residual branches (at α = 0.9: simulation +0.255 ± 0.039 against +0.419); the paper's own d and its kink at (0.5, 2.25) do not follow from its stated equations either",
		Declared: result.Declaration{Commit: "caa0d03",
			Seen: "the stored grids notebooks/data/token-geometry/lg-alpha-sigma and lg-alphaA-alphaM (commits 0d92ca3, 25c680c), and notebook 02's text since commit 73553ba (the corrected theory overshoots the simulation at large α)"}}
)

// BiasZTol is the tolerance, in SE, of WidthBias's two checks.
const BiasZTol = 3

// Checks are the checks of the Fig. 2 norm bias at layer w.L at two
// widths d0, d1 (figure fig2-layers-sw<σ_w>), after one note per width
// (q/d simulated and in theory, the relative bias and d × bias, each ±
// SE): the relative bias at d0 within BiasZTol SE of its own run (the
// paper's claim that the simulation follows F, declared a known
// disagreement, Fig2Norm, with the run's seed as its data's: the large-d
// map drops a 1/d attention term), and the difference of d × bias
// between the two widths within BiasZTol SE (ScaledDiffZ), which a 1/d
// effect passes. Both apply at any settings (their SE is the run's own).
// It panics unless w has two widths.
func (w WidthBias) Checks() result.CheckList {
	if len(w.Widths) != 2 {
		panic(fmt.Sprintf("tokencheck: WidthBias.Checks needs a run at two widths, got %v", w.Widths))
	}
	m := w.Model
	var l result.CheckList
	for k, d := range w.Widths {
		l.Notes = append(l.Notes, fmt.Sprintf("d = %3d: layer-%d q/d sim %.4f ± %.4f, theory %.4f: relative bias %+.4f ± %.4f, d × bias %.2f ± %.2f\n",
			d, w.L, w.Sim[k], w.SimSE[k], w.Theory, w.Bias[k], w.BiasSE[k], float64(d)*w.Bias[k], float64(d)*w.BiasSE[k]))
	}
	d0, d1 := w.Widths[0], w.Widths[1]
	l.Checks = []result.Check{
		{Name: fmt.Sprintf("Fig. 2 σ_w=%g: relative bias of q/d at layer %d, d = %d, in SE", m.SigmaW, w.L, d0), Kind: result.TheoryVsSimulation,
			Value: w.Bias[0] / w.BiasSE[0], Tol: BiasZTol,
			Basis:        fmt.Sprintf("3 SE, SE from %d networks (P(|z| > 3) ≈ 0.3%% for one point)", w.Networks),
			Note:         fmt.Sprintf("bias %+.4f ± %.4f", w.Bias[0], w.BiasSE[0]),
			Disagreement: w.Fig2Norm()},
		{Name: fmt.Sprintf("Fig. 2 σ_w=%g: d × bias at d = %d minus at d = %d, in SE", m.SigmaW, d0, d1), Kind: result.SimulationVsSimulation,
			Value: w.ScaledDiffZ(0, 1), Tol: BiasZTol,
			Basis: fmt.Sprintf("3 SE of the difference, SE from %d networks per width: a 1/d bias has the same d × bias at both widths", w.Networks),
			Note:  fmt.Sprintf("d × bias: %.2f ± %.2f at d = %d, %.2f ± %.2f at d = %d", float64(d0)*w.Bias[0], float64(d0)*w.BiasSE[0], d0, float64(d1)*w.Bias[1], float64(d1)*w.BiasSE[1], d1)},
	}
	return l
}

// Fig2Norm is the known disagreement of the Fig. 2 norm bias at the first
// width of w (declared DeclaredFig2Norm, its DataSeeds w's seed): what it
// measures says the 3–4% of the paper's settings only there
// (WidthBias.AtFig2). It panics unless w has two widths.
func (w WidthBias) Fig2Norm() *result.Disagreement {
	m, d0, d1 := w.Model, w.Widths[0], w.Widths[1]
	measured := fmt.Sprintf("at σ_w = %g and d = %d the simulated q/d runs above the theory by 3–4%% at layer %d, many SE", m.SigmaW, d0, w.L)
	if !w.AtFig2() {
		measured = fmt.Sprintf("at σ_w = %g and d = %d the simulated q/d runs above the theory at layer %d (at the paper's n = 256, d = 64, layer 8 and σ_w = 1: by 3–4%%, many SE)", m.SigmaW, d0, w.L)
	}
	d := &result.Disagreement{Paper: papers.Cowsik2024Fig2Norm.Text, Measured: measured, Declared: DeclaredFig2Norm,
		Why: fmt.Sprintf("the large-d map drops the finite-d attention term (≈ α²σ_A²/d per block while tokens are nearly orthogonal), which accumulates over layers; the next metric checks that d × bias is the same at d = %d and %d, as a 1/d effect must", d0, d1)}
	return d.WithDataSeeds(w.Seeds.Seed)
}

// ShiftZTol is the tolerance, in SE, of the mean large-α shift of a λ_g
// plane (PlaneAgreement.Checks).
const ShiftZTol = 4

// Checks are the agreements of a simulated λ_g plane (figure id) with
// the corrected theory (GradientPlane): at moderate α the median |sim −
// theory| within FiniteWidthOffset, and the count of points beyond
// PlaneZ SE at most what noise alone allows (t law of an SE from few
// networks, binomial over the points); at large α the mean sim − theory
// within ShiftZTol SE, the paper's agreement, which is declared a known
// disagreement (Fig5Large, its DataSeeds the large-α points' seeds: the
// theory overshoots the d = 64 simulation).
func (a PlaneAgreement) Checks(id string) []result.Check {
	return []result.Check{
		{Name: id + ": median |sim − corrected λ_g^(16)|, moderate α", Kind: result.TheoryVsSimulation,
			Value: a.Median, Tol: FiniteWidthOffset, Note: fmt.Sprintf("%d points", a.Moderate),
			Basis: "the finite-width offset at moderate α (≈ 0.02 at d = 64), +50% (tokencheck.FiniteWidthOffset)", Statement: papers.Cowsik2024Fig5Match},
		{Name: fmt.Sprintf("%s: moderate-α points beyond %g SE of the corrected λ_g", id, float64(PlaneZ)), Kind: result.TheoryVsSimulation,
			Value: float64(a.Beyond), Tol: float64(a.Allowed), Rule: result.AtMost,
			Note: fmt.Sprintf("%d of %d points; the largest |Δ|/SE %.1f", a.Beyond, a.Moderate, a.Worst),
			Basis: fmt.Sprintf("an SE from %d networks has %d degrees of freedom: a point of an exact theory is beyond %g SE with chance P(|t_%d| > %g) = %.3f; tolerance the %g quantile of Binomial(%d, %.3f)",
				a.Networks, a.Networks-1, float64(PlaneZ), a.Networks-1, float64(PlaneZ), a.PBeyond, 1-PlaneLevel, a.Moderate, a.PBeyond), Statement: papers.Cowsik2024Fig5Match},
		{Name: id + ": mean sim − corrected λ_g at large α, in SE", Kind: result.TheoryVsSimulation,
			Value: a.Shift / a.ShiftSE, Tol: ShiftZTol, Note: fmt.Sprintf("mean %+.4f ± %.4f", a.Shift, a.ShiftSE),
			Basis:        "4 SE of the mean over the large-α points (SE pooled from each point's)",
			Disagreement: Fig5Large.WithDataSeeds(a.LargeSeeds...)},
	}
}
