package rankexp

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/lib/result"
)

// This file gives the grid of App. B.2–B.3 (GridRun: Figs. 12–14) as
// result kinds: the query gradient against its theory over the grid
// (Curves, Fig. 12), and the measured and printed ln ratios of the query
// to the value gradient as planes whose blocks nest two axes in two
// (Planes, Figs. 13 and 14), with Fig. 13's claim read across the grid
// and Fig. 14's two read on the closed forms.

// gridAxes are r's four axes, read from its points (ρ, σ_x², n, d: the
// order of Grid, the last fastest), with the point at each index. It
// panics unless r has one point per cell (a caller bug).
type gridAxes struct {
	nr, ns, nn, nd int
	at             func(ir, is, in, id int) GridPoint
}

func (r GridRun) axes() gridAxes {
	nr, ns, nn, nd := len(r.Rho), len(r.Sx2), len(r.N), len(r.D)
	if nr == 0 || ns == 0 || nn == 0 || nd == 0 || len(r.Points) != nr*ns*nn*nd {
		panic(fmt.Sprintf("rankexp: GridRun: %d points on a %d×%d×%d×%d grid", len(r.Points), nr, ns, nn, nd))
	}
	return gridAxes{nr, ns, nn, nd, func(ir, is, in, id int) GridPoint { return r.Points[((ir*ns+is)*nn+in)*nd+id] }}
}

// axisText is the values f(0), …, f(k−1) and their list "a, b, c" (each to
// 4 significant digits: a σ_x of σ_x² = 0.5 is 0.7071).
func axisText(k int, f func(i int) float64) (vals []float64, text string) {
	parts := make([]string, k)
	for i := range k {
		vals = append(vals, f(i))
		parts[i] = strconv.FormatFloat(vals[i], 'g', 4, 64) // σ_x = √σ_x² to 4 digits
	}
	return vals, strings.Join(parts, ", ")
}

// record is r's Record: its seed, at Fig12's grid and draws or not.
func (r GridRun) record() result.Record {
	g := r.axes()
	_, rhoText := axisText(g.nr, func(i int) float64 { return g.at(i, 0, 0, 0).Rho })
	return result.Record{Seed: r.Seed, HasSeed: true, AtPaper: r.GridSettings.Matches(Fig12()),
		NotPaper: fmt.Sprintf("a claim of the paper read on our grid of the text with 20 draws; here %d draws on ρ = %s", r.Points[0].Draws, rhoText)}
}

// Notes are the true-softmax over uniform-theory ratios of the query and
// value gradients at n = 10, d = 16, σ_x = 1 (the grid's point of App.
// B.2's text), one line per ρ, when the grid has that point; no checks.
func (r GridRun) Notes() result.CheckList {
	r.axes()
	l := result.CheckList{Record: r.record()}
	for _, g := range r.Points {
		if g.N == 10 && g.D == 16 && g.Sx2 == 1 {
			l.Notes = append(l.Notes, fmt.Sprintf("n = 10, d = 16, σ_x = 1, ρ = %g: true softmax / uniform theory: queries %.2f, values %.2f\n", g.Rho, g.WQ/g.Q, g.WV/g.V))
		}
	}
	return l
}

// Curves is Fig. 12: the query gradient norm² with true softmax against
// the uniform-attention theory (eq. 18, exact form) at every grid point,
// one line of points per σ_x, beside the identity; its check is the z of
// the simulation against the theory at the first σ_x (App. B.2: the
// theory holds for small σ_x), over the grid's points there.
func (r GridRun) Curves() result.Curves {
	g := r.axes()
	draws := r.Points[0].Draws
	runs := ""
	if draws == Fig12().Draws {
		runs = " (the paper's 20 runs)"
	}
	lines := make([]result.Line, g.ns)
	var sim, se, th []float64
	for i, p := range r.Points {
		k := i / (g.nn * g.nd) % g.ns
		lines[k].Key, lines[k].Name, lines[k].Role = fmt.Sprintf("sx%d", k), fmt.Sprintf("σ_x = %g", math.Sqrt(p.Sx2)), result.Simulated
		lines[k].X, lines[k].Y = append(lines[k].X, p.Q), append(lines[k].Y, p.WQ)
		if k == 0 {
			sim, se, th = append(sim, p.WQ), append(se, p.WQSE), append(th, p.Q)
		}
	}
	lines = append(lines, result.Line{Name: "theory = simulation", Role: result.Theory, X: []float64{1e-3, 1e6}, Y: []float64{1e-3, 1e6}})
	return result.Curves{Caption: fmt.Sprintf("Query gradient norm², true softmax (%d draws) vs uniform-attention theory (eq. 18, exact form), over n, d, ρ and σ_x", draws),
		X: result.Axis{Label: "theory E‖∂S/∂W^Q‖²", Log: true}, Y: result.Axis{Label: "simulation", Log: true}, Lines: lines,
		Checks: []result.Check{{Name: "fig12-small-std-maxz", Kind: result.Claim, Test: result.MaxZ, Tol: 5, Statement: papers.Noci2022Grid, Central: true,
			Basis:  fmt.Sprintf("SE from %d draws per point%s, %d grid points at σ_x = %g", draws, runs, len(sim), math.Sqrt(r.Points[0].Sx2)),
			Points: &result.Points{Y: sim, SE: se, Theory: th}}},
		Record: r.record()}
}

// Planes are Figs. 13 (measured, true softmax) and 14 (eqs. (18)/(17) as
// printed): ln(‖∂S/∂W^Q‖² / ‖∂S/∂W^V‖²) on the grid laid out as nested
// blocks (ρ blocks left to right, σ_x blocks bottom to top; inside a block
// n left to right, d bottom to top; the plane's axes are the cells'
// indices). Fig. 13's carries the paper's claim that the measured ratio
// falls as ρ grows: the smallest fall, in SE, from the grid's smallest ρ
// to its largest over every cell (σ_x, n, d), at least 4; a grid of one
// ρ has no such check. Fig. 14's carries App. B.3's first two takeaways
// read on the theory (theoryChecks).
func (r GridRun) Planes() []result.Plane {
	g := r.axes()
	draws := r.Points[0].Draws
	rec := r.record()
	rhos, rhoText := axisText(g.nr, func(i int) float64 { return g.at(i, 0, 0, 0).Rho })
	_, sxText := axisText(g.ns, func(i int) float64 { return math.Sqrt(g.at(0, i, 0, 0).Sx2) })
	_, nText := axisText(g.nn, func(i int) float64 { return float64(g.at(0, 0, i, 0).N) })
	_, dText := axisText(g.nd, func(i int) float64 { return float64(g.at(0, 0, 0, i).D) })
	var fall []result.Check
	if lo, hi := slices.Index(rhos, slices.Min(rhos)), slices.Index(rhos, slices.Max(rhos)); lo != hi {
		zmin, where := math.Inf(1), ""
		for is := range g.ns {
			for in := range g.nn {
				for id := range g.nd {
					a, b := g.at(lo, is, in, id), g.at(hi, is, in, id)
					if z := (a.LogRatio() - b.LogRatio()) / math.Hypot(a.LogRatioSE(), b.LogRatioSE()); z < zmin {
						zmin, where = z, fmt.Sprintf("σ_x = %g, n = %d, d = %d", math.Sqrt(a.Sx2), a.N, a.D)
					}
				}
			}
		}
		fall = []result.Check{{Name: "fig13-falls-with-rho", Kind: result.Claim, Rule: result.AtLeast, Value: zmin, Tol: 4, Statement: papers.Noci2022GridRatio, Central: true, PaperOnly: true,
			Basis: fmt.Sprintf("4 SE of the difference of two independent grid points (%d draws each); each point's SE of ln(Q/V) bounded by the sum of the two norms' relative SEs (same draws)", draws),
			Note:  fmt.Sprintf("smallest fall, in SE, of the measured ln(‖∂S/∂W^Q‖²/‖∂S/∂W^V‖²) from ρ = %g to ρ = %g over the %d cells (σ_x, n, d); smallest at %s", rhos[lo], rhos[hi], g.ns*g.nn*g.nd, where)}}
	}
	var out []result.Plane
	for _, c := range []struct {
		what   string
		z      func(p GridPoint) float64
		checks []result.Check
	}{
		{fmt.Sprintf("measured, true softmax, %d draws", draws), GridPoint.LogRatio, fall},
		{"theory, eqs. (18)/(17)", func(p GridPoint) float64 { return p.LogRatioPaper }, g.theoryChecks()},
	} {
		p := result.Plane{Caption: "ln ratio of squared query to value gradient norms, " + c.what + fmt.Sprintf(". Blocks: ρ = %s left to right, σ_x = %s bottom to top; inside a block n = %s left to right, d = %s bottom to top", rhoText, sxText, nText, dText),
			X: result.Axis{Label: "ρ block × n"}, Y: result.Axis{Label: "σ_x block × d"}, ZName: c.what, ZLabel: "ln(‖∂S/∂W^Q‖² / ‖∂S/∂W^V‖²)",
			Xs: result.Index(g.nr * g.nn), Ys: result.Index(g.ns * g.nd), Z: make([]float64, g.nr*g.nn*g.ns*g.nd), Checks: c.checks, Record: rec}
		nx := g.nr * g.nn
		for is := range g.ns {
			for id := range g.nd {
				for ir := range g.nr {
					for in := range g.nn {
						p.Z[(is*g.nd+id)*nx+ir*g.nn+in] = c.z(g.at(ir, is, in, id))
					}
				}
			}
		}
		out = append(out, p)
	}
	return out
}

// theoryChecks are Fig. 14's claims, App. B.3's first two takeaways read
// on the printed theory's plane. They are properties of the closed forms
// and hold on any grid (so they are not paper-only): the ratio falls at
// every step up in ρ, in every cell (σ_x, n, d) — the smallest fall
// between neighbouring ρ is at least 1e-9 nats; and the queries' norm is
// cubic, the values' linear in σ_x², so between σ_x blocks
// Δ ln ratio = 2 Δ ln σ_x² in every cell (ρ, n, d) — the largest
// deviation is at most 1e-9 nats. Both tolerances are rounding: each
// plane value is one ln of a closed form of size 1e-4–1e6, exact to
// ~1e-14. A grid of one ρ (one σ_x) has no first (second) check. The
// paper's "quickly" is not quantified; the check reads the direction.
func (g gridAxes) theoryChecks() []result.Check {
	var out []result.Check
	if g.nr > 1 {
		order := make([]int, g.nr)
		for i := range order {
			order[i] = i
		}
		slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(g.at(a, 0, 0, 0).Rho, g.at(b, 0, 0, 0).Rho) })
		fall, where := math.Inf(1), ""
		for k := 1; k < g.nr; k++ {
			for is := range g.ns {
				for in := range g.nn {
					for id := range g.nd {
						a, b := g.at(order[k-1], is, in, id), g.at(order[k], is, in, id)
						if d := a.LogRatioPaper - b.LogRatioPaper; d < fall {
							fall, where = d, fmt.Sprintf("ρ = %g → %g, σ_x = %g, n = %d, d = %d", a.Rho, b.Rho, math.Sqrt(a.Sx2), a.N, a.D)
						}
					}
				}
			}
		}
		out = append(out, result.Check{Name: "fig14-falls-with-rho", Kind: result.Claim, Rule: result.AtLeast, Value: fall, Tol: 1e-9, Statement: papers.Noci2022GridTheoryRho, Central: true,
			Basis: "closed forms in floating point: a fall above 1e-9 nats is not rounding (each value one ln, exact to ~1e-14)",
			Note:  fmt.Sprintf("smallest fall of ln((18)/(17)) between neighbouring ρ over the %d cells (σ_x, n, d): %.3g nats, at %s", g.ns*g.nn*g.nd, fall, where)})
	}
	if g.ns > 1 {
		worst, where := 0.0, ""
		for is := 1; is < g.ns; is++ {
			for ir := range g.nr {
				for in := range g.nn {
					for id := range g.nd {
						a, b := g.at(ir, 0, in, id), g.at(ir, is, in, id)
						if dev := math.Abs(b.LogRatioPaper - a.LogRatioPaper - 2*math.Log(b.Sx2/a.Sx2)); !(dev <= worst) {
							worst, where = dev, fmt.Sprintf("σ_x = %g → %g, ρ = %g, n = %d, d = %d", math.Sqrt(a.Sx2), math.Sqrt(b.Sx2), a.Rho, a.N, a.D)
						}
					}
				}
			}
		}
		out = append(out, result.Check{Name: "fig14-cubic-over-linear-in-sx2", Kind: result.Claim, Rule: result.AtMost, Value: worst, Tol: 1e-9, Statement: papers.Noci2022GridTheorySigma,
			Basis: "closed forms in floating point: a deviation above 1e-9 nats is not rounding (each value one ln, exact to ~1e-14)",
			Note:  fmt.Sprintf("largest |Δ ln ratio − 2 Δ ln σ_x²| from the first σ_x block to the others over the %d cells (ρ, n, d) (queries ∝ σ_x⁶, values ∝ σ_x²): %.3g nats, at %s", g.nr*g.nn*g.nd, worst, where)})
	}
	return out
}

// LogRatio is the measured ln(‖∂S/∂W^Q‖²/‖∂S/∂W^V‖²) of a grid point, the
// statistic of Fig. 13.
func (g GridPoint) LogRatio() float64 { return math.Log(g.WQ / g.WV) }

// LogRatioSE bounds the SE of LogRatio: the delta method gives each log's
// SE as the relative SE of its mean, and the SD of their difference is at
// most the sum of the two whatever their correlation (both norms come
// from the same draws).
func (g GridPoint) LogRatioSE() float64 { return g.WQSE/g.WQ + g.WVSE/g.WV }
