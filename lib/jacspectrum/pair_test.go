package jacspectrum

import (
	"math"
	"testing"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/freeprob"
)

// TestDensityPoints: a Network's densities two points at a time
// (densityPoints: freeprob.SolveMPair through PairEquation, on two
// workers) are, point by point, the bits of Density at that point alone
// (one solve through Equation), and the same errors: erf, SiLU and hard
// tanh networks at σ₀² = 1/4 and a Gaussian ReLU network, on λ from 1e-6
// (where erf at L = 3 loses the branch) to beyond the support, each pair
// of points under two different continuations.
func TestDensityPoints(t *testing.T) {
	var nets []Network
	for _, f := range []activation.Func{activation.Erf(), activation.SmoothedReLU(), activation.HardTanh()} {
		for _, L := range []int{3, 8} {
			n, err := AtSigma0(f, L, 0.25)
			if err != nil {
				t.Fatal(err)
			}
			nets = append(nets, n)
		}
	}
	nets = append(nets, Critical(activation.ReLU(), Gaussian, 4, 1))
	cs := []freeprob.Continuation{{Eps: 1e-8, Steps: 50}, {Eps: 1e-12, Steps: 50}, {}}
	var pts []freeprob.Point
	for l, k := 1.2e-6, 0; l < 20; l, k = l*2.9, k+1 {
		pts = append(pts, freeprob.Point{C: cs[k%len(cs)], Lambda: l}, freeprob.Point{C: cs[(k+1)%len(cs)], Lambda: l * 1.3})
	}
	pts = pts[:len(pts)-1] // an odd count: the last point alone
	failed := 0
	for ni, n := range nets {
		for i := range pts {
			pts[i].C = n.densityContinuation(pts[i].C)
		}
		got, errs := n.densityPoints(pts, 2)
		for i, p := range pts {
			want, err := n.Density([]float64{p.Lambda}, p.C)
			if (err == nil) != (errs[i] == nil) || (err != nil && err.Error() != errs[i].Error()) {
				t.Fatalf("net %d, λ = %g: error %v, alone %v", ni, p.Lambda, errs[i], err)
			}
			if err != nil {
				failed++
				continue
			}
			if math.Float64bits(got[i]) != math.Float64bits(want[0]) {
				t.Fatalf("net %d, λ = %g, ε = %g: ρ = %v in a pair, %v alone", ni, p.Lambda, p.C.Eps, got[i], want[0])
			}
		}
	}
	t.Logf("%d of %d points failed", failed, len(nets)*len(pts))
	if failed == 0 || failed > len(nets)*len(pts)/4 {
		t.Errorf("%d of %d points failed: the failures are not exercised, or most points fail", failed, len(nets)*len(pts))
	}
}
