package sde

import (
	"testing"
)

// TestKS2 checks the KS distance on samples with a known value.
func TestKS2(t *testing.T) {
	if d := KS2([]float64{1, 2, 3, 4}, []float64{1, 2, 3, 4}); d != 0 {
		t.Errorf("KS of equal samples = %v", d)
	}
	if d := KS2([]float64{1, 2}, []float64{3, 4}); d != 1 {
		t.Errorf("KS of disjoint samples = %v", d)
	}
	// F_x jumps to 1/2 at 1 while F_y is 0 until 1.5: D = 1/2.
	if d := KS2([]float64{1, 2}, []float64{1.5, 2.5}); d != 0.5 {
		t.Errorf("KS = %v, want 0.5", d)
	}
	if q := Quantile([]float64{3, 1, 2, 4}, 0.5); q != 2.5 {
		t.Errorf("median = %v", q)
	}
}

// TestHistogram: a density that integrates to the in-range fraction.
func TestHistogram(t *testing.T) {
	c, d := Histogram([]float64{0.1, 0.2, 0.6, 1.5}, 0, 1, 2)
	if c[0] != 0.25 || c[1] != 0.75 || d[0] != 1 || d[1] != 0.5 {
		t.Errorf("Histogram = %v %v", c, d)
	}
}
