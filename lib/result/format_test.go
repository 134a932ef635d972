package result

import (
	"fmt"
	"math"
	"slices"
	"testing"
)

// Num is %.4g (fmt's verb, an independent formatter) on values of every
// size the tables print, including the special values.
func TestNum(t *testing.T) {
	vs := []float64{0, 0.5, 1.23456, 1234567, 1e-9, -2.5e-30, 64, math.NaN(), math.Inf(1), math.Inf(-1)}
	for _, v := range vs {
		if got, want := Num(v), fmt.Sprintf("%.4g", v); got != want {
			t.Errorf("Num(%g) = %q, want %q", v, got, want)
		}
	}
	if got := Nums(vs[:3]); !slices.Equal(got, []string{"0", "0.5", "1.235"}) {
		t.Errorf("Nums = %q", got)
	}
}
