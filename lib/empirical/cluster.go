package empirical

import "fmt"

// ClusterMeanSE is MeanSE with the sample unit made explicit: x holds
// len(x)/size clusters of size consecutive values (the values one random
// network gives: its units, its inputs, its tokens), and
//
//	mean = (1/m) Σ_c x̄_c,   se = s(x̄_1, …, x̄_m)/√m,
//
// the mean and standard error of the m cluster means x̄_c. Values of one
// cluster share the cluster's randomness (one network's weights), so they
// are not independent samples: pooling them in MeanSE understates the
// error whenever the cluster means vary between clusters more than
// independent draws would. With equal cluster sizes the mean is the
// pooled mean; z = (mean − θ)/se has m − 1 degrees of freedom. One
// cluster gives se = 0 (MeanSE). It panics unless size >= 1 and len(x)
// is a positive multiple of size.
func ClusterMeanSE(x []float64, size int) (mean, se float64) {
	if size < 1 || len(x) == 0 || len(x)%size != 0 {
		panic(fmt.Sprintf("empirical: ClusterMeanSE needs a positive multiple of size = %d values, got %d", size, len(x)))
	}
	return MeanSE(ClusterMeans(x, size))
}

// ClusterMeans returns the means of the len(x)/size consecutive clusters
// of size values of x: one value per sample unit (ClusterMeanSE). It
// panics unless size >= 1 and len(x) is a positive multiple of size.
func ClusterMeans(x []float64, size int) []float64 {
	if size < 1 || len(x) == 0 || len(x)%size != 0 {
		panic(fmt.Sprintf("empirical: ClusterMeans needs a positive multiple of size = %d values, got %d", size, len(x)))
	}
	out := make([]float64, len(x)/size)
	for c := range out {
		s := 0.0
		for _, v := range x[c*size : (c+1)*size] {
			s += v
		}
		out[c] = s / float64(size)
	}
	return out
}

// RatioSE is the ratio of means R = x̄/ȳ of paired samples (x_i, y_i),
// one pair per sample unit (a network and its input), and its
// delta-method standard error, the SE of the mean of the linearised
// residuals (x_i − R y_i)/ȳ:
//
//	se = s((x − R y)/ȳ)/√n,
//
// with n − 1 degrees of freedom as n grows. It panics unless x and y have
// one length >= 2.
func RatioSE(x, y []float64) (ratio, se float64) {
	if len(x) < 2 || len(y) != len(x) {
		panic(fmt.Sprintf("empirical: RatioSE needs x and y of one length >= 2, got %d and %d", len(x), len(y)))
	}
	mx, _ := MeanSD(x)
	my, _ := MeanSD(y)
	ratio = mx / my
	e := make([]float64, len(x))
	for i := range x {
		e[i] = (x[i] - ratio*y[i]) / my
	}
	_, se = MeanSE(e)
	return ratio, se
}
