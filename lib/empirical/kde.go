package empirical

import "math"

// KDE is the Gaussian kernel density estimate of the sample x at each
// point of at,
//
//	f̂(t) = 1/(n h) Σᵢ φ((t − xᵢ)/h),   φ the standard normal density,
//
// with bandwidth h > 0; h = 0 selects Scott's rule, ScottBandwidth(x).
// Its mean under x ~ N(μ, σ²) is the N(μ, σ² + h²) density (the smoothing
// bias), which the tests use as the independent reference. It panics on an
// empty x, a NaN in x, or a negative or non-finite h.
func KDE(x, at []float64, h float64) []float64 {
	if len(x) == 0 {
		panic("empirical: KDE of an empty sample")
	}
	for _, v := range x {
		if math.IsNaN(v) {
			panic("empirical: KDE sample contains NaN")
		}
	}
	if !(h >= 0) || math.IsInf(h, 0) {
		panic("empirical: KDE bandwidth must be finite and >= 0")
	}
	if h == 0 {
		h = ScottBandwidth(x)
	}
	out := make([]float64, len(at))
	norm := 1 / (float64(len(x)) * h * math.Sqrt(2*math.Pi))
	for k, t := range at {
		s := 0.0
		for _, v := range x {
			z := (t - v) / h
			if z*z < 80 { // φ(z)/φ(0) < 4e-18 beyond: below float64 resolution of the sum
				s += math.Exp(-z * z / 2)
			}
		}
		out[k] = s * norm
	}
	return out
}

// ScottBandwidth is Scott's rule for a Gaussian kernel in one dimension,
//
//	h = σ̂ n^{−1/5}   (Scott 1992; scipy.stats.gaussian_kde's default),
//
// σ̂ the sample standard deviation (n − 1). A sample with σ̂ = 0 (all
// values equal, or n = 1) gets h = 1e-3·max(1, |x₀|), so that its estimate
// is a narrow bump rather than a division by zero. It panics on an empty x.
func ScottBandwidth(x []float64) float64 {
	if len(x) == 0 {
		panic("empirical: ScottBandwidth of an empty sample")
	}
	sd := 0.0
	if len(x) > 1 {
		_, sd = MeanSD(x)
	}
	if !(sd > 0) {
		return 1e-3 * math.Max(1, math.Abs(x[0]))
	}
	return sd * math.Pow(float64(len(x)), -0.2)
}
