package empirical

import (
	"math"
	"testing"

	"github.com/sigprop/sigprop/internal/mustpanic"
)

// TestTTail2: against the closed form for 2 degrees of freedom,
// 1 − t/√(t² + 2), the normal tail for large dof (erfc(t/√2), dof = 10⁶),
// and TQuantile2 as its inverse.
func TestTTail2(t *testing.T) {
	for _, x := range []float64{0, 1, 4, 24.5} {
		if got, want := TTail2(x, 2), 1-x/math.Sqrt(x*x+2); math.Abs(got-want) > 1e-12 {
			t.Errorf("TTail2(%g, 2) = %v, want %v", x, got, want)
		}
	}
	if got, want := TTail2(4, 1_000_000), math.Erfc(4/math.Sqrt2); math.Abs(got/want-1) > 1e-3 {
		t.Errorf("TTail2(4, 1e6) = %v, want the normal %v", got, want)
	}
	for _, dof := range []int{2, 11, 49} {
		for _, a := range []float64{0.05, 1e-3} {
			if q := TQuantile2(a, dof); math.Abs(TTail2(q, dof)/a-1) > 1e-9 {
				t.Errorf("TTail2(TQuantile2(%g, %d)) = %v", a, dof, TTail2(q, dof))
			}
		}
	}
	mustpanic.WithPrefix(t, "dof 0", "empirical: TTail2", func() { TTail2(1, 0) })
	mustpanic.WithPrefix(t, "alpha 1", "empirical: TQuantile2", func() { TQuantile2(1, 2) })
}

// TestBinomialQuantile: small cases by hand and the boundaries.
func TestBinomialQuantile(t *testing.T) {
	// Binomial(2, 1/2): P(K ≤ 0) = 1/4, P(K ≤ 1) = 3/4, P(K ≤ 2) = 1.
	for _, c := range []struct {
		q    float64
		want int
	}{{0.2, 0}, {0.25, 0}, {0.5, 1}, {0.75, 1}, {0.9, 2}} {
		if got := BinomialQuantile(2, 0.5, c.q); got != c.want {
			t.Errorf("BinomialQuantile(2, 0.5, %g) = %d, want %d", c.q, got, c.want)
		}
	}
	if got := BinomialQuantile(77, 0, 0.999); got != 0 {
		t.Errorf("p = 0: %d, want 0", got)
	}
	if got := BinomialQuantile(77, 1, 0.999); got != 77 {
		t.Errorf("p = 1: %d, want 77", got)
	}
	mustpanic.WithPrefix(t, "q 1", "empirical: BinomialQuantile", func() { BinomialQuantile(3, 0.5, 1) })
}

// NormalTail2 is the large-dof limit of TTail2 (at 1e6 degrees of
// freedom, to 1e-5), and at 1.959963984540054 is 0.05 (the textbook
// quantile, to 1e-12).
func TestNormalTail2(t *testing.T) {
	for _, z := range []float64{0, 0.5, 1, 2, 3, 4} {
		if got, want := NormalTail2(z), TTail2(z, 1000000); math.Abs(got-want) > 1e-5 {
			t.Errorf("NormalTail2(%v) = %v, TTail2 at large dof %v", z, got, want)
		}
	}
	if got := NormalTail2(1.959963984540054); math.Abs(got-0.05) > 1e-12 {
		t.Errorf("NormalTail2(1.96) = %v, want 0.05", got)
	}
}
