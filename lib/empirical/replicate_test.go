package empirical

import (
	"math"
	"math/rand/v2"
	"testing"
)

// The replicate tests of the kinds of standard error sigprop computes
// (issue 37, item 5): for each kind, a cheap exact model is drawn
// replicates times with its own seed, and the standard deviation of the
// z-score (estimate − truth)/SE over the replicates must lie within 10%
// of 1. With R = 400 replicates the sample SD of a normal z has relative
// standard error 1/√(2(R − 1)) = 3.5%, so the band is 2.8 of its SEs
// (a false failure about 0.5% of the time, fixed here by the seeds); a
// z-score whose SE counts a unit that is not the independent one is
// shown to leave the band (the test has power). When the SE comes from
// m units, z is mapped to the normal scale with NormalZ(·, m − 1) (else
// the SD of Student's t, √(ν/(ν − 2)), would be the target).

const replicates = 400

// zBand is the accepted band of the SD of z: 1 ± 10%.
const zBand = 0.10

// sdOfZ draws replicates z-scores, replicate i from Rand(seed+i, stream).
func sdOfZ(seed, stream uint64, z func(rng *rand.Rand) float64) float64 {
	zs := make([]float64, replicates)
	for i := range zs {
		zs[i] = z(Rand(seed+uint64(i), stream))
	}
	_, sd := MeanSD(zs)
	return sd
}

func checkBand(t *testing.T, kind string, sd float64) {
	t.Helper()
	t.Logf("%s: SD of z over %d replicates = %.3f", kind, replicates, sd)
	if math.Abs(sd-1) > zBand {
		t.Errorf("%s: SD of z over %d replicates = %.3f, want within %g of 1", kind, replicates, sd, zBand)
	}
}

// clustered draws m clusters of k values a_c + e_ci: a_c ~ N(0, tau2)
// the cluster's (network's) own effect, e ~ N(0, 1) its units' noise.
func clustered(rng *rand.Rand, m, k int, tau2 float64) []float64 {
	x := make([]float64, 0, m*k)
	for range m {
		a := math.Sqrt(tau2) * rng.NormFloat64()
		for range k {
			x = append(x, a+rng.NormFloat64())
		}
	}
	return x
}

// Mean over networks of a per-network scalar, and the cluster SE of
// values that share a network (units, inputs, tokens): 10 networks of 20
// values with intra-network correlation 0.048 (design effect 1.9).
// Pooling the 200 values as independent must leave the band.
func TestReplicateClusterSE(t *testing.T) {
	const m, k, tau2 = 10, 20, 0.05
	cluster := sdOfZ(1, 101, func(rng *rand.Rand) float64 {
		mean, se := ClusterMeanSE(clustered(rng, m, k, tau2), k)
		return NormalZ(mean/se, m-1)
	})
	checkBand(t, "cluster SE (10 networks × 20 values)", cluster)
	pooled := sdOfZ(1, 101, func(rng *rand.Rand) float64 {
		mean, se := MeanSE(clustered(rng, m, k, tau2))
		return mean / se
	})
	t.Logf("the same values pooled as 200 independent samples: SD of z = %.3f", pooled)
	if !(pooled > 1+zBand) {
		t.Errorf("pooled SE: SD of z = %.3f, want > %g (the test must detect the wrong unit)", pooled, 1+zBand)
	}
}

// Difference of two independent means (MinDiffZ at one point): two sets
// of 20 networks each, equal laws, unequal spreads.
func TestReplicateDiffSE(t *testing.T) {
	sd := sdOfZ(1, 102, func(rng *rand.Rand) float64 {
		a, b := make([]float64, 20), make([]float64, 20)
		for i := range a {
			a[i], b[i] = rng.NormFloat64(), 2*rng.NormFloat64()
		}
		ma, sa := MeanSE(a)
		mb, sb := MeanSE(b)
		// Welch's degrees of freedom of the difference.
		va, vb := sa*sa, sb*sb
		nu := (va + vb) * (va + vb) / (va*va/19 + vb*vb/19)
		return NormalZ(MinDiffZ([]float64{ma}, []float64{sa}, []float64{mb}, []float64{sb}), int(math.Round(nu)))
	})
	checkBand(t, "difference of independent means (20 + 20 networks)", sd)
}

// Paired difference: two statistics of the same network (a setting and a
// perturbed one on common random numbers, correlation 0.8): the SE of the
// per-network difference is right; treating the two means as independent
// (MinDiffZ) must leave the band.
func TestReplicatePairedSE(t *testing.T) {
	draw := func(rng *rand.Rand) (a, b []float64) {
		a, b = make([]float64, 15), make([]float64, 15)
		for i := range a {
			u, v := rng.NormFloat64(), rng.NormFloat64()
			a[i], b[i] = u, 0.8*u+0.6*v
		}
		return a, b
	}
	paired := sdOfZ(1, 103, func(rng *rand.Rand) float64 {
		a, b := draw(rng)
		d := make([]float64, len(a))
		for i := range d {
			d[i] = a[i] - b[i]
		}
		m, se := MeanSE(d)
		return NormalZ(m/se, len(d)-1)
	})
	checkBand(t, "paired difference (15 networks)", paired)
	unpaired := sdOfZ(1, 103, func(rng *rand.Rand) float64 {
		a, b := draw(rng)
		ma, sa := MeanSE(a)
		mb, sb := MeanSE(b)
		return MinDiffZ([]float64{ma}, []float64{sa}, []float64{mb}, []float64{sb})
	})
	t.Logf("the same pairs as independent means: SD of z = %.3f", unpaired)
	if !(unpaired < 1-zBand) {
		t.Errorf("unpaired SE of paired data: SD of z = %.3f, want < %g", unpaired, 1-zBand)
	}
}

// Pooled SE over points (MeanShift): 10 points, each the mean of its own
// 30 networks; the mean shift from the truth over the points.
func TestReplicateMeanShiftSE(t *testing.T) {
	sd := sdOfZ(1, 104, func(rng *rand.Rand) float64 {
		const points, nets = 10, 30
		a, sa, b, sb := make([]float64, points), make([]float64, points), make([]float64, points), make([]float64, points)
		for p := range a {
			x := make([]float64, nets)
			for i := range x {
				x[i] = float64(p) + (1+0.2*float64(p))*rng.NormFloat64()
			}
			a[p], sa[p] = MeanSE(x)
			b[p] = float64(p)
		}
		s, se := MeanShift(a, sa, b, sb, nil)
		return s / se
	})
	checkBand(t, "mean shift over 10 points × 30 networks", sd)
}

// Ratio of means by the delta method (RatioSE): per network a pair (x, y)
// with E x = 2, E y = 4, correlated; 40 networks.
func TestReplicateRatioSE(t *testing.T) {
	sd := sdOfZ(1, 105, func(rng *rand.Rand) float64 {
		x, y := make([]float64, 40), make([]float64, 40)
		for i := range x {
			u, v := rng.NormFloat64(), rng.NormFloat64()
			x[i], y[i] = 2+0.5*u, 4+0.3*u+0.4*v
		}
		r, se := RatioSE(x, y)
		return NormalZ((r-0.5)/se, len(x)-1)
	})
	checkBand(t, "ratio of means, delta method (40 networks)", sd)
}

// Distribution-free SE of a median (QuantileSE) over 100 networks, whose
// per-network values are exponential (median ln 2).
func TestReplicateQuantileSE(t *testing.T) {
	sd := sdOfZ(1, 106, func(rng *rand.Rand) float64 {
		x := make([]float64, 100)
		for i := range x {
			x[i] = rng.ExpFloat64()
		}
		return (Quantile(x, 0.5) - math.Ln2) / QuantileSE(x, 0.5)
	})
	checkBand(t, "median, QuantileSE (100 networks)", sd)
}
