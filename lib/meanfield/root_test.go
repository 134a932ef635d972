package meanfield

import (
	"math"
	"strings"
	"testing"
)

// Both bracketing root finders on g(x) = x² − 2 over [0, 2] (root √2, to
// their stopping tolerances: a few ε), on a bracket with a zero end (that
// end, exactly), and on a bracket without a sign change (an error).
func TestRootFinders(t *testing.T) {
	g := func(x float64) float64 { return x*x - 2 }
	gd := func(x float64) (float64, float64) { return x*x - 2, 2 * x }
	brent := func(a, b float64) (float64, error) { return brentRoot(g, a, b, g(a), g(b), 0, 100) }
	newton := func(a, b float64) (float64, error) { return newtonRoot(gd, a, b, g(a), g(b), (a+b)/2, 100) }
	for name, find := range map[string]func(a, b float64) (float64, error){"brent": brent, "newton": newton} {
		if x, err := find(0, 2); err != nil || math.Abs(x-math.Sqrt2) > 4e-16 {
			t.Errorf("%s on [0, 2]: %v, %v; want √2", name, x, err)
		}
		if x, err := find(2, 0); err != nil || math.Abs(x-math.Sqrt2) > 4e-16 {
			t.Errorf("%s on [2, 0]: %v, %v; want √2", name, x, err)
		}
		if x, err := find(-2, 0); err != nil || math.Abs(x+math.Sqrt2) > 4e-16 {
			t.Errorf("%s on [-2, 0]: %v, %v; want -√2", name, x, err)
		}
		if _, err := find(2, 3); err == nil || !strings.Contains(err.Error(), "not bracketed in [2, 3]") {
			t.Errorf("%s on [2, 3]: error %v, want not bracketed", name, err)
		}
	}
	h := func(x float64) float64 { return x - 1 }
	hd := func(x float64) (float64, float64) { return x - 1, 1 }
	for _, c := range []struct{ a, b float64 }{{1, 5}, {-3, 1}} {
		if x, err := brentRoot(h, c.a, c.b, h(c.a), h(c.b), 0, 100); err != nil || x != 1 {
			t.Errorf("brent with zero end %v: %v, %v", c, x, err)
		}
		if x, err := newtonRoot(hd, c.a, c.b, h(c.a), h(c.b), 0, 100); err != nil || x != 1 {
			t.Errorf("newton with zero end %v: %v, %v", c, x, err)
		}
	}
}
