package dense

import (
	"math"

	"gonum.org/v1/gonum/blas/blas64"
)

const expConsts = 20

// expTable holds the constants of expKernel (exp_amd64.s), each
// replicated 4 times: the clamps 710 and −746, log₂e, ln2 (hi, lo),
// 1/13!..1/0!, and the exponent bias 1023 (as an integer).
var expTable = func() *[expConsts][4]float64 {
	var t [expConsts][4]float64
	set := func(i int, v float64) { t[i] = [4]float64{v, v, v, v} }
	set(0, 710)
	set(1, -746)
	set(2, math.Log2E)
	set(3, ln2Hi)
	set(4, ln2Lo)
	for i, c := range invFactorials() { // entries 5..18
		set(5+i, c)
	}
	set(19, math.Float64frombits(1023))
	return &t
}()

// Exp sets dst[i] = e^{x[i]}. dst and x must have the same length and be
// the same slice or not overlap (it panics otherwise).
//
// Special cases are those of math.Exp: e^{+Inf} = +Inf, e^{−Inf} = 0,
// e^{NaN} = NaN; e^x overflows to +Inf for x > 709.78 and underflows
// gradually (subnormal results) to 0 below −745.13.
//
// On the assembly path, four values at a time,
//
//	e^x = 2^k p(r),  k = round(x/ln 2),  r = x − k ln 2 (Cody–Waite, |r| ≤ ln2/2),
//
// p the degree-13 Taylor polynomial by Horner's rule with fused
// multiply-adds (truncation < 5·10⁻¹⁸ relative), and 2^k applied as two
// factors 2^⌊k/2⌋ 2^{k−⌊k/2⌋} so that subnormal results are rounded once.
// It agrees with math.Exp to 2 ε relative on normal results (TestExp). A
// tail of fewer than four values is padded and takes the same path. The
// portable path is math.Exp.
func Exp(dst, x []float64) {
	checkUnary("Exp", dst, x)
	if curPath == Portable {
		for i, v := range x {
			dst[i] = math.Exp(v)
		}
		return
	}
	expShiftSum(dst, x, 0)
}

// expShiftSum sets dst[i] = e^{x[i]+shift} on the assembly path and
// returns Σ dst[i] (four lanes, each summed in order, then combined as
// (l₀+l₂)+(l₁+l₃)). The AVX512 path runs expKernel512, eight values at a
// time with the same bits and the same four lane sums.
func expShiftSum(dst, x []float64, shift float64) float64 {
	var s float64
	n4 := len(x) &^ 3
	if n4 > 0 {
		s = expBlocks(&dst[0], &x[0], n4, shift)
	}
	if n4 < len(x) {
		s += expTail(dst[n4:], x[n4:], shift)
	}
	return s
}

// expTail is expShiftSum on the 1 to 3 values past the last block of four:
// the kernel on a block padded with −∞, whose padded lanes add +0 to the
// sum. Where every value and the padding are sure not to give NaN it takes
// expLane on each value, the same bits without the padded buffer: the
// buffer's scalar stores followed by the kernel's vector load stall store
// forwarding, which cost a softmax row of two tokens (lib/shapednet) more
// than its exponentials (TestExpTailBits).
func expTail(dst, x []float64, shift float64) float64 {
	var e [4]float64 // the lanes; +0 in the padding, as e^{−∞} in the kernel
	for i, v := range x {
		if math.IsNaN(v+shift) || math.IsNaN(shift) || math.IsInf(shift, 1) { // −∞+shift is NaN or −∞
			buf := [4]float64{math.Inf(-1), math.Inf(-1), math.Inf(-1), math.Inf(-1)}
			copy(buf[:], x)
			s := expBlocks(&buf[0], &buf[0], 4, shift)
			copy(dst, buf[:])
			return s
		}
		e[i] = expLane(v + shift)
	}
	copy(dst, e[:len(x)])
	return (e[0] + e[2]) + (e[1] + e[3]) // the kernel's lanes each start at +0, then (l₀+l₂)+(l₁+l₃)
}

// expLane is one lane of expKernel (exp_amd64.s) on x = src+shift, not NaN,
// operation by operation: clamp to [−746, 710], k = round(x log₂e) to
// nearest even, r = x − k ln2hi − k ln2lo by fused multiply-adds, p the
// degree-13 Taylor polynomial by Horner with fused multiply-adds, and
// (p·2^{k₁})·2^{k−k₁} with k₁ = k>>1.
func expLane(x float64) float64 {
	x = max(min(x, 710), -746)
	k := math.RoundToEven(float64(x * math.Log2E))
	r := math.FMA(-k, ln2Hi, x)
	r = math.FMA(-k, ln2Lo, r)
	c := expTable
	p := c[5][0] // 1/13!
	for i := 6; i <= 18; i++ {
		p = math.FMA(r, p, c[i][0])
	}
	ki := int32(k)
	k1 := ki >> 1
	k2 := ki - k1
	p = float64(p * math.Float64frombits(uint64(int64(k1)+1023)<<52))
	return float64(p * math.Float64frombits(uint64(int64(k2)+1023)<<52))
}

// expBlocks runs the exponential kernel of the current assembly path on n
// values, n a multiple of 4 (a direct call, not a function value, so that
// a caller's buffer stays on its stack). Four values go to the four-lane
// kernel on either path: the bits are the same, and a half-masked zmm block
// costs more.
func expBlocks(dst, src *float64, n int, shift float64) float64 {
	if curPath == AVX512 && n >= 8 {
		return expKernel512(dst, src, n, shift, expTable)
	}
	return expKernel(dst, src, n, shift, expTable)
}

// row views a slice as a 1×n matrix.
func row(x []float64) blas64.General {
	return blas64.General{Rows: 1, Cols: len(x), Stride: max(1, len(x)), Data: x}
}
