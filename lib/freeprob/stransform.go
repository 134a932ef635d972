package freeprob

import (
	"fmt"
	"math"
	"sort"
)

// SFromM returns S(z) = (1+z)/(z w) where w < 0 solves M(w) = z, for a
// measure on [0, ∞) whose moment generating function on the negative real
// axis is mfun (decreasing there from 0 at −∞ to −(1−mass₀) at 0⁻). z must
// lie in (−(1−mass₀), 0); otherwise an error is returned (lib/sources/tanner2024.md#s-transform-numerics,
// pitfall 26).
func SFromM(mfun func(w float64) float64, z float64) (float64, error) {
	if !(z < 0) {
		return 0, fmt.Errorf("freeprob: S on the real axis needs z < 0 (got %g)", z)
	}
	// Bracket: M(lo) < z < M(hi) with lo < hi < 0.
	hi := -1.0
	for k := 0; mfun(hi) < z; k++ {
		hi *= 2
		if k > 2000 {
			return 0, fmt.Errorf("freeprob: S(%g): M(w) stays below z for all w < 0", z)
		}
	}
	lo := hi
	for k := 0; mfun(lo) > z; k++ {
		lo /= 2
		if k > 2000 || lo == 0 {
			return 0, fmt.Errorf("freeprob: S(%g): z is outside (−(1−mass₀), 0)", z)
		}
	}
	// lo is closer to 0 (M(lo) ≤ z), hi further (M(hi) ≥ z). Bisect in log|w|.
	a, b := math.Log(-lo), math.Log(-hi)
	for it := 0; it < 200 && b-a > 1e-15*(1+math.Abs(a)); it++ {
		mid := (a + b) / 2
		if mfun(-math.Exp(mid)) > z {
			b = mid
		} else {
			a = mid
		}
	}
	w := -math.Exp((a + b) / 2)
	return (1 + z) / (z * w), nil
}

// SNumeric returns the S-transform of the empirical spectrum eigs at real
// z ∈ (−(1−mass₀), 0) (lib/sources/tanner2024.md#s-transform-numerics). Eigenvalues must be ≥ 0. For z > 0 the
// estimate is dominated by the largest eigenvalues; it is not offered.
//
//sigprop:eq pennington2018 eq10
func SNumeric(eigs []float64, z float64) (float64, error) {
	if len(eigs) == 0 {
		panic("freeprob: SNumeric needs eigenvalues")
	}
	e := append([]float64(nil), eigs...)
	sort.Float64s(e)
	if e[0] < 0 {
		panic(fmt.Sprintf("freeprob: SNumeric needs eigenvalues >= 0 (got %g)", e[0]))
	}
	mfun := func(w float64) float64 {
		s := 0.0
		for _, l := range e {
			s += l / (w - l)
		}
		return s / float64(len(e))
	}
	return SFromM(mfun, z)
}

// SFromLaw returns S(z) for real z ∈ (−(1−mass₀), 0) from the Stieltjes
// transform of l evaluated on the negative real axis (l must live on
// [0, ∞)). It is an independent check of the closed-form l.S.
func SFromLaw(l Law, z float64) (float64, error) {
	mfun := func(w float64) float64 { return real(complex(w, 0)*l.Stieltjes(complex(w, 0))) - 1 }
	return SFromM(mfun, z)
}
