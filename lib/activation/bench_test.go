package activation

import (
	"fmt"
	"testing"
)

var sink float64

// BenchmarkClosedForms: each closed form of the new activations against
// the quadrature it replaces (WithoutClosedForms, package gauss), at 16
// variances q = 0.05·1.5^i; the two agree to 1e-12
// (TestClosedFormsVsQuadrature).
func BenchmarkClosedForms(b *testing.B) {
	qs := make([]float64, 16)
	for i := range qs {
		qs[i] = 0.05
		for j := 0; j < i; j++ {
			qs[i] *= 1.5
		}
	}
	for _, f := range []Func{GELU(), ELU(), SELU(), Sin(), LeakyReLU(0.2)} {
		for _, v := range []struct {
			name string
			f    Func
		}{{"closed", f}, {"quadrature", f.WithoutClosedForms()}} {
			b.Run(fmt.Sprintf("%s/SecondMoment/%s", f.Name, v.name), func(b *testing.B) {
				for b.Loop() {
					for _, q := range qs {
						sink += v.f.SecondMoment(q)
					}
				}
			})
			b.Run(fmt.Sprintf("%s/Mu1/%s", f.Name, v.name), func(b *testing.B) {
				for b.Loop() {
					for _, q := range qs {
						sink += v.f.Mu(q, 1)
					}
				}
			})
			if f.ClosedKernel != nil {
				b.Run(fmt.Sprintf("%s/Kernel/%s", f.Name, v.name), func(b *testing.B) {
					for b.Loop() {
						for _, q := range qs {
							sink += v.f.Kernel(q, 0.7, 0.6)
						}
					}
				})
			}
		}
	}
}
