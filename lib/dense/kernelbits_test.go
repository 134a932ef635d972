package dense

import (
	"encoding/binary"
	"hash/fnv"
	"math"
	"math/rand/v2"
	"testing"
)

// TestKernelBitsGolden: the AVX2 exponential and tanh kernels (and, where
// the CPU runs it, their AVX-512F forms, which promise the same bits) give
// the bits they gave as one-vector loops (hash recorded with the kernels of
// commit 22ef025, before their loops ran two vectors at a time), on
// inputs() and on 1 to 24 blocks of four at offsets 0–3, each output with
// the lane sum expKernel returns. Reordering the kernels' instructions
// across vectors must not move a bit: each value is still the same
// operations in the same order, and the lane sums add the vectors in
// order.
func TestKernelBitsGolden(t *testing.T) {
	if !Available(AVX2) {
		t.Skip("this CPU cannot run the avx2 path: its kernels are not checked")
	}
	const want = 0x3f4b33b6862f507d
	big := inputs()
	rng := rand.New(rand.NewPCG(21, 22))
	cases := [][]float64{big[:len(big)&^3]}
	for blocks := 1; blocks <= 24; blocks++ {
		for off := range 4 {
			buf := make([]float64, 4*blocks+off)
			for i := range buf {
				buf[i] = 3 * rng.NormFloat64()
			}
			cases = append(cases, buf[off:])
		}
	}
	type kernels struct {
		name string
		exp  func(dst, src *float64, n int, shift float64) float64
		tanh func(dst, src *float64, n int)
	}
	ks := []kernels{{"avx2",
		func(dst, src *float64, n int, shift float64) float64 { return expKernel(dst, src, n, shift, expTable) },
		func(dst, src *float64, n int) { tanhKernel(dst, src, n, tanhTable) }}}
	if Available(AVX512) {
		ks = append(ks, kernels{"avx512",
			func(dst, src *float64, n int, shift float64) float64 {
				return expKernel512(dst, src, n, shift, expTable)
			},
			func(dst, src *float64, n int) { tanhKernel512(dst, src, n, tanhTable) }})
	} else {
		t.Log("this CPU cannot run the avx512 path: its kernels are not checked")
	}
	for _, k := range ks {
		h := fnv.New64a()
		put := func(v float64) { h.Write(binary.LittleEndian.AppendUint64(nil, math.Float64bits(v))) }
		for _, x := range cases {
			n := len(x)
			e := make([]float64, n)
			put(k.exp(&e[0], &x[0], n, -0.25))
			th := make([]float64, n)
			k.tanh(&th[0], &x[0], n)
			for i := range x {
				put(e[i])
				put(th[i])
			}
		}
		if got := h.Sum64(); got != want {
			t.Errorf("%s kernels: hash %#x, want %#x", k.name, got, want)
		}
	}
}
