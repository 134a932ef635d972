package param

import (
	"errors"
	"math"
	"testing"
)

func TestRange(t *testing.T) {
	inf := math.Inf(1)
	for _, tc := range []struct {
		r    Range
		want string
		in   []float64
		out  []float64
	}{
		{Range{Min: 0, Max: 1}, "in [0, 1]", []float64{0, 0.5, 1}, []float64{-1e-300, 1.0000001, math.NaN()}},
		{Range{Min: 0, Max: inf, MinOpen: true}, "in (0, +inf)", []float64{1e-300, 1e300}, []float64{0, -1, inf}},
		{Range{Min: 2, Max: inf, Integer: true}, "an integer >= 2", []float64{2, 3}, []float64{1, 2.5, inf}},
		{Range{Min: 0, Max: 64, Integer: true}, "an integer in [0, 64]", []float64{0, 64}, []float64{65, 0.5}},
	} {
		if s := tc.r.String(); s != tc.want {
			t.Errorf("%+v: String %q, want %q", tc.r, s, tc.want)
		}
		for _, x := range tc.in {
			if err := tc.r.Check(errTest, "X", x); err != nil {
				t.Errorf("%v: %v refused: %v", tc.r, x, err)
			}
		}
		for _, x := range tc.out {
			if err := tc.r.Check(errTest, "X", x); !errors.Is(err, errTest) {
				t.Errorf("%v: %v accepted", tc.r, x)
			}
		}
	}
	if err := (Range{Min: 2, Max: inf, Integer: true}).CheckInt(errTest, "N", 1); err == nil || err.Error() != "test: parameter out of range: N = 1, want an integer >= 2" {
		t.Errorf("CheckInt: %v", err)
	}
	open := Range{Min: 0, Max: inf, MinOpen: true}
	if lo, _ := open.Closed(); lo != math.SmallestNonzeroFloat64 {
		t.Errorf("Closed lower bound of (0, inf): %v", lo)
	}
	if open.Within(1e-6, 100) != nil || open.Within(0, 1) == nil || (Range{Min: 0, Max: 1}).Within(0, 2) == nil {
		t.Error("Within: a budget inside the range refused, or one outside accepted")
	}
}
