package show

import "github.com/sigprop/sigprop/lib/empirical"

// HistSeries is the density histogram of x on [lo, hi] in bins equal bins
// (empirical.Histogram) as a series: bin centres against densities.
func HistSeries(name string, x []float64, lo, hi float64, bins int, style Style) Series {
	c, d := empirical.Histogram(x, lo, hi, bins)
	return Series{Name: name, X: c, Y: d, Style: style}
}

// KDESeries is the Gaussian kernel density estimate of x with Scott's
// bandwidth (empirical.KDE) at k equally spaced points of [lo, hi].
func KDESeries(name string, x []float64, lo, hi float64, k int, style Style) Series {
	at := empirical.Linspace(lo, hi, k)
	return Series{Name: name, X: at, Y: empirical.KDE(x, at, 0), Style: style}
}
