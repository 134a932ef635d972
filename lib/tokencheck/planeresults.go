package tokencheck

import (
	"fmt"
	"math"
	"slices"

	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/lib/result"
	"github.com/sigprop/sigprop/lib/tokengeom"
)

// This file gives the phase planes of notebook 02 (Figs. 4–6) as the
// result kinds of lib/result, drawn by kernel-ext/render: a theory plane
// on the paper's grid and a simulated plane read from a committed sweep
// (ReadSimPlane), at the paper's settings when the sweep's recorded sizes
// are the paper's (SimPlane.AtPaper).

// PlaneAxes names one of the parameter planes of Figs. 4 and 5 of Cowsik
// et al. 2024: the plane, the suffix of its sweeps' names and figure ids
// (ID), and its axis labels.
type PlaneAxes struct {
	Plane          tokengeom.Plane
	ID             string
	XLabel, YLabel string
}

// simSizes is "n = N, d = D" (", L = L" when the sweep has a depth).
func simSizes(s SimPlane) string {
	if s.L == 0 {
		return fmt.Sprintf("n = %d, d = %d", s.N, s.D)
	}
	return fmt.Sprintf("n = %d, d = %d, L = %d", s.N, s.D, s.L)
}

// simParams are the sizes of s as Params (L only when the sweep has one).
func simParams(s SimPlane) map[string]float64 {
	p := map[string]float64{"n": float64(s.N), "d": float64(s.D)}
	if s.L != 0 {
		p["L"] = float64(s.L)
	}
	return p
}

// contour is the zero contour (x, y) as a line of computed points.
func contour(name string, x, y []float64) result.Line {
	return result.Line{Name: name, Role: result.Contour, X: x, Y: y}
}

// LambdaAPlanes are Fig. 4 on the plane a: theory, the closed-form λ_a
// (top eigenvalue of dF at the collapsed point, minus 1) on the paper's
// grid with its zero contour; numeric, the simulated λ_a of eq. (24) of
// sim with the zero crossings of the simulation and of the one-step theory
// of the same estimator (tokengeom.Plane.LambdaAOneStep), checked by the
// max |z| of the simulation against that theory (tolerance 4.5 on the t
// scale of the point's SE from its networks: its false-alarm rate per
// point and over the plane, from Student's t with networks − 1 degrees of
// freedom, is stated in the basis; papers.Cowsik2024Fig4Agreement,
// central on the (α, σ_w) plane). The theory is at the paper's settings
// when its model is at the paper's size (AtSize), numeric when the sweep
// is (SimPlane.AtPaper).
func LambdaAPlanes(a PlaneAxes, sim SimPlane) (theory, numeric result.Plane) {
	th, one := a.Plane.PaperGrid(16).LambdaA, a.Plane.LambdaAOneStep(sim.X, sim.Y)
	m := a.Plane.Model(th.X[0], th.Y[0])
	tx, ty := th.ZeroCrossings()
	ox, oy := one.ZeroCrossings()
	sx, sy := sim.ZeroCrossings()
	x, y := result.Axis{Label: a.XLabel}, result.Axis{Label: a.YLabel}
	theory = result.Plane{Caption: "Theory λ_a (top eigenvalue of dF at the collapsed point, minus 1) and its zero contour.",
		X: x, Y: y, Xs: th.X, Ys: th.Y, Z: th.Z, ZName: "λ_a", ZLabel: "λ_a", Lines: []result.Line{contour("λ_a = 0", tx, ty)},
		Record: result.Record{Params: map[string]float64{"n": float64(m.N), "d": m.D}, AtPaper: AtSize(m)}}
	numeric = result.Plane{Caption: fmt.Sprintf("Simulated λ_a (eq. 24, one block from (d, 0.99d), mean of %d networks, %s): zero crossings of the simulation (circles) and of the one-step theory of the same estimator.", sim.Networks, simSizes(sim)),
		X: x, Y: y, Xs: sim.X, Ys: sim.Y, Z: sim.Mean, ZName: "simulated λ_a", ZLabel: "λ_a (eq. 24)",
		Lines: []result.Line{contour("simulation = 0", sx, sy), contour("one-step theory = 0", ox, oy)},
		Checks: []result.Check{{Name: "Fig. 4 " + a.ID + ": max |z| of simulated eq. (24) vs its one-step theory", Test: result.MaxZ, Tol: 4.5,
			Basis:     fmt.Sprintf("%s; SE from %d networks, %s", tFalseAlarm(4.5, sim.Networks-1, len(sim.Mean)), sim.Networks, simSizes(sim)),
			Statement: papers.Cowsik2024Fig4Agreement, Central: a.Plane == tokengeom.AlphaSigma, Points: &result.Points{Y: sim.Mean, SE: sim.SE, Theory: one.Z}}},
		Record: result.Record{Params: simParams(sim), AtPaper: sim.AtPaper()}}
	return theory, numeric
}

// LambdaGPlanes are Fig. 5 on the plane a: theory, the corrected λ_g^(L)
// at the sweep's depth L on the paper's grid with its zero contour;
// numeric, the simulated λ_g^(L) of sim with its zero crossings and the
// theory's. Both are at the paper's settings when the sweep is
// (SimPlane.AtPaper); the numeric plane's checks, with their declared
// known disagreement, are GradientPlane's.
func LambdaGPlanes(a PlaneAxes, sim SimPlane) (theory, numeric result.Plane) {
	th := a.Plane.PaperGrid(sim.L).LambdaG
	m := a.Plane.Model(th.X[0], th.Y[0])
	tx, ty := th.ZeroCrossings()
	sx, sy := sim.ZeroCrossings()
	name := fmt.Sprintf("λ_g^(%d)", sim.L)
	x, y := result.Axis{Label: a.XLabel}, result.Axis{Label: a.YLabel}
	theory = result.Plane{Caption: fmt.Sprintf("Corrected theory %s, n = %d, and its zero contour.", name, m.N),
		X: x, Y: y, Xs: th.X, Ys: th.Y, Z: th.Z, ZName: name, ZLabel: name, Lines: []result.Line{contour("λ_g = 0", tx, ty)},
		Record: result.Record{Params: map[string]float64{"n": float64(m.N), "d": m.D, "L": float64(sim.L)}, AtPaper: sim.AtPaper()}}
	numeric = result.Plane{Caption: fmt.Sprintf("Simulated λ_g (%d networks per point, %s): its zero crossings (circles) and the corrected theory's.", sim.Networks, simSizes(sim)),
		X: x, Y: y, Xs: sim.X, Ys: sim.Y, Z: sim.Mean, ZName: "simulated λ_g", ZLabel: "λ_g",
		Lines:  []result.Line{contour("simulation = 0", sx, sy), contour("theory = 0", tx, ty)},
		Record: result.Record{Params: simParams(sim), AtPaper: sim.AtPaper()}}
	return theory, numeric
}

// CausalPlane is Fig. 6 for the exponent label (λ_a or λ_g): the
// simulated exponent of causal attention over (α, σ_w) and the zero
// crossings of the causal and the acausal simulation, with two checks:
// the paper's claim that causality raises the exponent
// (papers.Cowsik2024CausalRaises: the mean causal − acausal shift over
// the plane at least 2 SE, empirical.MeanShift) and that both coincide
// near α = 0 (the shift at α ≤ 0.1 within 3 SE). The caption and Params
// state the causal sweep's recorded n, d and L (λ_a's sweep has no depth:
// its estimator is one block); at the paper's settings when the causal
// sweep is (SimPlane.AtPaper). It panics unless both sweeps ran on the
// same grid at the same sizes.
func CausalPlane(label string, causal, acausal SimPlane) result.Plane {
	if len(causal.Mean) != len(acausal.Mean) || len(causal.X) != len(acausal.X) || causal.N != acausal.N || causal.D != acausal.D || causal.L != acausal.L {
		panic(fmt.Sprintf("tokencheck: CausalPlane: the causal (%s, %d points) and acausal (%s, %d points) sweeps differ", simSizes(causal), len(causal.Mean), simSizes(acausal), len(acausal.Mean)))
	}
	cx, cy := causal.ZeroCrossings()
	ax, ay := acausal.ZeroCrossings()
	shift, sse := empirical.MeanShift(causal.Mean, causal.SE, acausal.Mean, acausal.SE, nil)
	near, nse := empirical.MeanShift(causal.Mean, causal.SE, acausal.Mean, acausal.SE, func(k int) bool { return causal.X[k%len(causal.X)] <= 0.1 })
	return result.Plane{Caption: fmt.Sprintf("Simulated %s with causal attention over (α, σ_w), %s; zero crossings of the causal and of the acausal simulation.", label, simSizes(causal)),
		X: result.Axis{Label: "α = α_A = α_M"}, Y: result.Axis{Label: "σ_w"}, Xs: causal.X, Ys: causal.Y, Z: causal.Mean, ZName: "causal " + label, ZLabel: label + " (causal)",
		Lines: []result.Line{contour("causal = 0", cx, cy), contour("acausal = 0", ax, ay)},
		Checks: []result.Check{
			{Name: "Fig. 6: mean causal − acausal " + label + " over the plane, in SE", Kind: result.Claim,
				Value: shift / sse, Tol: 2, Rule: result.AtLeast, Note: fmt.Sprintf("mean shift %+.4f ± %.4f", shift, sse),
				Basis: fmt.Sprintf("the paper's claim that causality raises %s: a mean increase of at least 2 SE over %d points", label, len(causal.Mean)), Statement: papers.Cowsik2024CausalRaises, Central: true},
			{Name: "Fig. 6: mean causal − acausal " + label + " at α ≤ 0.1, in SE", Kind: result.SimulationVsSimulation,
				Value: near / nse, Tol: 3, Note: fmt.Sprintf("mean shift %+.4f ± %.4f", near, nse),
				Basis: "the paper's claim that both coincide near α = 0: 3 SE of the mean shift, SE from the networks of both sweeps"}},
		Record: result.Record{Params: simParams(causal), AtPaper: causal.AtPaper()}}
}

// ContourOrder is Fig. 6's two edges: the zero contours of the simulated
// causal λ_g (lg) and λ_a (la) over (α, σ_w), and the paper's two
// statements about them (papers.Cowsik2024Fig6Order), at the α both
// sweeps share where each has one zero crossing (a column with several,
// where the exponent is not monotone in σ_w, is left out):
//
//   - the λ_g = 0 contour lies below the λ_a = 0 contour: nowhere is it
//     above by more than the resolution, and at the largest such α it is
//     below by more than the resolution (central);
//   - they meet at small α: at the smallest such α the gap is within the
//     resolution.
//
// The gap is σ_w(λ_a = 0) − σ_w(λ_g = 0); the resolution is the larger of
// the two sweeps' σ_w spacings, since a crossing located by linear
// interpolation between grid rows (SimPlane.ZeroCrossings) is known only
// to within its bracket (the grid means' own SEs are not propagated). At
// the paper's settings when both sweeps are (SimPlane.AtPaper). It
// panics unless the sweeps share at least two such α.
func ContourOrder(lg, la SimPlane) result.Curves {
	gx, gy := single(lg.ZeroCrossings())
	ax, ay := single(la.ZeroCrossings())
	var alphas, gaps []float64
	for i, a := range gx {
		if j := slices.IndexFunc(ax, func(x float64) bool { return math.Abs(x-a) < 1e-9 }); j >= 0 {
			alphas, gaps = append(alphas, a), append(gaps, ay[j]-gy[i])
		}
	}
	if len(alphas) < 2 {
		panic(fmt.Sprintf("tokencheck: ContourOrder: the sweeps share %d α with one zero crossing each, want at least 2", len(alphas)))
	}
	res := math.Max(spacing(lg.Y), spacing(la.Y))
	basis := fmt.Sprintf("resolution %.3g in σ_w: the coarser sweep's grid spacing, within which a linearly interpolated zero crossing is located; %d α shared, each with one crossing in both sweeps", res, len(alphas))
	at := func(i int) string {
		return fmt.Sprintf("gap %+.3f at α = %.3g; gaps %s", gaps[i], alphas[i], fmtGaps(alphas, gaps))
	}
	lo := slices.Index(gaps, slices.Min(gaps))
	claim := func(name string, i int, tol float64, rule result.Rule, central bool) result.Check {
		return result.Check{Name: name, Kind: result.Claim, Rule: rule, Value: gaps[i], Tol: tol, Basis: basis, Note: at(i), Statement: papers.Cowsik2024Fig6Order, Central: central}
	}
	return result.Curves{Caption: fmt.Sprintf("Zero contours of the simulated causal λ_g (%s) and λ_a (%s) over (α, σ_w), and their gap σ_w(λ_a = 0) − σ_w(λ_g = 0) at the α both share.", simSizes(lg), simSizes(la)),
		X: result.Axis{Label: "α = α_A = α_M"}, Y: result.Axis{Label: "σ_w"},
		Lines: []result.Line{{Name: "λ_g = 0 (causal)", Role: result.SimulatedLine, X: gx, Y: gy}, {Name: "λ_a = 0 (causal)", Role: result.SimulatedLine, X: ax, Y: ay},
			{Name: "gap λ_a − λ_g edges", Role: result.Simulated, X: alphas, Y: gaps}},
		Checks: []result.Check{claim("Fig. 6: λ_g = 0 nowhere above λ_a = 0 (smallest gap)", lo, -res, result.AtLeast, false),
			claim("Fig. 6: λ_g = 0 below λ_a = 0 at the largest α", len(gaps)-1, res, result.AtLeast, true),
			claim("Fig. 6: the two edges meet at the smallest α", 0, res, result.Within, false)},
		Record: result.Record{Params: simParams(lg), AtPaper: lg.AtPaper() && la.AtPaper()}}
}

// single keeps the crossings of the columns that have exactly one, in
// order of α.
func single(xs, ys []float64) (sx, sy []float64) {
	for i, x := range xs {
		n := 0
		for _, y := range xs {
			if y == x {
				n++
			}
		}
		if n == 1 {
			sx, sy = append(sx, x), append(sy, ys[i])
		}
	}
	return sx, sy
}

// spacing is the largest step between neighbouring values of y.
func spacing(y []float64) float64 {
	s := 0.0
	for i := 1; i < len(y); i++ {
		s = math.Max(s, y[i]-y[i-1])
	}
	return s
}

// fmtGaps is "α: gap" for each shared α.
func fmtGaps(alphas, gaps []float64) string {
	s := ""
	for i := range alphas {
		if i > 0 {
			s += ", "
		}
		s += fmt.Sprintf("%.3g: %+.2f", alphas[i], gaps[i])
	}
	return s
}

// tFalseAlarm states the false-alarm rate of a max-|t| check at tol over
// points whose SEs come from dof+1 networks each: P(|t_dof| > tol) per
// point and the expected number of false exceedances over the points.
func tFalseAlarm(tol float64, dof, points int) string {
	if dof < 1 {
		return fmt.Sprintf("max |t| ≤ %g over %d points (too few networks for a t law)", tol, points)
	}
	p := empirical.TTail2(tol, dof)
	return fmt.Sprintf("P(|t_%d| > %g) = %.2g per point, %.2g false exceedances expected over %d points", dof, tol, p, p*float64(points), points)
}
