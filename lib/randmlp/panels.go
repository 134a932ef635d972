package randmlp

import (
	"fmt"
	"math"
	"slices"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/freeprob"
	"github.com/sigprop/sigprop/lib/jacspectrum"
	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/lib/result"
)

// This file gives the spectra of notebook 04 (the panels of P18 Figs. 2
// and 4 from stored samples, the Marchenko–Pastur check of a live run) as
// result.SampleCurves, with the checks of every sample against its theory
// (CheckFigure), drawn by kernel-ext/render.SampleCurves.

// SpectrumChecks are the checks of every sample of figure fig against its
// theory by CheckFigure(ss, c), the network as the sample unit: the KS
// distance of the continuous part of the spectrum (above the floor and
// off the atoms) against the DKW bound at level CheckAlpha for its
// eigenvalue count, then one check per counted region (the mass at λ ≤
// floor, which holds the atom at 0 of Bernoulli D², and the atom at
// σ_w^{2L} of orthogonal weights when the theory has one) against CheckZ
// model SDs of the count; each tests st (nil: none). A sample of the depth
// of one of deviations (declared known to deviate) has a KS check that
// carries the declared Disagreement, its DataSeeds the sample's draw
// seeds, in place of st (the Disagreement quotes the claim), and is
// followed by a SimulationVsSimulation check that the deviation shrinks
// with width: the KS at the sample's width over the KS of the same seeds
// at 2/5 of it (KSAtWidth), at most 1. Which checks are made never
// depends on the result. Each sample's comparison is its checks, or the
// line saying it was not compared when its theory solver failed (nothing
// to compare), in the order of ss. Errors: KSAtWidth's; a declared
// deviation of a sample whose theory solver failed. It panics on a
// deviation at a depth that ss does not have (a caller bug).
func SpectrumChecks(fig string, st *papers.Statement, ss []SpectrumSample, c freeprob.Continuation, deviations ...Deviation) ([]result.SampleChecks, error) {
	return spectrumChecks(fig, st, ss, c, nil, deviations...)
}

// spectrumChecks is SpectrumChecks with the supports known already
// (SpectrumSample.check).
func spectrumChecks(fig string, st *papers.Statement, ss []SpectrumSample, c freeprob.Continuation, known []knownSupport, deviations ...Deviation) ([]result.SampleChecks, error) {
	for _, d := range deviations {
		if !slices.ContainsFunc(ss, func(s SpectrumSample) bool { return s.Depth == d.Depth }) {
			panic(fmt.Sprintf("randmlp: a deviation is declared at L=%d, which figure %s does not have", d.Depth, fig))
		}
	}
	var out []result.SampleChecks
	for _, ch := range checkFigure(ss, c, known) {
		s := ch.Sample
		i := slices.IndexFunc(deviations, func(d Deviation) bool { return d.Depth == s.Depth })
		if ch.Err != nil {
			if i >= 0 {
				return nil, fmt.Errorf("randmlp: a deviation is declared at L=%d of figure %s, whose theory solver failed: %w", s.Depth, fig, ch.Err)
			}
			out = append(out, result.SampleChecks{NotCompared: fmt.Sprintf("%s L=%d: not compared, the theory solver failed: %v\n", fig, s.Depth, ch.Err)})
			continue
		}
		var checks []result.Check
		ks := result.Check{Name: SpectrumKSName(fig, s), Kind: result.TheoryVsSimulation, Value: ch.KS, Tol: ch.Tol, Statement: st,
			Basis: fmt.Sprintf("DKW bound at α = %g for n = %d eigenvalues of the continuous part (λ > %.3g = 10⁻⁶·max, off the atoms) of %d network(s) of width %d (%v each): each network counted as that many i.i.d. draws, which repelling eigenvalues vary less than", CheckAlpha, ch.N, ch.Floor, s.Draws, s.Width, ch.PerNetwork)}
		if i >= 0 {
			ks.Statement, ks.Disagreement = nil, deviations[i].Disagreement.WithDataSeeds(s.DrawSeeds()...)
		}
		checks = append(checks, ks)
		for _, at := range ch.Atoms {
			region := "mass at λ ≤ 10⁻⁶·max (with the atom at 0)"
			if at.Loc > 0 {
				region = fmt.Sprintf("atom at λ = σ_w^{2L} = %.4g", at.Loc)
			}
			checks = append(checks, result.Check{Name: fmt.Sprintf("%s L=%d: %s, |simulated − theory|", fig, s.Depth, region), Kind: result.TheoryVsSimulation,
				Value: at.Dev(), Tol: at.Tol, Rule: result.AtMost, Statement: st,
				Basis: fmt.Sprintf("%.4g model SDs of the pooled fraction, SD %.4g per network of width %d (binomial counts of active units, randmlp.SpectrumSample.CheckAgainst) over √%d networks, plus half an eigenvalue of the %d pooled; normal at α = %g", CheckZ, at.SD, s.Width, s.Draws, s.Width*s.Draws, CheckAlpha),
				Note:  fmt.Sprintf("counts %v of %d per network: fraction %.4f, theory %.4f", at.Counts, s.Width, at.Observed, at.Theory)})
		}
		if i < 0 {
			out = append(out, result.SampleChecks{Checks: checks})
			continue
		}
		w := s.Width * 2 / 5
		kw, err := s.KSAtWidth(w, c)
		if err != nil {
			return nil, err
		}
		checks = append(checks, result.Check{Name: ks.Name + ": the deviation shrinks with width", Kind: result.SimulationVsSimulation,
			Value: ch.KS / kw, Tol: 1, Rule: result.AtMost,
			Basis: fmt.Sprintf("a finite-width effect shrinks with width: KS at N = %d over KS at N = %d (same seeds) below 1", s.Width, w),
			Note:  fmt.Sprintf("KS %.4f at N = %d, %.4f at N = %d", ch.KS, s.Width, kw, w)})
		out = append(out, result.SampleChecks{Checks: checks})
	}
	return out, nil
}

// Deviation declares that the sample of depth Depth of a figure is known
// to miss its theory by more than sampling noise (a finite-width effect):
// its KS check carries Disagreement (declared in lib beside the figure's
// experiment, its DataSeeds left nil: SpectrumChecks sets them to the
// sample's draw seeds), and a second check tests that the KS shrinks with
// width (SpectrumChecks).
type Deviation struct {
	Depth        int
	Disagreement result.Disagreement
}

// SpectrumKSName is the name of the KS check of sample s of figure fig
// (SpectrumChecks): the check a declared Deviation is carried by.
func SpectrumKSName(fig string, s SpectrumSample) string {
	return fmt.Sprintf("%s L=%d: KS(N=%d simulation, theory), continuous part", fig, s.Depth, s.Width)
}

// DrawSeeds are the seeds of the draws of s: draw i is seeded by
// SplitMix64(Seed + i) (SpectrumSpec), named here by Seed + i.
func (s SpectrumSample) DrawSeeds() []uint64 {
	out := make([]uint64, s.Draws)
	for i := range out {
		out[i] = s.Seed + uint64(i)
	}
	return out
}

// SimLines are, for each sample, the histogram of its singular values s =
// √λ in 40 bins on [0, smax] (SingularValueHistogram of the pooled draws),
// as points named "N=<width> L=<depth>".
func SimLines(ss []SpectrumSample, smax float64) []result.Line {
	var lines []result.Line
	for _, s := range ss {
		c, d := SingularValueHistogram(s.Pooled(), empirical.Linspace(0, smax, 41))
		lines = append(lines, result.Line{Name: fmt.Sprintf("N=%d L=%d", s.Width, s.Depth), Role: result.Simulated, X: c, Y: d})
	}
	return lines
}

// Fig2Points is the number of points of a P18 Fig. 2 panel's theory
// curves, on (0, smax], unless Panels.Fig2Points sets another.
const Fig2Points = 150

// fig2Curves is a panel of P18 Fig. 2 (the figure fig): the singular-value
// density of the theory of each stored sample (jacspectrum.SingularValueDensity
// of SpectrumSample.Network, by continuation theory) on points points
// of (0, smax], then the samples' histograms (SimLines), with the checks
// of every sample (SpectrumChecks by continuation check, of
// papers.P18Fig2Overlay, with the declared deviations), in order, as its
// Samples. The stored samples are the figure's (notebooks/data/
// jacobian-spectra, which no parameter changes), so it claims it
// (Panels.Fig2 withdraws the claim when it leaves samples out). Errors:
// no sample, the theory's, SpectrumChecks's.
func fig2Curves(fig string, ss []SpectrumSample, smax float64, points int, theory, check freeprob.Continuation, deviations ...Deviation) (result.SampleCurves, error) {
	if len(ss) == 0 {
		return result.SampleCurves{}, fmt.Errorf("randmlp: no stored spectra for figure %q", fig)
	}
	xs := empirical.Linspace(smax/float64(points), smax, points)
	var lines []result.Line
	for _, s := range ss {
		n, err := s.Network()
		if err != nil {
			return result.SampleCurves{}, err
		}
		p, err := jacspectrum.SingularValueDensity(n, xs, theory)
		if err != nil {
			return result.SampleCurves{}, err
		}
		lines = append(lines, result.Line{Name: fmt.Sprintf("theory L=%d", s.Depth), Role: result.Theory, X: xs, Y: p})
	}
	samples, err := SpectrumChecks(fig, papers.P18Fig2Overlay, ss, check, deviations...)
	if err != nil {
		return result.SampleCurves{}, err
	}
	s0 := ss[0]
	return result.SampleCurves{Curves: result.Curves{
		Caption: fmt.Sprintf("Singular values of J at criticality: %s, %s weights, q* = %g; width-%d simulations.", s0.Phi, s0.Weights, s0.QStar, s0.Width),
		X:       result.Axis{Label: "s"}, Y: result.Axis{Label: "P(s)"},
		Lines:  append(lines, SimLines(ss, smax)...),
		Record: result.Record{Params: map[string]float64{"qstar": s0.QStar, "N": float64(s0.Width)}, Seed: s0.Seed, HasSeed: true, AtPaper: true},
	}, Samples: samples}, nil
}

// Fig4Sigma02 is σ₀² = σ²_{JJᵀ} of every network of P18 Fig. 4.
const Fig4Sigma02 = 0.25

// Fig4Depths are the depths of the theory curves of a panel of P18 Fig. 4:
// "the solid colored lines go from shallow L=2 networks (red) to deep
// networks (purple) ... the deepest networks have L=128" (P18, Fig. 4
// caption); the steps by factors of 4 are sigprop's choice, the span of
// ApproachLimit's rate check. A theory grid: the stored simulations
// (notebooks/data/jacobian-spectra) hold their own depths, 2, 3, 4, 8, 32
// and 128, which the panel draws as they are.
var Fig4Depths = []int{2, 8, 32, 128}

// Fig4ErfDepths extend Fig4Depths for erf: "For Erf, the dashed lines
// show solutions ... for very large depth up to L=8192" (P18, Fig. 4
// caption), again by factors of 4.
var Fig4ErfDepths = []int{2, 8, 32, 128, 512, 2048, 8192}

// Fig4Panel is a panel of P18 Fig. 4: the activation, its limit law and
// the depths of its theory curves, the predicted rate of approach, and
// how much a figure draws (the notebook's parameters cell sets Points,
// RatePoints and MaxDepth).
type Fig4Panel struct {
	Phi    activation.Func
	Limit  jacspectrum.Spectrum
	Depths []int   // the depths of the theory curves, increasing (the last a multiple of 4: ApproachLimit; CheckFig4Depths)
	Rate   float64 // the predicted exponent of KS ∝ L^{−ν} (F28): 1 for Bernoulli laws of φ′, ½ for erf
	// Points and RatePoints are the points of the theory curves (on
	// [0.005, 2]) and of the convergence check (on [0.05, 3]); MaxDepth is
	// the deepest stored sample drawn and checked (every shallower one
	// too). Each at least 1 (Points, RatePoints at least 2).
	Points, RatePoints, MaxDepth int
}

// Fig4RateShare is the share of the predicted rate the convergence check
// requires over one factor 4 in depth.
const Fig4RateShare = 0.8

// Validate returns an error wrapping ErrParam naming the first field out
// of range.
func (p Fig4Panel) Validate() error {
	switch {
	case p.Points < 2:
		return fmt.Errorf("%w: Fig4Panel.Points = %d, want >= 2", ErrParam, p.Points)
	case p.RatePoints < 2:
		return fmt.Errorf("%w: Fig4Panel.RatePoints = %d, want >= 2", ErrParam, p.RatePoints)
	case p.MaxDepth < 1:
		return fmt.Errorf("%w: Fig4Panel.MaxDepth = %d, want >= 1", ErrParam, p.MaxDepth)
	}
	return CheckFig4Depths(p.Depths)
}

// CheckFig4Depths returns an error wrapping ErrParam unless depths can be
// a Fig. 4 panel's theory depths: at least one, increasing from 1 or
// more, the last a multiple of 4 (the convergence check compares the
// theory at L/4 and L, L the last).
func CheckFig4Depths(depths []int) error {
	if len(depths) == 0 {
		return fmt.Errorf("%w: Fig4Panel.Depths is empty, want at least one depth", ErrParam)
	}
	for i, L := range depths {
		if L < 1 || i > 0 && L <= depths[i-1] {
			return fmt.Errorf("%w: Fig4Panel.Depths = %v, want depths >= 1 in increasing order", ErrParam, depths)
		}
	}
	if last := depths[len(depths)-1]; last%4 != 0 {
		return fmt.Errorf("%w: Fig4Panel.Depths = %v ends at %d, want the last depth a multiple of 4 (the convergence check runs from L/4 to L)", ErrParam, depths, last)
	}
	return nil
}

// upToDepth returns the stored samples of figure fig at depths up to
// maxDepth, in order: what a Fig. 2 or Fig. 4 panel draws and checks.
// It is an error when there is none.
func upToDepth(fig string, stored []SpectrumSample, maxDepth int) ([]SpectrumSample, error) {
	var ss []SpectrumSample
	for _, s := range stored {
		if s.Depth <= maxDepth {
			ss = append(ss, s)
		}
	}
	if len(ss) == 0 {
		return nil, fmt.Errorf("randmlp: figure %q needs stored spectra up to depth %d (got none of %d)", fig, maxDepth, len(stored))
	}
	return ss, nil
}

// Fig4PaperDepths are the theory depths P18 draws in the Fig. 4 panel of
// f: Fig4ErfDepths for erf, Fig4Depths for the others. A panel at other
// depths claims no paper figure.
func Fig4PaperDepths(f activation.Func) []int {
	if f.Name == activation.Erf().Name {
		return Fig4ErfDepths
	}
	return Fig4Depths
}

// Curves is the panel p of P18 Fig. 4 (the figure fig) at σ₀² =
// Fig4Sigma02: the singular-value density of the limit law on p.Points
// points of [0.005, 2] and each of its atoms (a point at s = √location of
// height its mass), the density of jacspectrum.AtSigma0 at each depth of
// p.Depths, then the stored samples up to depth p.MaxDepth (SimLines on
// [0, 2]). Its checks: the central TheoryVsTheory check that the theory
// approaches the limit at least at Fig4RateShare of the predicted rate
// (jacspectrum.ApproachLimit from the last depth over 4 to the last, on
// p.RatePoints points of [0.05, 3], papers.P18Fig4Rate); its Samples the
// SpectrumChecks of the drawn samples (papers.P18Fig4Spectra, with the
// declared deviations). A panel that leaves a stored sample out claims
// nothing. Errors: p out of range (ErrParam), no sample up to MaxDepth,
// the theory's, SpectrumChecks's.
func (p Fig4Panel) Curves(fig string, stored []SpectrumSample, theory, check freeprob.Continuation, deviations ...Deviation) (result.SampleCurves, error) {
	if err := p.Validate(); err != nil {
		return result.SampleCurves{}, err
	}
	ss, err := upToDepth(fig, stored, p.MaxDepth)
	if err != nil {
		return result.SampleCurves{}, err
	}
	xs := empirical.Linspace(0.005, 2, p.Points)
	d, err := jacspectrum.SingularValueDensity(p.Limit, xs, theory)
	if err != nil {
		return result.SampleCurves{}, err
	}
	lines := []result.Line{{Name: "limit law", Role: result.Theory, X: xs, Y: d}}
	for _, a := range p.Limit.Atoms() {
		lines = append(lines, result.Line{Name: fmt.Sprintf("limit atom, mass %.2f", a.Mass), Role: result.TheoryPoints, X: []float64{math.Sqrt(a.Loc)}, Y: []float64{a.Mass}})
	}
	for _, L := range p.Depths {
		n, err := jacspectrum.AtSigma0(p.Phi, L, Fig4Sigma02)
		if err != nil {
			return result.SampleCurves{}, err
		}
		if d, err = jacspectrum.SingularValueDensity(n, xs, theory); err != nil {
			return result.SampleCurves{}, err
		}
		lines = append(lines, result.Line{Name: fmt.Sprintf("theory L=%d", L), Role: result.Theory, X: xs, Y: d})
	}
	// ApproachLimit, with the supports of its two networks kept: the
	// stored samples at their depths are the same networks, and their
	// checks take the supports from here instead of bisecting the same
	// edges again (the same numbers: TestFig4CurvesBits).
	n, n4, err := jacspectrum.ApproachNetworks(p.Phi, p.Depths[len(p.Depths)-1], Fig4Sigma02)
	if err != nil {
		return result.SampleCurves{}, err
	}
	var known []knownSupport
	for _, net := range []jacspectrum.Network{n, n4} {
		q, err := jacspectrum.QStarForSigma0(p.Phi, net.Depth, Fig4Sigma02) // the q* AtSigma0 built net at
		if err != nil {
			return result.SampleCurves{}, err
		}
		sup, err := jacspectrum.Support(net, check)
		if err != nil {
			return result.SampleCurves{}, err
		}
		known = append(known, knownSupport{Phi: p.Phi, Depth: net.Depth, QStar: q, SigmaW2: net.SigmaW2, Sup: sup})
	}
	a, err := jacspectrum.ApproachOf(n, n4, known[0].Sup, known[1].Sup, p.Limit, empirical.Linspace(0.05, 3, p.RatePoints), check)
	if err != nil {
		return result.SampleCurves{}, err
	}
	checks := []result.Check{{Name: fmt.Sprintf("%s: convergence exponent of KS(theory L, limit law), L=%d→%d", p.Phi, a.Depth/4, a.Depth),
		Kind: result.TheoryVsTheory, Value: a.Exponent, Tol: Fig4RateShare * p.Rate, Rule: result.AtLeast, Statement: papers.P18Fig4Rate, Central: true,
		Basis: fmt.Sprintf("predicted exponent %g (F28); required: at least 80%% of it over one factor 4 in depth", p.Rate),
		Note:  fmt.Sprintf("KS %.3g at L=%d, %.3g at L=%d", a.KSQuarter, a.Depth/4, a.KS, a.Depth)}}
	samples, err := spectrumChecks(fig, papers.P18Fig4Spectra, ss, check, known, deviations...)
	if err != nil {
		return result.SampleCurves{}, err
	}
	return result.SampleCurves{Curves: result.Curves{
		Caption: fmt.Sprintf("%s, orthogonal, σ²_JJᵀ = 1/4 at every depth: convergence to the universal law; width-%d simulations.", p.Phi, ss[0].Width),
		X:       result.Axis{Label: "s"}, Y: result.Axis{Label: "P(s)"},
		Lines: append(lines, SimLines(ss, 2)...), Checks: checks,
		Record: result.Record{Params: map[string]float64{"sigma0_2": Fig4Sigma02, "N": float64(ss[0].Width)}, Seed: ss[0].Seed, HasSeed: true,
			AtPaper: len(ss) == len(stored) && slices.Equal(p.Depths, Fig4PaperDepths(p.Phi))},
	}, Samples: samples}, nil
}

// counted is n as the captions write a small count: a word up to ten.
func counted(n int) string {
	if n >= 0 && n <= 10 {
		return []string{"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"}[n]
	}
	return fmt.Sprint(n)
}

// MPAlgTol bounds the largest |Algorithm 1 − closed form| of the
// Marchenko–Pastur density: Newton tolerance 1e-13 and the O(ε) Cauchy
// smoothing, times the density's curvature.
const MPAlgTol = 1e-8

// MPCurves is the Marchenko–Pastur law of ratio 1 and unit variance at
// lams: its closed form, P18's Algorithm 1 (freeprob.Product by
// continuation c) and the pooled eigenvalues of s (a depth-1 linear
// network of Gaussian layers, 40 bins on [0, 4]); then the largest
// |Algorithm 1 − closed form| (MPAlgTol), and as its Samples the
// SpectrumChecks of s by continuation check, which test no source's
// statement: the Marchenko–Pastur law is a textbook closed form, not a
// paper figure (Record.NoPaperFigure). Errors: Algorithm 1's,
// SpectrumChecks's.
func (s SpectrumSample) MPCurves(fig string, lams []float64, c, check freeprob.Continuation) (result.SampleCurves, error) {
	mp := freeprob.MarchenkoPastur{Ratio: 1, Variance: 1}
	alg1, err := freeprob.Product{mp}.Density(c, lams)
	if err != nil {
		return result.SampleCurves{}, err
	}
	closed := make([]float64, len(lams))
	for i, l := range lams {
		closed[i] = mp.Density(l)
	}
	hc, hd := empirical.Histogram(s.Pooled(), 0, 4, 40)
	samples, err := SpectrumChecks(fig, nil, []SpectrumSample{s}, check)
	if err != nil {
		return result.SampleCurves{}, err
	}
	checks := []result.Check{{Name: "MP: max |Algorithm 1 − closed form|", Kind: result.TheoryVsClosedForm, Value: empirical.MaxAbsDiff(alg1, closed), Tol: MPAlgTol,
		Basis: fmt.Sprintf("Newton tolerance 1e-13 and the O(ε) Cauchy smoothing at ε = %g, times the density's curvature on [%.4g, %.4g]", c.Eps, lams[0], lams[len(lams)-1])}}
	return result.SampleCurves{Curves: result.Curves{
		Caption: fmt.Sprintf("Marchenko–Pastur: closed form, P18 Algorithm 1 (ε = %g), and %s width-%d Gaussian layers.", c.Eps, counted(s.Draws), s.Width),
		X:       result.Axis{Label: "λ"}, Y: result.Axis{Label: "ρ(λ)"},
		Lines: []result.Line{{Name: "closed form", Role: result.Theory, X: lams, Y: closed}, {Name: "Algorithm 1", Role: result.TheoryPoints, X: lams, Y: alg1},
			{Name: fmt.Sprintf("N=%d simulation", s.Width), Role: result.Simulated, X: hc, Y: hd}},
		Checks: checks,
		Record: result.Record{Params: map[string]float64{"N": float64(s.Width), "eps": c.Eps}, Seed: s.Seed, HasSeed: true, NoPaperFigure: true},
	}, Samples: samples}, nil
}
