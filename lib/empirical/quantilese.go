package empirical

import "math"

// QuantileSE is a distribution-free standard error of the sample
// q-quantile (Quantile) of x. The number of observations below the true
// quantile is Binomial(n, q), with standard deviation √(n q(1−q)), so the
// sample quantiles at q ± δ, δ = √(q(1−q)/n), bracket the q-quantile by
// about one standard error; the slope between them estimates 1/f:
//
//	SE = δ · (Q(q₊) − Q(q₋)) / (q₊ − q₋),   q± = q ± δ clamped to [0, 1],
//
// which tends to the asymptotic √(q(1−q)/n)/f(ξ_q) for a density f
// continuous and positive at the quantile ξ_q (tested against it for
// normal samples). Ties at the quantile (e.g. a sample capped at a bound)
// give SE = 0: the quantile is then known exactly up to the rank noise.
// It panics on n < 2 or q outside [0, 1].
func QuantileSE(x []float64, q float64) float64 {
	if len(x) < 2 {
		panic("empirical: QuantileSE needs at least 2 values")
	}
	if !(q >= 0 && q <= 1) {
		panic("empirical: QuantileSE needs q in [0, 1]")
	}
	d := math.Sqrt(q * (1 - q) / float64(len(x)))
	if d == 0 {
		return 0
	}
	lo, hi := math.Max(0, q-d), math.Min(1, q+d)
	qs := Quantiles(x, lo, hi)
	return d * (qs[1] - qs[0]) / (hi - lo)
}
