package dense

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/blas/blas64"
)

// exactDot is Σ x_j y_j (or x_j (c − y_j)) in exact arithmetic, rounded
// once: the independent reference for the four-lane sums.
func exactDot(x, y []float64, c float64, diff bool) float64 {
	acc := new(big.Float).SetPrec(4096)
	for j := range x {
		yj := new(big.Float).SetPrec(4096).SetFloat64(y[j])
		if diff {
			yj.Sub(new(big.Float).SetPrec(4096).SetFloat64(c), yj)
		}
		acc.Add(acc, yj.Mul(yj, new(big.Float).SetFloat64(x[j])))
	}
	f, _ := acc.Float64()
	return f
}

// TestDotPaths: Dot, SumSq and DotDiff give the portable path's bits on
// every path, at every length and alignment (special values included), and
// are within a few ulps × Σ|t_j| of the exact sum (the error bound of a
// recursive sum of n/4 terms per lane: (n/4 + 2) ε Σ|t_j|).
func TestDotPaths(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	special := []float64{0, math.Copysign(0, -1), math.Inf(1), math.NaN(), 1e300}
	for _, n := range []int{0, 1, 2, 3, 4, 5, 7, 8, 15, 16, 17, 64, 65, 257} {
		for off := range 4 {
			for trial := range 3 {
				buf := make([]float64, 2*(n+off))
				for i := range buf {
					buf[i] = 0.5 + rng.NormFloat64()
				}
				x, y := buf[off:off+n], buf[n+2*off:]
				if trial == 2 && n > 0 {
					x[rng.IntN(n)] = special[rng.IntN(len(special))]
				}
				c := rng.NormFloat64()
				var want [3]float64
				onPath(Portable, func() { want = [3]float64{Dot(x, y), SumSq(x), DotDiff(x, y, c)} })
				for _, p := range paths(t) {
					var got [3]float64
					onPath(p, func() { got = [3]float64{Dot(x, y), SumSq(x), DotDiff(x, y, c)} })
					for k := range got {
						if math.Float64bits(got[k]) != math.Float64bits(want[k]) {
							t.Fatalf("%s n=%d off=%d trial=%d: sum %d = %v, portable %v", p, n, off, trial, k, got[k], want[k])
						}
					}
				}
				if trial == 2 {
					continue
				}
				var abs, absD, sq float64
				for j := range x {
					abs += math.Abs(x[j] * y[j])
					absD += math.Abs(x[j] * (c - y[j]))
					sq += x[j] * x[j]
				}
				eps := float64(n/4+3) * 0x1p-52
				for _, k := range []struct {
					name      string
					got, want float64
					scale     float64
				}{{"Dot", want[0], exactDot(x, y, 0, false), abs}, {"SumSq", want[1], exactDot(x, x, 0, false), sq}, {"DotDiff", want[2], exactDot(x, y, c, true), absD}} {
					if math.Abs(k.got-k.want) > eps*k.scale {
						t.Errorf("%s n=%d off=%d: %v, exact %v (bound %.3g)", k.name, n, off, k.got, k.want, eps*k.scale)
					}
				}
			}
		}
	}
}

// TestDotDiffExactZero: with every g_j equal to c the centred sum is an
// exact zero on every path, for any weights (the property the softmax
// pull-back of identical tokens relies on); a plain Σ a_j c − Σ a_j g_j
// in this arithmetic is not, for some draws (which the test shows, so
// that the property is not vacuous).
func TestDotDiffExactZero(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	nonzero := 0
	for trial := range 200 {
		n := 1 + trial%97
		a, g := make([]float64, n), make([]float64, n)
		c := rng.NormFloat64() * 3
		for j := range a {
			a[j] = rng.Float64()
			g[j] = c
		}
		for _, p := range paths(t) {
			onPath(p, func() {
				if v := DotDiff(a, g, c); v != 0 {
					t.Fatalf("%s n=%d: DotDiff = %v, want exactly 0", p, n, v)
				}
			})
		}
		var sa float64
		for _, v := range a {
			sa += v
		}
		if sa*c-Dot(a, g) != 0 {
			nonzero++
		}
	}
	if nonzero == 0 {
		t.Fatal("the uncentred form gave exact zeros in every draw: the test does not distinguish the forms")
	}
}

// TestDot4: Dot4 gives Dot's bits for each of its four rows on every path
// (so the portable path's), at every length and alignment, special values
// included.
func TestDot4(t *testing.T) {
	rng := rand.New(rand.NewPCG(33, 34))
	special := []float64{0, math.Copysign(0, -1), math.Inf(1), math.NaN(), 1e300}
	for _, n := range []int{1, 2, 3, 4, 5, 7, 8, 15, 16, 17, 19, 64, 65, 256, 257} {
		for off := range 4 {
			for trial := range 3 {
				var x, y [4][]float64
				for r := range 4 {
					bx, by := make([]float64, n+off), make([]float64, n+(off+r)%4)
					for i := range bx {
						bx[i] = 0.5 + rng.NormFloat64()
					}
					for i := range by {
						by[i] = rng.NormFloat64()
					}
					x[r], y[r] = bx[off:], by[(off+r)%4:]
					if trial == 2 {
						x[r][rng.IntN(n)] = special[rng.IntN(len(special))]
					}
				}
				var want [4]float64
				onPath(Portable, func() {
					for r := range 4 {
						want[r] = Dot(x[r], y[r])
					}
				})
				for _, p := range append(paths(t), Portable) {
					var got [4]float64
					onPath(p, func() { got = Dot4(&x, &y) })
					for r := range 4 {
						if math.Float64bits(got[r]) != math.Float64bits(want[r]) {
							t.Fatalf("%s n=%d off=%d trial=%d row %d: Dot4 %v, Dot %v", p, n, off, trial, r, got[r], want[r])
						}
					}
				}
			}
		}
	}
	defer func() {
		if recover() == nil {
			t.Error("Dot4: no panic on rows of different lengths")
		}
	}()
	x := [4][]float64{make([]float64, 4), make([]float64, 4), make([]float64, 5), make([]float64, 4)}
	Dot4(&x, &x)
}

func TestDotPanics(t *testing.T) {
	for _, f := range []func(){func() { Dot(make([]float64, 3), make([]float64, 4)) }, func() { DotDiff(make([]float64, 5), make([]float64, 4), 0) }} {
		func() {
			defer func() {
				if recover() == nil {
					t.Error("no panic on mismatched lengths")
				}
			}()
			f()
		}()
	}
}

// TestOrderedRowDots: each of OrderedRowDots's sums has the bits of the
// plain loop s += x_j y_j in order from zero, for row counts with and
// without a tail of 1–3 rows, on strided matrices, special values
// included; and it is not Dot's four-lane sum (the rows are drawn so that
// the two orders round differently somewhere), so a version that called
// Dot fails. It panics when the matrices have too few rows or unequal
// columns.
func TestOrderedRowDots(t *testing.T) {
	rng := rand.New(rand.NewPCG(35, 36))
	special := []float64{0, math.Copysign(0, -1), math.Inf(1), math.NaN(), 1e300}
	lanesDiffer := false
	for _, rows := range []int{0, 1, 3, 4, 5, 8, 11} {
		for _, d := range []int{0, 1, 3, 17, 64, 65} {
			for trial := range 3 {
				x, y := blas64.General{Rows: rows + 1, Cols: d, Stride: d + 2}, blas64.General{Rows: rows, Cols: d, Stride: d + 1}
				x.Data, y.Data = make([]float64, x.Rows*x.Stride), make([]float64, max(1, y.Rows*y.Stride))
				for i := range x.Data {
					x.Data[i] = 0.5 + rng.NormFloat64()
				}
				for i := range y.Data {
					y.Data[i] = rng.NormFloat64()
				}
				if trial == 2 && d > 0 {
					for i := range rows {
						x.Data[i*x.Stride+rng.IntN(d)] = special[rng.IntN(len(special))]
					}
				}
				for _, p := range append(paths(t), Portable) {
					got := make([]float64, rows)
					onPath(p, func() { OrderedRowDots(got, x, y) })
					for i := range rows {
						xr, yr := x.Data[i*x.Stride:i*x.Stride+d], y.Data[i*y.Stride:i*y.Stride+d]
						var want float64
						for j := range d {
							want += float64(xr[j] * yr[j])
						}
						if math.Float64bits(got[i]) != math.Float64bits(want) && !(math.IsNaN(got[i]) && math.IsNaN(want)) {
							t.Fatalf("%s rows=%d d=%d trial=%d row %d: OrderedRowDots %v, in-order loop %v", p, rows, d, trial, i, got[i], want)
						}
						lanesDiffer = lanesDiffer || got[i] != Dot(xr, yr)
					}
				}
			}
		}
	}
	if !lanesDiffer {
		t.Error("OrderedRowDots equals Dot on every row drawn: the test cannot tell the two orders apart")
	}
	mat := func(r, c int) blas64.General {
		return blas64.General{Rows: r, Cols: c, Stride: c, Data: make([]float64, r*c)}
	}
	for name, call := range map[string]func(){
		"too few rows":    func() { OrderedRowDots(make([]float64, 3), mat(2, 4), mat(3, 4)) },
		"unequal columns": func() { OrderedRowDots(make([]float64, 2), mat(2, 4), mat(2, 5)) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("OrderedRowDots, %s: no panic", name)
				}
			}()
			call()
		}()
	}
}
