package rankexp

import (
	"fmt"
	"slices"
	"strings"

	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/lib/rankcollapse"
	"github.com/sigprop/sigprop/lib/result"
)

// This file gives the experiments' results as the result kinds of
// lib/result, with their claims (papers statements), tolerances and
// bases, for kernel-ext/render to draw. Whether a result claims its paper
// figure is decided here, by its settings against the figure's own
// (Sizes.At, Eq15Settings.Matches, UniformitySettings.At).

// At reports whether s has the sizes of p (n, d, L and draws; seeds
// aside): a result of s claims p's paper figure.
func (s Sizes) At(p Sizes) bool {
	return s.N == p.N && s.D == p.D && s.L == p.L && s.Draws == p.Draws
}

// At reports whether u ran at the settings of p (n, d_v, draws and the
// key widths; seeds aside).
func (p UniformitySettings) At(u Uniformity) bool {
	return u.N == p.N && u.DV == p.DV && u.Draws == p.Draws && slices.Equal(u.DK, p.DK)
}

// Propagations is Fig. 8's pair of depth runs (Sizes.Propagation), without
// and with the 1/√L scaling, at one setting.
type Propagations []Depth

// sizes is the common setting of p; it panics on runs at different
// settings (a caller bug).
func (p Propagations) sizes() Sizes {
	if len(p) == 0 {
		panic("rankexp: Propagations: no runs")
	}
	r0 := p[0]
	s := Sizes{N: r0.N, D: r0.D, L: len(r0.Rho) - 1, Draws: r0.Sim.Draws}
	for _, r := range p {
		if r.N != s.N || r.D != s.D || len(r.Rho)-1 != s.L || r.Sim.Draws != s.Draws {
			panic(fmt.Sprintf("rankexp: Propagations: runs at n=%d d=%d L=%d draws=%d and n=%d d=%d L=%d draws=%d", s.N, s.D, s.L, s.Draws, r.N, r.D, len(r.Rho)-1, r.Sim.Draws))
		}
	}
	return s
}

func (p Propagations) record() result.Record {
	s := p.sizes()
	return result.Record{Params: map[string]float64{"n": float64(s.N), "d": float64(s.D), "L": float64(s.L), "draws": float64(s.Draws)},
		Seed: p[0].Seed, HasSeed: true, AtPaper: s.At(Fig8())}
}

func (r Depth) scaling() string {
	if r.Scaled {
		return "α = 1/√L"
	}
	return "α = 1"
}

// Rho is Fig. 8's right panel: the correlation against layer, Lemma 3.2's
// line (RhoProfile) beside the simulated ratio of means ± SE and mean
// cosine, with a z check of each run against the lemma (Noci2022Lemmas).
func (p Propagations) Rho() result.Curves {
	c := result.Curves{Caption: "Token correlation vs layer, no LN, uniform attention, linear FF; theory RhoDepth",
		X: result.Axis{Label: "layer ℓ"}, Y: result.Axis{Label: "correlation"}, Record: p.record()}
	for _, r := range p {
		name, x := r.scaling(), result.Index(len(r.Rho))
		th, sim := "ρ^ℓ theory, "+name, "ρ̂ (ratio of means), "+name
		c.Lines = append(c.Lines, result.Line{Name: th, Role: result.Theory, X: x, Y: r.Rho},
			result.Line{Name: sim, Role: result.Simulated, X: x, Y: r.Sim.Rho, SE: r.Sim.RhoSE},
			result.Line{Name: "mean cosine, " + name, Role: result.Simulated, X: x, Y: r.Sim.MeanCos})
		c.Checks = append(c.Checks, result.Check{Name: "fig8-rho-maxz-" + name, Kind: result.Claim, Test: result.MaxZ, Sim: sim, Theory: th, Tol: 5,
			Statement: papers.Noci2022Lemmas, Basis: fmt.Sprintf("SE (delta method) from %d draws", r.Sim.Draws)})
	}
	return c
}

// Norm is Fig. 8's left panel: ‖X^ℓ‖² against layer, Lemma 3.3's line
// (NormProfile) beside the simulated mean ± SE, with a z check of each
// run against the lemma (Noci2022Lemmas).
func (p Propagations) Norm() result.Curves {
	c := result.Curves{Caption: "Squared norm ‖X^ℓ‖_F² vs layer, no LN, uniform attention, linear FF; theory Lemma 3.3 (eq. 12)",
		X: result.Axis{Label: "layer ℓ"}, Y: result.Axis{Label: "‖X^ℓ‖²", Log: true}, Record: p.record()}
	for _, r := range p {
		name, x := r.scaling(), result.Index(len(r.SqNorm))
		th, sim := "Lemma 3.3, "+name, "MC mean, "+name
		c.Lines = append(c.Lines, result.Line{Name: th, Role: result.Theory, X: x, Y: r.SqNorm},
			result.Line{Name: sim, Role: result.Simulated, X: x, Y: r.Sim.SqNorm, SE: r.Sim.SqNormSE})
		c.Checks = append(c.Checks, result.Check{Name: "fig8-norm-maxz-" + name, Kind: result.Claim, Test: result.MaxZ, Sim: sim, Theory: th, Tol: 5,
			Statement: papers.Noci2022Lemmas, Basis: fmt.Sprintf("SE from %d draws; heavy tails at depth make the SE itself noisy (lib/sources/noci2022.md#erratum-12)", r.Sim.Draws)})
	}
	return c
}

// Curves is Fig. 10's uniform-attention panel: the mean cosine against
// layer with a linear and a ReLU feed-forward layer beside Lemma 3.2's
// linear line, with the claim that ReLU aligns the tokens faster
// (Noci2022ReLU: the smallest excess of the ReLU over the linear mean
// cosine over layers 1–L, in SE of the difference, at least 4), read at
// the chosen setting of Fig10 only.
func (f FeedForward) Curves() result.Curves {
	lin, relu := f.Linear, f.ReLU
	L, draws := len(f.Theory)-1, lin.Draws
	if relu.Draws != draws {
		panic(fmt.Sprintf("rankexp: FeedForward: %d linear and %d ReLU draws", draws, relu.Draws))
	}
	x := result.Index(len(f.Theory))
	zmin := empirical.MinDiffZ(relu.MeanCos[1:], relu.MeanCosSE[1:], lin.MeanCos[1:], lin.MeanCosSE[1:]) // layers 1–L
	return result.Curves{Caption: "Mean cosine vs layer, linear vs ReLU FF (no LN, uniform attention, α = 1)",
		X: result.Axis{Label: "layer ℓ"}, Y: result.Axis{Label: "mean cosine"},
		Lines: []result.Line{{Name: "linear", Role: result.SimulatedLine, X: x, Y: lin.MeanCos, SE: lin.MeanCosSE},
			{Name: "ReLU", Role: result.SimulatedLine, X: x, Y: relu.MeanCos, SE: relu.MeanCosSE},
			{Name: "ρ^ℓ theory (linear)", Role: result.Theory, X: x, Y: f.Theory}},
		Checks: []result.Check{{Name: "fig10-relu-above-linear", Kind: result.Claim, Value: zmin, Tol: 4, Rule: result.AtLeast, Statement: papers.Noci2022ReLU,
			Basis: fmt.Sprintf("4 SE of the difference, SE from %d draws each", draws), PaperOnly: true,
			Note: fmt.Sprintf("smallest excess of the ReLU over the linear mean cosine over layers 1–%d, in SE (paper: ReLU rises faster)", L)}},
		Remarks: []string{fmt.Sprintf("after one block: linear %.3f, ReLU %.3f (Sec. 3.2's ReLU remark: ≈ 0.02 vs ≈ 0.17)\n", lin.MeanCos[1], relu.MeanCos[1])},
		Record: result.Record{Seed: f.Seed, HasSeed: true, AtPaper: (Sizes{N: f.N, D: f.D, L: L, Draws: draws}).At(Fig10()),
			NotPaper: fmt.Sprintf("a claim of the paper read at n = 50, d = 32, L = 8, 50 draws; here n = %d, d = %d, L = %d, %d draws", f.N, f.D, L, draws)}}
}

// Eq15Curves is ρ^L against depth under α₁² = α̃₁/L for each α̃₁ of an
// Eq15Settings, at one n, ρ⁰ and list of depths (Eq15Settings.Curves).
type Eq15Curves []rankcollapse.DepthScaled

// Limits is the check of eq. (15): each ρ^L curve against depth beside
// its limit, a check that ρ^L at the deepest L is within 1e-3 of the limit
// (1/L at L = 1024; at the paper's n, ρ⁰ and depths of Eq15 only) and a
// remark on the main text's typo e^{α₁} for e^{α̃₁}.
func (e Eq15Curves) Limits() result.Curves {
	if len(e) == 0 || len(e[0].Depths) == 0 {
		panic("rankexp: Eq15Curves: no curves or no depths")
	}
	n, rho0, depths := e[0].N, e[0].Rho0, e[0].Depths
	c := result.Curves{Caption: fmt.Sprintf("Last-layer correlation under α₁² = α̃₁/L vs depth L (n = %d, ρ⁰ = %g): converges to eq. (15), not to 1", n, rho0),
		X: result.Axis{Label: "depth L", Log: true}, Y: result.Axis{Label: "ρ^L"},
		Record: result.Record{AtPaper: Eq15().Matches(e[0]),
			NotPaper: fmt.Sprintf("the 1e-3 tolerance is 1/L at the paper's depth L = 1024 from ρ⁰ = 0 at n = 50; here n = %d, ρ⁰ = %g, L = %d", n, rho0, depths[len(depths)-1])}}
	for _, d := range e {
		if d.N != n || d.Rho0 != rho0 || !slices.Equal(d.Depths, depths) {
			panic(fmt.Sprintf("rankexp: Eq15Curves: curves at n=%d ρ⁰=%g depths %v and n=%d ρ⁰=%g depths %v", n, rho0, depths, d.N, d.Rho0, d.Depths))
		}
		k := len(d.Depths)
		x := make([]float64, k)
		for i, L := range d.Depths {
			x[i] = float64(L)
		}
		at, lim := d.At, d.Limit
		c.Lines = append(c.Lines, result.Line{Name: fmt.Sprintf("ρ^L, α̃₁ = %g", at), Role: result.SimulatedLine, X: x, Y: d.Rho},
			result.Line{Name: fmt.Sprintf("eq. 15, α̃₁ = %g", at), Role: result.Theory, X: []float64{x[0], x[k-1]}, Y: []float64{lim, lim}})
		a1, typo := d.TypoGrowth() // the main text's e^{α₁} with α₁ = √α̃₁, over e^{α̃₁}
		c.Checks = append(c.Checks, result.Check{Name: fmt.Sprintf("eq15-limit-%g", at), Kind: result.TheoryVsTheory, Value: d.Rho[k-1] - lim, Tol: 1e-3,
			Basis: "the finite-depth ρ^L tends to eq. (15) as O(1/L): 1/L = 1e-3 at L = 1024", Note: "ρ^L at L = 1024 minus eq. (15)", PaperOnly: true})
		c.Remarks = append(c.Remarks, fmt.Sprintf("α̃₁ = %g: eq. 15 = %.6f; the main text's e^{α₁} would use e^{%.3f} instead of e^{%g} (factor %.3f)\n", at, lim, a1, at, typo))
	}
	return c
}

// Curves is Fig. 7: the distance of attention from uniform against d_k,
// simulated ± SE beside the small-logit asymptote, with a z check against
// the asymptote at the key widths d_k ≥ 10 d_v (where it holds) and the
// claim of App. A.5 (Noci2022Uniformity): the change of log10 of the gap
// between the first and the last of them against the asymptote's, within
// 4 SE. Each check applies only with enough key widths that large (one,
// two); the figure claims Fig. 7 at Fig7's settings.
func (u Uniformity) Curves() result.Curves {
	x := make([]float64, len(u.DK))
	first := len(u.DK) // the first key width d_k ≥ 10 d_v
	for i, dk := range u.DK {
		x[i] = float64(dk)
		if dk >= 10*u.DV && first == len(u.DK) {
			first = i
		}
	}
	z := result.Check{Name: "fig7-asymptote-maxz", Test: result.MaxZ, Sim: "simulation", Theory: "small-logit asymptote", From: first, Tol: 5,
		Basis: fmt.Sprintf("SE from %d draws per d_k ≥ %d", u.Draws, 10*u.DV)}
	if first == len(u.DK) {
		z.NotApplicable = fmt.Sprintf("no key width d_k ≥ 10 d_v = %d, where the small-logit asymptote holds", 10*u.DV)
	}
	slope := result.Check{Name: "fig7-slope", NotApplicable: fmt.Sprintf("fewer than two key widths d_k ≥ 10 d_v = %d", 10*u.DV)}
	if last := len(u.DK) - 1; first < last {
		s, se, asym := u.Slope(first, last)
		between := "log-log slope between d_k = 10³ and 10⁴"
		if u.DK[first] != 1000 || u.DK[last] != 10000 {
			between = fmt.Sprintf("change of log10 of the gap from d_k = %d to %d", u.DK[first], u.DK[last])
		}
		slope = result.Check{Name: "fig7-slope", Kind: result.Claim, Value: s - asym, Tol: 4 * se, Statement: papers.Noci2022Uniformity, Central: true,
			Basis: fmt.Sprintf("4 SE; SE %.3f of the log-log slope from %d draws at each end", se, u.Draws),
			Note:  fmt.Sprintf("%s (%.3f) minus the small-logit asymptote's (%.3f; −2 only for d_k ≫ d_v under the Glorot variance 2/(d_v+d_k))", between, s, asym)}
	}
	return result.Curves{Caption: fmt.Sprintf("Distance from uniform attention vs d_k (d_v = %d, n = %d, Glorot Q/K)", u.DV, u.N),
		X: result.Axis{Label: "d_k", Log: true}, Y: result.Axis{Label: "(1/n²)‖A − 11ᵀ/n‖²", Log: true},
		Lines: []result.Line{{Name: "small-logit asymptote", Role: result.Theory, X: x, Y: u.Theory},
			{Name: "simulation", Role: result.Simulated, X: x, Y: u.MC, SE: u.SE}},
		Checks: []result.Check{z, slope},
		Record: result.Record{Seed: u.Seed, HasSeed: true, AtPaper: Fig7().At(u)}}
}

// GradsRun is the Monte Carlo points of one GradsSettings run.
type GradsRun []Grads

// estimates are the values' and the queries' Monte Carlo points of mc at
// the abscissae x(g), with the closed forms at them.
func (mc GradsRun) estimates(x func(Grads) float64) (values, queries result.Line, vTheory, qTheory []float64) {
	values.Role, queries.Role = result.Simulated, result.Simulated
	for _, g := range mc {
		values.X, values.Y, values.SE = append(values.X, x(g)), append(values.Y, g.WV), append(values.SE, g.WVSE)
		queries.X, queries.Y, queries.SE = append(queries.X, x(g)), append(queries.Y, g.WQ), append(queries.SE, g.WQSE)
		vTheory, qTheory = append(vTheory, g.V), append(qTheory, g.Q)
	}
	return values, queries, vTheory, qTheory
}

// RhoCurves is eqs. (17) and (18) (exact and as printed) on the
// correlations rhos against the Monte Carlo points mc (all at one n, d,
// σ_x² and number of draws), with a z check of each against its exact
// form at the points (eq. 17 the statement papers.Noci2022Eq17), claiming
// eqs. (17)–(18) at the settings of GradsRho only. Errors: those of
// rankcollapse.EquicorrGrads.
func (mc GradsRun) RhoCurves(rhos []float64) (result.Curves, error) {
	if len(mc) == 0 {
		panic("rankexp: RhoCurves: no Monte Carlo points")
	}
	n, d, sx2, draws := mc[0].N, mc[0].D, mc[0].Sx2, mc[0].Draws
	for _, g := range mc {
		if g.N != n || g.D != d || g.Sx2 != sx2 || g.Draws != draws {
			panic(fmt.Sprintf("rankexp: RhoCurves: points at n=%d d=%d σ_x²=%g with %d draws and %+v with %d draws", n, d, sx2, draws, g.Point, g.Draws))
		}
	}
	tv, tq, tp, err := rankcollapse.EquicorrGrads(n, d, rhos, sx2)
	if err != nil {
		return result.Curves{}, err
	}
	values, queries, vt, qt := mc.estimates(func(g Grads) float64 { return g.Rho })
	values.Name, queries.Name = "values, MC", "queries, MC"
	return result.Curves{Caption: fmt.Sprintf("Gradient norms² vs token correlation, n = %d, d = %d, σ_x² = %g, uniform attention", n, d, sx2),
		X: result.Axis{Label: "ρ"}, Y: result.Axis{Label: "E‖∂S/∂W‖²", Log: true},
		Lines: []result.Line{{Name: "values, eq. 17", X: rhos, Y: tv}, {Name: "queries, exact", X: rhos, Y: tq}, {Name: "queries, eq. 18 as printed", X: rhos, Y: tp}, values, queries},
		Checks: []result.Check{{Name: "eq17-maxz", Test: result.MaxZ, Points: &result.Points{Y: values.Y, SE: values.SE, Theory: vt}, Tol: 5, Statement: papers.Noci2022Eq17,
			Basis: fmt.Sprintf("SE from %d draws per ρ, uniform attention", draws)},
			{Name: "eq18exact-maxz", Test: result.MaxZ, Points: &result.Points{Y: queries.Y, SE: queries.SE, Theory: qt}, Tol: 5,
				Basis: fmt.Sprintf("SE from %d draws per ρ, uniform attention; exact form of eq. 18", draws)}},
		Record: result.Record{Seed: mc[0].Seed, HasSeed: true, AtPaper: Ran(mc).Matches(GradsRho())}}, nil
}

// NCurves is eqs. (17) and (18) (exact) over the sequence lengths ns at
// each width of mc (all at one ρ, σ_x² and number of draws; widths in
// order of first appearance) with the Monte Carlo points, after one z
// check per width pooling values and queries, claiming eqs. (17)–(18) at
// the settings of GradsN only. Errors: those of rankcollapse.GradsVsN.
func (mc GradsRun) NCurves(ns []int) (result.Curves, error) {
	if len(mc) == 0 {
		panic("rankexp: NCurves: no Monte Carlo points")
	}
	rho, sx2, draws := mc[0].Rho, mc[0].Sx2, mc[0].Draws
	var ds []int
	byD := map[int]GradsRun{}
	for _, g := range mc {
		if g.Rho != rho || g.Sx2 != sx2 || g.Draws != draws {
			panic(fmt.Sprintf("rankexp: NCurves: points at ρ=%g σ_x²=%g with %d draws and %+v with %d draws", rho, sx2, draws, g.Point, g.Draws))
		}
		if _, ok := byD[g.D]; !ok {
			ds = append(ds, g.D)
		}
		byD[g.D] = append(byD[g.D], g)
	}
	dlist := make([]string, len(ds))
	for i, d := range ds {
		dlist[i] = fmt.Sprint(d)
	}
	x := make([]float64, len(ns))
	for i, n := range ns {
		x[i] = float64(n)
	}
	c := result.Curves{Caption: fmt.Sprintf("Gradient norms² vs sequence length n for d = %s (ρ = %g, σ_x² = %g, uniform attention)", strings.Join(dlist, ", "), rho, sx2),
		X: result.Axis{Label: "n", Log: true}, Y: result.Axis{Label: "E‖∂S/∂W‖²", Log: true},
		Record: result.Record{Seed: mc[0].Seed, HasSeed: true, AtPaper: Ran(mc).Matches(GradsN())}}
	for _, d := range ds {
		tv, tq, err := rankcollapse.GradsVsN(ns, d, rho, sx2)
		if err != nil {
			return result.Curves{}, err
		}
		values, queries, vt, qt := byD[d].estimates(func(g Grads) float64 { return float64(g.N) })
		values.Name, queries.Name = fmt.Sprintf("MC values, d = %d", d), fmt.Sprintf("MC queries, d = %d", d)
		c.Checks = append(c.Checks, result.Check{Name: fmt.Sprintf("eq17-18-n-d%d-maxz", d), Test: result.MaxZ, Tol: 5,
			Points: &result.Points{Y: slices.Concat(values.Y, queries.Y), SE: slices.Concat(values.SE, queries.SE), Theory: slices.Concat(vt, qt)},
			Basis:  fmt.Sprintf("SE from %d draws per point, values and queries, uniform attention", draws)})
		c.Lines = append(c.Lines, result.Line{Name: fmt.Sprintf("values, d = %d", d), X: x, Y: tv}, result.Line{Name: fmt.Sprintf("queries, d = %d", d), X: x, Y: tq}, values, queries)
	}
	return c, nil
}

// placementNames are the placements of FFPlacements in their order
// (Sizes.FeedForwardPlacements runs no LN, Post-LN, Pre-LN).
var placementNames = []string{"no LN", "POST-LN", "PRE-LN"}

// Curves is Fig. 10 in full: one result per LN placement of f, in f's
// order (no LN, Post-LN, Pre-LN), of the mean cosine against layer of
// the linear and ReLU runs at α = 1 and 1/√L; the first carries the
// paper's claim that ReLU raises the correlation faster (Noci2022ReLU:
// in every one of the six (placement, scaling) pairs the last-layer mean
// cosine of ReLU exceeds linear's by ≥ 4 SE, ReLUExcessZ), read at Fig.
// 4's setting only (PaperOnly); all claim Fig. 10 only there (Sizes.At).
// It panics on a caller bug: not the three placements in that order.
func (f FFPlacements) Curves() []result.Curves {
	if len(f.Runs) != len(placementNames) {
		panic(fmt.Sprintf("rankexp: FFPlacements.Curves: want %d placements, got %d", len(placementNames), len(f.Runs)))
	}
	draws, p := f.Runs[0].Linear[0].Draws, Fig4()
	rec := result.Record{Params: map[string]float64{"n": float64(f.N), "d": float64(f.D), "L": float64(f.L), "draws": float64(draws)}, Seed: f.Seed, HasSeed: true,
		AtPaper:  (Sizes{N: f.N, D: f.D, L: f.L, Draws: draws}).At(Fig4()),
		NotPaper: fmt.Sprintf("a claim of the paper read at n = %d, d = %d, L = %d, %d draws; here n = %d, d = %d, L = %d, %d draws", p.N, p.D, p.L, p.Draws, f.N, f.D, f.L, draws)}
	z := f.ReLUExcessZ()
	var zs []string
	for i := 0; i+1 < len(z); i += 2 {
		zs = append(zs, fmt.Sprintf("%.1f, %.1f", z[i], z[i+1]))
	}
	out := make([]result.Curves, len(f.Runs))
	for i, r := range f.Runs {
		if r.Norm.String() != placementNames[i] {
			panic(fmt.Sprintf("rankexp: FFPlacements.Curves: placement %d is %v, want %s", i, r.Norm, placementNames[i]))
		}
		c := result.Curves{Caption: fmt.Sprintf("%v: mean pairwise cosine vs layer, linear vs ReLU FF, with and without 1/√L, true softmax, n = %d, d = %d, %d draws", r.Norm, f.N, f.D, draws),
			X: result.Axis{Label: "layer ℓ"}, Y: result.Axis{Label: "mean cosine"}, Record: rec}
		for k, a := range []string{"α = 1", "α = 1/√L"} {
			x := result.Index(len(r.Linear[k].MeanCos))
			c.Lines = append(c.Lines, result.Line{Name: "linear, " + a, Role: result.SimulatedLine, X: x, Y: r.Linear[k].MeanCos, SE: r.Linear[k].MeanCosSE},
				result.Line{Name: "ReLU, " + a, Role: result.SimulatedLine, X: x, Y: r.ReLU[k].MeanCos, SE: r.ReLU[k].MeanCosSE})
		}
		out[i] = c
	}
	out[0].Checks = []result.Check{{Name: "fig10-full: ReLU above linear at the last layer, smallest z over 3 placements × 2 scalings", Kind: result.Claim, Rule: result.AtLeast,
		Value: slices.Min(z), Tol: 4, Statement: papers.Noci2022ReLU, Central: true, PaperOnly: true,
		Basis: fmt.Sprintf("difference of two independent runs of %d draws each; under no difference P(z ≥ 4) ≈ 3e-5 per pair", draws),
		Note:  "z per placement (α = 1, 1/√L): " + strings.Join(zs, "; ")}}
	return out
}
