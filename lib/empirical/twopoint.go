package empirical

import (
	"fmt"
	"math"
)

// LogLogSlope is the slope of log y against log x between the first and
// the last point, (log y_n − log y_1)/(log x_n − log x_1): the power of a
// power law y ∝ x^slope. It panics unless x and y have the same length >= 2.
func LogLogSlope(x, y []float64) float64 {
	n := len(x)
	if n < 2 || len(y) != n {
		panic(fmt.Sprintf("empirical: LogLogSlope needs x and y of one length >= 2, got %d and %d", n, len(y)))
	}
	return (math.Log(y[n-1]) - math.Log(y[0])) / (math.Log(x[n-1]) - math.Log(x[0]))
}

// MaxRelDiff is max_i |a_i/b_i − 1|, the largest relative deviation of a
// from a reference b (NaN if a ratio is NaN). It panics unless a and b
// have the same length.
func MaxRelDiff(a, b []float64) float64 {
	if len(a) != len(b) {
		panic(fmt.Sprintf("empirical: MaxRelDiff lengths %d and %d differ", len(a), len(b)))
	}
	var m float64
	for i := range a {
		m = math.Max(m, math.Abs(a[i]/b[i]-1))
	}
	return m
}
