package meanfield

import (
	"testing"

	"github.com/sigprop/sigprop/lib/activation"
)

var sink float64

// BenchmarkEoCCurveTanh: the tanh edge-of-chaos curve σ_w²(σ_b²) at 200
// values σ_b² = 0.25·i/200, i = 1..200 (the range of lecture Fig. 1).
// testdata/bench_meanfield.py does the same with numpy/scipy.
func BenchmarkEoCCurveTanh(b *testing.B) {
	th := activation.Tanh()
	for b.Loop() {
		for i := 1; i <= 200; i++ {
			w, _, err := EoCSigmaW2(th, 0.25*float64(i)/200)
			if err != nil {
				b.Fatal(err)
			}
			sink += w
		}
	}
}

// BenchmarkChi1GridTanh: χ₁ on a 200×200 grid σ_w² ∈ [0.5, 3],
// σ_b² ∈ [0, 0.25] (lecture Fig. 1 axes), each needing q*.
func BenchmarkChi1GridTanh(b *testing.B) {
	th := activation.Tanh()
	for b.Loop() {
		for i := 0; i < 200; i++ {
			for j := 0; j < 200; j++ {
				n := Net{Phi: th, SigmaW2: 0.5 + 2.5*float64(i)/199, SigmaB2: 0.25 * float64(j) / 199}
				c, err := n.Chi1()
				if err != nil {
					b.Fatal(err)
				}
				sink += c
			}
		}
	}
}

// BenchmarkStateGELU: the mean-field state (q*, χ₁, χ_q, c*, depth scales;
// Net.DepthScales) of GELU at 200 values σ_w² = 0.5 + 1.45·i/199,
// σ_b² = 0.3 (all ordered, c* = 1), from GELU's closed forms for E φ²,
// its q-derivative (χ_q) and μ₁ (activation.GELU). testdata/bench_gelu.py
// computes the same 200 states with scipy at the same accuracy, with the
// same closed forms ("closed") and with χ_q by adaptive quadrature.
func BenchmarkStateGELU(b *testing.B) {
	g := activation.GELU()
	for b.Loop() {
		for i := 0; i < 200; i++ {
			s, err := Net{Phi: g, SigmaW2: 0.5 + 1.45*float64(i)/199, SigmaB2: 0.3}.DepthScales()
			if err != nil {
				b.Fatal(err)
			}
			sink += s.QStar + s.Chi1 + s.ChiQ
		}
	}
}
