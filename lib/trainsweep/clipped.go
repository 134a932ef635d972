package trainsweep

import (
	"fmt"
	"math"
	"sort"
)

// clipAngles is the number of ratio angles θ FitClipped tries on
// [0, π/2] besides the points' own breakpoints.
const clipAngles = 2048

// FitClipped fits the notes' (lib/sources/cowsik2024.md) form of the Fig. 7 predictor (lib/sources/cowsik2024.md#protocol-trainability (vi)),
//
//	loss ≈ min(ln C, max(w_a |λ_a|, w_g |λ_g|) + b),   w_a, w_g ≥ 0,
//
// by least squares over all results (diverged points count at ln C),
// and reports R² and the leave-one-out RMSE on the non-saturated points
// (FitSettings' definition, as FitLoss), the ones whose loss carries
// information about |λ|. The returned LossFit has Ceiling set, so Predict
// clips.
//
// # Method
//
// As the notes (lib/sources/cowsik2024.md) suggest, the ratio is grid-searched: with (w_a, w_g) =
// s(cos θ, sin θ), θ runs over 2048 evenly spaced angles plus every
// breakpoint atan2(|λ_a,i|, |λ_g,i|). For fixed θ the model is
// min(C, s z_i + b) with z_i = max(cos θ |λ_a,i|, sin θ |λ_g,i|); since
// s ≥ 0 the clipped points are those with the largest z, so each of the
// splits of the z-sorted points into "linear" and "clipped" is tried, in
// two kinds: the linear part's simple regression (slope ≥ 0), and, for
// each point k, the fit with k exactly on the kink (s z_k + b = C, a
// regression through (z_k, C) of the points before it), each scored by
// the sum of squares of the clipped model over all points. A minimiser
// either has no point on the kink, and then (s, b) is the regression on
// its unclipped set, or has one there (the objective is not smooth on
// that surface, and with losses scattered about the ceiling the minimum
// often sits on it), and then it is the second kind; two points on the
// kink force s = 0, the constant model b = C, also tried. So each θ is
// solved exactly; only θ is gridded.
func FitClipped(results []Result, s FitSettings) (LossFit, error) {
	ceil, margin := s.levels()
	n := len(results)
	a, g, y := make([]float64, n), make([]float64, n), make([]float64, n)
	var sat, keep []int
	for i, r := range results {
		y[i] = r.TestLoss
		if r.Diverged {
			y[i] = ceil
		}
		for _, v := range [...]float64{r.LambdaA, r.LambdaG, y[i]} {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return LossFit{}, fmt.Errorf("trainsweep: FitClipped point %d (α %v, σ_w %v) is not finite (λ_a %v, λ_g %v, loss %v)",
					i, r.Alpha, r.SigmaW, r.LambdaA, r.LambdaG, y[i])
			}
		}
		a[i], g[i] = math.Abs(r.LambdaA), math.Abs(r.LambdaG)
		if r.Diverged || y[i] >= ceil-margin {
			sat = append(sat, i)
		} else {
			keep = append(keep, i)
		}
	}
	if len(keep) < MinFitPoints {
		return LossFit{Saturated: sat, Ceiling: ceil}, fmt.Errorf("%w: %d of %d points are not saturated (loss < %.4g − %.4g), need at least %d",
			ErrFitDegenerate, len(keep), n, ceil, margin, MinFitPoints)
	}
	var mean, sst float64
	for _, i := range keep {
		mean += y[i] / float64(len(keep))
	}
	for _, i := range keep {
		sst += (y[i] - mean) * (y[i] - mean)
	}
	if !(sst > 1e-24*float64(len(keep))*(1+mean*mean)) {
		return LossFit{}, fmt.Errorf("%w: the non-saturated loss is constant (%v), R² is undefined", ErrFitDegenerate, mean)
	}
	f := LossFit{N: len(keep), Saturated: sat, Ceiling: ceil}
	f.WA, f.WG, f.B = fitClipped(a, g, y, ceil)
	var sse float64
	for _, i := range keep {
		r := y[i] - f.Predict(a[i], g[i])
		sse += r * r
	}
	f.R2, f.RMSE = 1-sse/sst, math.Sqrt(sse/float64(len(keep)))

	// Leave-one-out over the non-saturated points (each refit uses all
	// other points, saturated ones included).
	la, lg, ly := make([]float64, 0, n-1), make([]float64, 0, n-1), make([]float64, 0, n-1)
	var press float64
	for _, i := range keep {
		la, lg, ly = la[:0], lg[:0], ly[:0]
		for j := range n {
			if j != i {
				la, lg, ly = append(la, a[j]), append(lg, g[j]), append(ly, y[j])
			}
		}
		wa, wg, b := fitClipped(la, lg, ly, ceil)
		r := y[i] - LossFit{WA: wa, WG: wg, B: b, Ceiling: ceil}.Predict(a[i], g[i])
		press += r * r
		f.LOOResiduals = append(f.LOOResiduals, r)
	}
	f.LOORMSE = math.Sqrt(press / float64(len(keep)))
	return f, nil
}

// fitClipped is FitClipped's search (see there) on a_i, g_i ≥ 0.
func fitClipped(a, g, y []float64, ceil float64) (wa, wg, b float64) {
	n := len(y)
	ts := make([]float64, 0, clipAngles+n)
	for k := range clipAngles {
		ts = append(ts, math.Pi/2*float64(k)/float64(clipAngles-1))
	}
	for i := range n {
		ts = append(ts, math.Atan2(a[i], g[i]))
	}
	best := math.Inf(1)
	z := make([]float64, n)
	ord := make([]int, n)
	zs, ys := make([]float64, n), make([]float64, n)
	for _, t := range ts {
		c, sn := math.Cos(t), math.Sin(t)
		if t == math.Pi/2 {
			c = 0
		}
		for i := range n {
			z[i] = math.Max(c*a[i], sn*g[i])
			ord[i] = i
		}
		sort.SliceStable(ord, func(p, q int) bool { return z[ord[p]] < z[ord[q]] })
		for p, i := range ord {
			zs[p], ys[p] = z[i], y[i]
		}
		// score keeps (s, b1) if its sum of squares is below the best so
		// far. A partial sum of squares never falls as terms are added
		// (adding a non-negative number rounds to no less), so once it
		// reaches the best the candidate cannot win and the rest of its
		// sum is skipped: the same candidates win as with every sum
		// completed, with the same bits (TestFitClippedPruningExact).
		score := func(s, b1 float64) {
			var sse float64
			for p := range n {
				v := s*zs[p] + b1
				if v > ceil { // min(C, v), as math.Min for every v (C is finite)
					v = ceil
				}
				r := ys[p] - v
				sse += r * r
				if sse >= best {
					return
				}
			}
			if sse < best {
				best, wa, wg, b = sse, s*c, s*sn, b1
			}
		}
		// The first k points linear, the rest clipped; k = 0 is the
		// constant model at the ceiling (s = 0, b = C).
		score(0, ceil)
		for k := 2; k <= n; k++ {
			score(simpleRegression(zs[:k], ys[:k]))
		}
		// Point k exactly on the kink (s z_k + b = C), the ones before it
		// linear: y − C ≈ s (z − z_k), a regression through the origin.
		for k := 1; k < n; k++ {
			var szz, szy float64
			for p := range k {
				dz := zs[p] - zs[k]
				szz += dz * dz
				szy += dz * (ys[p] - ceil)
			}
			if szz > 0 && szy > 0 {
				s := szy / szz
				score(s, ceil-s*zs[k])
			}
		}
	}
	return wa, wg, b
}
