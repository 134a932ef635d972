package freeprob_test

import (
	"fmt"

	"github.com/sigprop/sigprop/lib/freeprob"
)

// The product of two free Marchenko–Pastur elements (two Gaussian layers)
// has S = (1+z)^{−2}: its moments are the Fuss–Catalan numbers and its
// density comes from continuation in Im z (P18 Algorithm 1).
func ExampleProduct() {
	mp := freeprob.MarchenkoPastur{Ratio: 1, Variance: 1}
	p := freeprob.Product{mp, mp}
	fmt.Printf("moments %.0f\n", p.Moments(4))
	rho, err := p.Density(freeprob.Continuation{}, []float64{0.5, 1})
	fmt.Printf("density %.7f %v\n", rho, err)
	// Output:
	// moments [1 3 12 55]
	// density [0.3183099 0.1789791] <nil>
}
