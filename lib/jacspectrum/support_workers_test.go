package jacspectrum

import (
	"math"
	"testing"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/freeprob"
)

// Support gives the same bits on one worker and on three (its scan and
// its edge bisections are spread over the workers), for the erf network
// at L = 2, σ₀² = 1/4 (a support from 0), the ReLU network with Gaussian
// weights at L = 3 (an atom at 0) and the smooth limit law at σ₀² = 1/4
// (two edges, both away from 0: two bisections at once).
func TestSupportWorkers(t *testing.T) {
	erf, err := AtSigma0(activation.Erf(), 2, 0.25)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []Spectrum{erf, Critical(activation.ReLU(), Gaussian, 3, 1), SmoothLimit{Sigma02: 0.25}} {
		var got [][]Interval
		for _, w := range []int{1, 3} {
			iv, err := Support(s, freeprob.Continuation{Eps: 1e-8, Steps: 50, Workers: w})
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, iv)
		}
		if len(got[0]) == 0 || len(got[0]) != len(got[1]) || (s == Spectrum(SmoothLimit{Sigma02: 0.25}) && got[0][0].Lo == 0) {
			t.Fatalf("%v: Support on 1 and 3 workers: %v and %v", s, got[0], got[1])
		}
		for i := range got[0] {
			a, b := got[0][i], got[1][i]
			if math.Float64bits(a.Lo) != math.Float64bits(b.Lo) || math.Float64bits(a.Hi) != math.Float64bits(b.Hi) {
				t.Errorf("%v interval %d: %v on 1 worker, %v on 3", s, i, a, b)
			}
		}
		t.Logf("%T: %v", s, got[0])
	}
}
