package spectrumshow

import (
	"fmt"
	"math"

	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/freeprob"
	"github.com/sigprop/sigprop/lib/jacspectrum"
	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/lib/randmlp"
)

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

// Panels draws the panels of P18 Figs. 2 and 4 from stored simulations.
type Panels struct {
	Stored map[string][]randmlp.SpectrumSample // by figure id (randmlp.ReadSpectra)
	Theory freeprob.Continuation               // for the theory curves
	Check  freeprob.Continuation               // for the KS distances and atom counts (Agreements)
	// Deviations declares, by figure id, the samples known to deviate
	// from their theory (Agreements); none today.
	Deviations map[string][]Deviation
	// Fig4Points and Fig4RatePoints are the points of a Fig4 panel's
	// theory curves (on [0.005, 2]) and of its convergence check (on [0.05,
	// 3]); Fig4MaxDepth is the deepest stored sample it draws and checks
	// (every shallower one too). Fig4 needs each positive (notebook 04's
	// parameters cell sets them).
	Fig4Points, Fig4RatePoints, Fig4MaxDepth int
}

// Fig2 draws f, a panel of P18 Fig. 2 named by the notebook (ID, and
// Paper and LogY as it likes): Fig2Series on 150 points of (0, smax]
// for the stored networks of f.ID, with the caption, labels, parameters and
// seed of the first; then their Agreements (View), each quoting
// papers.P18Fig2Overlay.Text. The notebook shows it
// with View.Show.
func (p Panels) Fig2(f show.Figure, smax float64) (show.View, error) {
	fig := f.ID
	ss := p.Stored[fig]
	if len(ss) == 0 {
		return nil, fmt.Errorf("spectrumshow: no stored spectra for figure %q", fig)
	}
	series, err := Fig2Series(ss, empirical.Linspace(smax/150, smax, 150), smax, p.Theory)
	if err != nil {
		return nil, err
	}
	s0 := ss[0]
	f.Caption = fmt.Sprintf("Singular values of J at criticality: %s, %s weights, q* = %g; width-%d simulations.", s0.Phi, s0.Weights, s0.QStar, s0.Width)
	f.XLabel, f.YLabel, f.Series = "s", "P(s)", series
	f.Params, f.Seed = map[string]float64{"qstar": s0.QStar, "N": float64(s0.Width)}, show.Seed(s0.Seed)
	m, err := Agreements(fig, papers.P18Fig2Overlay.Text, ss, p.Check, p.Deviations[fig]...)
	if err != nil {
		return nil, err
	}
	return append(show.View{show.Fig(f)}, View(m)...), nil
}

// Fig4 draws fig, a panel of P18 Fig. 4 for the activation f at σ₀² =
// Fig4Sigma02 named by the notebook (ID, and Paper as it likes):
// Fig4Series for the depths Ls on Fig4Points points of [0.005, 2] against
// the stored networks of fig.ID up to depth Fig4MaxDepth, as the first
// item of the View; a panel that leaves a stored sample out is drawn at
// the reader's settings (show.AtPaper). Its metrics follow: a
// TheoryVsTheory metric that the theory approaches limit at least at 80%
// of the predicted rate (jacspectrum.ApproachLimit from the last depth
// over 4 to the last, on Fig4RatePoints points of [0.05, 3]; the central
// check, of papers.P18Fig4Rate.Text), then the Agreements of the drawn stored
// networks (papers.P18Fig4Spectra.Text).
func (p Panels) Fig4(fg show.Figure, f activation.Func, limit jacspectrum.Spectrum, Ls []int, rate float64) (show.View, error) {
	fig := fg.ID
	show.Want(p.Fig4Points > 0 && p.Fig4RatePoints > 0 && p.Fig4MaxDepth > 0, "spectrumshow", "Panels.Fig4: want positive Fig4Points, Fig4RatePoints and Fig4MaxDepth, got %d, %d and %d", p.Fig4Points, p.Fig4RatePoints, p.Fig4MaxDepth)
	var ss []randmlp.SpectrumSample
	for _, s := range p.Stored[fig] {
		if s.Depth <= p.Fig4MaxDepth {
			ss = append(ss, s)
		}
	}
	if len(ss) == 0 || len(Ls) == 0 {
		return nil, fmt.Errorf("spectrumshow: figure %q needs stored spectra up to depth %d and depths (got %d and %d)", fig, p.Fig4MaxDepth, len(ss), len(Ls))
	}
	series, err := Fig4Series(f, limit, Ls, Fig4Sigma02, ss, empirical.Linspace(0.005, 2, p.Fig4Points), 2, p.Theory)
	if err != nil {
		return nil, err
	}
	fg.Caption = fmt.Sprintf("%s, orthogonal, σ²_JJᵀ = 1/4 at every depth: convergence to the universal law; width-%d simulations.", f, ss[0].Width)
	fg.XLabel, fg.YLabel, fg.Series = "s", "P(s)", series
	fg.Params, fg.Seed = map[string]float64{"sigma0_2": Fig4Sigma02, "N": float64(ss[0].Width)}, show.Seed(ss[0].Seed)
	fg = show.AtPaper(fg, len(ss) == len(p.Stored[fig]))
	a, err := jacspectrum.ApproachLimit(f, limit, Ls[len(Ls)-1], Fig4Sigma02, empirical.Linspace(0.05, 3, p.Fig4RatePoints), p.Check)
	if err != nil {
		return nil, err
	}
	out := show.View{show.Fig(fg), show.Agree(show.Agreement{Name: fmt.Sprintf("%s: convergence exponent of KS(theory L, limit law), L=%d→%d", f, a.Depth/4, a.Depth),
		Kind: show.TheoryVsTheory, Value: a.Exponent, Tol: 0.8 * rate, Rule: show.AtLeast, Figure: fig, Paper: papers.P18Fig4Rate.Text, Central: true,
		Basis: fmt.Sprintf("predicted exponent %g (F28); required: at least 80%% of it over one factor 4 in depth", rate),
		Note:  fmt.Sprintf("KS %.3g at L=%d, %.3g at L=%d", a.KSQuarter, a.Depth/4, a.KS, a.Depth)})}
	m, err := Agreements(fig, papers.P18Fig4Spectra.Text, ss, p.Check, p.Deviations[fig]...)
	if err != nil {
		return nil, err
	}
	return append(out, View(m)...), nil
}

// View is ms as the items of a show.View, in order: each agreement, or the
// line of a sample that was not compared (its Err).
func View(ms []Outcome) show.View {
	v := make(show.View, len(ms))
	for i, o := range ms {
		if o.Err != nil {
			v[i] = show.Text(o.Err.Error() + "\n")
		} else {
			v[i] = show.Agree(o.Agreement)
		}
	}
	return v
}

// SimSeries returns, for each sample, the histogram of its singular values
// s = √λ in 40 bins on [0, smax] (randmlp.SingularValueHistogram of the
// pooled draws) as points named "N=<width> L=<depth>".
func SimSeries(ss []randmlp.SpectrumSample, smax float64) []show.Series {
	var series []show.Series
	for _, s := range ss {
		c, d := randmlp.SingularValueHistogram(s.Pooled(), empirical.Linspace(0, smax, 41))
		series = append(series, show.Series{Name: fmt.Sprintf("N=%d L=%d", s.Width, s.Depth), X: c, Y: d, Style: show.Points})
	}
	return series
}

// Fig2Series returns one panel of P18 Fig. 2: the singular-value density of
// the theory of each sample (jacspectrum.SingularValueDensity of
// SpectrumSample.Network at xs, "theory L=<depth>"), then SimSeries(ss, smax).
func Fig2Series(ss []randmlp.SpectrumSample, xs []float64, smax float64, c freeprob.Continuation) ([]show.Series, error) {
	var series []show.Series
	for _, s := range ss {
		n, err := s.Network()
		if err != nil {
			return nil, err
		}
		p, err := jacspectrum.SingularValueDensity(n, xs, c)
		if err != nil {
			return nil, err
		}
		series = append(series, show.Series{Name: fmt.Sprintf("theory L=%d", s.Depth), X: xs, Y: p})
	}
	return append(series, SimSeries(ss, smax)...), nil
}

// Fig4Series returns one panel of P18 Fig. 4: the singular-value density of
// the limit law at xs and each of its atoms (a point at s = √location of
// height its mass), the density of jacspectrum.AtSigma0(f, L, sigma02) at
// each depth of Ls, then SimSeries(ss, smax).
func Fig4Series(f activation.Func, limit jacspectrum.Spectrum, Ls []int, sigma02 float64, ss []randmlp.SpectrumSample, xs []float64, smax float64, c freeprob.Continuation) ([]show.Series, error) {
	p, err := jacspectrum.SingularValueDensity(limit, xs, c)
	if err != nil {
		return nil, err
	}
	series := []show.Series{{Name: "limit law", X: xs, Y: p}}
	for _, a := range limit.Atoms() {
		series = append(series, show.Series{Name: fmt.Sprintf("limit atom, mass %.2f", a.Mass), X: []float64{math.Sqrt(a.Loc)}, Y: []float64{a.Mass}, Style: show.Points})
	}
	for _, L := range Ls {
		n, err := jacspectrum.AtSigma0(f, L, sigma02)
		if err != nil {
			return nil, err
		}
		if p, err = jacspectrum.SingularValueDensity(n, xs, c); err != nil {
			return nil, err
		}
		series = append(series, show.Series{Name: fmt.Sprintf("theory L=%d", L), X: xs, Y: p})
	}
	return append(series, SimSeries(ss, smax)...), nil
}
