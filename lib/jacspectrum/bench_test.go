package jacspectrum

import (
	"testing"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/freeprob"
)

var benchSink []float64

// benchGrid is the 1000-point λ grid of the density benchmark, uniform on
// [0.005, 2.5] (the bulk of the σ₀² = 1/4 spectra at L = 128).
func benchGrid() []float64 {
	l := make([]float64, 1000)
	for i := range l {
		l[i] = 0.005 + 2.495*float64(i)/999
	}
	return l
}

// BenchmarkDensityL128 times the theoretical density on 1000 λ points at
// L = 128 (orthogonal weights, q*(L) for σ₀² = 1/4), one goroutine. The
// numpy/scipy peer is testdata/bench_density.py (same algorithm, same
// nodes, vectorised over λ).
func BenchmarkDensityL128(b *testing.B) {
	for _, act := range []activation.Func{activation.Erf(), activation.HardTanh()} {
		q, _ := QStarForSigma0(act, 128, 0.25)
		n := Critical(act, Orthogonal, 128, q)
		lams := benchGrid()
		b.Run(act.String(), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				r, err := n.Density(lams, freeprob.Continuation{})
				if err != nil {
					b.Fatal(err)
				}
				benchSink = r
			}
		})
	}
}

// BenchmarkDensityL128Workers2 is BenchmarkDensityL128 with two goroutines.
func BenchmarkDensityL128Workers2(b *testing.B) {
	for _, act := range []activation.Func{activation.Erf(), activation.HardTanh()} {
		q, _ := QStarForSigma0(act, 128, 0.25)
		n := Critical(act, Orthogonal, 128, q)
		lams := benchGrid()
		c := n.Continuation()
		c.Workers = 2
		b.Run(act.String(), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				r, err := n.Density(lams, c)
				if err != nil {
					b.Fatal(err)
				}
				benchSink = r
			}
		})
	}
}
