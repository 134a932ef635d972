package vit

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/sigprop/sigprop/lib/dense"
	"gonum.org/v1/gonum/blas/blas64"
)

// plainNormRows and plainNormBack are normRows and normBack one row at a
// time, each sum a plain loop in order: the code the committed training
// runs (notebooks/data/noci-training) were made with, as compiled for
// GOAMD64 < v3 (the conversions keep it unfused under any GOAMD64).
func plainNormRows(y, x blas64.General, inv []float64, sqd float64) {
	d := x.Cols
	for i := range inv {
		row := x.Data[i*x.Stride : i*x.Stride+d]
		var s float64
		for _, v := range row {
			s += float64(v * v)
		}
		inv[i] = 1 / math.Sqrt(s)
		dense.Scale(y.Data[i*y.Stride:i*y.Stride+d], row, sqd*inv[i])
	}
}

func plainNormBack(dx, dy, y blas64.General, inv []float64, sqd float64) {
	d := y.Cols
	for i := range inv {
		gy, yy := dy.Data[i*dy.Stride:i*dy.Stride+d], y.Data[i*y.Stride:i*y.Stride+d]
		var s float64
		for j, v := range gy {
			s += float64(v * yy[j])
		}
		f := sqd * inv[i]
		s /= float64(d)
		out := dx.Data[i*dx.Stride : i*dx.Stride+d]
		for j, v := range gy {
			out[j] += float64(f * float64(v-float64(s*yy[j])))
		}
	}
}

func normInputs(rows, d int, seed uint64) (x, g, dx blas64.General) {
	rng := rand.New(rand.NewPCG(seed, 1))
	mk := func() blas64.General {
		m := blas64.General{Rows: rows, Cols: d, Stride: d, Data: make([]float64, rows*d)}
		for i := range m.Data {
			m.Data[i] = rng.NormFloat64()
		}
		return m
	}
	return mk(), mk(), mk()
}

// TestNormRowsBitsPlain: normRows and normBack, four rows at a time
// through dense.OrderedRowDots, give the one-row loops' bits at every row
// count (a tail of 0 to 3 rows) and at widths below and above dense's
// kernel threshold, also in place (y = x, as blockForward calls it).
func TestNormRowsBitsPlain(t *testing.T) {
	for _, rows := range []int{1, 3, 4, 7, 17, 18} {
		for _, d := range []int{5, 64} {
			x, g, dx := normInputs(rows, d, uint64(rows*100+d))
			sqd := math.Sqrt(float64(d))
			y, yp := blas64.General{Rows: rows, Cols: d, Stride: d, Data: make([]float64, rows*d)}, blas64.General{Rows: rows, Cols: d, Stride: d, Data: make([]float64, rows*d)}
			inv, invp := make([]float64, rows), make([]float64, rows)
			if err := normRows(y, x, inv, sqd, 0); err != nil {
				t.Fatal(err)
			}
			plainNormRows(yp, x, invp, sqd)
			same := func(what string, a, b []float64) {
				t.Helper()
				for i := range a {
					if math.Float64bits(a[i]) != math.Float64bits(b[i]) {
						t.Fatalf("rows %d d %d: %s[%d] = %v, one row at a time %v", rows, d, what, i, a[i], b[i])
					}
				}
			}
			same("y", y.Data, yp.Data)
			same("inv", inv, invp)
			inPlace := blas64.General{Rows: rows, Cols: d, Stride: d, Data: append([]float64(nil), x.Data...)}
			if err := normRows(inPlace, inPlace, inv, sqd, 0); err != nil {
				t.Fatal(err)
			}
			same("y in place", inPlace.Data, yp.Data)
			dxp := blas64.General{Rows: rows, Cols: d, Stride: d, Data: append([]float64(nil), dx.Data...)}
			normBack(dx, g, y, inv, sqd)
			plainNormBack(dxp, g, y, inv, sqd)
			same("dx", dx.Data, dxp.Data)
		}
	}
}

// BenchmarkNorm: normRows and normBack at a training step's shape (batch
// 64 of 17 tokens, d = 64), against the one-row loops.
func BenchmarkNorm(b *testing.B) {
	const rows, d = 64 * 17, 64
	x, g, dx := normInputs(rows, d, 7)
	y := blas64.General{Rows: rows, Cols: d, Stride: d, Data: make([]float64, rows*d)}
	inv := make([]float64, rows)
	sqd := math.Sqrt(d)
	b.Run("rows/ordered", func(b *testing.B) {
		for b.Loop() {
			normRows(y, x, inv, sqd, 0)
		}
	})
	b.Run("rows/plain", func(b *testing.B) {
		for b.Loop() {
			plainNormRows(y, x, inv, sqd)
		}
	})
	b.Run("back/ordered", func(b *testing.B) {
		for b.Loop() {
			normBack(dx, g, y, inv, sqd)
		}
	})
	b.Run("back/plain", func(b *testing.B) {
		for b.Loop() {
			plainNormBack(dx, g, y, inv, sqd)
		}
	})
}
