package empirical

import (
	"math"
	"testing"
)

func TestQuantileType7(t *testing.T) {
	// NumPy's default: np.quantile([4, 1, 3, 2], q) = 1, 1.75, 2.5, 4 at
	// q = 0, 0.25, 0.5, 1 (h = 3q, interpolating between order statistics).
	x := []float64{4, 1, 3, 2}
	got := Quantiles(x, 0, 0.25, 0.5, 1)
	for i, want := range []float64{1, 1.75, 2.5, 4} {
		if math.Abs(got[i]-want) > 1e-15 {
			t.Errorf("Quantiles[%d] = %v, want %v", i, got[i], want)
		}
	}
	if q := Quantile(x, 0.5); q != got[2] {
		t.Errorf("Quantile = %v, Quantiles = %v", q, got[2])
	}
	if x[0] != 4 {
		t.Error("Quantile modified its input")
	}
	y, n := DropNaN([]float64{1, math.NaN(), 2})
	if n != 1 || len(y) != 2 {
		t.Errorf("DropNaN = %v, %d", y, n)
	}
}

func TestHistogramAndLinspace(t *testing.T) {
	// Five values, one outside: bins of width 0.5 on [0, 1]; the value at
	// hi falls in the last bin; density = count/(5·0.5).
	c, d := Histogram([]float64{0.1, 0.2, 0.7, 1, 2}, 0, 1, 2)
	if c[0] != 0.25 || c[1] != 0.75 || math.Abs(d[0]-0.8) > 1e-15 || math.Abs(d[1]-0.8) > 1e-15 {
		t.Errorf("Histogram = %v, %v", c, d)
	}
	l := Linspace(1, 2, 5)
	if len(l) != 5 || l[0] != 1 || l[4] != 2 || l[2] != 1.5 {
		t.Errorf("Linspace = %v", l)
	}
	if v := Ints(2, 4); len(v) != 3 || v[0] != 2 || v[2] != 4 {
		t.Errorf("Ints(2, 4) = %v", v)
	}
	if l := Linspace(3, 9, 1); len(l) != 1 || l[0] != 3 {
		t.Errorf("Linspace k = 1: %v", l)
	}
}
