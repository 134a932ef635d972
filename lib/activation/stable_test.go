package activation

import (
	"fmt"
	"math"
	"testing"

	"gonum.org/v1/gonum/num/dual"
)

// The stable forms agree with the naive formulas where those are exact
// (|x| ≤ 20: relative 1e-15), keep their limits where the naive forms
// overflow or lose every digit, and their dual derivatives agree with a
// central difference.
func TestStableBlocks(t *testing.T) {
	for _, x := range []float64{-20, -3, -0.5, 0, 1e-9, 0.7, 4, 20} {
		for _, c := range []struct {
			name      string
			got, want float64
		}{
			{"softplus", LogOnePlusExp(x), math.Log(1 + math.Exp(x))},
			{"sigmoid", Sigmoid(x), 1 / (1 + math.Exp(-x))},
			{"log-sigmoid", LogSigmoid(x), math.Log(1 / (1 + math.Exp(-x)))},
		} {
			if math.Abs(c.got-c.want) > 1e-14*math.Max(1, math.Abs(c.want)) && math.Abs(c.got-c.want) > 1e-15 {
				t.Errorf("%s(%g) = %.17g, naive %.17g", c.name, x, c.got, c.want)
			}
		}
	}
	// Limits: softplus(1000) = 1000 (naive: +Inf); softplus(−800) = e^{−800}
	// to full precision (naive: 0); log σ(−1000) = −1000 (naive: −Inf).
	if LogOnePlusExp(1000) != 1000 || math.IsInf(LogOnePlusExp(800), 0) {
		t.Errorf("softplus(1000) = %v", LogOnePlusExp(1000))
	}
	if got, want := LogOnePlusExp(-700), math.Exp(-700); math.Abs(got-want) > 1e-15*want {
		t.Errorf("softplus(−700) = %g, want e^−700 = %g", got, want)
	}
	if LogSigmoid(-1000) != -1000 || LogSigmoid(40) != -math.Exp(-40) && math.Abs(LogSigmoid(40)+math.Exp(-40)) > 1e-30 {
		t.Errorf("log σ(−1000) = %v, log σ(40) = %v", LogSigmoid(-1000), LogSigmoid(40))
	}
	if Sigmoid(math.Inf(1)) != 1 || Sigmoid(math.Inf(-1)) != 0 || LogOnePlusExp(math.Inf(-1)) != 0 {
		t.Error("infinite limits")
	}
	for _, f := range []struct {
		name string
		d    func(dual.Number) dual.Number
		v    func(float64) float64
	}{{"softplus", DualSoftplus, LogOnePlusExp}, {"sigmoid", DualSigmoid, Sigmoid}, {"log-sigmoid", DualLogSigmoid, LogSigmoid}} {
		for _, x := range []float64{-30, -2, 0, 0.3, 5, 30} {
			const h = 1e-5
			fd := (f.v(x+h) - f.v(x-h)) / (2 * h)
			d := f.d(dual.Number{Real: x, Emag: 1})
			if d.Real != f.v(x) || math.Abs(d.Emag-fd) > 1e-8*math.Max(1, math.Abs(fd)) {
				t.Errorf("%s at %g: dual (%g, %g), value %g, central difference %g", f.name, x, d.Real, d.Emag, f.v(x), fd)
			}
		}
	}
}

// Mish, φ(x) = x·tanh(softplus(x)), defined by φ alone through FromDual
// with the stable softplus: its φ′ equals the closed form
// tanh(sp) + x·σ(x)·sech²(sp) (values checked with Python's math module:
// 0.659699757, 1.001254912), and it stays finite where e^x overflows.
func ExampleDualSoftplus() {
	mish, err := FromDual("mish", func(x dual.Number) dual.Number {
		return dual.Mul(x, dual.Tanh(DualSoftplus(x)))
	}, Props{Scale: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	x := 0.8
	sp := LogOnePlusExp(x)
	closed := math.Tanh(sp) + x*Sigmoid(x)/math.Pow(math.Cosh(sp), 2)
	fmt.Printf("φ(0.8) = %.6f, φ′(0.8) = %.6f (closed form %.6f)\n", mish.Phi(x), mish.DPhi(x), closed)
	fmt.Printf("φ(−800) = %g, φ(800) = %g\n", mish.Phi(-800), mish.Phi(800))
	// Output:
	// φ(0.8) = 0.659700, φ′(0.8) = 1.001255 (closed form 1.001255)
	// φ(−800) = -0, φ(800) = 800
}
