package tokenshow

import (
	"fmt"

	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/lib/tokencheck"
	"github.com/sigprop/sigprop/lib/tokengeom"
)

// PlaneAxes names one of the parameter planes of Figs. 4 and 5 of Cowsik
// et al. 2024: the plane, the suffix of its sweeps' names and figure ids
// (ID), and its axis labels.
type PlaneAxes struct {
	Plane          tokengeom.Plane
	ID             string
	XLabel, YLabel string
}

// simSizes is "n = N, d = D" (", L = L" when the sweep has a depth).
func simSizes(s tokencheck.SimPlane) string {
	if s.L == 0 {
		return fmt.Sprintf("n = %d, d = %d", s.N, s.D)
	}
	return fmt.Sprintf("n = %d, d = %d, L = %d", s.N, s.D, s.L)
}

// simParams are the sizes of s as Params (L only when the sweep has one).
func simParams(s tokencheck.SimPlane) map[string]float64 {
	p := map[string]float64{"n": float64(s.N), "d": float64(s.D)}
	if s.L != 0 {
		p["L"] = float64(s.L)
	}
	return p
}

// LambdaAPlane fills theory and numeric (the notebook's Fig. 4 figures,
// ID and Paper) on the plane a: theory the closed-form λ_a (top
// eigenvalue of dF at the collapsed point, minus 1) on the paper's grid
// with its zero contour, numeric the simulated λ_a of eq. (24) of sim
// with the zero crossings of the simulation and of the one-step theory
// of the same estimator (tokengeom.Plane.LambdaAOneStep), and the max |z|
// of the simulation against that theory (tolerance 4.5 on the t scale of
// the point's SE from its networks: its false-alarm rate per point and over
// the plane, from Student's t with networks − 1 degrees of freedom, is
// stated in the basis). Captions and Params
// state the theory model's n and d and the sweep's recorded n, d and
// networks; numeric claims its paper figure only at n = 256, d = 64.
func LambdaAPlane(theory, numeric show.Figure, a PlaneAxes, sim tokencheck.SimPlane) show.View {
	th, one := a.Plane.PaperGrid(16).LambdaA, a.Plane.LambdaAOneStep(sim.X, sim.Y)
	m := a.Plane.Model(th.X[0], th.Y[0])
	tx, ty := th.ZeroCrossings()
	ox, oy := one.ZeroCrossings()
	sx, sy := sim.ZeroCrossings()
	theory.Caption = "Theory λ_a (top eigenvalue of dF at the collapsed point, minus 1) and its zero contour."
	theory.Heat = &show.Heat{Name: "λ_a", X: th.X, Y: th.Y, Z: th.Z, ZLabel: "λ_a"}
	theory.Series = []show.Series{show.Scatter("λ_a = 0", tx, ty, nil)}
	theory.Params = map[string]float64{"n": float64(m.N), "d": m.D}
	numeric.Caption = fmt.Sprintf("Simulated λ_a (eq. 24, one block from (d, 0.99d), mean of %d networks, %s): zero crossings of the simulation (circles) and of the one-step theory of the same estimator.", sim.Networks, simSizes(sim))
	numeric.Heat = &show.Heat{Name: "simulated λ_a", X: sim.X, Y: sim.Y, Z: sim.Mean, ZLabel: "λ_a (eq. 24)"}
	numeric.Series = []show.Series{show.Scatter("simulation = 0", sx, sy, nil), show.Scatter("one-step theory = 0", ox, oy, nil)}
	numeric.Params = simParams(sim)
	for _, f := range []*show.Figure{&theory, &numeric} {
		f.XLabel, f.YLabel = a.XLabel, a.YLabel
	}
	return show.View{show.Fig(theory), show.Fig(show.AtPaper(numeric, sim.AtPaper())),
		show.Agree(show.MaxZ(show.Agreement{Name: "Fig. 4 " + a.ID + ": max |z| of simulated eq. (24) vs its one-step theory", Tol: 4.5, Figure: numeric.ID,
			Basis: fmt.Sprintf("%s; SE from %d networks, %s", tFalseAlarm(4.5, sim.Networks-1, len(sim.Mean)), sim.Networks, simSizes(sim)),
			Paper: papers.Cowsik2024Fig4Agreement.Text, Central: a.Plane == tokengeom.AlphaSigma}, sim.Mean, sim.SE, one.Z))}
}

// LambdaGPlane fills theory and numeric (the notebook's Fig. 5 figures)
// on the plane a: theory the corrected λ_g^(L) at the sweep's depth L on
// the paper's grid with its zero contour, numeric the simulated λ_g^(L)
// of sim with its zero crossings and the theory's, followed by
// GradientPlaneChecks. Captions and Params state the theory model's n and
// the sweep's recorded n, d, L and networks; numeric claims its paper
// figure only at n = 256, d = 64, L = 16.
func LambdaGPlane(theory, numeric show.Figure, a PlaneAxes, sim tokencheck.SimPlane) show.View {
	th := a.Plane.PaperGrid(sim.L).LambdaG
	m := a.Plane.Model(th.X[0], th.Y[0])
	tx, ty := th.ZeroCrossings()
	sx, sy := sim.ZeroCrossings()
	name := fmt.Sprintf("λ_g^(%d)", sim.L)
	theory.Caption = fmt.Sprintf("Corrected theory %s, n = %d, and its zero contour.", name, m.N)
	theory.Heat = &show.Heat{Name: name, X: th.X, Y: th.Y, Z: th.Z, ZLabel: name}
	theory.Series = []show.Series{show.Scatter("λ_g = 0", tx, ty, nil)}
	theory.Params = map[string]float64{"n": float64(m.N), "d": m.D, "L": float64(sim.L)}
	numeric.Caption = fmt.Sprintf("Simulated λ_g (%d networks per point, %s): its zero crossings (circles) and the corrected theory's.", sim.Networks, simSizes(sim))
	numeric.Heat = &show.Heat{Name: "simulated λ_g", X: sim.X, Y: sim.Y, Z: sim.Mean, ZLabel: "λ_g"}
	numeric.Series = []show.Series{show.Scatter("simulation = 0", sx, sy, nil), show.Scatter("theory = 0", tx, ty, nil)}
	numeric.Params = simParams(sim)
	for _, f := range []*show.Figure{&theory, &numeric} {
		f.XLabel, f.YLabel = a.XLabel, a.YLabel
	}
	paper := sim.AtPaper()
	return append(show.View{show.Fig(show.AtPaper(theory, paper)), show.Fig(show.AtPaper(numeric, paper))},
		GradientPlaneChecks(numeric.ID, tokencheck.GradientPlane(a.Plane, sim, sim.L), sim.Networks)...)
}

// CausalPlane fills f (the notebook's Fig. 6 figure of the exponent
// label, λ_a or λ_g) with the simulated exponent of causal attention over
// (α, σ_w) and the zero crossings of the causal and the acausal
// simulation, followed by two checks: the paper's claim that causality
// raises the exponent (the mean causal − acausal shift over the plane at
// least 2 SE) and that both coincide near α = 0 (the shift at α ≤ 0.1
// within 3 SE). The caption and Params state the causal sweep's recorded
// n, d and L (λ_a's sweep has no depth: its estimator is one block); f
// claims its paper figure only at the paper's sizes (tokencheck.SimPlane.AtPaper).
// It panics unless both sweeps ran on the same grid at the same sizes.
func CausalPlane(f show.Figure, label string, causal, acausal tokencheck.SimPlane) show.View {
	if len(causal.Mean) != len(acausal.Mean) || len(causal.X) != len(acausal.X) || causal.N != acausal.N || causal.D != acausal.D || causal.L != acausal.L {
		panic(fmt.Sprintf("tokenshow: CausalPlane: the causal (%s, %d points) and acausal (%s, %d points) sweeps differ", simSizes(causal), len(causal.Mean), simSizes(acausal), len(acausal.Mean)))
	}
	cx, cy := causal.ZeroCrossings()
	ax, ay := acausal.ZeroCrossings()
	f.Caption = fmt.Sprintf("Simulated %s with causal attention over (α, σ_w), %s; zero crossings of the causal and of the acausal simulation.", label, simSizes(causal))
	f.XLabel, f.YLabel, f.Params = "α = α_A = α_M", "σ_w", simParams(causal)
	f.Heat = &show.Heat{Name: "causal " + label, X: causal.X, Y: causal.Y, Z: causal.Mean, ZLabel: label + " (causal)"}
	f.Series = []show.Series{show.Scatter("causal = 0", cx, cy, nil), show.Scatter("acausal = 0", ax, ay, nil)}
	shift, sse := empirical.MeanShift(causal.Mean, causal.SE, acausal.Mean, acausal.SE, nil)
	near, nse := empirical.MeanShift(causal.Mean, causal.SE, acausal.Mean, acausal.SE, func(k int) bool { return causal.X[k%len(causal.X)] <= 0.1 })
	return show.View{show.Fig(show.AtPaper(f, causal.AtPaper())),
		show.Agree(show.Agreement{Name: "Fig. 6: mean causal − acausal " + label + " over the plane, in SE", Kind: show.Claim,
			Value: shift / sse, Tol: 2, Rule: show.AtLeast, Figure: f.ID, Note: fmt.Sprintf("mean shift %+.4f ± %.4f", shift, sse),
			Basis: fmt.Sprintf("the paper's claim that causality raises %s: a mean increase of at least 2 SE over %d points", label, len(causal.Mean)), Paper: papers.Cowsik2024CausalRaises.Text, Central: true}),
		show.Agree(show.Agreement{Name: "Fig. 6: mean causal − acausal " + label + " at α ≤ 0.1, in SE", Kind: show.SimulationVsSimulation,
			Value: near / nse, Tol: 3, Figure: f.ID, Note: fmt.Sprintf("mean shift %+.4f ± %.4f", near, nse),
			Basis: "the paper's claim that both coincide near α = 0: 3 SE of the mean shift, SE from the networks of both sweeps"}),
	}
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
