package shapednet

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/lib/result"
)

// This file gives results of notebook 05 as the result kinds of
// lib/result, drawn by kernel-ext/render, deciding with the sizes'
// comparisons (Fig1PreLN) whether they are the notebook's own settings.

// sub writes n with subscript digits: 150 → ₁₅₀.
func sub(n int) string {
	return strings.Map(func(r rune) rune { return '₀' + r - '0' }, strconv.Itoa(n))
}

// PreLNCurves is figure fig1-preln: the mean token correlation by layer of
// Pre-LN with true LayerNorm, full networks ln (points), against the
// RMS-norm reduced chain, networks rms (a line), of one depth and width,
// and the check that the two final means agree within 4.5 SE: at the
// notebook's sizes (Fig1PreLN: 8 and 1024 networks of width 200, depth
// 150) the SE of the LayerNorm mean, the RMS mean being 11× more precise;
// at other sizes the SE of the difference. The width and seed recorded
// are ln's. Runs of different depths or widths are a caller bug: it
// panics.
func PreLNCurves(ln, rms *Run) result.Curves {
	if ln.Depth != rms.Depth || ln.Config.Width != rms.Config.Width {
		panic(fmt.Sprintf("shapednet: PreLNCurves: depths %d and %d, widths %d and %d", ln.Depth, rms.Depth, ln.Config.Width, rms.Config.Width))
	}
	depth, width := ln.Depth, ln.Config.Width
	paper := PreLNSizes{Width: width, Depth: depth, LNNets: ln.Nets, RMSNets: rms.Nets} == Fig1PreLN()
	se := ln.MeanCorrSE[depth] // of the compared mean over networks and pairs
	tol, basis := 4.5*se, fmt.Sprintf("4.5 SE of the %d-network LayerNorm mean (SE = %.4f; the RMS mean over %d networks is %.0f× more precise)", ln.Nets, se, rms.Nets, math.Sqrt(float64(rms.Nets)/float64(ln.Nets)))
	if !paper {
		seRMS := rms.MeanCorrSE[depth]
		tol, basis = 4.5*math.Hypot(se, seRMS), fmt.Sprintf("4.5 SE of the difference (SE %.4f from %d LayerNorm networks, %.4f from %d RMS networks)", se, ln.Nets, seRMS, rms.Nets)
	}
	return result.Curves{
		Caption: fmt.Sprintf("Pre-LN Transformer: true LayerNorm (%d full networks) vs RMS normalisation (%d reduced-chain networks).", ln.Nets, rms.Nets),
		X:       result.Axis{Label: "layer ℓ"}, Y: result.Axis{Label: "mean ρ_ℓ"},
		Lines: []result.Line{
			{Name: "LayerNorm, full network", Role: result.Simulated, X: result.Index(len(ln.MeanCorr)), Y: ln.MeanCorr},
			// A simulation too, drawn as a line: the precise reference
			// the few full networks are read against.
			{Name: "RMS norm, reduced chain", Role: result.SimulatedTrace, X: result.Index(len(rms.MeanCorr)), Y: rms.MeanCorr}},
		Checks: []result.Check{{Name: "Pre-LN: LayerNorm − RMS mean ρ" + sub(depth), Kind: result.SimulationVsSimulation,
			Value: ln.MeanCorr[depth] - rms.MeanCorr[depth], Tol: tol, Basis: basis}},
		Record: result.Record{Params: map[string]float64{"width": float64(width), "depth": float64(depth), "rho0": ln.InitialCorr(0, 1)},
			Seed: ln.Seed, HasSeed: true, AtPaper: paper},
	}
}

// ExplosionCounts is table explosion: per γ, the SDE paths (of paths)
// that stopped at the coarse and the fine step, the PSD-projected ones,
// and the networks that reached their stop radius, at the settings ex
// records. It reproduces no paper table. No rows, or rows of different
// settings, are a caller bug: it panics.
func ExplosionCounts(ex []Explosion, paths int) result.Table {
	if len(ex) == 0 {
		panic("shapednet: ExplosionCounts: no γ")
	}
	e0 := ex[0]
	t := result.Table{Caption: fmt.Sprintf("Shaped attention at T = %g from ρ₀ = %g: SDE paths and networks that blow up", e0.T, e0.Rho0),
		Header: []string{"γ", fmt.Sprintf("SDE stopped (‖V‖_F ≥ %s), h = %g", radius(e0.SDEStopRadius), e0.Step), fmt.Sprintf("SDE PSD-projected paths, h = %g", e0.Step),
			fmt.Sprintf("SDE stopped, h = %g", e0.Step/10), fmt.Sprintf("networks with V^{αα} ≥ %s", radius(e0.NetStopRadius))},
		Record: result.Record{NoPaperFigure: true}}
	for _, e := range ex {
		if e.T != e0.T || e.Rho0 != e0.Rho0 || e.Step != e0.Step || e.SDEStopRadius != e0.SDEStopRadius || e.NetStopRadius != e0.NetStopRadius {
			panic(fmt.Sprintf("shapednet: ExplosionCounts: rows of different settings: %+v and %+v", e0, e))
		}
		t.Rows = append(t.Rows, []string{fmt.Sprintf("%.3f", e.Gamma), fmt.Sprintf("%d / %d", e.SDEStopped, paths),
			fmt.Sprintf("%d", e.SDEProjected), fmt.Sprintf("%d / %d", e.SDEStoppedFine, paths), fmt.Sprintf("%d / %d", e.NetStopped, paths)})
	}
	return t
}

// radius writes a stop radius, a power of ten as 1e4.
func radius(r float64) string {
	if e := math.Log10(r); e == math.Round(e) && e >= 3 {
		return fmt.Sprintf("1e%d", int(e))
	}
	return fmt.Sprintf("%g", r)
}

// stopRecord is the record of figures fig5-left and fig5-right: b's
// settings, seed, and whether they are Fig5's.
func (b StopByGamma) stopRecord() result.Record {
	c, st := b.Config, b.Study
	paper := b.At(Fig5())
	return result.Record{Params: map[string]float64{"width": float64(c.Width), "depth": float64(c.Depth), "tau0": c.Tau0, "m": float64(st.M), "networks": float64(st.Nets), "token_sd": st.TokenSD},
		Seed: b.Seed, HasSeed: true, AtPaper: paper,
		NotPaper: fmt.Sprintf("a claim of the paper read at γ = 0.05…0.5 with 100 networks of width and depth 200; here γ = %v, %d networks of width %d, depth %d", b.Gamma, st.Nets, c.Width, c.Depth)}
}

// TraceCurves is figure fig5-left (Fig. 5 left): λ_max(V_ℓ) by layer of
// one network per γ, on a log scale.
func (b StopByGamma) TraceCurves() result.Curves {
	st, rec := b.Study, b.stopRecord()
	caption := fmt.Sprintf("λ_max(V_ℓ) of one network per γ from a large initialisation (token SD %g), until an eigenvalue leaves [%g, %g].", st.TokenSD, st.Lo, st.Hi)
	if rec.AtPaper {
		caption = "λ_max(V_ℓ) of one network per γ from an adversarially large initialisation (token norms ≈ 10√n), until an eigenvalue leaves [1e-4, 1e4]."
	}
	var lines []result.Line
	for i, g := range b.Gamma {
		// Simulated traces of single networks, drawn as lines.
		lines = append(lines, result.Line{Name: fmt.Sprintf("γ = %g", g), Role: result.SimulatedTrace, X: result.Index(len(b.Trace[i])), Y: b.Trace[i]})
	}
	return result.Curves{Caption: caption, X: result.Axis{Label: "layer ℓ"}, Y: result.Axis{Label: "λ_max(V_ℓ)", Log: true}, Lines: lines, Record: rec}
}

// TimeCurves is figure fig5-right (Fig. 5 right): the median (± SE) and
// 10th percentile of the stopping time t* against γ, and the claim that
// the median falls by at least 4 SE from the first γ to the last (at the
// settings of Fig5 only).
func (b StopByGamma) TimeCurves() result.Curves {
	st, rec := b.Study, b.stopRecord()
	caption := fmt.Sprintf("Stopping time t* = d*/n (capped at 1) vs γ: median (±1 SE) and 10th percentile over %d networks.", st.Nets)
	claim := result.Check{Name: "Fig. 5: median t*(γ = 0.5) − median t*(γ = 0.05), in SE", Kind: result.Claim, Tol: -4, Rule: result.AtMost,
		Basis: "a fall of at least 4 SE (SE of each median by empirical.QuantileSE over 100 networks)", Note: "the paper: smaller γ delays the instability",
		Statement: papers.Noci2023Fig5Gamma, Central: true, PaperOnly: true}
	if rec.AtPaper {
		caption = "Stopping time t* = d*/n (capped at 1) vs γ: median (±1 SE) and 10th percentile over 100 networks. Smaller γ delays the instability."
		claim.Value = b.DiffZ(0, len(b.Gamma)-1)
	}
	return result.Curves{Caption: caption, X: result.Axis{Label: "γ"}, Y: result.Axis{Label: "t*"},
		Lines: []result.Line{{Name: "median", Role: result.SimulatedLine, X: b.Gamma, Y: b.Median, SE: b.MedianSE},
			{Name: "10th percentile", Role: result.SimulatedLine, X: b.Gamma, Y: b.P10}},
		Checks: []result.Check{claim}, Record: rec}
}

// GammaText writes γ as the paper does when it is 1/√2 or 1/√8.
func GammaText(g float64) string {
	switch g {
	case 1 / math.Sqrt2:
		return "1/√2"
	case 1 / math.Sqrt(8):
		return "1/√8"
	}
	return fmt.Sprintf("%.4g", g)
}

// Fig1LeftCurves is figure fig1-left (Fig. 1 left): the mean token
// correlation by layer of the shaped Transformer, vanilla softmax
// attention and Pre-LN, runs in that order, of one depth, m and number of
// networks (the width, γ, τ₀ and seed recorded are the shaped run's),
// with the claims that the shaped Transformer keeps ρ₀ (within 4.5 SE of
// its last mean, the central claim) and that vanilla attention collapses
// by layer 50. The record claims Fig. 1, and the claims apply, only at
// Fig1's sizes. Runs that are not three of one depth, m and number of
// networks are a caller bug: it panics.
func Fig1LeftCurves(runs []*Run) result.Curves {
	if len(runs) != 3 {
		panic(fmt.Sprintf("shapednet: Fig1LeftCurves: %d runs, want 3 (shaped, vanilla, Pre-LN)", len(runs)))
	}
	names := []string{"shaped Transformer", "vanilla softmax, no LN", "Pre-LN (RMS norm)"}
	r0 := runs[0]
	depth, nets, m := r0.Depth, r0.Nets, r0.M
	width, gamma, seed := r0.Config.Width, r0.Config.Gamma, r0.Seed
	var lines []result.Line
	for i, r := range runs {
		if r.Nets != nets || r.Depth != depth || r.M != m {
			panic(fmt.Sprintf("shapednet: Fig1LeftCurves: run %d has %d networks, depth %d, m = %d; run 0 %d, %d, %d", i, r.Nets, r.Depth, r.M, nets, depth, m))
		}
		// Simulated means, drawn as lines.
		lines = append(lines, result.Line{Name: names[i], Role: result.SimulatedTrace, X: result.Index(r.Depth + 1), Y: r.MeanCorr})
	}
	rho0 := r0.InitialCorr(0, 1)
	tau0 := r0.Config.Tau0
	paper := Fig1Sizes{Width: width, Depth: depth, Nets: nets, M: m, Rho0: rho0, Gamma: gamma, Tau0: tau0} == Fig1()
	// The SE of the checked mean over networks and token pairs (the same
	// as the first pair's at m = 2, not for m > 2).
	se := r0.MeanCorrSE[depth]
	caption := fmt.Sprintf("Mean token correlation vs layer: the shaped Transformer (γ = %s, τ₀ = %g), vanilla softmax attention and Pre-LN, from ρ₀ = %g. %d networks each, m = %d.", GammaText(gamma), tau0, rho0, nets, m)
	collapse := result.Check{Name: "vanilla: 1 − mean ρ₅₀", Kind: result.Claim, Tol: 0.01, Rule: result.AtMost,
		Basis: "lib/sources/noci2023.md#check-23: mean ρ above 0.99 by layer 50", Note: "rank collapse of vanilla softmax attention", Statement: papers.Noci2023Fig1Vanilla, PaperOnly: true}
	if paper {
		caption = "Mean token correlation vs layer: the shaped Transformer keeps ρ near ρ₀ = 0.2, vanilla softmax attention collapses (ρ → 1), Pre-LN slows the collapse only. 4096 networks each, m = 2."
		collapse.Value = 1 - runs[1].MeanCorr[50]
	}
	return result.Curves{Caption: caption, X: result.Axis{Label: "layer ℓ"}, Y: result.Axis{Label: "mean ρ_ℓ"}, Lines: lines,
		Checks: []result.Check{{Name: "shaped Transformer: mean ρ" + sub(depth) + " − ρ₀", Kind: result.Claim, Value: r0.MeanCorr[depth] - rho0, Tol: 4.5 * se,
			Basis: fmt.Sprintf("4.5 SE, SE = %.4f from %d networks", se, nets), Note: "the shaped Transformer keeps the mean correlation at ρ₀ (lib/sources/noci2023.md#check-23)",
			Statement: papers.Noci2023Fig1Shaped, Central: true, PaperOnly: true}, collapse},
		Record: result.Record{Params: map[string]float64{"width": float64(width), "depth": float64(depth), "gamma": gamma, "tau0": tau0, "rho0": rho0, "c_minus": r0.Config.CMinus, "networks": float64(nets)},
			Seed: seed, HasSeed: true, AtPaper: paper,
			NotPaper: fmt.Sprintf("a claim of the paper read at width 200, depth 150, 4096 networks, m = 2, ρ₀ = 0.2, γ = 1/√8, τ₀ = 1; here width %d, depth %d, %d networks, m = %d, ρ₀ = %g, γ = %s, τ₀ = %g", width, depth, nets, m, rho0, GammaText(gamma), tau0)},
	}
}

// Spaced writes n ≥ 10 000 with a thin space between thousands, as the
// captions write sample counts: 50000 → "50 000", 8192 → "8192".
func Spaced(n int) string {
	if n < 10000 {
		return strconv.Itoa(n)
	}
	return Spaced(n/1000) + fmt.Sprintf(" %03d", n%1000)
}

// Q95Curves is figure fig3-right (Fig. 3 right): the 95th percentile of
// |ρ_T| against γ, of the networks (± SE) and of the 1-D correlation SDE,
// and the z check of the networks' percentiles against the SDE's, the SE
// of each by empirical.QuantileSE combined in quadrature. The record
// claims Fig. 3 only at Fig3's sizes (CorrLaws.At). Laws of no γ, or not
// one per γ, are a caller bug: it panics.
func (l CorrLaws) Q95Curves() result.Curves {
	if len(l.Net) != len(l.Gamma) || len(l.Net) == 0 {
		panic(fmt.Sprintf("shapednet: Q95Curves: %d laws for %d γ", len(l.Net), len(l.Gamma)))
	}
	width, depth := l.Config.Width, l.Config.Depth
	nets, paths := len(l.Net[0]), len(l.SDE[0])
	paper := l.At(Fig3())
	qNN, seNN, qSDE, se := l.AbsQuantile(0.95)
	caption := "95th percentile of |ρ_T| vs residual weight γ (network with ±1 SE bars)."
	if paper {
		caption = "95th percentile of |ρ_T| vs residual weight γ (network with ±1 SE bars). γ = 1 is the MLP without skips, γ = 0.1 = 1/√d the stable-ResNet scaling."
	}
	return result.Curves{Caption: caption, X: result.Axis{Label: "γ"}, Y: result.Axis{Label: "q₉₅(|ρ_T|)"},
		Lines: []result.Line{{Name: "network", Role: result.Simulated, X: l.Gamma, Y: qNN, SE: seNN}, {Name: "SDE", Role: result.SimulatedLine, X: l.Gamma, Y: qSDE}},
		Checks: []result.Check{{Name: "Fig. 3 right: q₉₅(|ρ|), network against SDE", Kind: result.SimulationVsSimulation, Test: result.MaxZ, Tol: 4,
			Statement: papers.Noci2023Fig3SDE, Central: true, Points: &result.Points{Y: qNN, SE: se, Theory: qSDE},
			Basis: fmt.Sprintf("SE of each q₉₅ by empirical.QuantileSE (%d networks, %s SDE paths), combined in quadrature", nets, Spaced(paths))}},
		Record: result.Record{Params: map[string]float64{"width": float64(width), "depth": float64(depth), "rho0": l.Rho0, "c_plus": l.Config.CPlus, "c_minus": l.Config.CMinus, "networks": float64(nets), "paths": float64(paths)},
			Seed: l.NetSeed, HasSeed: true, AtPaper: paper},
	}
}
