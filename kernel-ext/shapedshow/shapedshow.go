package shapedshow

import (
	"fmt"
	"math"
	"slices"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/block"
	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/lib/shapednet"
)

// want panics with a "shapedshow:" message unless ok: a caller bug, such as
// runs of one call at different settings. It never pins a setting: at
// settings other than the paper's a figure claims nothing (show.AtPaper).
func want(ok bool, format string, args ...any) { show.Want(ok, "shapedshow", format, args...) }

// OneStep shows table one-step-cov (one attention layer: n·Var(V₁) of the
// networks against Σ of Theorem 4.2 with and without 𝒜), the z check of
// the ratios against 1 and the claim that without 𝒜 they exceed 1.2. The
// z check neglects the O(n^{-1/2}) bias, ≤ 1% at n = 1024, below 4 SE for
// up to 50 000 networks: it applies at width 1024 with at most that many;
// the claim applies at the paper's setting (γ = 1, τ₀ = 0.5, the 3×3 V₃,
// 50 000 networks of width 1024).
func OneStep(o shapednet.OneStepCov) show.View {
	c := o.Config
	paper := o.At(shapednet.CheckOneStep())
	at := "V₃"
	if !paper {
		at = fmt.Sprintf("V₀ (%d entries)", len(o.Pairs))
	}
	se, one := show.Map(o.Ratio, func(float64) float64 { return o.RatioSE }), show.Map(o.Ratio, func(float64) float64 { return 1 })
	tab := show.Columns(bundle.Table{ID: "one-step-cov", Caption: fmt.Sprintf("One attention layer at %s (γ = %g, τ₀ = %g, n = %d, %s networks): n·Var(V₁) vs Theorem 4.2", at, c.Gamma, c.Tau0, o.Width, shapednet.Spaced(o.Nets)),
		Header: []string{"entry", "n·Var(V₁)", "Σ (with 𝒜)", "ratio", "Σ without 𝒜", "ratio"}}, o.Entries, o.NVar, o.Sigma, o.Ratio, o.NoA, o.RatioNoA)
	if !paper {
		tab.Caption += show.YourSettings
	}
	return show.View{show.Tab(tab),
		show.PaperCheck(show.MaxZ(show.Agreement{Name: "n·Var(V₁)/Σ against 1 (with 𝒜)", Tol: 4, Figure: "one-step-cov", Paper: papers.Noci2023OneStep.Text,
			Basis: fmt.Sprintf("SE of a variance ratio √(2/(N−1)) = %.4f for near-Gaussian entries, N = %s networks; the O(n^{-1/2}) bias is ≤ 1%% at n = 1024 (lib/sources/noci2023.md#check-12)", o.RatioSE, shapednet.Spaced(o.Nets))}, o.Ratio, se, one),
			o.Width == 1024 && o.Nets <= 50000, fmt.Sprintf("the test neglects the O(n^{-1/2}) bias, shown ≤ 1%% only at n = 1024 and below 4 SE for up to 50 000 networks; here n = %d, %d networks", o.Width, o.Nets)),
		show.PaperCheck(show.Agreement{Name: "without 𝒜: min n·Var(V₁)/(γ²(2−γ²)Σ_lin) − 1", Kind: show.Claim, Value: slices.Min(o.RatioNoA) - 1, Tol: 0.2, Rule: show.AtLeast,
			Basis: "lib/sources/noci2023.md#check-12: dropping 𝒜 gives ratios 1.3–2.5; 0.2 is 30 SE of a ratio", Figure: "one-step-cov", Note: "the attention term 𝒜 is needed"},
			paper, fmt.Sprintf("a claim of the notes (lib/sources/noci2023.md) read at γ = 1, τ₀ = 0.5, V₃, n = 1024, 50 000 networks; here γ = %g, τ₀ = %g, %d entries, n = %d, %d networks", c.Gamma, c.Tau0, len(o.Pairs), o.Width, o.Nets))}
}

// Fig4 shows figures fig4-left and fig4-right (Fig. 4: mean |ρ_ℓ| and mean
// |V¹²_ℓ| of shaped attention and its ablations, one run each, of one
// depth, width, γ and number of networks; the seed shown is runs[0]'s).
// They claim Fig. 4 only at the paper's setting: width 300, depth 150,
// γ = 1/√2, τ₀ = 1, 8192 networks each.
func Fig4(runs []*shapednet.Run) show.View {
	want(len(runs) > 0, "Fig4: no runs")
	nets, depth, width, gamma, seed := runs[0].Nets, runs[0].Depth, runs[0].Config.Width, runs[0].Config.Gamma, runs[0].Seed
	var corr, cov []show.Series
	for i, r := range runs {
		a := r.Config.Attention
		want(r.Nets == nets && r.Depth == depth && r.Config.Width == width && r.Config.Gamma == gamma, "Fig4: run %d has %d networks of depth %d, width %d, γ = %g; run 0 %d of depth %d, width %d, γ = %g",
			i, r.Nets, r.Depth, r.Config.Width, r.Config.Gamma, nets, depth, width, gamma)
		corr = append(corr, show.Series{Name: fmt.Sprintf("%s (%d stopped)", shapednet.PaperName(a), r.NumStopped()), X: empirical.Ints(0, r.Depth), Y: r.MeanAbsCorr})
		cov = append(cov, show.Series{Name: shapednet.PaperName(a), X: empirical.Ints(0, r.Depth), Y: r.MeanAbsCov})
	}
	tau0 := runs[0].Config.Tau0
	paper := shapednet.Fig4Sizes{Width: width, Depth: depth, Nets: nets, Gamma: gamma, Tau0: tau0} == shapednet.Fig4()
	params := map[string]float64{"width": float64(width), "depth": float64(depth), "gamma": gamma, "tau0": tau0, "rho0": runs[0].InitialCorr(0, 1), "networks": float64(nets)}
	left := fmt.Sprintf("Mean |ρ_ℓ| for shaped attention and its ablations (%d networks each, γ = %s, τ₀ = %g).", nets, shapednet.GammaText(gamma), tau0)
	right := "Mean |V¹²_ℓ| (log scale) for shaped attention and its ablations."
	if paper {
		left = "Mean |ρ_ℓ| for shaped attention and its ablations (8192 networks each): only the full shaped attention stays non-degenerate."
		right = "Mean |V¹²_ℓ| (log scale): decay without the identity, explosion without centering or with the standard temperature."
	}
	return append(show.View{show.Fig(show.AtPaper(show.Figure{ID: "fig4-left", Paper: papers.Claim(papers.Noci2023Fig4), PaperNote: "left",
		Caption: left, XLabel: "layer ℓ", YLabel: "mean |ρ_ℓ|", Series: corr, Legend: show.BottomRight, Params: params, Seed: show.Seed(seed)}, paper)),
		show.Fig(show.AtPaper(show.Figure{ID: "fig4-right", Paper: papers.Claim(papers.Noci2023Fig4), PaperNote: "right",
			Caption: right, XLabel: "layer ℓ", YLabel: "mean |V¹²_ℓ|", LogY: true, Series: cov, Legend: show.TopLeft, Params: params, Seed: show.Seed(seed)}, paper))},
		fig4Claims(runs, paper, fmt.Sprintf("a claim of the paper read at its setting (width 300, depth 150, γ = 1/√2, τ₀ = 1, 8192 networks); here width %d, depth %d, γ = %.4g, τ₀ = %g, %d networks", width, depth, gamma, tau0, nets))...)
}

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

// fig4Claims are the claim checks of Fig. 4 on runs (in any order): for
// each of the paper's individual removals present (no identity: the
// covariance decays; no centering, no temperature, identity only: it
// explodes), the change of log₁₀ mean |V¹²| from layer 0 to the last
// against ±Fig4Degenerate, and for the shaped attention (the central
// claim) |that change| below Fig4Degenerate and mean |ρ_d| at most 0.9
// (not collapsed). They apply at the paper's setting only (PaperCheck).
func fig4Claims(runs []*shapednet.Run, paper bool, why string) show.View {
	var v show.View
	change := func(r *shapednet.Run) float64 {
		return math.Log10(r.MeanAbsCov[r.Depth] / r.MeanAbsCov[0])
	}
	basis := fmt.Sprintf("'degenerate' = mean |V¹²| changed by at least %d decades over the depth, 'stable' = by less (sigprop's reading of the paper's words, shapedshow.Fig4Degenerate)", Fig4Degenerate)
	for _, r := range runs {
		a, name := r.Config.Attention, shapednet.PaperName(r.Config.Attention)
		d := change(r)
		switch a {
		case block.Shaped:
			v = append(v, show.PaperCheck(show.Agreement{Name: "Fig. 4: shaped attention stays stable, |log₁₀ mean |V¹²_d| / mean |V¹²_0||", Kind: show.Claim, Value: math.Abs(d), Tol: Fig4Degenerate, Rule: show.AtMost,
				Figure: "fig4-right", Basis: basis, Paper: papers.Noci2023Fig4Ablation.Text, Central: true, Note: fmt.Sprintf("%d of %d networks stopped", r.NumStopped(), r.Nets)}, paper, why),
				show.PaperCheck(show.Agreement{Name: "Fig. 4: shaped attention does not collapse, mean |ρ_d|", Kind: show.Claim, Value: r.MeanAbsCorr[r.Depth], Tol: 0.9, Rule: show.AtMost,
					Figure: "fig4-left", Basis: "collapse read as mean |ρ| above 0.9 (the vanilla and temperature-only runs reach 0.99 within tens of layers)", Paper: papers.Noci2023Fig4Ablation.Text}, paper, why))
		case block.ShapedNoIdentity:
			v = append(v, show.PaperCheck(show.Agreement{Name: "Fig. 4: without the identity the covariance decays, log₁₀ mean |V¹²_d| / mean |V¹²_0|", Kind: show.Claim, Value: d, Tol: -Fig4Degenerate, Rule: show.AtMost,
				Figure: "fig4-right", Basis: basis, Paper: papers.Noci2023Fig4Ablation.Text}, paper, why))
		case block.ShapedNoCenter, block.NoTemperature, block.IdentityOnly:
			v = append(v, show.PaperCheck(show.Agreement{Name: "Fig. 4: " + name + ": the covariance explodes, log₁₀ mean |V¹²_d| / mean |V¹²_0|", Kind: show.Claim, Value: d, Tol: Fig4Degenerate, Rule: show.AtLeast,
				Figure: "fig4-right", Basis: basis, Paper: papers.Noci2023Fig4Ablation.Text, Note: fmt.Sprintf("%d of %d networks stopped", r.NumStopped(), r.Nets)}, paper, why))
		}
	}
	return v
}
