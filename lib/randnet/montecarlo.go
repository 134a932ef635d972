package randnet

import "math"

// meanSE returns the sample mean of xs and its standard error
// sd/√len(xs) (sd with the n − 1 denominator); the error is 0 for a single
// sample, which carries no estimate of it.
func meanSE(xs []float64) (mean, se float64) {
	n := float64(len(xs))
	for _, x := range xs {
		mean += x
	}
	mean /= n
	var v float64
	for _, x := range xs {
		v += (x - mean) * (x - mean)
	}
	if len(xs) > 1 {
		se = math.Sqrt(v / (n - 1) / n)
	}
	return mean, se
}
