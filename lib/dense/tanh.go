package dense

import (
	"math"
	"unsafe"
)

const tanhConsts = 30

// tanhTable holds the constants of tanhKernel (tanh_amd64.s), each
// replicated 4 times: masks, 0.625, 44, log₂e, ln2 (hi, lo), 1/13!..1/0!,
// 1, 2, the Cephes tanh coefficients P0..P2, Q0..Q2 of math.Tanh, and the
// exponent bias.
var tanhTable = func() *[tanhConsts][4]float64 {
	var t [tanhConsts][4]float64
	set := func(i int, v float64) { t[i] = [4]float64{v, v, v, v} }
	set(0, math.Float64frombits(0x7fffffffffffffff))
	set(1, math.Float64frombits(0x8000000000000000))
	set(2, 0.625)
	set(3, 44)
	set(4, math.Log2E)
	set(5, ln2Hi)
	set(6, ln2Lo)
	for i, c := range invFactorials() { // entries 7..20: 1/13! .. 1/0!
		set(7+i, c)
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

// Cody–Waite split of ln 2, as in math.Exp.
const (
	ln2Hi = 6.93147180369123816490e-01
	ln2Lo = 1.90821492927058770002e-10
)

// invFactorials returns 1/13!, 1/12!, …, 1/0!: the Horner coefficients of
// the degree-13 Taylor polynomial of e^r.
func invFactorials() [14]float64 {
	var c [14]float64
	f := 1.0
	for k := 1; k <= 13; k++ {
		f *= float64(k)
	}
	for k := 13; k >= 0; k-- {
		c[13-k] = 1 / f
		if k > 0 {
			f /= float64(k)
		}
	}
	return c
}

// Tanh sets dst[i] = tanh(x[i]). dst and x must have the same length and
// be the same slice or not overlap (it panics otherwise).
//
// Special cases are those of math.Tanh: tanh(±0) = ±0, tanh(±Inf) = ±1,
// tanh(NaN) = NaN.
//
// On the assembly path four values at a time follow math.Tanh's algorithm
// (for |x| < 0.625 the Cephes rational x + x s P(s)/Q(s), s = x²;
// otherwise 1 − 2/(e^{2|x|} + 1) with the exponential of Exp) and agree
// with math.Tanh to 4 ε relative (TestTanh); a tail of fewer than four
// values is padded and takes the same path, so the result for x[i] does not
// depend on i. The portable path is math.Tanh.
func Tanh(dst, x []float64) {
	checkUnary("Tanh", dst, x)
	if curPath == Portable {
		for i, v := range x {
			dst[i] = math.Tanh(v)
		}
		return
	}
	n4 := len(x) &^ 3
	if n4 > 0 {
		tanhBlocks(&dst[0], &x[0], n4)
	}
	if n4 < len(x) {
		var buf [4]float64
		copy(buf[:], x[n4:])
		tanhBlocks(&buf[0], &buf[0], 4)
		copy(dst[n4:], buf[:])
	}
}

// tanhBlocks runs the tanh kernel of the current assembly path (eight lanes
// on AVX512, the same bits) on n values, n a multiple of 4; four values go
// to the four-lane kernel on either path (the same bits; a half-masked zmm
// block, with its double-pumped divisions, costs more).
func tanhBlocks(dst, src *float64, n int) {
	if curPath == AVX512 && n >= 8 {
		tanhKernel512(dst, src, n, tanhTable)
		return
	}
	tanhKernel(dst, src, n, tanhTable)
}

// checkUnary panics unless dst and x have equal lengths and are the same
// slice or disjoint.
func checkUnary(name string, dst, x []float64) {
	if len(dst) != len(x) {
		panic("dense: " + name + ": len(dst) != len(x)")
	}
	if len(x) == 0 || &dst[0] == &x[0] {
		return
	}
	if overlapSlices(dst, x) {
		panic("dense: " + name + ": dst and x overlap partially")
	}
}

// overlapSlices reports whether x and y share memory: overlaps on the
// two slices as one-row matrices, without building them (checkUnary runs
// once per row of a pass, where building them cost 2% of a vit step).
func overlapSlices(x, y []float64) bool {
	if len(x) == 0 || len(y) == 0 {
		return false
	}
	x0 := uintptr(unsafe.Pointer(unsafe.SliceData(x)))
	y0 := uintptr(unsafe.Pointer(unsafe.SliceData(y)))
	return x0 < y0+uintptr(len(y))*8 && y0 < x0+uintptr(len(x))*8
}
