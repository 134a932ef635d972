package trainability

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/lib/result"
	"github.com/sigprop/sigprop/lib/trainsweep"
	"gonum.org/v1/gonum/stat"
)

// The figures and tables of Fig. 7's analogue as lib/result kinds (drawn
// by kernel-ext/render). The committed sweeps are the analogue's
// settings: their figures claim Fig. 7 (a Set read from other
// directories is drawn the same way).

// g4 is a number with 4 significant digits, as the report prints metrics.
func g4(x float64) string { return strconv.FormatFloat(x, 'g', 4, 64) }

// list is v as "0.1, 0.5, 1" (3 significant digits).
func list(v []float64) string {
	var b []string
	for _, x := range v {
		b = append(b, fmt.Sprintf("%.3g", x))
	}
	return strings.Join(b, ", ")
}

// span is the smallest and largest value over all the slices.
func span(xs ...[]float64) (lo, hi float64) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, v := range xs {
		for _, x := range v {
			lo, hi = math.Min(lo, x), math.Max(hi, x)
		}
	}
	return lo, hi
}

// Verdict reads a claim's pre-stated rule: "supported" or "not supported
// at this scale and budget".
func Verdict(ok bool) string {
	if ok {
		return "supported"
	}
	return "not supported at this scale and budget"
}

// stored is the Record of the sweeps' figures (see above).
var stored = result.Record{AtPaper: true}

// Record is the Record of s's figures and of their checks shown apart
// (render.Checks): at the analogue's settings.
func (s Set) Record() result.Record { return stored }

// byAlpha splits res into one line of points per α (named "α = 0.05", in
// order of first appearance) at (x(r), y(r)) with error bars yerr (nil:
// none).
func byAlpha(res []trainsweep.Result, x, y func(trainsweep.Result) float64, yerr []float64) []result.Line {
	var out []result.Line
	idx := map[string]int{}
	for i, r := range res {
		k := fmt.Sprintf("α = %.2f", r.Alpha)
		j, ok := idx[k]
		if !ok {
			j = len(out)
			idx[k] = j
			out = append(out, result.Line{Name: k, Role: result.Simulated})
		}
		out[j].X, out[j].Y = append(out[j].X, x(r)), append(out[j].Y, y(r))
		if yerr != nil {
			out[j].SE = append(out[j].SE, yerr[i])
		}
	}
	return out
}

func testLoss(r trainsweep.Result) float64 { return r.TestLoss }

// LossVs is the seed-mean test loss against λ_g^(L) (lambdaG) or λ_a,
// one line of points per α with the seed SD as error bars (ErrBars: the
// SE field holds an SD here, as the caption says), and the line ln C of
// uniform guessing across the exponent's range: a top panel of Fig. 7.
func (s Set) LossVs(lambdaG bool) result.Curves {
	x, name := func(r trainsweep.Result) float64 { return r.LambdaA }, "λ_a"
	if lambdaG {
		x, name = func(r trainsweep.Result) float64 { return r.LambdaG }, fmt.Sprintf("λ_g^(%d)", s.Settings[0].Layers)
	}
	var xs []float64
	for _, r := range s.Mean {
		xs = append(xs, x(r))
	}
	lo, hi := span(xs)
	lines := append(byAlpha(s.Mean, x, testLoss, s.ErrBars()),
		result.Line{Name: "ln 10 (uniform guessing)", Role: result.Theory, X: []float64{lo, hi}, Y: []float64{trainsweep.UniformLoss, trainsweep.UniformLoss}})
	return result.Curves{Caption: fmt.Sprintf("Test loss after training (mean over %d seeds, bars: seed SD) vs the exponent %s at initialisation, one point per (α, σ_w); colours by α.", len(s.Runs), name),
		X: result.Axis{Label: name}, Y: result.Axis{Label: "test loss"}, Lines: lines, Record: stored}
}

// FitCurves is the measured seed-mean test loss against the prediction
// of the clipped max-fit fc (Fits.Clipped), one line of points per α
// with seed-SD bars, and the diagonal "measured = predicted"; the Record
// holds the fit's weights, R² and held-out RMSE.
func (s Set) FitCurves(fc trainsweep.LossFit) result.Curves {
	pred := func(r trainsweep.Result) float64 { return fc.Predict(r.LambdaA, r.LambdaG) }
	var p, meas []float64
	for _, r := range s.Mean {
		p, meas = append(p, pred(r)), append(meas, r.TestLoss)
	}
	lo, hi := span(p, meas)
	lines := append(byAlpha(s.Mean, pred, testLoss, s.ErrBars()), result.Line{Name: "measured = predicted", Role: result.Theory, X: []float64{lo, hi}, Y: []float64{lo, hi}})
	rec := stored
	rec.Params = map[string]float64{"w_a": fc.WA, "w_g": fc.WG, "b": fc.B, "R2": fc.R2, "loo_rmse": fc.LOORMSE}
	return result.Curves{Caption: fmt.Sprintf("Measured test loss vs the clipped max-fit min(ln 10, max(%.3g|λ_a|, %.3g|λ_g|) + %.3g); R² = %.3f on the non-saturated points.", fc.WA, fc.WG, fc.B, fc.R2),
		X: result.Axis{Label: "predicted test loss"}, Y: result.Axis{Label: "measured test loss"}, Lines: lines, Record: rec}
}

// LossPlane is the seed-mean test loss over the (α, σ_w) grid on the
// linear colour scale [0, ln C], with the λ_a = 0 and λ_g^(L) = 0 edges
// e of tokengeom (EdgeCurves at the sweep's model) and the lowest-loss
// point best as a marker.
func (s Set) LossPlane(e Edges, best trainsweep.Result) result.Plane {
	st, res := s.Settings[0], s.Mean
	m := st.Model()
	// res is in grid order: α outer, σ_w inner, so Z[j*nx+i] with x = α needs a transpose.
	nx, ny := len(st.Alphas), len(st.SigmaWs)
	Z := make([]float64, nx*ny)
	for i := range nx {
		for j := range ny {
			Z[j*nx+i] = res[i*ny+j].TestLoss
		}
	}
	return result.Plane{Caption: fmt.Sprintf("Test loss (mean over %d seeds) over (α, σ_w) with the λ_a = 0 and λ_g^(%d) = 0 edges from tokengeom (n = %d, d = %d): blue λ_a = 0, vermillion λ_g = 0; the green triangle marks the lowest loss. The two edges meet only as α → 0, at the MLP's own edge of chaos.", len(s.Runs), m.Layers, m.Tokens(), m.D),
		X: result.Axis{Label: "α = α_A = α_M"}, Y: result.Axis{Label: "σ_w"}, Xs: st.Alphas, Ys: st.SigmaWs, Z: Z, ZName: "test loss", ZLabel: "test loss",
		ZMin: 0, ZMax: trainsweep.UniformLoss,
		Lines: []result.Line{
			{Name: "λ_a = 0", Role: result.Theory, X: e.AlphaA, Y: e.SigmaA},
			{Name: fmt.Sprintf("λ_g^(%d) = 0", m.Layers), Role: result.Theory, X: e.AlphaG, Y: e.SigmaG},
			{Name: "lowest loss", Role: result.Simulated, X: []float64{best.Alpha}, Y: []float64{best.SigmaW}},
		}, Record: stored}
}

// ProvenanceTables are one table per seed's sweep: the grid, model,
// training, evaluation, seeding, time per point and every invocation that
// wrote it (their IDs name the sweep, s.Names[k]).
func (s Set) ProvenanceTables() []result.Table {
	var out []result.Table
	for k, st := range s.Settings {
		res := s.Runs[k]
		var secs []float64
		for _, r := range res {
			secs = append(secs, r.Seconds)
		}
		lo, hi := span(secs)
		rows := [][]string{
			{"grid", fmt.Sprintf("α ∈ {%s} × σ_w ∈ {%s} (%d points)", list(st.Alphas), list(st.SigmaWs), len(res))},
			{"model", fmt.Sprintf("ViT, 28×28 images in %d×%d patches (n = %d), d = %d, L = %d, ℓ = 2 tanh MLP, σ_A² = 1", st.Patch, st.Patch, res[0].N, st.D, st.Layers)},
			{"training", fmt.Sprintf("Adam lr %g, batch %d, %d steps = %.2f epochs of %d training images", st.LR, st.Batch, st.Steps, float64(st.Steps*st.Batch)/float64(res[0].TrainSize), res[0].TrainSize)},
			{"evaluation", fmt.Sprintf("%d validation images split off the training set (split seed %d); test loss on the first %d official test images", st.Val, st.SplitSeed, res[0].TestSize)},
			{"seed", fmt.Sprintf("sweep seed %d: point (α, σ_w) draws its initialisation and batch order from PCG(%d, FNV-1a(key))", st.Seed, st.Seed)},
			{"time per point", fmt.Sprintf("mean %.0f s, min %.0f s, max %.0f s; %.2f core-hours in all", stat.Mean(secs, nil), lo, hi, stat.Mean(secs, nil)*float64(len(secs))/3600)},
		}
		for i, inv := range s.Invocations[k] {
			rows = append(rows, []string{fmt.Sprintf("invocation %d", i+1),
				fmt.Sprintf("%s — commit %s (modified: %s), %s, %s, %d workers", strings.Join(inv.Command, " "), inv.Revision, inv.Modified,
					inv.Started.Format("2006-01-02 15:04 UTC"), inv.GoVersion, inv.Workers)})
		}
		out = append(out, result.Table{Caption: "Provenance of the committed sweep " + s.Names[k], Header: []string{"", ""}, Rows: rows, Record: result.Record{NoPaperFigure: true}})
	}
	return out
}

// ResultsTable is every point's exponents, its test loss per seed
// (marked when diverged), the seed mean and SD, and the mean test
// accuracy.
func (s Set) ResultsTable() result.Table {
	header := []string{"α", "σ_w", "λ_a", "λ_g^(16)"}
	for _, st := range s.Settings {
		header = append(header, fmt.Sprintf("test loss, seed %d", st.Seed))
	}
	header = append(header, "mean", "SD", "mean test accuracy")
	var tab [][]string
	for i, r := range s.Mean {
		row := []string{fmt.Sprintf("%.2f", r.Alpha), fmt.Sprintf("%.2f", r.SigmaW), g4(r.LambdaA), g4(r.LambdaG)}
		for _, run := range s.Runs {
			l := g4(run[i].TestLoss)
			if run[i].Diverged {
				l += " (diverged)"
			}
			row = append(row, l)
		}
		tab = append(tab, append(row, g4(r.TestLoss), g4(s.SD[i]), fmt.Sprintf("%.3f", r.TestAccuracy)))
	}
	return result.Table{Caption: "Every sweep point: exponents at initialisation and test loss after training, per seed", Header: header, Rows: tab, Record: result.Record{NoPaperFigure: true}}
}

// Table is the Pearson correlations c of the test loss with each exponent
// and its absolute value.
func (c Correlations) Table() result.Table {
	return result.Table{Caption: fmt.Sprintf("Pearson correlation of the test loss with each exponent, %d non-saturated points", c.N),
		Header: []string{"", "λ_a", "|λ_a|", "λ_g^(16)", "|λ_g^(16)|"},
		Rows:   [][]string{{"corr(loss, ·)", g4(c.LambdaA), g4(c.AbsLambdaA), g4(c.LambdaG), g4(c.AbsLambdaG)}}, Record: result.Record{NoPaperFigure: true}}
}

func fitRow(name string, f trainsweep.LossFit) []string {
	return []string{name, g4(f.WA), g4(f.WG), g4(f.B), fmt.Sprint(f.N), g4(f.R2), g4(f.RMSE), g4(f.LOORMSE)}
}

// FitTable is the four fits f of s and, with more than one seed, the
// clipped fit to each seed alone and the noise floor (sf).
func (s Set) FitTable(f Fits, sf SeedFits) result.Table {
	rows := [][]string{
		fitRow("min(ln 10, max(w_a|λ_a|, w_g|λ_g|) + b), all points (lib/sources/cowsik2024.md#protocol-trainability)", f.Clipped),
		fitRow("max(w_a|λ_a|, w_g|λ_g|) + b, non-saturated only", f.Max),
		fitRow("w_a|λ_a| + b (λ_a alone)", f.A),
		fitRow("w_g|λ_g| + b (λ_g alone)", f.G),
	}
	if len(s.Runs) > 1 {
		for k, c := range sf.PerSeed {
			rows = append(rows, fitRow(fmt.Sprintf("clipped fit to seed %d alone", s.Settings[k].Seed), c))
		}
		rows = append(rows, []string{fmt.Sprintf("noise floor: RMS over points of SD/√%d (seed scatter of the mean)", len(s.Runs)), "", "", "", fmt.Sprint(sf.NoiseN), "", g4(sf.NoiseFloor), ""})
	}
	return result.Table{Caption: fmt.Sprintf("Least-squares fits of the test loss, mean over %d seeds unless stated (R², RMSE and leave-one-out RMSE on the non-saturated points)", len(s.Runs)),
		Header: []string{"model", "w_a", "w_g", "b", "points", "R²", "RMSE", "LOO RMSE"}, Rows: rows, Record: result.Record{NoPaperFigure: true}}
}

// BetterSingle returns the single-exponent fit of f with the lower
// leave-one-out RMSE (λ_a's on a tie) and its name.
func (f Fits) BetterSingle() (trainsweep.LossFit, string) {
	if f.G.LOORMSE < f.A.LOORMSE {
		return f.G, "λ_g alone"
	}
	return f.A, "λ_a alone"
}

// BothNeededZ is the noise allowance of Fig. 7's claim that both
// exponents are needed: the max-fit must beat the better single-exponent
// fit's held-out error by this many standard errors of their paired
// difference (CompareLOO).
const BothNeededZ = 2

// FitChecks are Fig. 7's first claim on f, that the exponents at
// initialisation predict the loss after training (papers.Cowsik2024Fig7Fit,
// the central claim): 1 − R² of the clipped fit at most 0.5 and its
// held-out RMSE below the SD of the test loss, pre-stated thresholds.
func (f Fits) FitChecks() []result.Check {
	fc := f.Clipped
	return []result.Check{
		{Name: "Fig. 7 fit: 1 − R² (clipped fit, non-saturated points)", Kind: result.Claim, Value: 1 - fc.R2, Tol: 0.5, Rule: result.AtMost, Central: true, Statement: papers.Cowsik2024Fig7Fit,
			Basis: fmt.Sprintf("pre-stated threshold: the exponents explain at least half the variance of the seed-mean test loss (R² = %.3f on %d points)", fc.R2, fc.N)},
		{Name: "Fig. 7 fit: held-out RMSE / SD(test loss)", Kind: result.Claim, Value: fc.LOORMSE / f.SD, Tol: 1, Rule: result.AtMost, Statement: papers.Cowsik2024Fig7Fit,
			Basis: fmt.Sprintf("pre-stated threshold: leave-one-out prediction beats the mean (LOO RMSE %.3f, SD %.3f)", fc.LOORMSE, f.SD)},
	}
}

// ClaimsTable is the two claims of Fig. 7 on the fits f, their rules,
// the measured numbers and the verdicts (the second by the rule of
// BothNeededZ). It returns CompareLOO's error.
func (f Fits) ClaimsTable() (result.Table, error) {
	fc := f.Clipped
	single, sname := f.BetterSingle()
	g, err := CompareLOO(f.Max, single)
	if err != nil {
		return result.Table{}, err
	}
	return result.Table{Caption: "Claims and the rule that judges each (the metrics above); the second claim's check is a known disagreement, whose record on its metric says what was seen when it was declared.",
		Header: []string{"claim", "rule", "measured", "verdict"}, Rows: [][]string{
			{"the exponents at initialisation predict the loss after training", "R² ≥ 0.5 and LOO RMSE < SD",
				fmt.Sprintf("R² = %.3f, LOO RMSE / SD = %.3f", fc.R2, fc.LOORMSE/f.SD), Verdict(fc.R2 >= 0.5 && fc.LOORMSE < f.SD)},
			{"both exponents are needed", fmt.Sprintf("the max-fit's LOO RMSE is below that of the better single-exponent fit by at least %d SE of the paired difference", BothNeededZ),
				fmt.Sprintf("%.4f (max-fit, non-saturated) vs %.4f (%s): %+.4f ± %.4f", f.Max.LOORMSE, single.LOORMSE, sname, g.Diff, g.SE), Verdict(g.Diff <= -BothNeededZ*g.SE)},
		}, Record: result.Record{NoPaperFigure: true}}, nil
}

// BestTable is the lowest-loss point b and each edge of e at its smallest
// computed α. It panics if an edge of e is empty.
func BestTable(b trainsweep.Result, e Edges) result.Table {
	return result.Table{Caption: "Where the loss is lowest, and where the two edges meet",
		Header: []string{"", "α", "σ_w", "λ_a", "λ_g^(16)", "test loss", "test accuracy"},
		Rows: [][]string{
			{"lowest test loss", fmt.Sprintf("%.2f", b.Alpha), fmt.Sprintf("%.2f", b.SigmaW), g4(b.LambdaA), g4(b.LambdaG), g4(b.TestLoss), fmt.Sprintf("%.3f", b.TestAccuracy)},
			{"λ_a = 0 edge, smallest α computed", fmt.Sprintf("%.2f", e.AlphaA[0]), fmt.Sprintf("%.3f", e.SigmaA[0]), "0", "", "", ""},
			{"λ_g^(16) = 0 edge, smallest α computed", fmt.Sprintf("%.2f", e.AlphaG[0]), fmt.Sprintf("%.3f", e.SigmaG[0]), "", "0", "", ""},
		}, Record: result.Record{NoPaperFigure: true}}
}

// Checks are lib/sources/cowsik2024.md#protocol-trainability's claim that
// the lowest loss lies near both edges (papers.Cowsik2024Fig7Edges): the
// σ_w distance of the lowest-loss point from the farther edge at most
// one σ_w grid step.
func (n NearEdges) Checks() []result.Check {
	return []result.Check{{Name: "Fig. 7: σ_w distance of the lowest-loss point from the farther edge", Kind: result.Claim, Value: n.Dist, Tol: n.Step, Rule: result.AtMost, Statement: papers.Cowsik2024Fig7Edges,
		Basis: fmt.Sprintf("rule written after seeing seed 1, before seed 2 (lib/sources/cowsik2024.md#protocol-trainability): within one σ_w grid step (%.2f) of both the λ_a = 0 and the λ_g = 0 edge at its α", n.Step)}}
}

// Table is the claim of Checks (a check of the heat map, not of this
// table), its rule, the measured distances and the verdict.
func (n NearEdges) Table() result.Table {
	r := n.Lowest
	return result.Table{Caption: "Claim of lib/sources/cowsik2024.md#protocol-trainability: the lowest loss lies near the edges (the metric above)",
		Header: []string{"claim", "rule", "measured", "verdict"}, Rows: [][]string{
			{"the lowest loss lies near both edges", fmt.Sprintf("lowest-loss point within one σ_w grid step (%.2f) of the λ_a = 0 and the λ_g = 0 edge at its α", n.Step),
				fmt.Sprintf("lowest at α = %.2f, σ_w = %.2f; edges there at σ_w = %.3f (λ_a) and %.3f (λ_g)", r.Alpha, r.SigmaW, n.EdgeA, n.EdgeG), Verdict(n.Dist <= n.Step)},
		}, Record: result.Record{NoPaperFigure: true}}
}
