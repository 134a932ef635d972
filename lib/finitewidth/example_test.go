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

// The Jacobian norm's log-variance of a critical ReLU network at width
// 64: the leading order (5(ℓ−1) + 2)/n, Hanin's Σ 5/n_ℓ, beside the
// exact law, which the leading order undershoots by O(1/n) per layer.
func ExampleSettings_Jacobian() {
	relu, _ := activation.ByName("relu")
	js, err := finitewidth.Settings{Phi: relu, SigmaW2: 2, Q0: 0.5, Depth: 64}.Jacobian()
	if err != nil {
		panic(err)
	}
	for _, l := range []int{1, 16, 64} {
		fmt.Printf("ℓ/n = %.2f  leading %.4f  exact %.4f\n", float64(l)/64, js[l-1].VarLog(64), finitewidth.ReLUJacobianVarLog(64, l))
	}
	// Output:
	// ℓ/n = 0.02  leading 0.0312  exact 0.0317
	// ℓ/n = 0.25  leading 1.2031  exact 1.2767
	// ℓ/n = 1.00  leading 4.9531  exact 5.2606
}
