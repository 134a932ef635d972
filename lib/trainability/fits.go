package trainability

import (
	"fmt"
	"math"

	"github.com/sigprop/sigprop/lib/trainsweep"
	"gonum.org/v1/gonum/stat"
)

// NonSaturated returns λ_a, λ_g and the test loss of the results that are
// not saturated (trainsweep.FitSettings{}.Saturated: diverged, or within
// 0.05 nats of ln 10), in order.
func NonSaturated(res []trainsweep.Result) (lambdaA, lambdaG, loss []float64) {
	for _, r := range res {
		if !(trainsweep.FitSettings{}).Saturated(r) {
			lambdaA, lambdaG, loss = append(lambdaA, r.LambdaA), append(lambdaG, r.LambdaG), append(loss, r.TestLoss)
		}
	}
	return lambdaA, lambdaG, loss
}

// Correlations are Pearson correlations of the test loss with each
// exponent and its absolute value, over the N non-saturated points.
type Correlations struct {
	N                   int
	LambdaA, AbsLambdaA float64
	LambdaG, AbsLambdaG float64
}

// VShape returns the correlations of the loss with λ_a, |λ_a|, λ_g and
// |λ_g| on the non-saturated points of res (NonSaturated): a V-shaped
// dependence on λ shows as a clearly positive correlation with |λ|, larger
// than with λ. They are NaN if fewer than two points are left or one of
// the variables is constant.
func VShape(res []trainsweep.Result) Correlations {
	la, lg, y := NonSaturated(res)
	abs := func(v []float64) []float64 {
		out := make([]float64, len(v))
		for i, x := range v {
			out[i] = math.Abs(x)
		}
		return out
	}
	corr := func(x []float64) float64 { return stat.Correlation(x, y, nil) }
	return Correlations{N: len(y), LambdaA: corr(la), AbsLambdaA: corr(abs(la)), LambdaG: corr(lg), AbsLambdaG: corr(abs(lg))}
}

// Fits are the least-squares fits of the test loss of Fig. 7 to a Set.
type Fits struct {
	// Clipped is min(ln 10, max(w_a|λ_a|, w_g|λ_g|) + b) fitted to the seed
	// means of all points (trainsweep.FitClipped); Max is the unclipped
	// max-fit of the non-saturated points (trainsweep.FitLoss); A and G are
	// w_a|λ_a| + b and w_g|λ_g| + b on the same points (trainsweep.FitMax
	// with the other exponent 0).
	Clipped, Max, A, G trainsweep.LossFit
	// SD is the standard deviation (n − 1) of the non-saturated losses,
	// against which a fit's leave-one-out RMSE is judged.
	SD float64
}

// Fits fits the seed-mean test loss of s (see Fits). It returns the error
// of the first fit that fails (trainsweep.ErrFitDegenerate with fewer than
// trainsweep.MinFitPoints non-saturated points).
func (s Set) Fits() (Fits, error) {
	var f Fits
	var err error
	if f.Clipped, err = trainsweep.FitClipped(s.Mean, trainsweep.FitSettings{}); err != nil {
		return Fits{}, err
	}
	if f.Max, err = trainsweep.FitLoss(s.Mean, trainsweep.FitSettings{}); err != nil {
		return Fits{}, err
	}
	la, lg, y := NonSaturated(s.Mean)
	zero := make([]float64, len(y))
	if f.A, err = trainsweep.FitMax(la, zero, y); err != nil {
		return Fits{}, err
	}
	if f.G, err = trainsweep.FitMax(zero, lg, y); err != nil {
		return Fits{}, err
	}
	f.SD = stat.StdDev(y, nil)
	return f, nil
}

// SeedFits say how far the seed scatter limits a fit.
type SeedFits struct {
	// PerSeed holds the clipped fit to each seed's results alone.
	PerSeed []trainsweep.LossFit
	// NoiseFloor is the RMS over the NoiseN non-saturated points (of the
	// seed means) of SD_i/√k, k seeds: the scatter of a k-seed mean about
	// its expectation, below which no function of (α, σ_w) can fit.
	NoiseFloor float64
	NoiseN     int
}

// SeedFits returns the clipped fit to each seed of s and the noise floor,
// or the error of a fit that fails. With one seed there is no seed scatter
// to measure: it returns the zero SeedFits.
func (s Set) SeedFits() (SeedFits, error) {
	if len(s.Runs) < 2 {
		return SeedFits{}, nil
	}
	var f SeedFits
	for _, run := range s.Runs {
		c, err := trainsweep.FitClipped(run, trainsweep.FitSettings{})
		if err != nil {
			return SeedFits{}, err
		}
		f.PerSeed = append(f.PerSeed, c)
	}
	var v float64
	for i, r := range s.Mean {
		if !(trainsweep.FitSettings{}).Saturated(r) {
			v += s.SD[i] * s.SD[i] / float64(len(s.Runs))
			f.NoiseN++
		}
	}
	f.NoiseFloor = math.Sqrt(v / float64(f.NoiseN))
	return f, nil
}

// LOOGap compares the held-out errors of two fits of the same points:
//
//	Diff = LOORMSE_a − LOORMSE_b = (MSE_a − MSE_b)/(LOORMSE_a + LOORMSE_b),
//
// with SE its standard error from the paired per-point differences of the
// squared leave-one-out residuals d_i = r_a,i² − r_b,i²: SE(d̄)/(LOORMSE_a +
// LOORMSE_b), SE(d̄) = SD(d)/√N. Diff/SE is how many SE a beats b by
// (negative) beyond the noise of which points were drawn.
type LOOGap struct {
	Diff, SE float64
	N        int
}

// CompareLOO returns the LOOGap of a and b. It errors if they were not
// fitted to the same number of points (at least 2), or if the SE is zero
// or not finite (every point's difference the same: no noise to measure).
func CompareLOO(a, b trainsweep.LossFit) (LOOGap, error) {
	ra, rb := a.LOOResiduals, b.LOOResiduals
	if len(ra) != len(rb) || len(ra) < 2 {
		return LOOGap{}, fmt.Errorf("trainability: CompareLOO needs two fits of the same ≥ 2 points, got %d and %d residuals", len(ra), len(rb))
	}
	d := make([]float64, len(ra))
	for i := range d {
		d[i] = ra[i]*ra[i] - rb[i]*rb[i]
	}
	sum := a.LOORMSE + b.LOORMSE
	g := LOOGap{Diff: a.LOORMSE - b.LOORMSE, SE: stat.StdDev(d, nil) / math.Sqrt(float64(len(d))) / sum, N: len(d)}
	if !(g.SE > 0) || math.IsInf(g.SE, 0) {
		return LOOGap{}, fmt.Errorf("trainability: CompareLOO: the SE of the difference is %v over %d points, want > 0 and finite", g.SE, g.N)
	}
	return g, nil
}
