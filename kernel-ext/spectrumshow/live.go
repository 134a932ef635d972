package spectrumshow

import (
	"fmt"
	"math/cmplx"

	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/attnspec"
	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/freeprob"
	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/lib/randmlp"
)

// This file holds the figures of notebook 04 drawn from simulations the
// notebook runs itself (its parameters cell sets their sizes): the
// notebook names each (ID and Paper in a show.Figure literal) and
// these functions fill caption, series, Params and seed from the run.

// counted is n as the captions write a small count: a word up to ten.
func counted(n int) string {
	if n >= 0 && n <= 10 {
		return []string{"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"}[n]
	}
	return fmt.Sprint(n)
}

// MPDensity fills f (the notebook's mp-density) with the Marchenko–Pastur
// law of ratio 1 and unit variance at lams: its closed form, P18's
// Algorithm 1 (freeprob.Product by continuation c) and the pooled
// eigenvalues of the simulated Gaussian layers s (a depth-1 linear
// network, 40 bins on [0, 4]). Then the largest |Algorithm 1 − closed
// form| (tolerance 1e-8, from c's smoothing ε) and the checks of s
// (Checks by continuation check; they quote no paper claim: the
// Marchenko–Pastur law is a textbook closed form, not a source's figure).
func MPDensity(f show.Figure, lams []float64, c freeprob.Continuation, s randmlp.SpectrumSample, check freeprob.Continuation) (show.View, error) {
	mp := freeprob.MarchenkoPastur{Ratio: 1, Variance: 1}
	alg1, err := freeprob.Product{mp}.Density(c, lams)
	if err != nil {
		return nil, err
	}
	closed := show.Map(lams, mp.Density)
	f.Caption = fmt.Sprintf("Marchenko–Pastur: closed form, P18 Algorithm 1 (ε = %g), and %s width-%d Gaussian layers.", c.Eps, counted(s.Draws), s.Width)
	f.XLabel, f.YLabel = "λ", "ρ(λ)"
	f.Series = []show.Series{{Name: "closed form", X: lams, Y: closed}, {Name: "Algorithm 1", X: lams, Y: alg1, Style: show.Points},
		show.HistSeries(fmt.Sprintf("N=%d simulation", s.Width), s.Pooled(), 0, 4, 40, show.Points)}
	f.Params, f.Seed = map[string]float64{"N": float64(s.Width), "eps": c.Eps}, show.Seed(s.Seed)
	ks, err := Checks(f.ID, "", []randmlp.SpectrumSample{s}, check)
	if err != nil {
		return nil, err
	}
	return append(show.View{show.Fig(f), show.Agree(show.Agreement{Name: "MP: max |Algorithm 1 − closed form|", Kind: show.TheoryVsClosedForm,
		Value: empirical.MaxAbsDiff(alg1, closed), Tol: 1e-8, Figure: f.ID,
		Basis: fmt.Sprintf("Newton tolerance 1e-13 and the O(ε) Cauchy smoothing at ε = %g, times the density's curvature on [%.4g, %.4g]", c.Eps, lams[0], lams[len(lams)-1])})}, ks...), nil
}

// STransform fills f (the notebook's s-transform-product) with the
// S-transform of the product of two free Gaussian layers, S_MP·S_MP =
// (1+z)^(-2), against the mean over the draws of s (a depth-2 linear
// network; randmlp.SpectrumSample.STransform) at zs; then the largest |z|
// (tolerance 5), whose SE is the spread of the run's own draws. The figure
// claims f.Paper only at randmlp.LectureSTransform's sizes. It panics
// unless s has depth 2 and at least 2 draws.
func STransform(f show.Figure, s randmlp.SpectrumSample, zs []float64) (show.View, error) {
	if s.Depth != 2 || s.Draws < 2 {
		panic(fmt.Sprintf("spectrumshow: STransform needs a depth-2 run of at least 2 draws, got depth %d, %d draws", s.Depth, s.Draws))
	}
	theory := show.Map(zs, freeprob.SquaredMPS)
	mean, se, err := s.STransform(zs)
	if err != nil {
		return nil, err
	}
	f.Caption = fmt.Sprintf("S-transform of two free Gaussian layers: S_MP·S_MP = (1+z)^(-2) vs the mean of %d width-%d estimates.", s.Draws, s.Width)
	f.XLabel, f.YLabel, f.Legend = "z", "S(z)", show.TopLeft
	f.Series = []show.Series{{Name: "(1+z)^-2", X: zs, Y: theory}, {Name: fmt.Sprintf("N=%d SNumeric", s.Width), X: zs, Y: mean, Style: show.Points}}
	f.Params, f.Seed = map[string]float64{"N": float64(s.Width)}, show.Seed(s.Seed)
	dof := s.Draws - 1
	p := empirical.TTail2(5, dof)
	return show.View{show.Fig(show.AtPaper(f, s.SpectrumSpec.SameSizes(randmlp.LectureSTransform()))), show.Agree(show.MaxZ(show.Agreement{Name: "S_{W2W1}: max |z| of the simulated S-transform", Tol: 5, Figure: f.ID, Paper: papers.P18FreeProduct.Text,
		Basis: fmt.Sprintf("SE from the spread of %d products of width %d (t with %d dof: P(|t| > 5) ≈ %.1g per point)", s.Draws, s.Width, dof, p)}, mean, se, theory))}, nil
}

// AttentionGap fills f (the notebook's attn-gap) with the eigenvalues of
// the random T×T softmax matrix of logit scale s of g (an
// attnspec.GapSettings run: its T, s and seed are the ones shown) and the
// circle of radius r_T (attnspec.BulkRadius). Checks: |λ₁ − 1| (exact at
// any T), and the bands of the notes (lib/sources/tanner2024.md#check-26)
// on |λ₂|/r_T, the bulk outside 1.1 r_T and σ₂/(2 r_T), which they state
// for T ≥ 256, s ≤ 1 and which are not applicable elsewhere. The figure
// claims f.Paper only at the notes' T = 512, s = 1. It panics unless
// g has T eigenvalues and singular values, T ≥ 2.
func AttentionGap(f show.Figure, g attnspec.GapResult) show.View {
	T, s, eigs, sv := g.Settings.T, g.Settings.S, g.Eigs, g.SV
	if T < 2 || len(eigs) != T || len(sv) != T {
		panic(fmt.Sprintf("spectrumshow: AttentionGap needs T ≥ 2 eigenvalues and singular values: T = %d, %d and %d", T, len(eigs), len(sv)))
	}
	r := attnspec.BulkRadius(T, s)
	f.Caption = fmt.Sprintf("Eigenvalues of a random %d×%d softmax matrix (s = %g): one at 1, the rest in the disc of radius r_T.", T, T, s)
	f.XLabel, f.YLabel, f.Legend = "Re λ", "Im λ", show.TopLeft
	f.Series = []show.Series{show.ComplexPoints("eigenvalues", eigs), show.Circle("|λ| = r_T", r, 200)}
	f.Params, f.Seed = map[string]float64{"T": float64(T), "s": s}, show.Seed(g.Settings.Seed)
	band := T >= 256 && s <= 1
	why := fmt.Sprintf("the notes state this band for T ≥ 256, s ≤ 1; here T = %d, s = %g", T, s)
	return show.View{show.Fig(show.AtPaper(f, g.Settings.At(attnspec.GapNotes()))),
		show.Agree(show.Agreement{Name: "|λ₁ − 1|", Kind: show.TheoryVsClosedForm, Value: cmplx.Abs(eigs[0] - 1), Tol: 1e-10, Figure: f.ID,
			Basis: fmt.Sprintf("A1 = 1 exactly; a nonsymmetric eigensolver at T = %d is accurate to ~1e-13 (lib/sources/tanner2024.md#check-25: 1e-10)", T)}),
		show.PaperCheck(show.Agreement{Name: "|λ₂|/r_T − 1", Kind: show.TheoryVsSimulation, Value: cmplx.Abs(eigs[1])/r - 1, Tol: 0.15, Figure: f.ID, Paper: papers.TannerAttentionGap.Text,
			Basis: "lib/sources/tanner2024.md#check-26: band [0.9, 1.15] for T ≥ 256, s ≤ 1 (observed 1.007–1.017 at T = 256–1024)"}, band, why),
		show.PaperCheck(show.Agreement{Name: "fraction of the bulk outside 1.1 r_T", Kind: show.TheoryVsSimulation, Value: attnspec.OutsideFraction(eigs, 1.1*r), Tol: 0.05, Rule: show.AtMost, Figure: f.ID, Paper: papers.TannerAttentionGap.Text,
			Basis: "lib/sources/tanner2024.md#check-26: at least 95% of the non-outlier eigenvalues within 1.1 r_T"}, band, why),
		show.PaperCheck(show.Agreement{Name: "σ₂/(2 r_T) − 1", Kind: show.TheoryVsSimulation, Value: sv[1]/(2*r) - 1, Tol: 0.3, Figure: f.ID,
			Basis: "quarter-circle law of the centred part; lib/sources/tanner2024.md#check-26 band [0.9, 1.3] (observed 0.99–1.19)"}, band, why)}
}
