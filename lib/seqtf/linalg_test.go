package seqtf

import (
	"math"
	"math/rand/v2"
	"testing"
)

// The one-term loops the products of linalg.go must reproduce bit for bit:
// every entry of c gets its terms in ascending order of the inner index,
// each rounded product added to the running value, a zero factor of a
// skipped.
func refMulAdd(c, a, b []float64, r, k, m int) {
	for i := 0; i < r; i++ {
		for p := 0; p < k; p++ {
			if a[i*k+p] == 0 {
				continue
			}
			for j := 0; j < m; j++ {
				c[i*m+j] += a[i*k+p] * b[p*m+j]
			}
		}
	}
}

func refMulTAAdd(c, a, b []float64, r, k, m int) {
	for i := 0; i < r; i++ {
		for p := 0; p < k; p++ {
			if a[i*k+p] == 0 {
				continue
			}
			for j := 0; j < m; j++ {
				c[p*m+j] += a[i*k+p] * b[i*m+j]
			}
		}
	}
}

func refMulTBAdd(c, a, b []float64, r, k, m int) {
	for i := 0; i < r; i++ {
		for p := 0; p < k; p++ {
			s := 0.0
			for j := 0; j < m; j++ {
				s += a[i*m+j] * b[p*m+j]
			}
			c[i*k+p] += s
		}
	}
}

// fill draws entries of widely different sizes (so that the order of the
// sums shows in the last bits), with zeros in a, and an infinity in b
// behind some of them: a product that skipped the zero factor differently
// would turn an entry into NaN.
func fill(rng *rand.Rand, x []float64, zeros, inf bool) {
	for i := range x {
		x[i] = rng.NormFloat64() * math.Exp(4*rng.NormFloat64())
		if zeros && rng.IntN(5) == 0 {
			x[i] = 0
		}
		if inf && rng.IntN(50) == 0 {
			x[i] = math.Inf(1)
		}
	}
}

func TestProductsMatchOneTermLoops(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, sh := range [][3]int{{1, 1, 1}, {3, 5, 7}, {4, 4, 4}, {9, 8, 17}, {20, 16, 64}, {21, 33, 6}} {
		r, k, m := sh[0], sh[1], sh[2]
		for _, tc := range []struct {
			name     string
			got, ref func(c, a, b []float64, r, k, m int)
			na, nb   int
			nc       int
			inf      bool // an infinity in b is only skipped where a's factor is zero
		}{
			{"mulAdd", mulAdd, refMulAdd, r * k, k * m, r * m, true},
			{"mulTAAdd", mulTAAdd, refMulTAAdd, r * k, r * m, k * m, true},
			{"mulTBAdd", mulTBAdd, refMulTBAdd, r * m, k * m, r * k, false},
		} {
			a, b, c := make([]float64, tc.na), make([]float64, tc.nb), make([]float64, tc.nc)
			fill(rng, a, true, false)
			fill(rng, b, false, tc.inf)
			fill(rng, c, false, false)
			want := append([]float64(nil), c...)
			tc.ref(want, a, b, r, k, m)
			tc.got(c, a, b, r, k, m)
			for i := range c {
				if math.Float64bits(c[i]) != math.Float64bits(want[i]) {
					t.Errorf("%s %v: c[%d] = %v (%x), one-term loops give %v (%x)", tc.name, sh, i, c[i], math.Float64bits(c[i]), want[i], math.Float64bits(want[i]))
					break
				}
			}
		}
	}
}
