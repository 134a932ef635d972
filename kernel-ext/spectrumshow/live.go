package spectrumshow

import (
	"fmt"

	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/freeprob"
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
