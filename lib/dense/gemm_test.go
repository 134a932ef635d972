package dense

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/blas/gonum"
)

// ref is gonum's pure-Go BLAS, called directly (blas64.Gemm could be
// switched to another implementation by blas64.Use).
var ref gonum.Implementation

func refGemm(tA, tB blas.Transpose, alpha float64, a, b blas64.General, beta float64, c blas64.General) {
	m, n := c.Rows, c.Cols
	k := a.Cols
	if tA != blas.NoTrans {
		k = a.Rows
	}
	ref.Dgemm(tA, tB, m, n, k, alpha, a.Data, max(1, a.Stride), b.Data, max(1, b.Stride), beta, c.Data, max(1, c.Stride))
}

// randView is an r×c view with pad extra columns per row filled with a
// sentinel that Gemm must not touch.
func randView(rng *rand.Rand, r, c, pad int) blas64.General {
	g := blas64.General{Rows: r, Cols: c, Stride: c + pad, Data: make([]float64, max(1, r*(c+pad)))}
	for i := range g.Data {
		if i%g.Stride < c {
			g.Data[i] = rng.NormFloat64()
		} else {
			g.Data[i] = 12345
		}
	}
	return g
}

func absView(g blas64.General) blas64.General {
	h := g
	h.Data = make([]float64, len(g.Data))
	for i, v := range g.Data {
		h.Data[i] = math.Abs(v)
	}
	return h
}

func operands(rng *rand.Rand, m, n, k int, tA, tB blas.Transpose) (a, b, c blas64.General) {
	if tA == blas.NoTrans {
		a = randView(rng, m, k, 3)
	} else {
		a = randView(rng, k, m, 3)
	}
	if tB == blas.NoTrans {
		b = randView(rng, k, n, 2)
	} else {
		b = randView(rng, n, k, 2)
	}
	return a, b, randView(rng, m, n, 1)
}

func clone(g blas64.General) blas64.General {
	g.Data = append([]float64(nil), g.Data...)
	return g
}

// TestGemmMatchesGonum compares Gemm on each path this CPU runs (portable,
// AVX2, AVX512; the log says which are skipped) with gonum's dgemm on odd
// shapes (1, 7, 65, 257 in every role: edges of the 6×8 and 8×16 tiles,
// one and two k-blocks of 256, several row blocks of 96 and 64, and a
// second column block of 2048), all four transpose combinations,
// β ∈ {0, 1, −0.5} and α ∈ {1, 0.7}, on strided views.
//
// Both compute the same k products in different orders, one with fused
// multiply-adds, so by the standard bound for inner products each entry
// differs by at most about 2 γ_{k+2} (|α||A||B| + |β||C|)_ij with
// γ_j = j ε/(1 − j ε); the tolerance is that bound, evaluated entry by
// entry from the absolute values (a rounding-error bound, not a fit).
// The padding of C must be untouched.
func TestGemmMatchesGonum(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	dims := []int{1, 7, 65, 257}
	type shape struct{ m, n, k int }
	var shapes []shape
	for _, m := range dims[:3] {
		for _, n := range dims[:3] {
			for _, k := range dims[:3] {
				shapes = append(shapes, shape{m, n, k})
			}
		}
	}
	shapes = append(shapes, shape{257, 257, 257}, shape{257, 7, 65}, shape{1, 257, 257},
		shape{65, 257, 1}, shape{7, 65, 257}, shape{6, 8, 513}, shape{12, 16, 4}, shape{3, 2100, 5},
		shape{8, 16, 513}, shape{136, 48, 9}, shape{17, 2065, 3})
	const eps = 0x1p-53
	for _, asm := range paths(t) {
		for _, sh := range shapes {
			for _, tA := range []blas.Transpose{blas.NoTrans, blas.Trans} {
				for _, tB := range []blas.Transpose{blas.NoTrans, blas.Trans} {
					for _, ab := range [][2]float64{{1, 0}, {0.7, 1}, {1, -0.5}} {
						alpha, beta := ab[0], ab[1]
						name := fmt.Sprintf("%s/%dx%dx%d/%c%c/α=%v/β=%v", pathName(asm), sh.m, sh.n, sh.k, tA, tB, alpha, beta)
						a, b, c := operands(rng, sh.m, sh.n, sh.k, tA, tB)
						want := clone(c)
						refGemm(tA, tB, alpha, a, b, beta, want)
						bound := absView(c)
						refGemm(tA, tB, math.Abs(alpha), absView(a), absView(b), math.Abs(beta), bound)
						onPath(asm, func() { Gemm(tA, tB, alpha, a, b, beta, c) })
						g := float64(sh.k+2) * eps
						g = 2 * g / (1 - g)
						bad := 0
						for i := 0; i < sh.m; i++ {
							for j := 0; j < c.Stride; j++ {
								o := i*c.Stride + j
								if j >= sh.n {
									if c.Data[o] != 12345 {
										t.Errorf("%s: wrote padding at (%d, %d)", name, i, j)
										bad++
									}
									continue
								}
								if d := math.Abs(c.Data[o] - want.Data[o]); !(d <= g*bound.Data[o]) {
									if bad < 3 {
										t.Errorf("%s: C[%d,%d] = %v, gonum %v, |diff| %.3g > bound %.3g",
											name, i, j, c.Data[o], want.Data[o], d, g*bound.Data[o])
									}
									bad++
								}
							}
						}
					}
				}
			}
		}
	}
}

// TestGemmAliasedOperands: A and B may be the same matrix (X Xᵀ and
// Xᵀ X, the Gram products the simulators form), or overlapping views of one
// slice; on each path Gemm agrees with gonum's dgemm within the rounding
// bound of TestGemmMatchesGonum and leaves X untouched.
func TestGemmAliasedOperands(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	const eps = 0x1p-53
	for _, p := range paths(t) {
		for _, sz := range [][2]int{{1, 1}, {7, 65}, {65, 7}, {257, 65}, {65, 257}} {
			r, c := sz[0], sz[1]
			x := randView(rng, r, c, 3)
			x0 := clone(x)
			// op(A) = X, op(B) = Xᵀ (r×r) and op(A) = Xᵀ, op(B) = X (c×c);
			// then two overlapping windows of X's rows, X[0:h]·X[h/2:h/2+h]ᵀ.
			h := max(1, r/2)
			lo := blas64.General{Rows: h, Cols: c, Stride: x.Stride, Data: x.Data}
			hi := blas64.General{Rows: h, Cols: c, Stride: x.Stride, Data: x.Data[(h/2)*x.Stride:]}
			for _, tc := range []struct {
				name   string
				tA, tB blas.Transpose
				a, b   blas64.General
				m, n   int
			}{
				{"X·Xᵀ", blas.NoTrans, blas.Trans, x, x, r, r},
				{"Xᵀ·X", blas.Trans, blas.NoTrans, x, x, c, c},
				{"overlapping", blas.NoTrans, blas.Trans, lo, hi, h, h},
			} {
				name := fmt.Sprintf("%s/%dx%d/%s", p, r, c, tc.name)
				out := randView(rng, tc.m, tc.n, 1)
				want := clone(out)
				refGemm(tc.tA, tc.tB, 0.7, tc.a, tc.b, -0.5, want)
				bound := absView(out)
				refGemm(tc.tA, tc.tB, 0.7, absView(tc.a), absView(tc.b), 0.5, bound)
				onPath(p, func() { Gemm(tc.tA, tc.tB, 0.7, tc.a, tc.b, -0.5, out) })
				k := c
				if tc.tA == blas.Trans {
					k = r
				}
				g := float64(k+2) * eps
				g = 2 * g / (1 - g)
				for o, v := range out.Data {
					if d := math.Abs(v - want.Data[o]); !(d <= g*bound.Data[o]) {
						t.Fatalf("%s: element %d = %v, gonum %v, |diff| %.3g > bound %.3g", name, o, v, want.Data[o], d, g*bound.Data[o])
					}
				}
				for o := range x.Data {
					if math.Float64bits(x.Data[o]) != math.Float64bits(x0.Data[o]) {
						t.Fatalf("%s: X changed at %d", name, o)
					}
				}
			}
		}
	}
}

// TestGemmAVX512BitsAVX2: the AVX512 path gives exactly the AVX2 path's
// bits (same k-blocking, same fused multiply-add chain per element; see
// gemm512.go) on the shapes of TestGemmMatchesGonum with every transpose
// and the three (α, β) pairs. Skipped where the CPU lacks AVX-512.
func TestGemmAVX512BitsAVX2(t *testing.T) {
	if !Available(AVX512) {
		t.Skip("this CPU cannot run the avx512 path of lib/dense")
	}
	rng := rand.New(rand.NewPCG(11, 12))
	for _, sh := range [][3]int{{1, 1, 1}, {7, 65, 257}, {65, 7, 1}, {257, 257, 257}, {64, 256, 64}, {256, 64, 256},
		{9, 17, 513}, {300, 2100, 5}, {100, 30, 600}} {
		m, n, k := sh[0], sh[1], sh[2]
		for _, tA := range []blas.Transpose{blas.NoTrans, blas.Trans} {
			for _, tB := range []blas.Transpose{blas.NoTrans, blas.Trans} {
				for _, ab := range [][2]float64{{1, 0}, {0.7, 1}, {1, -0.5}} {
					a, b, c := operands(rng, m, n, k, tA, tB)
					c2 := clone(c)
					onPath(AVX2, func() { Gemm(tA, tB, ab[0], a, b, ab[1], c) })
					onPath(AVX512, func() { Gemm(tA, tB, ab[0], a, b, ab[1], c2) })
					for o := range c.Data {
						if math.Float64bits(c.Data[o]) != math.Float64bits(c2.Data[o]) {
							t.Fatalf("%dx%dx%d/%c%c/α=%v/β=%v: element %d: avx2 %v, avx512 %v", m, n, k, tA, tB, ab[0], ab[1], o, c.Data[o], c2.Data[o])
						}
					}
				}
			}
		}
	}
}

// TestGemmSpecialScalars: β = 0 does not read C (NaN in C gives no NaN),
// α = 0 does not read A or B (C ← β C even with NaN in A), k = 0 gives
// C ← β C; checked exactly on both paths.
func TestGemmSpecialScalars(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, asm := range paths(t) {
		onPath(asm, func() {
			a, b, c := operands(rng, 9, 10, 11, blas.NoTrans, blas.NoTrans)
			for i := range c.Data {
				c.Data[i] = math.NaN()
			}
			Gemm(blas.NoTrans, blas.NoTrans, 1, a, b, 0, c)
			want := randView(rng, 9, 10, 1)
			refGemm(blas.NoTrans, blas.NoTrans, 1, a, b, 0, want)
			for i := 0; i < 9; i++ {
				for j := 0; j < 10; j++ {
					if math.IsNaN(c.Data[i*c.Stride+j]) {
						t.Fatalf("%s: β = 0 propagated NaN from C", pathName(asm))
					}
				}
			}
			c2 := randView(rng, 9, 10, 1)
			c0 := clone(c2)
			a.Data[0] = math.NaN()
			Gemm(blas.NoTrans, blas.NoTrans, 0, a, b, 0.5, c2)
			for i := 0; i < 9; i++ {
				for j := 0; j < 10; j++ {
					if o := i*c2.Stride + j; c2.Data[o] != 0.5*c0.Data[o] {
						t.Fatalf("%s: α = 0: C[%d,%d] = %v, want %v", pathName(asm), i, j, c2.Data[o], 0.5*c0.Data[o])
					}
				}
			}
			e := blas64.General{Rows: 9, Cols: 0, Stride: 1}
			f := blas64.General{Rows: 0, Cols: 10, Stride: 10}
			c3 := clone(c0)
			Gemm(blas.NoTrans, blas.NoTrans, 1, e, f, -2, c3)
			for i := 0; i < 9; i++ {
				for j := 0; j < 10; j++ {
					if o := i*c3.Stride + j; c3.Data[o] != -2*c0.Data[o] {
						t.Fatalf("%s: k = 0: C[%d,%d] = %v, want %v", pathName(asm), i, j, c3.Data[o], -2*c0.Data[o])
					}
				}
			}
		})
	}
}

// TestGemmDeterministic: on a given path the same inputs give the same bits,
// whatever the pooled buffers held before (a different product runs in
// between).
func TestGemmDeterministic(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, asm := range paths(t) {
		onPath(asm, func() {
			a, b, c := operands(rng, 100, 70, 300, blas.Trans, blas.NoTrans)
			c1, c2 := clone(c), clone(c)
			Gemm(blas.Trans, blas.NoTrans, 0.3, a, b, 0.9, c1)
			x, y, z := operands(rng, 37, 301, 29, blas.NoTrans, blas.Trans)
			Gemm(blas.NoTrans, blas.Trans, 1, x, y, 0, z)
			Gemm(blas.Trans, blas.NoTrans, 0.3, a, b, 0.9, c2)
			for i := range c1.Data {
				if math.Float64bits(c1.Data[i]) != math.Float64bits(c2.Data[i]) {
					t.Fatalf("%s: element %d differs between identical calls: %v vs %v", pathName(asm), i, c1.Data[i], c2.Data[i])
				}
			}
		})
	}
}

// TestGemmPanics: shape mismatches, short data, a bad transpose and C
// overlapping A or B (forming a product in place) panic with a dense:
// message.
func TestGemmPanics(t *testing.T) {
	g := func(r, c int) blas64.General {
		return blas64.General{Rows: r, Cols: c, Stride: c, Data: make([]float64, r*c)}
	}
	sq := g(4, 4)
	big := g(8, 4)
	top := blas64.General{Rows: 4, Cols: 4, Stride: 4, Data: big.Data[:16]}
	bottom := blas64.General{Rows: 4, Cols: 4, Stride: 4, Data: big.Data[16:]}
	for _, tc := range []struct {
		name string
		f    func()
	}{
		{"rows", func() { Gemm(blas.NoTrans, blas.NoTrans, 1, g(3, 4), g(4, 4), 0, g(4, 4)) }},
		{"cols", func() { Gemm(blas.NoTrans, blas.NoTrans, 1, g(4, 4), g(4, 5), 0, g(4, 4)) }},
		{"inner", func() { Gemm(blas.NoTrans, blas.Trans, 1, g(4, 3), g(4, 4), 0, g(4, 4)) }},
		{"short", func() {
			Gemm(blas.NoTrans, blas.NoTrans, 1, blas64.General{Rows: 4, Cols: 4, Stride: 4, Data: make([]float64, 15)}, g(4, 4), 0, g(4, 4))
		}},
		{"stride", func() {
			Gemm(blas.NoTrans, blas.NoTrans, 1, blas64.General{Rows: 4, Cols: 4, Stride: 3, Data: make([]float64, 16)}, g(4, 4), 0, g(4, 4))
		}},
		{"transpose", func() { Gemm(blas.Transpose('x'), blas.NoTrans, 1, g(4, 4), g(4, 4), 0, g(4, 4)) }},
		{"C is A", func() { Gemm(blas.NoTrans, blas.NoTrans, 1, sq, g(4, 4), 0, sq) }},
		{"C is B", func() { Gemm(blas.NoTrans, blas.NoTrans, 1, g(4, 4), sq, 1, sq) }},
		{"C inside B", func() {
			Gemm(blas.NoTrans, blas.Trans, 1, g(4, 8), big, 0, blas64.General{Rows: 2, Cols: 2, Stride: 4, Data: big.Data[5:]})
		}},
	} {
		func() {
			defer func() {
				r := recover()
				if s, ok := r.(string); !ok || len(s) < 6 || s[:6] != "dense:" {
					t.Errorf("%s: recovered %v, want a dense: panic", tc.name, r)
				}
			}()
			tc.f()
		}()
	}
	// Disjoint halves of one slice are not an overlap.
	Gemm(blas.NoTrans, blas.NoTrans, 1, top, g(4, 4), 0, bottom)
}

var sinkGemm float64

// BenchmarkGemm: square products n×n·n×n (NoTrans, β = 0) and the
// transposed-B form (NT), on each path this CPU runs and with gonum's
// dgemm, reported in
// GFLOP/s (2n³ flops per product).
func BenchmarkGemm(b *testing.B) {
	for _, n := range []int{64, 128, 256, 512, 1024} {
		rng := rand.New(rand.NewPCG(1, 2))
		x, y, z := randView(rng, n, n, 0), randView(rng, n, n, 0), randView(rng, n, n, 0)
		type impl struct {
			name string
			f    func()
		}
		impls := []impl{{"gonum", func() { refGemm(blas.NoTrans, blas.NoTrans, 1, x, y, 0, z) }}}
		for _, p := range Paths() {
			impls = append(impls, impl{p.String(), func() { onPath(p, func() { Gemm(blas.NoTrans, blas.NoTrans, 1, x, y, 0, z) }) }})
			if p != Portable {
				impls = append(impls, impl{p.String() + "NT", func() { onPath(p, func() { Gemm(blas.NoTrans, blas.Trans, 1, x, y, 0, z) }) }})
			}
		}
		for _, im := range impls {
			b.Run(fmt.Sprintf("n=%d/%s", n, im.name), func(b *testing.B) {
				for b.Loop() {
					im.f()
				}
				b.ReportMetric(2*float64(n)*float64(n)*float64(n)*float64(b.N)/b.Elapsed().Seconds()/1e9, "GFLOP/s")
				sinkGemm = z.Data[0]
			})
		}
	}
}
