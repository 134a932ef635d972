package spectra

import (
	"fmt"
	"math"

	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/freeprob"
	"github.com/sigprop/sigprop/lib/jacspectrum"
	"github.com/sigprop/sigprop/lib/randmlp"
)

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
