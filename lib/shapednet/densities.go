package shapednet

import (
	"fmt"
	"strconv"

	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/lib/result"
	"github.com/sigprop/sigprop/lib/sde"
)

// This file gives the laws of notebook 05's networks against their SDEs
// as result kinds (lib/result, drawn by kernel-ext/render): densities of
// several pairs in one figure, each with its KS check, and the KS
// distance against width.

// KSLevel is the level of every KS check of a network's law against its
// SDE's: the check fails by sampling error alone with probability ≈
// 0.1% (empirical.KSCritical).
const KSLevel = 0.001

// densityBins is the histograms' bins on the figures' ranges (the kernel
// density estimates at 4·densityBins + 1 points).
const densityBins = 40

// ks is the KS check of the pair keyed key (or of its own samples s, when
// not nil) at KSLevel, a comparison of two simulations testing statement.
func ks(name, key string, s *result.Samples, note string, statement *papers.Statement, central bool) result.Check {
	return result.Check{Name: name, Kind: result.SimulationVsSimulation, Test: result.KS, Sim: key, Samples: s, Alpha: KSLevel,
		Note: note, Statement: statement, Central: central}
}

// fig1Right is whether nn and r ran at Fig1Right's sizes, the text the
// captions add at other settings, and the SDE's stopped paths in words.
func fig1Right(nn *Run, r *sde.Result) (paper bool, at, stops string) {
	if r.M != nn.M {
		panic(fmt.Sprintf("shapednet: Fig. 1 right: a network of m = %d tokens against an SDE of m = %d", nn.M, r.M))
	}
	c := nn.Config
	paper = Fig1RightSizes{Width: c.Width, Depth: nn.Depth, Nets: nn.Nets, Paths: r.Paths, Step: r.Step, T: r.T, Rho0: nn.InitialCorr(0, 1), Gamma: c.Gamma, Tau0: c.Tau0} == Fig1Right()
	// At other settings the captions say the γ and τ₀ run (the paper's
	// captions do not state them).
	if !paper {
		at = fmt.Sprintf(", γ = %s, τ₀ = %g", GammaText(c.Gamma), c.Tau0)
	}
	return paper, at, fmt.Sprintf("SDE: %d of %d paths stopped, %d with PSD projections", r.NumStopped(), r.Paths, r.NumPSDViolating())
}

// Fig1RightDensities is figure fig1-right-m<m> (Fig. 1 right): the law of
// ρ¹²_T of the shaped-attention networks nn (histogram and KDE) against
// the Theorem 4.2 SDE paths r (KDE), with its KS check (central at
// m = 2). It claims Fig. 1 only at Fig1Right's sizes; the KS check
// applies at any. The width, γ and seed recorded are nn's. Runs of
// different m (a caller bug) panic.
func Fig1RightDensities(nn *Run, r *sde.Result) result.Densities {
	paper, at, stops := fig1Right(nn, r)
	c, m := nn.Config, nn.M
	return result.Densities{
		Caption: fmt.Sprintf("Density of ρ¹²_T, shaped-attention network (n = %d, d = %d) vs Theorem 4.2 SDE (h = %g), m = %d tokens, T = %g%s. %s.", c.Width, nn.Depth, r.Step, m, r.T, at, stops),
		X:       result.Axis{Label: "ρ¹²"}, Lo: -1, Hi: 1, Bins: densityBins,
		Pairs:  []result.DensityPair{{Key: "ρ", Name: "network", Sample: nn.FinalCorr(0, 1), Draw: result.DrawBoth, RefName: "SDE (KDE)", Ref: r.FiniteCorr(0, 1)}},
		Checks: []result.Check{ks(fmt.Sprintf("Fig. 1 right, m = %d: KS(network ρ, SDE ρ)", m), "ρ", nil, stops, papers.Noci2023Fig1Right, m == 2)},
		Record: result.Record{Params: map[string]float64{"width": float64(c.Width), "depth": float64(nn.Depth), "gamma": c.Gamma, "tau0": c.Tau0, "rho0": nn.InitialCorr(0, 1),
			"m": float64(m), "step": r.Step, "samples": float64(nn.Nets)}, Seed: nn.Seed, HasSeed: true, AtPaper: paper},
	}
}

// Fig7Densities is figure fig7 (Fig. 7): the law of the covariance V¹²_T
// of two-token networks nn against the SDE paths r, with the KS checks of
// V¹² (central) and of V¹¹ (not drawn). It claims Fig. 7 only at
// Fig1Right's sizes. Runs of m other than 2 (a caller bug) panic.
func Fig7Densities(nn *Run, r *sde.Result) result.Densities {
	if nn.M != 2 {
		panic(fmt.Sprintf("shapednet: Fig7Densities: m = %d, want 2", nn.M))
	}
	paper, at, stops := fig1Right(nn, r)
	c := nn.Config
	return result.Densities{
		Caption: fmt.Sprintf("Density of the covariance V¹²_T (not the correlation), network vs SDE, m = 2, T = %g%s.", r.T, at),
		X:       result.Axis{Label: "V¹²"}, Lo: -1, Hi: 2, Bins: densityBins,
		Pairs: []result.DensityPair{{Key: "V¹²", Name: "network", Sample: nn.FinalEntry(0, 1), Draw: result.DrawBoth, RefName: "SDE (KDE)", Ref: r.Entry(0, 1)}},
		Checks: []result.Check{ks("Fig. 7: KS(network V¹², SDE V¹²)", "V¹²", nil, stops, papers.Noci2023Fig7Law, true),
			ks("Fig. 7: KS(network V¹¹, SDE V¹¹)", "", &result.Samples{X: nn.FinalEntry(0, 0), Y: r.Entry(0, 0)}, stops, papers.Noci2023Fig7Law, false)},
		Record: result.Record{Params: map[string]float64{"width": float64(c.Width), "depth": float64(nn.Depth), "gamma": c.Gamma, "samples": float64(nn.Nets)},
			Seed: nn.Seed, HasSeed: true, AtPaper: paper},
	}
}

// TransformerTDensities is figure transformer-T: the full shaped
// Transformer nets[i] (all of one width and γ; histograms) against the
// Corollary 4.3 SDE paths sdes[i] (KDEs) at their times T, with a KS
// check per T. It is at the notebook's settings when TransformerT's. The
// width, γ and seed recorded are nets[0]'s. Runs of different widths or
// γ, or unequal numbers of runs (a caller bug), panic.
func TransformerTDensities(nets []*Run, sdes []*sde.Result) result.Densities {
	if len(nets) != len(sdes) || len(sdes) == 0 {
		panic(fmt.Sprintf("shapednet: TransformerTDensities: %d runs, %d SDE results", len(nets), len(sdes)))
	}
	c, m, rho0 := nets[0].Config, nets[0].M, nets[0].InitialCorr(0, 1)
	d := result.Densities{X: result.Axis{Label: "ρ¹²_T"}, Lo: -1, Hi: 1, Bins: densityBins}
	Ts := make([]float64, len(sdes))
	for i, r := range sdes {
		nn, T := nets[i], r.T
		if nn.Config.Width != c.Width || nn.Config.Gamma != c.Gamma {
			panic(fmt.Sprintf("shapednet: TransformerTDensities: run %d has width %d, γ = %g; run 0 %d, %g", i, nn.Config.Width, nn.Config.Gamma, c.Width, c.Gamma))
		}
		Ts[i] = T
		key := strconv.FormatFloat(T, 'g', -1, 64)
		d.Pairs = append(d.Pairs, result.DensityPair{Key: key, Name: fmt.Sprintf("network, T = %g", T), Sample: nn.FinalCorr(0, 1), RefName: fmt.Sprintf("SDE, T = %g", T), Ref: r.FiniteCorr(0, 1)})
		d.Checks = append(d.Checks, ks(fmt.Sprintf("shaped Transformer, T = %g: KS(network, SDE)", T), key, nil,
			fmt.Sprintf("n = %d, d = %d; SDE h = %g, stopped %d, PSD-projected %d of %d paths", c.Width, nn.Depth, r.Step, r.NumStopped(), r.NumPSDViolating(), r.Paths), papers.Noci2023Cor43, false))
	}
	paper := TransformerTSizes{Width: c.Width, M: m, Gamma: c.Gamma, Tau0: c.Tau0, CMinus: c.CMinus, Step: sdes[0].Step, Ts: Ts}.At(TransformerT())
	d.Caption = fmt.Sprintf("Shaped Transformer (Eq. 11, histograms) vs Corollary 4.3 SDE (KDE, dashed) at %d depth-to-width ratios, width %d, m = %d, γ = %s, τ₀ = %g, c₋ = %g.", len(Ts), c.Width, m, GammaText(c.Gamma), c.Tau0, c.CMinus)
	if paper {
		d.Caption = "Shaped Transformer (Eq. 11, histograms) vs Corollary 4.3 SDE (KDE, dashed) at three depth-to-width ratios, width 100, m = 2, γ = 1/√8, c₋ = −1."
	}
	d.Record = result.Record{Params: map[string]float64{"width": float64(c.Width), "gamma": c.Gamma, "tau0": c.Tau0, "c_minus": c.CMinus, "rho0": rho0}, Seed: nets[0].Seed, HasSeed: true, AtPaper: paper}
	return d
}

// LeftDensities is figure fig3-left (Fig. 3 left): the KDEs of ρ_T of the
// shaped-ReLU ResNet and of the 1-D correlation SDE, a pair per γ, each
// with its KS check. It claims Fig. 3 only at Fig3's sizes (At). Width,
// depth and the seed recorded (the networks') come from l. A result
// without laws (a caller bug) panics.
func (l CorrLaws) LeftDensities() result.Densities {
	if len(l.Net) != len(l.Gamma) || len(l.SDE) != len(l.Gamma) || len(l.Net) == 0 {
		panic(fmt.Sprintf("shapednet: LeftDensities: %d and %d laws for %d γ", len(l.Net), len(l.SDE), len(l.Gamma)))
	}
	width, depth := l.Config.Width, l.Config.Depth
	nets, paths := len(l.Net[0]), len(l.SDE[0])
	paper := l.At(Fig3())
	d := result.Densities{X: result.Axis{Label: "ρ_T"}, Lo: -1, Hi: 1, Bins: densityBins,
		Record: result.Record{Params: map[string]float64{"width": float64(width), "depth": float64(depth), "rho0": l.Rho0, "c_plus": l.Config.CPlus, "c_minus": l.Config.CMinus,
			"networks": float64(nets), "paths": float64(paths)}, Seed: l.NetSeed, HasSeed: true, AtPaper: paper}}
	for i, g := range l.Gamma {
		key := strconv.Itoa(i)
		d.Pairs = append(d.Pairs, result.DensityPair{Key: key, Name: fmt.Sprintf("network, γ = %.3g", g), Sample: l.Net[i], Draw: result.DrawKDE, RefName: fmt.Sprintf("SDE, γ = %.3g", g), Ref: l.SDE[i]})
		d.Checks = append(d.Checks, ks(fmt.Sprintf("Fig. 3, γ = %.3g: KS(network ρ, 1-D SDE ρ)", g), key, nil, fmt.Sprintf("n = %d, d = %d; SDE h = %g", width, depth, l.Step), papers.Noci2023Fig3SDE, false))
	}
	d.Caption = fmt.Sprintf("KDE of ρ_T for the shaped-ReLU ResNet (solid, %d networks per γ) and the 1-D correlation SDE (dashed, %s paths, h = %g).", nets, Spaced(paths), l.Step)
	if paper {
		d.Caption = "KDE of ρ_T for the shaped-ReLU ResNet (solid, 8192 networks per γ) and the 1-D correlation SDE (dashed, 20 000 paths, h = 0.001); larger γ spreads the correlations towards ±1."
	}
	return d
}

// Curves is figure ks-vs-width: the KS distance between the laws of ρ_T
// of the networks at each width (shaped attention, γ) and the SDE paths
// (whose defined correlations are k.Ref), with the critical value at
// KSLevel, and the KS check at the last width (sample k.Last, not drawn).
// Widths, γ, the number of networks and the seed (the SDE's) come from k;
// it is at the notebook's settings when KSVersusWidth's.
func (k KSWidths) Curves() result.Curves {
	r, nets := k.SDE, k.Settings.Nets
	widths := make([]float64, len(k.Settings.Widths))
	for i, w := range k.Settings.Widths {
		widths[i] = float64(w)
	}
	if len(k.KS) != len(widths) || len(widths) == 0 {
		panic(fmt.Sprintf("shapednet: KSWidths.Curves: %d distances for %d widths", len(k.KS), len(widths)))
	}
	T, wl, gamma := r.T, widths[len(widths)-1], k.Settings.Config.Gamma
	crit := make([]float64, len(widths))
	for i := range crit {
		crit[i] = empirical.KSCritical(nets, len(k.Ref), KSLevel)
	}
	stops := fmt.Sprintf("SDE: %d of %d paths stopped (finite-time explosion), %d PSD-projected", r.NumStopped(), r.Paths, r.NumPSDViolating())
	params := map[string]float64{"T": T, "gamma": gamma, "networks": float64(nets), "paths": float64(r.Paths)}
	if md, ok := r.Process.(sde.Model); ok {
		params["tau0"] = md.Tau0
	}
	return result.Curves{
		Caption: fmt.Sprintf("KS distance between network and SDE laws of ρ_T at T = %g vs width (depth = %g·width), shaped attention, γ = %s. %s.", T, T, GammaText(gamma), stops),
		X:       result.Axis{Label: "width n", Log: true}, Y: result.Axis{Label: "KS distance"},
		Lines: []result.Line{{Name: "KS(network, SDE)", Role: result.SimulatedLine, X: widths, Y: k.KS},
			{Name: "0.1% critical value", Role: result.Reference, X: widths, Y: crit}},
		Checks: []result.Check{ks(fmt.Sprintf("KS(network, SDE) at width %g", wl), "", &result.Samples{X: k.Last, Y: k.Ref},
			fmt.Sprintf("T = %g; KS by width %g…%g: %.3f", T, widths[0], wl, k.KS), papers.Noci2023Width, false)},
		Record: result.Record{Params: params, Seed: r.Seed, HasSeed: true, AtPaper: k.Settings.At(KSVersusWidth())},
	}
}
