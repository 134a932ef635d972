package block

import (
	"math"
	"testing"
)

// SoftmaxRow against the textbook formula where it is safe, and against
// the closed form (1/(1+e), e/(1+e)) for logits that overflow exp
// unshifted. Tolerance 1e-15: a few roundings.
func TestSoftmaxRow(t *testing.T) {
	row := []float64{0.3, -1.2, 2.5, 0}
	var s float64
	want := make([]float64, len(row))
	for j, v := range row {
		want[j] = math.Exp(v)
		s += want[j]
	}
	SoftmaxRow(row)
	for j := range row {
		if math.Abs(row[j]-want[j]/s) > 1e-15 {
			t.Errorf("a_%d = %.17g, want %.17g", j, row[j], want[j]/s)
		}
	}
	big := []float64{1000, 1001}
	SoftmaxRow(big)
	e := math.E
	if math.Abs(big[0]-1/(1+e)) > 1e-15 || math.Abs(big[1]-e/(1+e)) > 1e-15 {
		t.Errorf("softmax(1000, 1001) = %v, want (%v, %v)", big, 1/(1+e), e/(1+e))
	}
}

// NormalizeRow: LayerNorm output has mean 0 and biased variance
// 1/(1+eps/σ²); RMS output has mean square 1. Closed forms, 1e-14.
func TestNormalizeRow(t *testing.T) {
	src := []float64{1, 2, 4, 7}
	// mean 3.5, biased variance (6.25+2.25+0.25+12.25)/4 = 5.25
	for _, c := range []struct {
		center bool
		eps    float64
		inv    float64
	}{
		{true, 0, 1 / math.Sqrt(5.25)},
		{true, 0.75, 1 / math.Sqrt(6)},
		{false, 0, 1 / math.Sqrt((1+4+16+49)/4.0)},
	} {
		dst := make([]float64, len(src))
		inv := NormalizeRow(dst, src, c.center, c.eps)
		mu := 0.0
		if c.center {
			mu = 3.5
		}
		if math.Abs(inv-c.inv) > 1e-15 {
			t.Errorf("center=%v eps=%v: inv = %.17g, want %.17g", c.center, c.eps, inv, c.inv)
		}
		for j, v := range src {
			if math.Abs(dst[j]-(v-mu)*c.inv) > 1e-14 {
				t.Errorf("center=%v eps=%v: dst[%d] = %.17g, want %.17g", c.center, c.eps, j, dst[j], (v-mu)*c.inv)
			}
		}
	}
}
