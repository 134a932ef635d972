package shapednet

import (
	"fmt"
	"math"

	"github.com/sigprop/sigprop/lib/block"
	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/lib/result"
)

// Fig4Degenerate is sigprop's reading of "degenerate" and "stable" in
// Fig. 4's claim (papers.Noci2023Fig4Ablation.Text), in decades of the change of mean |V¹²| over
// the depth: an ablation's covariance is degenerate when it has decayed
// or grown by at least this many decades (a factor of a million over the
// 150 layers; the layer-1 noise of a stable network moves it by O(1)),
// and the shaped attention stays stable when it has changed by less. The
// bar was set with the notes' description of Fig. 4 in view
// (lib/sources/noci2023.md: the covariance without identity decays like
// 2^{-ℓ}, without centering it overflows within 20 layers, and the
// shaped mean |V¹²| is dominated by a few networks whose λ_max passes 100
// by layer 150), not from a pilot on other seeds. At the paper's setting the shaped
// mean |V¹²| grows from 0.2 to 261 (3.1 decades, those few networks; a
// stricter bar of 3 decades would fail it), the ablations change by 10.6
// to 45 decades.
const Fig4Degenerate = 6

// Fig4Collapse is the mean |ρ_d| above which the shaped attention is read
// as collapsed (the vanilla and temperature-only runs reach 0.99 within
// tens of layers).
const Fig4Collapse = 0.9

// Fig4Runs are the runs of Fig. 4: shaped attention and its ablations, one
// run each, of one depth, width, γ, τ₀ and number of networks.
type Fig4Runs []*Run

// sizes is the common setting of f; it panics on no runs or runs at
// different settings (a caller bug).
func (f Fig4Runs) sizes() Fig4Sizes {
	if len(f) == 0 {
		panic("shapednet: Fig4Runs: no runs")
	}
	r0 := f[0]
	s := Fig4Sizes{Width: r0.Config.Width, Depth: r0.Depth, Nets: r0.Nets, Gamma: r0.Config.Gamma, Tau0: r0.Config.Tau0}
	for i, r := range f {
		if r.Nets != s.Nets || r.Depth != s.Depth || r.Config.Width != s.Width || r.Config.Gamma != s.Gamma {
			panic(fmt.Sprintf("shapednet: Fig4Runs: run %d has %d networks of depth %d, width %d, γ = %g; run 0 %d of depth %d, width %d, γ = %g",
				i, r.Nets, r.Depth, r.Config.Width, r.Config.Gamma, s.Nets, s.Depth, s.Width, s.Gamma))
		}
	}
	return s
}

// record is f's record: its settings, the first run's seed, AtPaper at
// Fig4's sizes.
func (f Fig4Runs) record() result.Record {
	s, p := f.sizes(), Fig4()
	return result.Record{Params: map[string]float64{"width": float64(s.Width), "depth": float64(s.Depth), "gamma": s.Gamma, "tau0": s.Tau0, "rho0": f[0].InitialCorr(0, 1), "networks": float64(s.Nets)},
		Seed: f[0].Seed, HasSeed: true, AtPaper: s == Fig4(),
		NotPaper: fmt.Sprintf("a claim of the paper read at its setting (width %d, depth %d, γ = %s, τ₀ = %g, %d networks); here width %d, depth %d, γ = %.4g, τ₀ = %g, %d networks",
			p.Width, p.Depth, GammaText(p.Gamma), p.Tau0, p.Nets, s.Width, s.Depth, s.Gamma, s.Tau0, s.Nets)}
}

// covDecades is the change of log₁₀ mean |V¹²| of r from layer 0 to its
// last.
func covDecades(r *Run) float64 { return math.Log10(r.MeanAbsCov[r.Depth] / r.MeanAbsCov[0]) }

// CorrCurves is figure fig4-left (Fig. 4 left): mean |ρ_ℓ| against layer
// of each run, with the claim that the shaped attention does not collapse
// (mean |ρ_d| at most Fig4Collapse), read at Fig4's sizes only
// (PaperOnly).
func (f Fig4Runs) CorrCurves() result.Curves {
	rec, s := f.record(), f.sizes()
	c := result.Curves{Caption: fmt.Sprintf("Mean |ρ_ℓ| for shaped attention and its ablations (%d networks each, γ = %s, τ₀ = %g).", s.Nets, GammaText(s.Gamma), s.Tau0),
		X: result.Axis{Label: "layer ℓ"}, Y: result.Axis{Label: "mean |ρ_ℓ|"}, Record: rec}
	if rec.AtPaper {
		c.Caption = fmt.Sprintf("Mean |ρ_ℓ| for shaped attention and its ablations (%d networks each): only the full shaped attention stays non-degenerate.", s.Nets)
	}
	for _, r := range f {
		c.Lines = append(c.Lines, result.Line{Name: fmt.Sprintf("%s (%d stopped)", PaperName(r.Config.Attention), r.NumStopped()), Role: result.SimulatedTrace, X: empirical.Ints(0, r.Depth), Y: r.MeanAbsCorr})
		if r.Config.Attention == block.Shaped {
			c.Checks = append(c.Checks, result.Check{Name: "Fig. 4: shaped attention does not collapse, mean |ρ_d|", Kind: result.Claim, Value: r.MeanAbsCorr[r.Depth], Tol: Fig4Collapse, Rule: result.AtMost, PaperOnly: true,
				Basis: "collapse read as mean |ρ| above 0.9 (the vanilla and temperature-only runs reach 0.99 within tens of layers)", Statement: papers.Noci2023Fig4Ablation})
		}
	}
	return c
}

// CovCurves is figure fig4-right (Fig. 4 right): mean |V¹²_ℓ| against
// layer of each run on a log scale, with the claims of Fig. 4 on the
// covariance, read at Fig4's sizes only (PaperOnly): for each of the
// paper's individual removals present (no identity: the covariance
// decays; no centering, no temperature, identity only: it explodes) the
// change of log₁₀ mean |V¹²| from layer 0 to the last against
// ±Fig4Degenerate, and for the shaped attention (the central claim) |that
// change| below Fig4Degenerate.
func (f Fig4Runs) CovCurves() result.Curves {
	rec := f.record()
	c := result.Curves{Caption: "Mean |V¹²_ℓ| (log scale) for shaped attention and its ablations.",
		X: result.Axis{Label: "layer ℓ"}, Y: result.Axis{Label: "mean |V¹²_ℓ|", Log: true}, Record: rec}
	if rec.AtPaper {
		c.Caption = "Mean |V¹²_ℓ| (log scale): decay without the identity, explosion without centering or with the standard temperature."
	}
	basis := fmt.Sprintf("'degenerate' = mean |V¹²| changed by at least %d decades over the depth, 'stable' = by less (sigprop's reading of the paper's words, shapednet.Fig4Degenerate)", Fig4Degenerate)
	for _, r := range f {
		a, name, d := r.Config.Attention, PaperName(r.Config.Attention), covDecades(r)
		c.Lines = append(c.Lines, result.Line{Name: name, Role: result.SimulatedTrace, X: empirical.Ints(0, r.Depth), Y: r.MeanAbsCov})
		stopped := fmt.Sprintf("%d of %d networks stopped", r.NumStopped(), r.Nets)
		switch a {
		case block.Shaped:
			c.Checks = append(c.Checks, result.Check{Name: "Fig. 4: shaped attention stays stable, |log₁₀ mean |V¹²_d| / mean |V¹²_0||", Kind: result.Claim, Value: math.Abs(d), Tol: Fig4Degenerate, Rule: result.AtMost,
				Basis: basis, Statement: papers.Noci2023Fig4Ablation, Central: true, Note: stopped, PaperOnly: true})
		case block.ShapedNoIdentity:
			c.Checks = append(c.Checks, result.Check{Name: "Fig. 4: without the identity the covariance decays, log₁₀ mean |V¹²_d| / mean |V¹²_0|", Kind: result.Claim, Value: d, Tol: -Fig4Degenerate, Rule: result.AtMost,
				Basis: basis, Statement: papers.Noci2023Fig4Ablation, PaperOnly: true})
		case block.ShapedNoCenter, block.NoTemperature, block.IdentityOnly:
			c.Checks = append(c.Checks, result.Check{Name: "Fig. 4: " + name + ": the covariance explodes, log₁₀ mean |V¹²_d| / mean |V¹²_0|", Kind: result.Claim, Value: d, Tol: Fig4Degenerate, Rule: result.AtLeast,
				Basis: basis, Statement: papers.Noci2023Fig4Ablation, Note: stopped, PaperOnly: true})
		}
	}
	return c
}
