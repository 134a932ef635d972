package empirical

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// The sampler has the covariance of the model: E X_ij² = σ_x², E X_ij X_i'j
// = ρσ_x² (i ≠ i'), E X_ij X_ij' = 0 (j ≠ j'). 20000 draws per case, each
// per-draw average within 5 SE of its expectation (false-failure rate ≈
// 6e-7 per comparison); ρ covers both ends of its range.
func TestEquicorrelatedCovariance(t *testing.T) {
	const N = 20000
	rng := rand.New(rand.NewPCG(1, 2))
	for _, tc := range []struct {
		n, d     int
		rho, sx2 float64
	}{{5, 3, -0.25, 2}, {6, 4, 0.4, 2}, {3, 2, 1, 1.3}, {5, 3, -0.1, 0.5}} {
		diag, off, cross := make([]float64, N), make([]float64, N), make([]float64, N)
		x := mat.NewDense(tc.n, tc.d, nil)
		for s := range diag {
			Equicorrelated(x, rng, tc.n, tc.d, tc.rho, tc.sx2)
			var a, b, c float64
			for j := 0; j < tc.d; j++ {
				for i := 0; i < tc.n; i++ {
					a += x.At(i, j) * x.At(i, j)
					for k := i + 1; k < tc.n; k++ {
						b += x.At(i, j) * x.At(k, j)
					}
					if j+1 < tc.d {
						c += x.At(i, j) * x.At(i, j+1)
					}
				}
			}
			diag[s], off[s] = a/float64(tc.n*tc.d), b/float64(tc.n*(tc.n-1)/2*tc.d)
			cross[s] = c / float64(tc.n*(tc.d-1))
		}
		for _, c := range []struct {
			what string
			x    []float64
			want float64
		}{{"var", diag, tc.sx2}, {"cov", off, tc.rho * tc.sx2}, {"cross-column", cross, 0}} {
			if m, se := MeanSE(c.x); math.Abs(m-c.want) > 5*se+1e-12 {
				t.Errorf("n=%d d=%d ρ=%v: %s = %.5f ± %.5f, want %v", tc.n, tc.d, tc.rho, c.what, m, se, c.want)
			}
		}
	}
}

func TestCheckEquicorrelated(t *testing.T) {
	for _, c := range []struct {
		n, d     int
		rho, sx2 float64
		ok       bool
	}{{4, 2, -1.0 / 3, 1, true}, {4, 2, 1, 0, true}, {1, 2, 0, 1, false}, {4, 0, 0, 1, false}, {4, 2, -0.5, 1, false}, {4, 2, 1.1, 1, false}, {4, 2, 0, -1, false}, {4, 2, math.NaN(), 1, false}} {
		if err := CheckEquicorrelated(c.n, c.d, c.rho, c.sx2); (err == nil) != c.ok {
			t.Errorf("CheckEquicorrelated(%d, %d, %v, %v) = %v, want ok %v", c.n, c.d, c.rho, c.sx2, err, c.ok)
		}
	}
}
