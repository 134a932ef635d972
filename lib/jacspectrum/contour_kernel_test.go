package jacspectrum

import (
	"math"
	"math/cmplx"
	"math/rand/v2"
	"testing"

	"github.com/sigprop/sigprop/lib/activation"
)

// mLoop is ContourD2.M's Go loop alone (cauchyLoop from zero sums) over
// the nodes of g (Im w >= 0), the reference of the assembly kernel.
func mLoop(g ContourD2, w complex128) (complex128, complex128) {
	mr, mi, dr, di := cauchyLoop(real(w), imag(w), g.cdRe, g.cdIm, g.dRe, g.dIm, 0, 0, 0, 0)
	return complex(mr, mi), complex(dr, di)
}

// kernelLaws are the paths the kernel tests run on: the even (erf, tanh,
// sin) and the shifted (swish, β = 1) ones.
func kernelLaws() map[string]ContourD2 {
	return map[string]ContourD2{"erf": NewContourD2(activation.Erf(), 0.3), "tanh": NewContourD2(activation.Tanh(), 2),
		"sin": NewContourD2(activation.Sin(), 0.7), "swish": NewContourD2(activation.Swish(1), 0.4)}
}

// kernelPoint is the k-th seeded test point: from far off the support to
// Im w = 1e-14 next to it, in the upper half-plane, its conjugate (k ≡ 1
// mod 4) or on the real axis beyond the support (k ≡ 2 mod 4).
func kernelPoint(rng *rand.Rand, k int) complex128 {
	w := complex(-0.5+3*rng.Float64(), math.Pow(10, -14+16*rng.Float64()))
	switch k % 4 {
	case 1:
		w = cmplx.Conj(w)
	case 2:
		w = complex(2+10*rng.Float64(), 0)
	}
	return w
}

// TestCauchyPairs: M (on amd64 the assembly kernel two nodes at a time,
// then the Go loop) gives the Go loop's bits, for the even (erf, tanh,
// sin) and the shifted (swish, β = 1) paths, with an even and an odd number of
// nodes, at 2000 seeded points w from far off the support to Im w =
// 1e-14 next to it, in both half-planes, and at w on the real axis
// beyond the support.
func TestCauchyPairs(t *testing.T) {
	if !pairKernel {
		t.Skip("no assembly kernel on this architecture")
	}
	rng := rand.New(rand.NewPCG(7, 8))
	laws := kernelLaws()
	for name, g := range laws {
		odd := g
		n := len(g.cdRe) - 1 + len(g.cdRe)%2 // an odd count
		odd.cdRe, odd.cdIm, odd.dRe, odd.dIm = g.cdRe[:n], g.cdIm[:n], g.dRe[:n], g.dIm[:n]
		for _, h := range []ContourD2{g, odd} {
			if len(h.cdRe) < 3 {
				t.Fatalf("%s: %d nodes", name, len(h.cdRe))
			}
			for k := 0; k < 2000; k++ {
				w := kernelPoint(rng, k)
				m, dm := h.M(w)
				var wm, wdm complex128
				if imag(w) < 0 {
					wm, wdm = mLoop(h, cmplx.Conj(w))
					wm, wdm = cmplx.Conj(wm), cmplx.Conj(wdm)
				} else {
					wm, wdm = mLoop(h, w)
				}
				for _, c := range [][2]float64{{real(m), real(wm)}, {imag(m), imag(wm)}, {real(dm), real(wdm)}, {imag(dm), imag(wdm)}} {
					if math.Float64bits(c[0]) != math.Float64bits(c[1]) {
						t.Fatalf("%s (%d nodes), w = %v: M, M′ = %v, %v; the Go loop %v, %v", name, len(h.cdRe), w, m, dm, wm, wdm)
					}
				}
			}
		}
	}
}

// BenchmarkContourM is one M of erf's path (about 550 nodes).
func BenchmarkContourM(b *testing.B) {
	g := NewContourD2(activation.Erf(), 0.3)
	var s complex128
	for i := 0; b.Loop(); i++ {
		m, _ := g.M(complex(0.01*float64(i%100), 1e-6))
		s += m
	}
	_ = s
}

// BenchmarkContourMLoop is BenchmarkContourM by the Go loop alone (the
// kernel's reference).
func BenchmarkContourMLoop(b *testing.B) {
	g := NewContourD2(activation.Erf(), 0.3)
	var s complex128
	for i := 0; b.Loop(); i++ {
		m, _ := mLoop(g, complex(0.01*float64(i%100), 1e-6))
		s += m
	}
	_ = s
}

// TestCauchyTwo: mPair (on amd64 the two-point kernel: cauchyTwoAVX
// where the CPU has AVX, then cauchyTwo) gives at each of its two points
// the bits of M there, for the even (erf, tanh, sin) and the shifted
// (swish, β = 1) paths, with an even and an odd number of nodes, at 2000
// seeded pairs of points from far off the support to Im w = 1e-14 next
// to it, each point in either half-plane or on the real axis beyond the
// support.
func TestCauchyTwo(t *testing.T) {
	kernels := []bool{false}
	if twoAVX {
		kernels = append(kernels, true)
	}
	defer func(avx bool) { twoAVX = avx }(twoAVX)
	for _, avx := range kernels {
		twoAVX = avx
		rng := rand.New(rand.NewPCG(9, 10))
		point := func(k int) complex128 { return kernelPoint(rng, k) }
		for name, g := range kernelLaws() {
			odd := g
			// an odd count ending mid-path, where a node's term is not
			// below the sums' rounding (the path's last nodes are)
			n := len(g.cdRe)/2 | 1
			odd.cdRe, odd.cdIm, odd.dRe, odd.dIm = g.cdRe[:n], g.cdIm[:n], g.dRe[:n], g.dIm[:n]
			for _, h := range []ContourD2{g, odd} {
				for k := 0; k < 2000; k++ {
					w := [2]complex128{point(k), point(k / 4)}
					m, dm := h.mPair(w)
					for i := range w {
						wm, wdm := h.M(w[i])
						for _, c := range [][2]float64{{real(m[i]), real(wm)}, {imag(m[i]), imag(wm)}, {real(dm[i]), real(wdm)}, {imag(dm[i]), imag(wdm)}} {
							if math.Float64bits(c[0]) != math.Float64bits(c[1]) {
								t.Fatalf("AVX %v, %s (%d nodes), w = %v: lane %d M, M′ = %v, %v; M alone %v, %v", avx, name, len(h.cdRe), w, i, m[i], dm[i], wm, wdm)
							}
						}
					}
				}
			}
		}
	}
}

// BenchmarkContourMPair is mPair at two points of erf's path (compare
// with two BenchmarkContourM), by each kernel this CPU runs.
func BenchmarkContourMPair(b *testing.B) {
	g := NewContourD2(activation.Erf(), 0.3)
	have := twoAVX
	defer func() { twoAVX = have }()
	for _, avx := range []bool{false, true} {
		if avx && !have {
			continue
		}
		b.Run(map[bool]string{false: "sse2", true: "avx"}[avx], func(b *testing.B) {
			twoAVX = avx
			var s complex128
			for i := 0; b.Loop(); i++ {
				m, _ := g.mPair([2]complex128{complex(0.01*float64(i%100), 1e-6), complex(0.01*float64(i%100), 1e-8)})
				s += m[0] + m[1]
			}
			_ = s
		})
	}
}

// TestContourMuKept: μ₁..μ₃ kept when the path is built are the bits of
// the path rule's sum at the time of asking (pathMu), and Mu returns them
// for a path without a closed form (tanh, swish); erf and sin keep them
// too, and Mu returns their closed forms.
func TestContourMuKept(t *testing.T) {
	for name, g := range map[string]ContourD2{"tanh": NewContourD2(activation.Tanh(), 2), "sin": NewContourD2(activation.Sin(), 0.7),
		"swish": NewContourD2(activation.Swish(1), 0.4), "erf": NewContourD2(activation.Erf(), 0.3)} {
		for k := 1; k <= 3; k++ {
			want := g.pathMu(k)
			if got := g.low[k-1]; math.Float64bits(got) != math.Float64bits(want) || !(want > 0) {
				t.Errorf("%s: μ_%d kept %v, path rule %v", name, k, got, want)
			}
			if got := g.Mu(k); g.mu == nil && math.Float64bits(got) != math.Float64bits(want) {
				t.Errorf("%s: Mu(%d) = %v, path rule %v", name, k, got, want)
			}
		}
		if closed := name == "erf" || name == "sin"; closed != (g.mu != nil) {
			t.Errorf("%s: closed form attached %v, want %v", name, g.mu != nil, closed)
		}
	}
}
