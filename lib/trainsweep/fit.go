package trainsweep

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"sort"
)

// ErrFitDegenerate is returned (wrapped) by FitMax and FitLoss when the
// data cannot determine the fit: too few points, or a loss with zero
// variance (R² undefined).
var ErrFitDegenerate = errors.New("trainsweep: degenerate fit")

// MinFitPoints is the fewest points FitMax accepts: the three parameters
// (w_a, w_g, b) plus one, so that the residual has a degree of freedom
// and every leave-one-out fit still has three points.
const MinFitPoints = 4

// LossFit is the Fig. 7 predictor of Cowsik et al. 2024 (lib/sources/cowsik2024.md#figure-7,
// lib/sources/cowsik2024.md#protocol-trainability (vi), erratum 15):
//
//	loss ≈ max(w_a |λ_a|, w_g |λ_g|) + b,   w_a, w_g ≥ 0,
//
// fitted by least squares.
type LossFit struct {
	WA, WG, B float64
	// R2 = 1 − SS_res/SS_tot on the fitted points (the notes' (lib/sources/cowsik2024.md) "R² on the
	// non-saturated points").
	R2 float64
	// RMSE is the in-sample root-mean-square residual.
	RMSE float64
	// LOORMSE is the held-out error: the root mean square over i of
	// loss_i − prediction of the fit to all points but i (leave-one-out
	// cross-validation; deterministic, no random folds).
	LOORMSE float64
	// LOOResiduals are the leave-one-out residuals behind LOORMSE, one per
	// fitted point in the order of the fitted points.
	LOOResiduals []float64
	// N is the number of points fitted.
	N int
	// Saturated lists the indices (into FitLoss's or FitClipped's
	// results) of the saturated points; nil for FitMax.
	Saturated []int
	// Ceiling is the clip level ln C of FitClipped's model; 0 for the
	// unclipped FitMax and FitLoss.
	Ceiling float64
}

// Predict returns max(w_a|λ_a|, w_g|λ_g|) + b, clipped at Ceiling when
// that is set (FitClipped).
func (f LossFit) Predict(lambdaA, lambdaG float64) float64 {
	p := math.Max(f.WA*math.Abs(lambdaA), f.WG*math.Abs(lambdaG)) + f.B
	if f.Ceiling > 0 {
		p = math.Min(f.Ceiling, p)
	}
	return p
}

// FitSettings configures FitLoss. The zero value fits Fashion-MNIST's ten
// classes with a 0.05-nat margin.
type FitSettings struct {
	// Ceiling is the uniform-guessing loss ln C (zero: ln 10).
	Ceiling float64
	// Margin (zero: 0.05 nats) defines saturation: a point is saturated
	// if it diverged or its test loss is ≥ Ceiling − Margin. The notes (lib/sources/cowsik2024.md)
	// (lib/sources/cowsik2024.md#protocol-trainability (vi)) asks for R² "on the non-saturated points" without
	// defining them; at the ceiling the loss carries no information about
	// |λ| (the model guesses uniformly), so those points are left out.
	Margin float64
}

// FitLoss fits LossFit to the non-saturated results (see FitSettings)
// with FitMax, using the theory exponents stored in each Result (λ_a,
// and λ_g^(L) in the corrected variant). It returns an error wrapping
// ErrFitDegenerate if fewer than MinFitPoints results are not saturated,
// and an error if a used exponent or loss is not finite.
func FitLoss(results []Result, s FitSettings) (LossFit, error) {
	ceil, margin := s.levels()
	var la, lg, y []float64
	var sat []int
	for i, r := range results {
		if r.Diverged || r.TestLoss >= ceil-margin {
			sat = append(sat, i)
			continue
		}
		la, lg, y = append(la, r.LambdaA), append(lg, r.LambdaG), append(y, r.TestLoss)
	}
	if len(y) < MinFitPoints {
		return LossFit{Saturated: sat}, fmt.Errorf("%w: %d of %d points are not saturated (loss < %.4g − %.4g), need at least %d",
			ErrFitDegenerate, len(y), len(results), ceil, margin, MinFitPoints)
	}
	f, err := FitMax(la, lg, y)
	f.Saturated = sat
	return f, err
}

// Validate returns ErrParam unless, with the defaults filled in,
// 0 < Margin < Ceiling < ∞.
func (s FitSettings) Validate() error {
	ceil, margin := cmp.Or(s.Ceiling, math.Log(10)), cmp.Or(s.Margin, 0.05)
	if !(ceil > 0) || math.IsInf(ceil, 0) || !(margin > 0) || margin >= ceil {
		return fmt.Errorf("%w: FitSettings need 0 < Margin < Ceiling < ∞, got Margin %v, Ceiling %v", ErrParam, margin, ceil)
	}
	return nil
}

// levels returns the ceiling and margin with their defaults; it panics
// with Validate's error (a caller bug).
func (s FitSettings) levels() (ceil, margin float64) {
	if err := s.Validate(); err != nil {
		panic(err.Error())
	}
	return cmp.Or(s.Ceiling, math.Log(10)), cmp.Or(s.Margin, 0.05)
}

// FitMax fits loss_i ≈ max(w_a|λ_a,i|, w_g|λ_g,i|) + b with w_a, w_g ≥ 0
// by least squares, exactly (no iterative optimiser), and reports R² and
// the leave-one-out RMSE. It panics if the slices differ in length; it
// returns an error if a value is not finite, and one wrapping
// ErrFitDegenerate if there are fewer than MinFitPoints points or the
// loss is constant.
//
// # Method
//
// Write a_i = |λ_a,i|, g_i = |λ_g,i| and (w_a, w_g) = s(cos θ, sin θ),
// s ≥ 0, θ ∈ [0, π/2]. Point i uses its a-branch when cos θ a_i ≥
// sin θ g_i, i.e. when θ ≤ θ_i = atan2(a_i, g_i). Between consecutive
// breakpoints θ_(k) ≤ θ ≤ θ_(k+1) the branch of every point is fixed, so
// the model is linear,
//
//	loss_i ≈ w_a u_i + w_g v_i + b,   (u_i, v_i) = (a_i, 0) or (0, g_i),
//
// and the sum of squares is a convex quadratic in (w_a, w_g, b) on the
// convex sector θ_(k) ≤ atan2(w_g, w_a) ≤ θ_(k+1). Its minimum there is
// either the unconstrained least-squares solution, if that lies in the
// sector, or on one of the sector's two bounding rays, where θ is fixed
// and the model s·max(cos θ a_i, sin θ g_i) + b is a simple regression
// with s ≥ 0 (closed form, slope clipped at 0). Taking the best of these
// candidates over all sectors gives the global least-squares minimum in
// O(N²) time. (A singular sector problem has a line of minimisers, which
// leaves the pointed sector and so reaches a bounding ray: the rays
// suffice then.)
//
// When the optimum has w_a = 0 (or w_g = 0) the other weight's value is
// still exact but the ratio is not unique if that exponent never wins;
// the returned fit is one of the minimisers.
func FitMax(lambdaA, lambdaG, loss []float64) (LossFit, error) {
	n := len(loss)
	if len(lambdaA) != n || len(lambdaG) != n {
		panic(fmt.Sprintf("trainsweep: FitMax lengths differ: λ_a %d, λ_g %d, loss %d", len(lambdaA), len(lambdaG), n))
	}
	for i := range loss {
		for _, v := range [...]float64{lambdaA[i], lambdaG[i], loss[i]} {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return LossFit{}, fmt.Errorf("trainsweep: FitMax point %d is not finite (λ_a %v, λ_g %v, loss %v)", i, lambdaA[i], lambdaG[i], loss[i])
			}
		}
	}
	if n < MinFitPoints {
		return LossFit{}, fmt.Errorf("%w: %d points, need at least %d (3 parameters + 1)", ErrFitDegenerate, n, MinFitPoints)
	}
	a, g := make([]float64, n), make([]float64, n)
	for i := range a {
		a[i], g[i] = math.Abs(lambdaA[i]), math.Abs(lambdaG[i])
	}
	var mean, sst float64
	for _, y := range loss {
		mean += y / float64(n)
	}
	for _, y := range loss {
		sst += (y - mean) * (y - mean)
	}
	if !(sst > 1e-24*float64(n)*(1+mean*mean)) {
		return LossFit{}, fmt.Errorf("%w: the loss is constant (%v) over all %d points, R² is undefined", ErrFitDegenerate, mean, n)
	}
	wa, wg, b, sse := fitMax(a, g, loss)
	f := LossFit{WA: wa, WG: wg, B: b, N: n, R2: 1 - sse/sst, RMSE: math.Sqrt(sse / float64(n))}

	// Leave-one-out cross-validation.
	la, lg, ly := make([]float64, n-1), make([]float64, n-1), make([]float64, n-1)
	var press float64
	for i := range n {
		copy(la, a[:i])
		copy(la[i:], a[i+1:])
		copy(lg, g[:i])
		copy(lg[i:], g[i+1:])
		copy(ly, loss[:i])
		copy(ly[i:], loss[i+1:])
		wa, wg, b, _ := fitMax(la, lg, ly)
		r := loss[i] - (math.Max(wa*a[i], wg*g[i]) + b)
		press += r * r
		f.LOOResiduals = append(f.LOOResiduals, r)
	}
	f.LOORMSE = math.Sqrt(press / float64(n))
	return f, nil
}

// fitMax is FitMax's exact sector search on a_i, g_i ≥ 0 (see FitMax). It
// returns the weights, the bias and the residual sum of squares.
func fitMax(a, g, y []float64) (wa, wg, b, sse float64) {
	n := len(y)
	ts := make([]float64, 0, n+2)
	ts = append(ts, 0, math.Pi/2)
	for i := range n {
		ts = append(ts, math.Atan2(a[i], g[i]))
	}
	sort.Float64s(ts)
	best := math.Inf(1)
	try := func(wa1, wg1, b1 float64) {
		var s float64
		for i := range n {
			r := y[i] - (math.Max(wa1*a[i], wg1*g[i]) + b1)
			s += r * r
		}
		if s < best {
			best, wa, wg, b = s, wa1, wg1, b1
		}
	}
	z := make([]float64, n)
	for k, t := range ts {
		if k > 0 && t == ts[k-1] {
			continue
		}
		// Bounding ray θ = t: regression of y on z_i = max(cos t a_i, sin t g_i).
		c, sn := math.Cos(t), math.Sin(t)
		if t == math.Pi/2 {
			c = 0
		}
		for i := range n {
			z[i] = math.Max(c*a[i], sn*g[i])
		}
		s, b1 := simpleRegression(z, y)
		try(s*c, s*sn, b1)
		if k == 0 {
			continue
		}
		// Interior of the sector (ts[k-1], t): fixed branches, judged at the
		// midpoint angle.
		lo := ts[k-1]
		m := 0.5 * (lo + t)
		cm, sm := math.Cos(m), math.Sin(m)
		// Normal equations of y ≈ p u + q v + b.
		var A [3][3]float64
		var rhs [3]float64
		for i := range n {
			var x [3]float64
			if cm*a[i] >= sm*g[i] {
				x = [3]float64{a[i], 0, 1}
			} else {
				x = [3]float64{0, g[i], 1}
			}
			for r := range 3 {
				for col := range 3 {
					A[r][col] += x[r] * x[col]
				}
				rhs[r] += x[r] * y[i]
			}
		}
		p, ok := solve3(A, rhs)
		if !ok || p[0] < 0 || p[1] < 0 {
			continue
		}
		th := math.Atan2(p[1], p[0])
		if th < lo || th > t {
			continue
		}
		try(p[0], p[1], p[2])
	}
	return wa, wg, b, best
}

// simpleRegression returns the least-squares y ≈ s z + b with s ≥ 0 (s = 0
// and b = mean y if z is constant or the free slope is negative).
func simpleRegression(z, y []float64) (s, b float64) {
	n := float64(len(y))
	var mz, my float64
	for i := range y {
		mz += z[i] / n
		my += y[i] / n
	}
	var szz, szy float64
	for i := range y {
		szz += (z[i] - mz) * (z[i] - mz)
		szy += (z[i] - mz) * (y[i] - my)
	}
	if szz <= 0 || szy <= 0 {
		return 0, my
	}
	s = szy / szz
	return s, my - s*mz
}

// solve3 solves the symmetric 3×3 system A x = r by Gaussian elimination
// with partial pivoting; ok is false if A is singular to working precision
// (a pivot below 1e-12 of the largest diagonal entry).
func solve3(A [3][3]float64, r [3]float64) (x [3]float64, ok bool) {
	scale := math.Max(A[0][0], math.Max(A[1][1], A[2][2]))
	if !(scale > 0) {
		return x, false
	}
	for c := range 3 {
		piv := c
		for i := c + 1; i < 3; i++ {
			if math.Abs(A[i][c]) > math.Abs(A[piv][c]) {
				piv = i
			}
		}
		if math.Abs(A[piv][c]) < 1e-12*scale {
			return x, false
		}
		A[c], A[piv] = A[piv], A[c]
		r[c], r[piv] = r[piv], r[c]
		for i := c + 1; i < 3; i++ {
			f := A[i][c] / A[c][c]
			for j := c; j < 3; j++ {
				A[i][j] -= f * A[c][j]
			}
			r[i] -= f * r[c]
		}
	}
	for i := 2; i >= 0; i-- {
		s := r[i]
		for j := i + 1; j < 3; j++ {
			s -= A[i][j] * x[j]
		}
		x[i] = s / A[i][i]
	}
	return x, true
}
