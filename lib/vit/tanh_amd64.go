package vit

import "math"

//go:noescape
func tanhKernel(dst, src *float64, n int, c *[tanhConsts][4]float64)

const tanhConsts = 30

// tanhTable holds the constants of tanhKernel, each replicated 4 times:
// masks, 0.625, 44, log₂e, ln2 (hi, lo), 1/13!..1/0!, 1, 2, the Cephes
// tanh coefficients P0..P2, Q0..Q2 of math.Tanh, and the exponent bias.
var tanhTable = func() *[tanhConsts][4]float64 {
	var t [tanhConsts][4]float64
	set := func(i int, v float64) { t[i] = [4]float64{v, v, v, v} }
	set(0, math.Float64frombits(0x7fffffffffffffff))
	set(1, math.Float64frombits(0x8000000000000000))
	set(2, 0.625)
	set(3, 44)
	set(4, math.Log2E)
	set(5, 6.93147180369123816490e-01) // ln2 hi (as math.Exp)
	set(6, 1.90821492927058770002e-10) // ln2 lo
	f := 1.0
	for k := 1; k <= 13; k++ {
		f *= float64(k)
	}
	for k := 13; k >= 0; k-- { // entries 7..20: 1/13! .. 1/0!
		set(7+13-k, 1/f)
		if k > 0 {
			f /= float64(k)
		}
	}
	set(21, 1)
	set(22, 2)
	set(23, -9.64399179425052238628e-1)
	set(24, -9.92877231001918586564e1)
	set(25, -1.61468768441708447952e3)
	set(26, 1.12811678491632931402e2)
	set(27, 2.23548839060100448583e3)
	set(28, 4.84406305325125486048e3)
	set(29, math.Float64frombits(1023))
	return &t
}()

// tanhSlice sets x[i] = tanh(x[i]) in place.
func tanhSlice(x []float64) {
	n4 := 0
	if useKernel {
		n4 = len(x) - len(x)%4
		if n4 > 0 {
			tanhKernel(&x[0], &x[0], n4, tanhTable)
		}
	}
	for i := n4; i < len(x); i++ {
		x[i] = math.Tanh(x[i])
	}
}
