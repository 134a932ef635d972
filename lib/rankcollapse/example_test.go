package rankcollapse_test

import (
	"fmt"

	"github.com/sigprop/sigprop/lib/rankcollapse"
)

// Token correlation after 12 blocks of a 50-token sequence with initially
// uncorrelated tokens: with α₁ = 1 the tokens almost align (eq. 16), with
// the 1/√L scaling they stay nearly uncorrelated (eq. 15).
func ExampleRhoDepth() {
	for _, s := range []rankcollapse.Scaling{rankcollapse.Constant, rankcollapse.SqrtL} {
		a1sq, _ := rankcollapse.ResidualAlpha2(1, 12, s)
		rho, _ := rankcollapse.RhoDepth(50, 0, a1sq, 12)
		lim, _ := rankcollapse.RhoLimit(50, 0, 1, s)
		fmt.Printf("%-5s ρ^12 = %.4f, L→∞: %.4f\n", s, rho, lim)
	}
	// Output:
	// const ρ^12 = 0.9879, L→∞: 1.0000
	// sqrtL ρ^12 = 0.0313, L→∞: 0.0332
}

// Query and value gradient moments for equicorrelated tokens (eqs. 17, 18)
// and the inverse temperature that balances them (eq. 47).
func ExampleTau() {
	v, _ := rankcollapse.GradV(10, 16, 0.5, 1)
	q, _ := rankcollapse.GradQ(10, 16, 0.5, 1, rankcollapse.FormPaper)
	tau, _ := rankcollapse.Tau(10, 16, 0.5, 1, rankcollapse.FormPaper)
	fmt.Printf("eq17 = %.0f, eq18 = %.1f, τ = %.3f\n", v, q, tau)
	// Output:
	// eq17 = 1408, eq18 = 93.6, τ = 3.878
}
