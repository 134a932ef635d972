package dense

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/blas/blas64"
)

// inputs returns special values, both sides of tanh's 0.625 branch and of
// exp's overflow (709.78) and underflow (−708.4 normal, −745.13 zero)
// thresholds, and Gaussian samples of widths 0.1–300, with an odd length
// so that the padded tail is exercised.
func inputs() []float64 {
	x := []float64{0, math.Copysign(0, -1), 1e-300, -1e-20, 0.3, 0.625, math.Nextafter(0.625, 0), -0.625,
		1, -2, 5, 19, 21.9, 22, 23, -40, 1e300, -1e300, math.Inf(1), math.Inf(-1), math.NaN(), 0.7, -0.1,
		709, 709.78, 709.79, 710, 711, -708, -708.5, -720, -744, -745.1, -745.2, -746, -800}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, w := range []float64{0.1, 1, 3, 30, 300} {
		for range 20001 {
			x = append(x, w*rng.NormFloat64())
		}
	}
	return x
}

// checkClose compares got with want: NaN must match NaN, signs must match,
// and |got − want| ≤ rel·|want| unless both are below tiny (subnormal
// results, compared absolutely).
func checkClose(t *testing.T, name string, x, got, want []float64, rel, tiny float64) {
	t.Helper()
	worst, bad := 0.0, 0
	for i, w := range want {
		g := got[i]
		if math.IsNaN(w) || math.IsNaN(g) {
			if math.IsNaN(w) != math.IsNaN(g) {
				t.Errorf("%s(%v) = %v, want %v", name, x[i], g, w)
			}
			continue
		}
		d := math.Abs(g - w)
		if math.Signbit(g) != math.Signbit(w) || (d > rel*math.Abs(w) && d > tiny) {
			if bad < 5 {
				t.Errorf("%s(%v) = %.17g, want %.17g", name, x[i], g, w)
			}
			bad++
		}
		if w != 0 && !math.IsInf(w, 0) && math.Abs(w) > tiny {
			worst = math.Max(worst, d/math.Abs(w))
		}
	}
	t.Logf("%s: worst relative difference %.2g (2⁻⁵² = 2.2e-16)", name, worst)
}

// TestExp compares Exp with math.Exp on each path. The assembly path uses
// a degree-13 Taylor polynomial (truncation < 5e-18) with FMA, each step
// within half an ulp, so it agrees with math.Exp (itself < 1 ulp) to 2 ε
// relative; subnormal results (|e^x| < 2.3e-308) carry an absolute
// rounding of one subnormal ulp 4.9e-324 on either side: tolerance 2e-323.
func TestExp(t *testing.T) { checkUnaryAgainst(t, "Exp", Exp, math.Exp, 2*0x1p-52, 2e-323) }

// TestTanh compares Tanh with math.Tanh on each path. Both evaluate the
// same formulas and differ only in e^y, so they agree to a few ulp:
// tolerance 4 ε relative (1e-300 absolute near 0).
func TestTanh(t *testing.T) { checkUnaryAgainst(t, "Tanh", Tanh, math.Tanh, 4*0x1p-52, 1e-300) }

// checkUnaryAgainst compares f with its scalar reference ref on inputs(),
// on each path, to rel relative or abs absolute; in place (dst = x) it must
// give the same bits.
func checkUnaryAgainst(t *testing.T, name string, f func(dst, x []float64), ref func(float64) float64, rel, abs float64) {
	t.Helper()
	x := inputs()
	want := make([]float64, len(x))
	for i, v := range x {
		want[i] = ref(v)
	}
	for _, asm := range paths(t) {
		got := make([]float64, len(x))
		onPath(asm, func() { f(got, x) })
		checkClose(t, name+"/"+pathName(asm), x, got, want, rel, abs)
		inPlace := append([]float64(nil), x...)
		onPath(asm, func() { f(inPlace, inPlace) })
		for i := range got {
			if math.Float64bits(got[i]) != math.Float64bits(inPlace[i]) {
				t.Fatalf("%s/%s in place differs at %d: %v vs %v", name, pathName(asm), i, inPlace[i], got[i])
			}
		}
	}
}

// TestTailIndependent: on the assembly path the value of Exp and Tanh at
// x[i] does not depend on whether x[i] falls in a block of four or in the
// padded tail.
func TestTailIndependent(t *testing.T) {
	x := inputs()[:37]
	for _, asm := range paths(t) {
		for _, f := range []struct {
			name string
			f    func(dst, x []float64)
		}{{"Exp", Exp}, {"Tanh", Tanh}} {
			all := make([]float64, len(x))
			onPath(asm, func() { f.f(all, x) })
			for i := range x {
				one := make([]float64, 1)
				onPath(asm, func() { f.f(one, x[i:i+1]) })
				if math.Float64bits(one[0]) != math.Float64bits(all[i]) {
					t.Errorf("%s/%s(%v): %v alone, %v at index %d", f.name, pathName(asm), x[i], one[0], all[i], i)
				}
			}
		}
	}
}

// TestUnaryPanics: lengths must match and a partial overlap panics.
func TestUnaryPanics(t *testing.T) {
	buf := make([]float64, 10)
	for _, tc := range []struct {
		name string
		f    func()
	}{
		{"Exp length", func() { Exp(buf[:3], buf[3:7]) }},
		{"Exp overlap", func() { Exp(buf[1:5], buf[0:4]) }},
		{"Tanh overlap", func() { Tanh(buf[0:4], buf[2:6]) }},
		{"NormalizeRow overlap", func() { NormalizeRow(buf[0:4], buf[1:5], true, 0) }},
		{"NormalizeRows shape", func() { NormalizeRows(row(buf[:4]), row(buf[4:9]), nil, false, 0) }},
	} {
		func() {
			defer func() {
				if r := recover(); r == nil {
					t.Errorf("%s: no panic", tc.name)
				}
			}()
			tc.f()
		}()
	}
	Exp(buf[0:4], buf[4:8]) // disjoint: fine
}

// TestSoftmax compares SoftmaxRow on each path with the textbook
// max-subtracted formula using math.Exp, on rows of length 1, 7, 17, 65
// and 257 with entries of width 1 and 30, and checks the special rows.
// Each output is a ratio of exponentials summed over at most 257 terms,
// so the paths agree to (len + 4) ε relative.
func TestSoftmax(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for _, asm := range paths(t) {
		for _, n := range []int{1, 7, 17, 65, 257} {
			for _, w := range []float64{1, 30} {
				x := make([]float64, n)
				for i := range x {
					x[i] = w * rng.NormFloat64()
				}
				mx := math.Inf(-1)
				for _, v := range x {
					mx = math.Max(mx, v)
				}
				want := make([]float64, n)
				var s float64
				for i, v := range x {
					want[i] = math.Exp(v - mx)
					s += want[i]
				}
				var total float64
				for i := range want {
					want[i] /= s
				}
				got := append([]float64(nil), x...)
				onPath(asm, func() { SoftmaxRow(got) })
				for _, v := range got {
					total += v
				}
				checkClose(t, fmt.Sprintf("Softmax/%s/n=%d/w=%v", pathName(asm), n, w), x, got, want, float64(n+4)*0x1p-52, 0)
				if math.Abs(total-1) > float64(n+4)*0x1p-52 {
					t.Errorf("%s n=%d: softmax sums to 1%+.3g", pathName(asm), n, total-1)
				}
			}
		}
		// A NaN, a +Inf or a row of −Inf makes the row NaN; a large
		// spread underflows to exact zeros and one.
		for _, r := range [][]float64{{1, math.NaN(), 2}, {1, math.Inf(1), 2}, {math.Inf(-1), math.Inf(-1)}} {
			onPath(asm, func() { SoftmaxRow(r) })
			for _, v := range r {
				if !math.IsNaN(v) {
					t.Errorf("%s: special row gave %v, want NaN", pathName(asm), r)
				}
			}
		}
		r := []float64{0, -1000, math.Inf(-1)}
		onPath(asm, func() { SoftmaxRow(r) })
		if r[0] != 1 || r[1] != 0 || r[2] != 0 {
			t.Errorf("%s: softmax(0, −1000, −Inf) = %v, want (1, 0, 0)", pathName(asm), r)
		}
	}
}

// TestSoftmaxRows: the matrix form equals the row form on a strided view
// and leaves the padding alone.
func TestSoftmaxRows(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	a := randView(rng, 5, 9, 2)
	want := clone(a)
	SoftmaxRows(a)
	for i := 0; i < 5; i++ {
		SoftmaxRow(want.Data[i*want.Stride : i*want.Stride+9])
	}
	for i := range a.Data {
		if math.Float64bits(a.Data[i]) != math.Float64bits(want.Data[i]) {
			t.Fatalf("SoftmaxRows differs from SoftmaxRow at %d", i)
		}
	}
}

// TestNormalizeRow: the result has mean 0 (center) and mean square
// 1/(1 + eps/σ²) to rounding (identities: 8 ε·d relative), 1/σ matches the
// two-pass formula, dst may be src, and the rows of NormalizeRows match.
func TestNormalizeRow(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for _, n := range []int{1, 2, 7, 64, 65, 257} {
		for _, center := range []bool{false, true} {
			for _, eps := range []float64{0, 1e-5} {
				x := make([]float64, n)
				for i := range x {
					x[i] = 3 + 2*rng.NormFloat64()
				}
				var mu float64
				if center {
					for _, v := range x {
						mu += v
					}
					mu /= float64(n)
				}
				var ss float64
				for _, v := range x {
					ss += (v - mu) * (v - mu)
				}
				wantInv := 1 / math.Sqrt(ss/float64(n)+eps)
				dst := make([]float64, n)
				inv := NormalizeRow(dst, x, center, eps)
				tol := 8 * float64(n) * 0x1p-52
				if !(math.Abs(inv-wantInv) <= tol*wantInv) && !(center && n == 1 && eps == 0) {
					t.Errorf("n=%d center=%v eps=%v: 1/σ = %v, want %v", n, center, eps, inv, wantInv)
				}
				var m1, m2 float64
				for _, v := range dst {
					m1 += v
					m2 += v * v
				}
				m1 /= float64(n)
				m2 /= float64(n)
				if center && math.Abs(m1) > tol*4 {
					t.Errorf("n=%d eps=%v: mean after centring %v", n, eps, m1)
				}
				if center && n == 1 && eps == 0 {
					continue // σ = 0: 1/σ = +Inf and a NaN row, by definition
				}
				if wantM2 := ss / float64(n) * wantInv * wantInv; !(math.Abs(m2-wantM2) <= tol) {
					t.Errorf("n=%d center=%v eps=%v: mean square %v, want %v", n, center, eps, m2, wantM2)
				}
				same := append([]float64(nil), x...)
				NormalizeRow(same, same, center, eps)
				for i := range same {
					if math.Float64bits(same[i]) != math.Float64bits(dst[i]) {
						t.Fatalf("n=%d: in place differs at %d", n, i)
					}
				}
				m := blas64.General{Rows: 2, Cols: n, Stride: n, Data: append(append([]float64(nil), x...), x...)}
				invs := make([]float64, 2)
				NormalizeRows(m, m, invs, center, eps)
				if invs[1] != inv || math.Float64bits(m.Data[n+n-1]) != math.Float64bits(dst[n-1]) {
					t.Errorf("n=%d: NormalizeRows differs from NormalizeRow", n)
				}
			}
		}
	}
}

// TestMaxOfPaths: the softmax's row maximum gives the same bits on every
// path (the assembly paths' vector maxima make the scalar update
// m = x > m ? x : m), on rows of length 1 to 40 drawn from a pool with NaN,
// ±0, ±Inf and ties, against the portable loop.
func TestMaxOfPaths(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	pool := []float64{math.NaN(), 0, math.Copysign(0, -1), math.Inf(1), math.Inf(-1), 1, -1, 1e300, -1e-300, 2.5}
	for trial := range 4000 {
		n := 1 + trial%40
		x := make([]float64, n)
		for i := range x {
			if rng.IntN(3) == 0 {
				x[i] = pool[rng.IntN(len(pool))]
			} else {
				x[i] = rng.NormFloat64()
			}
		}
		var want float64
		onPath(Portable, func() { want = maxOf(x) })
		for _, p := range paths(t) {
			var got float64
			onPath(p, func() { got = maxOf(x) })
			if math.Float64bits(got) != math.Float64bits(want) {
				t.Fatalf("%s: maxOf(%v) = %v, portable %v", p, x, got, want)
			}
		}
	}
}

var sinkV []float64

// BenchmarkUnary: Exp, Tanh and SoftmaxRow over 65 536 values, per path,
// reported in ns per value.
func BenchmarkUnary(b *testing.B) {
	x := make([]float64, 1<<16)
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range x {
		x[i] = 3 * rng.NormFloat64()
	}
	dst := make([]float64, len(x))
	for _, asm := range Paths() {
		for _, f := range []struct {
			name string
			f    func()
		}{
			{"Exp", func() { Exp(dst, x) }},
			{"Tanh", func() { Tanh(dst, x) }},
			{"Softmax64", func() {
				copy(dst, x)
				for i := 0; i < len(dst); i += 64 {
					SoftmaxRow(dst[i : i+64])
				}
			}},
		} {
			b.Run(f.name+"/"+pathName(asm), func(b *testing.B) {
				defer SetPath(SetPath(asm))
				for b.Loop() {
					f.f()
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(x)), "ns/value")
				sinkV = dst
			})
		}
	}
}

// TestRowsAVX512BitsAVX2: the AVX512 path's eight-lane rows (Exp, Tanh,
// the softmax with its lane sums, NormalizeRow) give the AVX2 path's bits,
// on inputs() and on rows of odd lengths 1, 7, 65 and 257 (so that both the
// blocks of eight, the masked last block of four and the padded tail run),
// at offsets 0–3 into a buffer. Skipped where the CPU lacks AVX-512F.
func TestRowsAVX512BitsAVX2(t *testing.T) {
	if !Available(AVX512) {
		t.Skip("this CPU cannot run the avx512 path: its rows are not compared here")
	}
	big := inputs()
	rng := rand.New(rand.NewPCG(15, 16))
	type row struct {
		name string
		f    func(dst, x []float64)
	}
	rows := []row{
		{"Exp", func(dst, x []float64) { Exp(dst[1:], x) }},
		{"Tanh", func(dst, x []float64) { Tanh(dst[1:], x) }},
		{"Softmax", func(dst, x []float64) { copy(dst[1:], x); SoftmaxRow(dst[1:]) }},
		{"expShiftSum", func(dst, x []float64) {
			s := expShiftSum(dst[1:], x, -0.5)
			dst[0] = s
		}},
		{"NormalizeRow/center", func(dst, x []float64) { dst[0] = NormalizeRow(dst[1:], x, true, 1e-5) }},
		{"NormalizeRow/rms", func(dst, x []float64) { dst[0] = NormalizeRow(dst[1:], x, false, 0) }},
	}
	var cases [][]float64
	cases = append(cases, big)
	for _, n := range []int{1, 7, 8, 12, 65, 257} {
		for off := range 4 {
			buf := make([]float64, n+off)
			for i := range buf {
				buf[i] = 1.5 + 4*rng.NormFloat64()
			}
			cases = append(cases, buf[off:])
		}
	}
	// The kernels themselves, called directly on whole blocks of four (so
	// that a dispatch falling back to the AVX2 kernel cannot pass for them),
	// with and without a masked last block of four.
	for _, n4 := range []int{4, 12, len(big) &^ 7, len(big)&^7 - 4} {
		a, b := make([]float64, n4), make([]float64, n4)
		sa := expKernel(&a[0], &big[0], n4, 0.25, expTable)
		sb := expKernel512(&b[0], &big[0], n4, 0.25, expTable)
		tanhKernel(&a[0], &a[0], n4, tanhTable)
		tanhKernel512(&b[0], &b[0], n4, tanhTable)
		if math.Float64bits(sa) != math.Float64bits(sb) {
			t.Errorf("n=%d: expKernel512 sums to %v, expKernel %v", n4, sb, sa)
		}
		for i := range a {
			if math.Float64bits(a[i]) != math.Float64bits(b[i]) {
				t.Fatalf("n=%d: tanh∘exp kernels at %d: avx512 %v, avx2 %v", n4, i, b[i], a[i])
			}
		}
	}
	for _, r := range rows {
		for _, x := range cases {
			want := make([]float64, len(x)+1)
			got := make([]float64, len(x)+1)
			onPath(AVX2, func() { r.f(want, x) })
			onPath(AVX512, func() { r.f(got, x) })
			for i := range want {
				if math.Float64bits(got[i]) != math.Float64bits(want[i]) {
					t.Fatalf("%s, n=%d: avx512 gives %v at %d, avx2 %v", r.name, len(x), got[i], i, want[i])
				}
			}
		}
	}
}

// BenchmarkRows: Exp, Tanh, SoftmaxRow and NormalizeRow on one row of
// length n (the simulators' d = 64 and n = 256 among them), per path; the
// AVX2 path is the four-lane kernels the AVX512 path's eight-lane ones
// replace.
func BenchmarkRows(b *testing.B) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, n := range []int{7, 64, 256, 4096} {
		x := make([]float64, n)
		for i := range x {
			x[i] = 3 * rng.NormFloat64()
		}
		dst := make([]float64, n)
		for _, p := range Paths() {
			for _, f := range []struct {
				name string
				f    func()
			}{
				{"Exp", func() { Exp(dst, x) }},
				{"Tanh", func() { Tanh(dst, x) }},
				{"Softmax", func() { copy(dst, x); SoftmaxRow(dst) }},
				{"Norm", func() { NormalizeRow(dst, x, true, 1e-5) }},
			} {
				b.Run(fmt.Sprintf("%s/n=%d/%s", f.name, n, p), func(b *testing.B) {
					defer SetPath(SetPath(p))
					for b.Loop() {
						f.f()
					}
					sinkV = dst
				})
			}
		}
	}
}

// TestNormalizeRowPaths: NormalizeRow (its sums and its map, sumKernel and
// affineKernel on the assembly paths) gives the portable path's bits on
// every path, on rows of lengths 1–9, 64, 65 and 257 at offsets 0–3,
// centred or not, eps 0 or 1e-5, including rows with ±0, ±Inf and NaN;
// and the softmax's final scaling is the portable x·(1/s) (affine).
func TestNormalizeRowPaths(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 18))
	special := []float64{0, math.Copysign(0, -1), math.Inf(1), math.Inf(-1), math.NaN(), 1e300}
	for _, n := range []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 64, 65, 257} {
		for off := range 4 {
			for trial := range 3 {
				buf := make([]float64, n+off)
				for i := range buf {
					buf[i] = 3 + 2*rng.NormFloat64()
				}
				x := buf[off:]
				if trial == 2 {
					x[rng.IntN(n)] = special[rng.IntN(len(special))]
				}
				for _, center := range []bool{false, true} {
					for _, eps := range []float64{0, 1e-5} {
						want := make([]float64, n)
						var wantInv float64
						onPath(Portable, func() { wantInv = NormalizeRow(want, x, center, eps) })
						wantS := append([]float64(nil), x...)
						onPath(Portable, func() { affine(wantS, wantS, 0, 0.37) })
						for _, p := range paths(t) {
							got := make([]float64, n)
							var inv float64
							onPath(p, func() { inv = NormalizeRow(got, x, center, eps) })
							gotS := append([]float64(nil), x...)
							onPath(p, func() { affine(gotS, gotS, 0, 0.37) })
							if math.Float64bits(inv) != math.Float64bits(wantInv) {
								t.Fatalf("%s n=%d off=%d center=%v eps=%v: 1/σ = %v, portable %v", p, n, off, center, eps, inv, wantInv)
							}
							for i := range got {
								if math.Float64bits(got[i]) != math.Float64bits(want[i]) || math.Float64bits(gotS[i]) != math.Float64bits(wantS[i]) {
									t.Fatalf("%s n=%d off=%d center=%v eps=%v at %d: %v and %v, portable %v and %v", p, n, off, center, eps, i, got[i], gotS[i], want[i], wantS[i])
								}
							}
						}
					}
				}
			}
		}
	}
}

// TestMapsPaths: Scale and MulTanhPrime give the bits of their Go loops
// (dst[j] = s*x[j]; d[j] *= 1 - g[j]*g[j]) on every path, on lengths 1–9,
// 15–17, 64, 65 and 257 at offsets 0–3, with ±0, ±Inf and NaN among the
// values; in place too for Scale.
func TestMapsPaths(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 20))
	special := []float64{0, math.Copysign(0, -1), math.Inf(1), math.Inf(-1), math.NaN(), 1e300}
	for _, n := range []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 15, 16, 17, 64, 65, 257} {
		for off := range 4 {
			x := make([]float64, n+off)[off:]
			g := make([]float64, n+off)[off:]
			for i := range x {
				x[i], g[i] = 2*rng.NormFloat64(), math.Tanh(rng.NormFloat64())
			}
			x[rng.IntN(n)] = special[rng.IntN(len(special))]
			g[rng.IntN(n)] = special[rng.IntN(len(special))]
			s := -0.73
			wantS, wantD := make([]float64, n), append([]float64(nil), x...)
			for j, v := range x {
				wantS[j] = s * v
			}
			for j, v := range g {
				wantD[j] *= 1 - float64(v*v) // the unfused loop (GOAMD64 < v3 compiles it so)
			}
			for _, p := range paths(t) {
				gotS, gotD, inPlace := make([]float64, n), append([]float64(nil), x...), append([]float64(nil), x...)
				onPath(p, func() {
					Scale(gotS, x, s)
					Scale(inPlace, inPlace, s)
					MulTanhPrime(gotD, g)
				})
				for j := range wantS {
					if math.Float64bits(gotS[j]) != math.Float64bits(wantS[j]) || math.Float64bits(inPlace[j]) != math.Float64bits(wantS[j]) {
						t.Fatalf("%s n=%d off=%d: Scale at %d gives %v (in place %v), loop %v", p, n, off, j, gotS[j], inPlace[j], wantS[j])
					}
					if math.Float64bits(gotD[j]) != math.Float64bits(wantD[j]) {
						t.Fatalf("%s n=%d off=%d: MulTanhPrime at %d gives %v, loop %v", p, n, off, j, gotD[j], wantD[j])
					}
				}
			}
		}
	}
}

// TestRMSBackPaths: RMSBack gives the bits of its unfused loop on every
// path, setting and adding, in place (out = g) too, at lengths around
// each kernel's width with special values; a kernel that fused s·y into
// the difference would fail (the draws make the roundings differ).
func TestRMSBackPaths(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	special := []float64{0, math.Copysign(0, -1), math.Inf(1), math.Inf(-1), math.NaN(), 1e300}
	fusedDiffers := false
	for _, n := range []int{1, 3, 4, 7, 8, 9, 15, 16, 17, 23, 64, 65, 257} {
		for trial := range 3 {
			g, y, out0 := make([]float64, n), make([]float64, n), make([]float64, n)
			for i := range g {
				g[i], y[i], out0[i] = rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()
			}
			if trial == 2 {
				g[rng.IntN(n)] = special[rng.IntN(len(special))]
				y[rng.IntN(n)] = special[rng.IntN(len(special))]
			}
			f, s := 1.7+rng.Float64(), rng.NormFloat64()
			for _, add := range []bool{false, true} {
				want := append([]float64(nil), out0...)
				for j, v := range g {
					r := float64(f * float64(v-float64(s*y[j]))) // unfused under any GOAMD64
					if add {
						want[j] += r
					} else {
						want[j] = r
					}
					fusedDiffers = fusedDiffers || r != float64(f*math.FMA(-s, y[j], v))
				}
				for _, p := range append(paths(t), Portable) {
					got := append([]float64(nil), out0...)
					inPlace := append([]float64(nil), g...)
					wantIn := append([]float64(nil), g...)
					for j, v := range g {
						r := float64(f * float64(v-float64(s*y[j])))
						if add {
							wantIn[j] += r
						} else {
							wantIn[j] = r
						}
					}
					onPath(p, func() {
						RMSBack(got, g, y, f, s, add)
						RMSBack(inPlace, inPlace, y, f, s, add)
					})
					for j := range want {
						if math.Float64bits(got[j]) != math.Float64bits(want[j]) && !(math.IsNaN(got[j]) && math.IsNaN(want[j])) {
							t.Fatalf("%s n=%d trial=%d add=%v: out[%d] = %v, loop %v", p, n, trial, add, j, got[j], want[j])
						}
						if math.Float64bits(inPlace[j]) != math.Float64bits(wantIn[j]) && !(math.IsNaN(inPlace[j]) && math.IsNaN(wantIn[j])) {
							t.Fatalf("%s n=%d trial=%d add=%v in place: out[%d] = %v, loop %v", p, n, trial, add, j, inPlace[j], wantIn[j])
						}
					}
				}
			}
		}
	}
	if !fusedDiffers {
		t.Error("no draw rounds differently when s·y is fused: the test cannot tell a fused kernel")
	}
	defer func() {
		if recover() == nil {
			t.Error("RMSBack: no panic on rows of different lengths")
		}
	}()
	RMSBack(make([]float64, 3), make([]float64, 2), make([]float64, 3), 1, 1, false)
}

// TestRMSBackOverlap: out partially overlapping g or y panics; out = y
// (the same slice) is allowed and gives the loop's bits.
func TestRMSBackOverlap(t *testing.T) {
	buf := make([]float64, 40)
	for i := range buf {
		buf[i] = float64(i%7) - 3
	}
	for name, call := range map[string]func(){
		"out, g": func() { RMSBack(buf[1:33], buf[0:32], make([]float64, 32), 1, 1, false) },
		"out, y": func() { RMSBack(buf[1:33], make([]float64, 32), buf[0:32], 1, 1, true) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("RMSBack with %s overlapping partially: no panic", name)
				}
			}()
			call()
		}()
	}
	for _, p := range append(paths(t), Portable) {
		g, y := buf[:32], append([]float64(nil), buf[8:40]...)
		want := append([]float64(nil), y...)
		for j, v := range g {
			want[j] = float64(1.5 * float64(v-float64(0.25*y[j])))
		}
		onPath(p, func() { RMSBack(y, g, y, 1.5, 0.25, false) })
		for j := range want {
			if math.Float64bits(y[j]) != math.Float64bits(want[j]) {
				t.Fatalf("%s: out = y at %d: %v, loop %v", p, j, y[j], want[j])
			}
		}
	}
}

// TestOverlapSlices: overlapSlices agrees with overlaps on the two slices
// as one-row matrices for every pair of sub-slices of one buffer (empty,
// adjacent, identical, nested and partially overlapping ones) and for
// slices of two buffers.
func TestOverlapSlices(t *testing.T) {
	buf, other := make([]float64, 9), make([]float64, 4)
	var subs [][]float64
	for i := 0; i <= len(buf); i++ {
		for j := i; j <= len(buf); j++ {
			subs = append(subs, buf[i:j])
		}
	}
	subs = append(subs, other, other[1:3])
	some := false
	for _, x := range subs {
		for _, y := range subs {
			got, want := overlapSlices(x, y), overlaps(row(x), row(y))
			if got != want {
				t.Fatalf("overlapSlices(len %d at %p, len %d at %p) = %v, overlaps %v", len(x), x, len(y), y, got, want)
			}
			some = some || got
		}
	}
	if !some {
		t.Error("no pair overlaps: the test checks nothing")
	}
}
