package empirical

import (
	"math"
	"math/rand/v2"
	"testing"
)

// naiveKS evaluates sup |F_x − F_y| at every sample value by counting: the
// definition, O((n+m)²), with ties handled by ≤.
func naiveKS(x, y []float64) float64 {
	cdf := func(s []float64, t float64) float64 {
		k := 0
		for _, v := range s {
			if v <= t {
				k++
			}
		}
		return float64(k) / float64(len(s))
	}
	d := 0.0
	for _, t := range append(append([]float64{}, x...), y...) {
		d = math.Max(d, math.Abs(cdf(x, t)-cdf(y, t)))
	}
	return d
}

func TestKS2MatchesDefinition(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 50 {
		n, m := 1+rng.IntN(40), 1+rng.IntN(40)
		x, y := make([]float64, n), make([]float64, m)
		for i := range x {
			x[i] = float64(rng.IntN(8)) // many ties within and across samples
		}
		for i := range y {
			y[i] = float64(rng.IntN(8)) + 0.5*float64(trial%2)
		}
		if got, want := KS2(x, y), naiveKS(x, y); math.Abs(got-want) > 1e-15 {
			t.Fatalf("trial %d: KS2 = %v, definition %v", trial, got, want)
		}
	}
}

func TestKS2Identities(t *testing.T) {
	x := []float64{3, 1, 2}
	if d := KS2(x, x); d != 0 {
		t.Errorf("KS2(x, x) = %v, want 0", d)
	}
	if d := KS2([]float64{0, 1}, []float64{2, 3}); d != 1 {
		t.Errorf("disjoint samples: KS2 = %v, want 1", d)
	}
	if x[0] != 3 {
		t.Error("KS2 modified its input")
	}
}

// Under equal distributions D exceeds the 5% critical value about 5% of the
// time: 400 trials of 200 vs 300 normals, binomial SE √(0.05·0.95/400) ≈ 0.011.
func TestKSCriticalLevel(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	crit := KSCritical(200, 300, 0.05)
	over := 0
	for range 400 {
		x, y := make([]float64, 200), make([]float64, 300)
		for i := range x {
			x[i] = rng.NormFloat64()
		}
		for i := range y {
			y[i] = rng.NormFloat64()
		}
		if KS2(x, y) > crit {
			over++
		}
	}
	// The asymptotic value is conservative at finite n: the rate lies
	// below 5%; 0.005..0.09 is 4 SE either side of the nominal rate.
	if r := float64(over) / 400; r < 0.005 || r > 0.09 {
		t.Errorf("rejection rate %v at the 5%% critical value", r)
	}
}

func TestDKWAndECDF(t *testing.T) {
	// ε = √(ln(2/α)/(2n)): α = 2/e² gives ln(2/α) = 2, so ε = 1/√n.
	if e := DKW(100, 2/math.Exp(2)); math.Abs(e-0.1) > 1e-15 {
		t.Errorf("DKW = %v, want 0.1", e)
	}
	s := []float64{1, 2, 2, 3}
	for _, c := range []struct{ t, want float64 }{{0, 0}, {1, 0.25}, {2, 0.75}, {2.5, 0.75}, {3, 1}} {
		if got := ECDF(s, c.t); got != c.want {
			t.Errorf("ECDF(%v) = %v, want %v", c.t, got, c.want)
		}
	}
}
