package empirical

import (
	"errors"
	"math"
	"testing"
)

// syntheticProfiles draws n "networks" whose profile is A·exp(−x/ξ) (or
// A·x^β) times a per-network factor (shared by all depths of the network,
// as its weights are) and a small per-depth factor: the depths of one
// network are correlated, so a fit that counted them as independent would
// understate the SE.
func syntheticProfiles(seed uint64, n int, x []float64, f func(x float64) float64, netSD, depthSD float64) [][]float64 {
	rng := Rand(seed, 1)
	y := make([][]float64, n)
	for i := range y {
		net := math.Exp(netSD * rng.NormFloat64())
		tilt := netSD * rng.NormFloat64() // a per-network change of the rate
		y[i] = make([]float64, len(x))
		for k, v := range x {
			y[i][k] = f(v) * net * math.Exp(tilt*v/x[len(x)-1]+depthSD*rng.NormFloat64())
		}
	}
	return y
}

// On exact profiles the fits return ξ and β exactly; on noisy networks
// the fitted value lies within its SE of the truth as it should: over 400
// replicates of 48 networks the SD of z = (fit − truth)/SE is within 10% of
// the SD of Student's t with 47 degrees of freedom, √(47/45) = 1.022, the
// law of a jackknife z (the SD's own relative SE is 1/√(2·399) ≈ 3.5%, so
// the band is ≈ 3 SE). Measured: 1.053 and 1.054; at 24 networks 1.12
// against t's 1.047.
func TestFitsRecoverTruth(t *testing.T) {
	x := []float64{1, 2, 3, 4, 6, 8, 10, 12}
	const xi, beta = 3.5, -1.25
	exact := [][]float64{make([]float64, len(x)), make([]float64, len(x))}
	for k, v := range x {
		exact[0][k], exact[1][k] = 2*math.Exp(-v/xi), 2*math.Exp(-v/xi)
	}
	if f, err := DepthScale(x, exact); err != nil || math.Abs(f.Value-xi) > 1e-12 || f.SE > 1e-12 {
		t.Errorf("exact exponential: %+v, %v", f, err)
	}
	for k, v := range x {
		exact[0][k], exact[1][k] = 3*math.Pow(v, beta), 3*math.Pow(v, beta)
	}
	if f, err := PowerLaw(x, exact); err != nil || math.Abs(f.Value-beta) > 1e-12 {
		t.Errorf("exact power law: %+v, %v", f, err)
	}
	const reps, nets = 400, 48
	for _, c := range []struct {
		name  string
		fit   func([]float64, [][]float64) (Fit, error)
		f     func(float64) float64
		truth float64
	}{
		{"depth scale", DepthScale, func(v float64) float64 { return math.Exp(-v / xi) }, xi},
		{"power law", PowerLaw, func(v float64) float64 { return math.Pow(v, beta) }, beta},
	} {
		var s, s2 float64
		for r := range reps {
			y := syntheticProfiles(uint64(1000+r), nets, x, c.f, 0.1, 0.02)
			f, err := c.fit(x, y)
			if err != nil {
				t.Fatal(err)
			}
			// The per-network tilt makes the expected mean profile not
			// exactly exponential (log-normal factors): the truth is the fit
			// to that expected mean profile, within 1% of c.truth.
			truth := meanProfileFit(t, x, c.f, 0.1, c.fit)
			if math.Abs(truth-c.truth) > 0.01*math.Abs(c.truth) {
				t.Fatalf("%s: the expected mean profile's fit %v is not near %v", c.name, truth, c.truth)
			}
			z := (f.Value - truth) / f.SE
			s += z
			s2 += z * z
		}
		mean := s / reps
		sd := math.Sqrt(s2/reps - mean*mean)
		t.Logf("%s: z over %d replicates of %d networks: mean %+.3f, SD %.3f", c.name, reps, nets, mean, sd)
		if tsd := math.Sqrt(float64(nets-1) / float64(nets-3)); math.Abs(sd/tsd-1) > 0.1 || math.Abs(mean) > 0.2 {
			t.Errorf("%s: SD of z %.3f (want within 10%% of t's %.3f), mean %+.3f (want within 0.2: 4 SE of 400 replicates)", c.name, sd, tsd, mean)
		}
	}
}

// meanProfileFit is the parameter fitted to the expected mean profile of
// syntheticProfiles (log-normal factors: E e^{σZ} = e^{σ²/2}).
func meanProfileFit(t *testing.T, x []float64, f func(float64) float64, netSD float64, fit func([]float64, [][]float64) (Fit, error)) float64 {
	t.Helper()
	row := make([]float64, len(x))
	for k, v := range x {
		a := v / x[len(x)-1]
		row[k] = f(v) * math.Exp(netSD*netSD/2) * math.Exp(netSD*netSD*a*a/2) * math.Exp(0.02*0.02/2)
	}
	r, err := fit(x, [][]float64{row, row})
	if err != nil {
		t.Fatal(err)
	}
	return r.Value
}

func TestFitErrors(t *testing.T) {
	x := []float64{1, 2, 3}
	for name, c := range map[string]struct {
		x []float64
		y [][]float64
	}{
		"one network":  {x, [][]float64{{1, 0.5, 0.25}}},
		"ragged":       {x, [][]float64{{1, 0.5, 0.25}, {1, 0.5}}},
		"non-positive": {x, [][]float64{{1, 0, -0.1}, {1, 0, -0.1}}},
		"flat":         {x, [][]float64{{1, 1, 1}, {1, 1, 1}}},
		"equal x":      {[]float64{2, 2, 2}, [][]float64{{1, 0.5, 0.25}, {1, 0.5, 0.25}}},
	} {
		if _, err := DepthScale(c.x, c.y); !errors.Is(err, ErrFit) {
			t.Errorf("%s: %v, want ErrFit", name, err)
		}
	}
	if _, err := PowerLaw([]float64{0, 1, 2}, [][]float64{{1, 1, 1}, {1, 2, 3}}); !errors.Is(err, ErrFit) {
		t.Errorf("x = 0: %v", err)
	}
}

// WeightedLine recovers an exact line (χ² = 0); with equal weights it is
// ordinary least squares, whose slope SE for unit-variance points is
// 1/√Σ(x − x̄)²; on points scattered by ±σ with weights 1/σ² about a line
// its χ² is Σ(scatter/σ)².
func TestWeightedLine(t *testing.T) {
	x := []float64{1, 2, 3, 4, 5}
	y := make([]float64, len(x))
	w := []float64{1, 4, 0.5, 2, 3}
	for i := range x {
		y[i] = 0.5 - 2*x[i]
	}
	b, _, a, chi2 := WeightedLine(x, y, w)
	if math.Abs(b+2) > 1e-12 || math.Abs(a-0.5) > 1e-12 || chi2 > 1e-20 {
		t.Errorf("exact line: slope %v, intercept %v, χ² %v", b, a, chi2)
	}
	ones := []float64{1, 1, 1, 1, 1}
	if _, se, _, _ := WeightedLine(x, y, ones); math.Abs(se-1/math.Sqrt(10)) > 1e-12 {
		t.Errorf("OLS slope SE %v, want 1/√10", se)
	}
	dy := []float64{0.1, -0.2, 0.1, 0.2, -0.2}
	sig := 0.1
	for i := range x {
		y[i] = 1 + 3*x[i] + dy[i]
		w[i] = 1 / (sig * sig)
	}
	b, _, a, chi2 = WeightedLine(x, y, w)
	want := 0.0
	for i := range x {
		r := y[i] - a - b*x[i]
		want += r * r / (sig * sig)
	}
	if math.Abs(chi2-want) > 1e-9 || chi2 <= 0 {
		t.Errorf("χ² %v, want %v", chi2, want)
	}
}
