package psd

import (
	"math"
	"testing"
)

// R Rᵀ must reproduce V to rounding for full-rank and rank-deficient V;
// indefinite V must be refused.
func TestCholeskySemi(t *testing.T) {
	cases := []struct {
		name string
		v    []float64
		m    int
		ok   bool
	}{
		{"full rank", []float64{4, 2, 2, 3}, 2, true},
		// rank 1: v = u uᵀ, u = (1, 2, 3)
		{"rank one", []float64{1, 2, 3, 2, 4, 6, 3, 6, 9}, 3, true},
		// two equal tokens and a third: rank 2
		{"rank two", []float64{1, 1, 0.5, 1, 1, 0.5, 0.5, 0.5, 1}, 3, true},
		{"indefinite", []float64{1, 2, 2, 1}, 2, false},
		{"zero", []float64{0, 0, 0, 0}, 2, false},
	}
	for _, c := range cases {
		r := make([]float64, c.m*c.m)
		ok := CholeskySemi(r, c.v, c.m, 1e-13)
		if ok != c.ok {
			t.Errorf("%s: ok = %v, want %v", c.name, ok, c.ok)
			continue
		}
		if !ok {
			continue
		}
		for i := 0; i < c.m; i++ {
			for j := 0; j < c.m; j++ {
				if j > i && r[i*c.m+j] != 0 {
					t.Errorf("%s: R[%d][%d] = %v above the diagonal", c.name, i, j, r[i*c.m+j])
				}
				var s float64
				for k := 0; k < c.m; k++ {
					s += r[i*c.m+k] * r[j*c.m+k]
				}
				if math.Abs(s-c.v[i*c.m+j]) > 1e-14 {
					t.Errorf("%s: (RRᵀ)[%d][%d] = %v, want %v", c.name, i, j, s, c.v[i*c.m+j])
				}
			}
		}
	}
}
