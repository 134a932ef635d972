package jacspectrum

import (
	"fmt"
	"math"
	"testing"
)

func TestZZDebug(t *testing.T) {
	lams := []float64{0.4, 0.6, 0.8, 1, 1.3, 1.6, 2, 2.3}
	want, _ := SmoothLimit{0.25}.Density(lams, exact)
	for _, L := range []int{32, 128, 512, 2048, 8192} {
		q, _ := QStarForSigma0(Erf, L, 0.25)
		got, err := Critical(Erf, Orthogonal, L, q).Density(lams, exact)
		d := 0.0
		for i := range lams {
			d = math.Max(d, math.Abs(got[i]-want[i]))
		}
		fmt.Println(L, q, d, err, got)
	}
	n := Critical(ReLU, Orthogonal, 2, 1)
	for _, l := range []float64{3.99, 3.9999, 4.00007, 4.001, 4.1} {
		r, err := n.Density([]float64{l}, exact)
		fmt.Println(l, r, err)
	}
}
