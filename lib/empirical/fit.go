package empirical

import (
	"errors"
	"fmt"
	"math"
)

// Fit is a parameter fitted to simulated profiles, with its standard error
// from the networks as the sample unit.
type Fit struct {
	Value    float64 // the fitted parameter (ξ for DepthScale, β for PowerLaw)
	SE       float64 // delete-one jackknife over the networks
	Networks int     // the sample size behind SE
}

// ErrFit is wrapped by the errors of DepthScale and PowerLaw: profiles
// that cannot be fitted (too few points or networks, ragged lengths, a
// mean that is not positive where the logarithm is taken, a flat profile).
var ErrFit = errors.New("empirical: cannot fit")

// DepthScale fits an exponential depth scale to the profiles y[i][k] of
// networks i = 1..N at depths x[k],
//
//	ȳ(x) ≈ A·exp(−x/ξ),   ȳ(x_k) = (1/N) Σ_i y[i][k],
//
// by least squares of log ȳ on x (slope −1/ξ), and returns ξ. Its SE is
// the delete-one jackknife over the networks, so the depths of one network
// (which share its weights) are never counted as independent samples. A
// growing profile gives a negative ξ. The mean must be positive at every
// depth; fit a positive quantity (1 − ρ^ℓ, |λ|, a norm).
//
// Errors (wrapping ErrFit): fewer than 2 depths or 2 networks, a profile of
// another length than x, a non-positive or non-finite mean, equal depths,
// or a flat profile (ξ infinite).
func DepthScale(x []float64, y [][]float64) (Fit, error) {
	return jackknife(x, y, func(slope float64) (float64, error) {
		if slope == 0 {
			return 0, fmt.Errorf("%w: flat profile, the depth scale is infinite", ErrFit)
		}
		return -1 / slope, nil
	})
}

// PowerLaw fits a power law ȳ(x) ≈ A·x^β to the profiles y[i][k] at x[k] >
// 0 by least squares of log ȳ on log x, and returns β with its delete-one
// jackknife SE over the networks (see DepthScale). Errors as DepthScale's,
// and a non-positive x.
func PowerLaw(x []float64, y [][]float64) (Fit, error) {
	lx := make([]float64, len(x))
	for k, v := range x {
		if !(v > 0) || math.IsInf(v, 0) {
			return Fit{}, fmt.Errorf("%w: x[%d] = %v, want > 0 for a power law", ErrFit, k, v)
		}
		lx[k] = math.Log(v)
	}
	return jackknife(lx, y, func(slope float64) (float64, error) { return slope, nil })
}

// jackknife fits the slope of log ȳ on x with all networks and with each
// left out, maps it by param, and returns the full estimate and the
// jackknife SE.
func jackknife(x []float64, y [][]float64, param func(float64) (float64, error)) (Fit, error) {
	n, m := len(y), len(x)
	if m < 2 || n < 2 {
		return Fit{}, fmt.Errorf("%w: %d depths and %d networks, want at least 2 of each", ErrFit, m, n)
	}
	for i, row := range y {
		if len(row) != m {
			return Fit{}, fmt.Errorf("%w: network %d has %d values for %d depths", ErrFit, i, len(row), m)
		}
	}
	sum := make([]float64, m)
	for _, row := range y {
		for k, v := range row {
			sum[k] += v
		}
	}
	fit := func(skip int) (float64, error) {
		cnt := float64(n)
		if skip >= 0 {
			cnt--
		}
		ly := make([]float64, m)
		for k := range ly {
			s := sum[k]
			if skip >= 0 {
				s -= y[skip][k]
			}
			mean := s / cnt
			if !(mean > 0) || math.IsInf(mean, 0) {
				return 0, fmt.Errorf("%w: mean profile %v at x[%d], want positive and finite", ErrFit, mean, k)
			}
			ly[k] = math.Log(mean)
		}
		slope, err := olsSlope(x, ly)
		if err != nil {
			return 0, err
		}
		return param(slope)
	}
	full, err := fit(-1)
	if err != nil {
		return Fit{}, err
	}
	loo := make([]float64, n)
	mean := 0.0
	for i := range loo {
		if loo[i], err = fit(i); err != nil {
			return Fit{}, fmt.Errorf("leaving network %d out: %w", i, err)
		}
		mean += loo[i]
	}
	mean /= float64(n)
	ss := 0.0
	for _, v := range loo {
		ss += (v - mean) * (v - mean)
	}
	return Fit{Value: full, SE: math.Sqrt(float64(n-1) / float64(n) * ss), Networks: n}, nil
}

// olsSlope is the least-squares slope of y on x.
func olsSlope(x, y []float64) (float64, error) {
	mx, my := 0.0, 0.0
	for k := range x {
		mx += x[k]
		my += y[k]
	}
	mx /= float64(len(x))
	my /= float64(len(x))
	sxx, sxy := 0.0, 0.0
	for k := range x {
		sxx += (x[k] - mx) * (x[k] - mx)
		sxy += (x[k] - mx) * (y[k] - my)
	}
	if sxx == 0 {
		return 0, fmt.Errorf("%w: every x is the same", ErrFit)
	}
	return sxy / sxx, nil
}

// WeightedLine fits y ≈ a + b·x by weighted least squares with weights
// w (1/Var y of independent points) and returns the slope b, its standard
// error √(S/Δ) (S = Σw, Δ = S·Σwx² − (Σwx)²), the intercept a and
// χ² = Σ w (y − a − b x)², whose expectation is len(x) − 2 when the line
// and the weights are right. It does not check its input: x, y and w
// have one length, at least two distinct x and positive weights.
func WeightedLine(x, y, w []float64) (slope, se, intercept, chi2 float64) {
	var s, sx, sy, sxx, sxy float64
	for i := range x {
		s += w[i]
		sx += w[i] * x[i]
		sy += w[i] * y[i]
		sxx += w[i] * x[i] * x[i]
		sxy += w[i] * x[i] * y[i]
	}
	den := s*sxx - sx*sx
	slope = (s*sxy - sx*sy) / den
	se = math.Sqrt(s / den)
	intercept = (sy - slope*sx) / s
	for i := range x {
		r := y[i] - intercept - slope*x[i]
		chi2 += w[i] * r * r
	}
	return slope, se, intercept, chi2
}
