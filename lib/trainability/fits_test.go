package trainability

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/sigprop/sigprop/lib/trainsweep"
	"gonum.org/v1/gonum/stat"
)

// twoSeeds is a Set of n points whose noiseless loss is
// min(ln 10, max(wa|λ_a|, wg|λ_g|) + b) with exponents uniform in
// [−0.5, 0.5]², trained from two seeds that scatter by +δ_i and −δ_i about
// it (δ_i uniform in [−0.05, 0.05]): the seed mean is the noiseless loss
// up to rounding, and the seed SD is √2·|δ_i|.
func twoSeeds(n int, wa, wg, b float64, rng *rand.Rand) (set Set, delta []float64) {
	ceil := math.Log(10)
	runs := make([][]trainsweep.Result, 2)
	for range n {
		la, lg := rng.Float64()-0.5, rng.Float64()-0.5
		y := math.Min(ceil, math.Max(wa*math.Abs(la), wg*math.Abs(lg))+b)
		d := 0.1 * (rng.Float64() - 0.5)
		if y == ceil {
			d = 0 // a uniform guesser's loss is ln 10 exactly
		}
		delta = append(delta, d)
		for k, s := range []float64{1, -1} {
			runs[k] = append(runs[k], trainsweep.Result{LambdaA: la, LambdaG: lg, TestLoss: y + s*d})
		}
	}
	set.Runs = runs
	var err error
	if set.Mean, set.SD, err = trainsweep.SeedMean(runs, trainsweep.FitSettings{}); err != nil {
		panic(err)
	}
	return set, delta
}

// Fits pins the trainsweep fits it is made of and checks that, on data
// that depend on both exponents, the max-fit explains more than either
// single-exponent fit; SeedFits' noise floor equals its closed form
// √(mean δ_i²) over the non-saturated points.
func TestFits(t *testing.T) {
	set, delta := twoSeeds(24, 4, 5, 0.4, rand.New(rand.NewPCG(5, 6)))
	f, err := set.Fits()
	if err != nil {
		t.Fatal(err)
	}
	want, _ := trainsweep.FitClipped(set.Mean, trainsweep.FitSettings{})
	max, _ := trainsweep.FitLoss(set.Mean, trainsweep.FitSettings{})
	if f.Clipped.R2 != want.R2 || f.Clipped.LOORMSE != want.LOORMSE || f.Max.R2 != max.R2 || f.Max.N != max.N {
		t.Errorf("Fits = %+v, %+v; trainsweep gives %+v, %+v", f.Clipped, f.Max, want, max)
	}
	// The loss is a noiseless clipped max of both exponents: the clipped
	// fit is near exact (R² ≥ 1 − 1e-4: the ratio is gridded, see
	// trainsweep's TestFitClippedExact), a single exponent is not.
	if f.Clipped.R2 < 1-1e-4 || !(f.A.R2 < 0.95 && f.G.R2 < 0.95) || f.A.WG != 0 || f.G.WA != 0 {
		t.Errorf("R² clipped %v, λ_a alone %v (w_g %v), λ_g alone %v (w_a %v)", f.Clipped.R2, f.A.R2, f.A.WG, f.G.R2, f.G.WA)
	}
	_, _, y := NonSaturated(set.Mean)
	t.Logf("%d of %d points non-saturated; R² clipped %.6f, λ_a alone %.3f, λ_g alone %.3f", len(y), len(set.Mean), f.Clipped.R2, f.A.R2, f.G.R2)
	if f.SD != stat.StdDev(y, nil) || f.A.N != len(y) || f.Max.N != len(y) || len(y) < 12 || len(y) == len(set.Mean) {
		t.Errorf("SD %v over %d points, fits over %d and %d; want the %d non-saturated of %d", f.SD, len(y), f.A.N, f.Max.N, len(y), len(set.Mean))
	}

	sf, err := set.SeedFits()
	if err != nil {
		t.Fatal(err)
	}
	var ss float64
	var n int
	for i, r := range set.Mean {
		if !(trainsweep.FitSettings{}).Saturated(r) {
			ss, n = ss+delta[i]*delta[i], n+1
		}
	}
	if floor := math.Sqrt(ss / float64(n)); sf.NoiseN != n || math.Abs(sf.NoiseFloor-floor) > 1e-12*floor {
		t.Errorf("noise floor %v over %d points, want %v over %d", sf.NoiseFloor, sf.NoiseN, floor, n)
	}
	for k, run := range set.Runs {
		c, _ := trainsweep.FitClipped(run, trainsweep.FitSettings{})
		if sf.PerSeed[k].R2 != c.R2 || sf.PerSeed[k].WA != c.WA {
			t.Errorf("seed %d: fit %+v, trainsweep %+v", k, sf.PerSeed[k], c)
		}
	}
	one := Set{Runs: set.Runs[:1], Mean: set.Runs[0]}
	if sf, err := one.SeedFits(); err != nil || sf.PerSeed != nil || sf.NoiseN != 0 {
		t.Errorf("one seed: %+v, %v; want the zero SeedFits", sf, err)
	}
}

// A loss that is exactly 0.5 + |λ_a| on λ_a symmetric about 0, with
// λ_g = 2λ_a, has correlation 1 with |λ_a| and |λ_g| and 0 with the
// signed exponents; a diverged and a saturated point are left out.
func TestVShape(t *testing.T) {
	var res []trainsweep.Result
	for _, la := range []float64{-0.3, -0.2, -0.1, 0, 0.1, 0.2, 0.3} {
		res = append(res, trainsweep.Result{LambdaA: la, LambdaG: 2 * la, TestLoss: 0.5 + math.Abs(la)})
	}
	res = append(res, trainsweep.Result{LambdaA: 5, LambdaG: 1, TestLoss: 0.1, Diverged: true},
		trainsweep.Result{LambdaA: -5, LambdaG: 1, TestLoss: math.Log(10)})
	c := VShape(res)
	if c.N != 7 || math.Abs(c.AbsLambdaA-1) > 1e-12 || math.Abs(c.AbsLambdaG-1) > 1e-12 || math.Abs(c.LambdaA) > 1e-12 || math.Abs(c.LambdaG) > 1e-12 {
		t.Errorf("VShape = %+v, want N 7, 1 with |λ|, 0 with λ", c)
	}
}

// CompareLOO: Diff is the difference of the LOO RMSEs, SE the paired SE of
// the squared residuals' differences over their sum; by hand for two
// points: d = (0.09 − 0.01, 0.01 − 0.04) = (0.08, −0.03), SD(d) = 0.11/√2,
// SE(d̄) = 0.055, over RMSE_a + RMSE_b = √0.05 + √0.025.
func TestCompareLOO(t *testing.T) {
	a := trainsweep.LossFit{LOOResiduals: []float64{0.3, -0.1}, LOORMSE: math.Sqrt(0.05)}
	b := trainsweep.LossFit{LOOResiduals: []float64{0.1, 0.2}, LOORMSE: math.Sqrt(0.025)}
	g, err := CompareLOO(a, b)
	if err != nil {
		t.Fatal(err)
	}
	if want := 0.055 / (math.Sqrt(0.05) + math.Sqrt(0.025)); g.N != 2 || math.Abs(g.Diff-(math.Sqrt(0.05)-math.Sqrt(0.025))) > 1e-15 || math.Abs(g.SE-want) > 1e-15 {
		t.Errorf("gap %+v, want SE %v", g, want)
	}
	if _, err := CompareLOO(a, trainsweep.LossFit{LOOResiduals: []float64{1}}); err == nil {
		t.Error("fits of different points compared without error")
	}
	if _, err := CompareLOO(a, a); err == nil {
		t.Error("a fit compared with itself (SE 0) without error")
	}
}
