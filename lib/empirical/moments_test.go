package empirical

import (
	"errors"
	"math"
	"testing"

	"github.com/sigprop/sigprop/internal/mustpanic"
)

func TestMeanSDSE(t *testing.T) {
	// 1..5: mean 3, Σ(x−3)² = 10, s² = 10/4, SE = √(2.5/5).
	m, sd := MeanSD([]float64{1, 2, 3, 4, 5})
	if math.Abs(m-3) > 1e-15 || math.Abs(sd-math.Sqrt(2.5)) > 1e-15 {
		t.Errorf("MeanSD = %v, %v", m, sd)
	}
	m, se := MeanSE([]float64{1, 2, 3, 4, 5})
	if math.Abs(m-3) > 1e-15 || math.Abs(se-math.Sqrt(0.5)) > 1e-15 {
		t.Errorf("MeanSE = %v, %v", m, se)
	}
	if m, se := MeanSE([]float64{7}); m != 7 || se != 0 {
		t.Errorf("one sample: %v, %v; want 7, 0", m, se)
	}
}

func TestZ(t *testing.T) {
	if z := Z(1.5, 0.25, 1); z != 2 {
		t.Errorf("Z = %v, want 2", z)
	}
	if z := Z(1, 0, 1); z != 0 {
		t.Errorf("exact agreement without SE: Z = %v, want 0", z)
	}
	if z := Z(1.1, 0, 1); !math.IsInf(z, 1) {
		t.Errorf("disagreement without SE: Z = %v, want +Inf", z)
	}
	// |1 − 0|/1 = 1, |2 − 5|/1 = 3, |9 − 8|/0.5 = 2.
	if z, err := MaxZ([]float64{1, 2, 9}, []float64{1, 1, 0.5}, []float64{0, 5, 8}); z != 3 || err != nil {
		t.Errorf("MaxZ = %v, %v; want 3", z, err)
	}
}

// TestMaxZRefusesZeroSE: a point without a positive, finite SE is an
// error, not a skipped point, so that a curve whose SEs are all zero (or
// one zero SE hiding the worst point) cannot pass; a NaN mean gives NaN.
func TestMaxZRefusesZeroSE(t *testing.T) {
	for _, se := range [][]float64{{0, 0, 0}, {1, 1, 0}, {1, -1, 1}, {1, math.NaN(), 1}, {math.Inf(1), 1, 1}} {
		z, err := MaxZ([]float64{1, 2, 9}, se, []float64{0, 5, 0})
		if !errors.Is(err, ErrZeroSE) || !math.IsNaN(z) {
			t.Errorf("se %v: MaxZ = %v, %v; want NaN and ErrZeroSE", se, z, err)
		}
	}
	if z, err := MaxZ([]float64{1, math.NaN(), 0}, []float64{1, 1, 1}, []float64{0, 0, 5}); !math.IsNaN(z) || err != nil {
		t.Errorf("NaN mean: MaxZ = %v, %v; want NaN, no error", z, err)
	}
	mustpanic.WithPrefix(t, "no points", "empirical: MaxZ", func() { MaxZ(nil, nil, nil) })
	mustpanic.WithPrefix(t, "lengths", "empirical: MaxZ", func() { MaxZ([]float64{1}, []float64{1, 2}, []float64{1}) })
}

func TestMaxAbsDiff(t *testing.T) {
	if got := MaxAbsDiff([]float64{1, 2, 3}, []float64{1.5, 0, 3}); got != 2 {
		t.Errorf("MaxAbsDiff = %g, want 2", got)
	}
	if got := MaxAbsDiff(nil, nil); got != 0 {
		t.Errorf("empty: %g", got)
	}
	if got := MaxAbsDiff([]float64{math.NaN()}, []float64{0}); !math.IsNaN(got) {
		t.Errorf("NaN gap: %g, want NaN", got)
	}
}

func TestMinDiffZ(t *testing.T) {
	// Differences 3, 1, 4 with SE of the difference 5 (3-4-5), 1 and 2:
	// z = 0.6, 1, 2, and the smallest is 0.6.
	a, sa := []float64{4, 2, 5}, []float64{3, 1, 0}
	b, sb := []float64{1, 1, 1}, []float64{4, 0, 2}
	if z := MinDiffZ(a, sa, b, sb); math.Abs(z-0.6) > 1e-15 {
		t.Errorf("MinDiffZ = %v, want 0.6", z)
	}
	// Swapping the roles negates every z: the smallest is then −2.
	if z := MinDiffZ(b, sb, a, sa); math.Abs(z+2) > 1e-15 {
		t.Errorf("MinDiffZ swapped = %v, want -2", z)
	}
	mustpanic.Check(t, "MinDiffZ of mismatched lengths", func() { MinDiffZ(a, sa, b[:2], sb) })
}
