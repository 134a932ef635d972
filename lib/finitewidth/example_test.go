package finitewidth_test

import (
	"fmt"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/finitewidth"
)

// A critical ReLU network (σ_w² = 2, σ_b = 0, K = 1) at width 100: the
// O(1/n) variance of q̂^ℓ is (5ℓ − 3)/n, the exact one
// (1 + 2/n)(1 + 5/n)^{ℓ−1} − 1, and they part as ℓ/n grows; the mean
// has no 1/n shift (⟨φ²⟩ is linear in K).
func ExampleSettings_Layers() {
	relu, _ := activation.ByName("relu")
	ls, err := finitewidth.Settings{Phi: relu, SigmaW2: 2, Q0: 0.5, Depth: 50}.Layers()
	if err != nil {
		panic(err)
	}
	for _, l := range []int{1, 5, 10, 20, 50} {
		L := ls[l-1]
		fmt.Printf("ℓ/n = %.2f  O(1/n) %.4f  exact %.4f  mean %.4f\n",
			float64(l)/100, L.Var(100), finitewidth.ScaleInvariantVar(5, 100, l), L.Mean(100))
	}
	// Output:
	// ℓ/n = 0.01  O(1/n) 0.0200  exact 0.0200  mean 1.0000
	// ℓ/n = 0.05  O(1/n) 0.2200  exact 0.2398  mean 1.0000
	// ℓ/n = 0.10  O(1/n) 0.4700  exact 0.5824  mean 1.0000
	// ℓ/n = 0.20  O(1/n) 0.9700  exact 1.5775  mean 1.0000
	// ℓ/n = 0.50  O(1/n) 2.4700  exact 10.1398  mean 1.0000
}
