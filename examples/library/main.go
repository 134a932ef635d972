// Command mish uses sigprop as a library from a module of its own: a user's
// activation (Mish, φ(x) = x·tanh(softplus(x))), defined by φ alone, through
// the mean-field theory: the point of its edge of chaos whose fixed point
// is q* = 1 (σ_w², σ_b² with χ₁ = 1 there). See the README's "sigprop as a
// library".
package main

import (
	"fmt"
	"log"

	"gonum.org/v1/gonum/num/dual"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/meanfield"
)

func main() {
	mish, err := activation.FromDual("mish", func(x dual.Number) dual.Number {
		return dual.Mul(x, dual.Tanh(activation.DualSoftplus(x)))
	}, activation.Props{Scale: 1})
	if err != nil {
		log.Fatal(err)
	}
	const q = 1.0
	sw2, sb2, err := meanfield.EoCFromQ(mish, q)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("mish: edge of chaos with q* = %g at σ_w² = %.4f, σ_b² = %.4f\n", q, sw2, sb2)
}
