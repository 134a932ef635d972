package tokengeom_test

import (
	"fmt"
	"math"

	"github.com/sigprop/sigprop/lib/tokengeom"
)

// The paper's block at α = 8^{-1/2}: ordered at σ_w = 1, chaotic at
// σ_w = 2, and the gradient exponent in the corrected and printed forms.
func Example() {
	a := 1 / math.Sqrt(8)
	for _, sw := range []float64{1, 2} {
		m := tokengeom.NewModel(a, a, sw) // n = 256, d = 64, ℓ = 2, σ_A² = 1
		qs, _ := tokengeom.QStar(m)
		fmt.Printf("σ_w=%g: q*/d=%.4f λ_a=%+.4f λ_g(16)=%+.4f (printed %+.4f)\n", sw, qs/m.D,
			tokengeom.LambdaA(m), tokengeom.LambdaG(m, 16, tokengeom.Corrected), tokengeom.LambdaG(m, 16, tokengeom.Paper))
	}
	edge, _ := tokengeom.EdgeOfChaosSigmaW(tokengeom.NewModel(a, a, 1), 1, 4)
	fmt.Printf("edge of chaos at σ_w=%.4f\n", edge)
	// Output:
	// σ_w=1: q*/d=0.5928 λ_a=-0.1841 λ_g(16)=-0.1964 (printed -0.1912)
	// σ_w=2: q*/d=1.6647 λ_a=+0.1220 λ_g(16)=+0.1158 (printed -0.1615)
	// edge of chaos at σ_w=1.6631
}

// One attention sub-block from orthogonal tokens: the off-diagonal goes
// to exactly d/n (eq. 10 at p = 0).
func ExampleAttQP() {
	q, p := tokengeom.AttQP(64, 0, 256, 64, 1)
	fmt.Printf("q'=%.6f p'=%.6f\n", q, p)
	// Output:
	// q'=0.675040 p'=0.250000
}
