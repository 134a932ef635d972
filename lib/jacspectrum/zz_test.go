package jacspectrum

import (
	"fmt"
	"testing"

	"github.com/sigprop/sigprop/lib/freeprob"
)

func TestZZ(t *testing.T) {
	for _, act := range []Activation{Erf, SiLU} {
		for _, L := range []int{2, 8, 128, 8192} {
			q, _ := QStarForSigma0(act, L, 0.25)
			n := Critical(act, Orthogonal, L, q)
			for _, eps := range []float64{1e-8, 1e-10, 1e-12} {
				_, err := n.Density([]float64{1.9082261816307645e-06, 1e-5, 1e-3}, freeprob.Continuation{Eps: eps, Steps: 50, Scale: 1.25})
				if err != nil {
					fmt.Println(act, L, eps, err)
				}
			}
		}
	}
}
