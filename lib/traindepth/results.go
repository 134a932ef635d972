package traindepth

import (
	"errors"
	"fmt"
	"io/fs"
	"math"
	"reflect"
	"slices"
	"strings"

	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/lib/result"
)

// This file is the trainable-depth analogue of Schoenholz et al. 2017 as
// an experiment on the stored grids (`sigprop sweep generate
// schoenholz-depth`, `schoenholz-budget`): read them, measure, and give
// the measurement as lib/result kinds drawn by kernel-ext/render.

// StoredRuns are the runs and provenance of a stored grid.
type StoredRuns struct {
	Runs []Run
	Prov Provenance
}

// ReadStored reads the runs and provenance of fsys (ReadRuns).
func ReadStored(fsys fs.FS) (StoredRuns, error) {
	runs, prov, err := ReadRuns(fsys)
	return StoredRuns{runs, prov}, err
}

// Seeds are the distinct seeds of the stored runs, in the order first met.
func (d StoredRuns) Seeds() []uint64 {
	var out []uint64
	for _, r := range d.Runs {
		if !slices.Contains(out, r.Seed) {
			out = append(out, r.Seed)
		}
	}
	return out
}

// XiCSteps is the number of σ_w² at which the ξ_c curves of the depth
// figure are drawn.
const XiCSteps = 301

// provenance is the table of what the stored grid is; training is its
// training row.
func (d StoredRuns) provenance(caption, training string) result.Table {
	st, inv := d.Prov.Settings, d.Prov.Invocation
	s := st.Settings
	return result.Table{Caption: caption, Header: []string{"", ""}, Rows: [][]string{
		{"data", fmt.Sprintf("Fashion-MNIST (%s): the first %d training and %d test images, pixels in [−1, 1]; Schoenholz et al.'s are MNIST and CIFAR-10", st.Data, s.NTrain, s.NTest)},
		{"model", fmt.Sprintf("784 → %d, L hidden tanh layers of width %d, Gaussian weights of variance σ_w²/N, biases σ_b² = %g; linear read-out to 10 classes (unit-variance logits at q*)", s.Width, s.Width, s.SigmaB2)},
		{"grid", fmt.Sprintf("σ_w² ∈ %v × L ∈ %v", s.SigmaW2, s.Depths)},
		{"training", training},
		{"seeds", fmt.Sprintf("%v: initialisation PCG(seed, 1), minibatches PCG(seed, 2), the same for every cell", s.Seeds)},
		{"runs", fmt.Sprintf("%d, %s on one core", len(d.Runs), d.Prov.Elapsed)},
		{"command", inv.Summary()},
	}}
}

// DepthResult is the measurement of the stored depth grid (MeasureRuns),
// with ξ_c on XiCSteps σ_w² over the grid's span for its figure.
type DepthResult struct {
	Stored StoredRuns
	Grid   Grid
	Result Result
	// LineSigmaW2, LineXiC are ξ_c of tanh at the recorded σ_b² on
	// XiCSteps σ_w² over the grid's span (XiCLine).
	LineSigmaW2, LineXiC []float64
}

// Depth measures the stored grid (MeasureRuns, ξ_c recomputed from the
// recorded σ_b², not read from the runs). Errors: MeasureRuns's, XiCLine's.
func (d StoredRuns) Depth() (DepthResult, error) {
	s := d.Prov.Settings.Settings
	g, r, err := MeasureRuns(d.Runs, s)
	if err != nil {
		return DepthResult{}, err
	}
	w, xi, err := XiCLine(g.SigmaW2[0], g.SigmaW2[len(g.SigmaW2)-1], XiCSteps, s.SigmaB2)
	if err != nil {
		return DepthResult{}, fmt.Errorf("traindepth: ξ_c of tanh at σ_b² = %v: %w", s.SigmaB2, err)
	}
	return DepthResult{Stored: d, Grid: g, Result: r, LineSigmaW2: w, LineXiC: xi}, nil
}

// Provenance is the table of the stored depth grid (it claims no paper
// figure: Record.NoPaperFigure).
func (r DepthResult) Provenance() result.Table {
	s := r.Stored.Prov.Settings.Settings
	t := r.Stored.provenance("Provenance of the stored tanh runs (notebooks/data/schoenholz-depth)",
		fmt.Sprintf("plain SGD, lr %g, %d steps of %d images drawn with replacement, softmax cross-entropy; final test accuracy", s.LR, s.Steps, s.Batch))
	t.Record = result.Record{NoPaperFigure: true}
	return t
}

func (r DepthResult) record() result.Record {
	s := r.Stored.Prov.Settings.Settings
	return result.Record{Params: map[string]float64{"sigma_b2": s.SigmaB2, "width": float64(s.Width), "steps": float64(s.Steps), "batch": float64(s.Batch), "lr": s.LR, "seeds": float64(len(s.Seeds))},
		AtPaper: reflect.DeepEqual(s, Paper())}
}

// Plane is the final test accuracy over (σ_w², log₂ L) as a heat map
// (colour bar from Chance to the shallowest nets' mean), with the curves
// PaperRatio·ξ_c and ξ_c of the mean field drawn where they stay within a
// quarter of a log₂ step of the grid's depths (one line per stretch:
// PaperRatio·ξ_c diverges at the edge of chaos), the measured boundary
// L_mid of each uncensored σ_w², and the checks (Checks). It claims its
// figure when the grid ran at Paper().
func (r DepthResult) Plane() result.Plane {
	g, res, s := r.Grid, r.Result, r.Stored.Prov.Settings.Settings
	y := make([]float64, len(g.Depths))
	for j, L := range g.Depths {
		y[j] = math.Log2(float64(L))
	}
	var z []float64
	for j := range g.Depths {
		for i := range g.SigmaW2 {
			z = append(z, g.Acc[i][j])
		}
	}
	top := y[len(y)-1] + 0.25
	var lines []result.Line
	for _, k := range []float64{PaperRatio, 1} {
		name, pair := fmt.Sprintf("%g ξ_c (mean field)", k), 3
		if k == 1 {
			name, pair = "ξ_c (mean field)", 1
		}
		var xs, ys []float64
		flush := func() {
			if len(xs) > 1 {
				lines = append(lines, result.Line{Name: name, Role: result.Theory, X: xs, Y: ys, Pair: pair})
				name = ""
			}
			xs, ys = nil, nil
		}
		for i, xi := range r.LineXiC {
			if v := math.Log2(k * xi); xi > 0 && v <= top && v >= y[0]-0.25 {
				xs, ys = append(xs, r.LineSigmaW2[i]), append(ys, v)
			} else {
				flush()
			}
		}
		flush()
	}
	var mx, my []float64
	for _, dd := range res.Depths {
		if !math.IsNaN(dd.Ratio) {
			mx, my = append(mx, dd.SigmaW2), append(my, math.Log2(dd.Mid))
		}
	}
	lines = append(lines, result.Line{Name: "measured boundary √(L_train·L_next)", Role: result.Simulated, X: mx, Y: my})
	return result.Plane{
		Caption: fmt.Sprintf("Fully connected tanh networks (σ_b² = %g, Gaussian weights, width %d) trained by plain SGD on the Fashion-MNIST subset for %d steps of %d images (lr %g): final test accuracy on %d images over σ_w² and depth L (log₂ L upward; one seed per cell), with the mean-field 6ξ_c (Schoenholz et al.'s boundary of the trainable region) and ξ_c, and the measured boundary where the accuracy falls below %.3f (halfway between chance and the shallowest nets' mean). Data: notebooks/data/schoenholz-depth.",
			s.SigmaB2, s.Width, s.Steps, s.Batch, s.LR, s.NTest, res.Threshold),
		X: result.Axis{Label: "σ_w²"}, Y: result.Axis{Label: "log₂ depth L"},
		Xs: g.SigmaW2, Ys: y, Z: z, ZName: "final test accuracy", ZLabel: "test accuracy", ZMin: Chance, ZMax: math.Max(res.Shallow, Chance+1e-3),
		Lines: lines, Checks: r.Checks(), Record: r.record(),
	}
}

// Checks are the two claims of Schoenholz et al. as Claim checks: the
// trainable depth ∝ ξ_c (Spread = max/min of L_mid/ξ_c ≤ SpreadTol = r²,
// papers.TannerSchoenholzSpread, the central check) and the constant ≈ 6
// (the geometric mean of L_mid/ξ_c within a factor MeanTol of PaperRatio,
// papers.TannerSchoenholzMean), each with the measured boundary per σ_w²
// as its note. Both are known disagreements (DepthSpreadDisagreement,
// DepthMeanDisagreement: their Paper quotes the claim in place of a
// Statement; their DataSeeds the runs' seeds, StoredRuns.Seeds).
func (r DepthResult) Checks() []result.Check {
	res := r.Result
	var rows []string
	for _, d := range res.Depths {
		switch {
		case d.Below:
			rows = append(rows, fmt.Sprintf("σ_w² %g: L_train < %d (ξ_c %.3g)", d.SigmaW2, d.Next, d.XiC))
		case d.Above:
			rows = append(rows, fmt.Sprintf("σ_w² %g: L_train ≥ %d (ξ_c %.3g)", d.SigmaW2, d.Train, d.XiC))
		default:
			rows = append(rows, fmt.Sprintf("σ_w² %g: L_train %d (next %d), ξ_c %.3g, L_mid/ξ_c %.2f", d.SigmaW2, d.Train, d.Next, d.XiC, d.Ratio))
		}
	}
	seeds := r.Stored.Seeds()
	note := fmt.Sprintf("threshold %.3f; %s; geometric mean of L_mid/ξ_c %.2f; corr(log L_mid, log ξ_c) = %.3f over %d uncensored σ_w²", res.Threshold, strings.Join(rows, "; "), res.MeanRatio, res.Corr, res.Uncensored)
	return []result.Check{
		{Name: "Schoenholz et al. 2017 (analogue): trainable depth ∝ ξ_c (max/min of L_mid/ξ_c over σ_w²)", Kind: result.Claim, Value: res.Spread, Tol: res.SpreadTol, Rule: result.AtMost, Central: true,
			Basis: fmt.Sprintf("r² with r = %.3g the largest depth step of the grid: each L_mid lies within √r of the threshold crossing, and one further step allows a single seed's crossing to move (an allowance; one seed does not measure it); the rule of traindepth.Measure", math.Sqrt(res.SpreadTol)),
			Note:  note, Disagreement: DepthSpreadDisagreement.WithDataSeeds(seeds...)},
		{Name: "Schoenholz et al. 2017 (analogue): trainable depth ≈ 6ξ_c (max(m/6, 6/m), m the geometric mean of L_mid/ξ_c)", Kind: result.Claim, Value: res.MeanOff, Tol: res.MeanTol, Rule: result.AtMost,
			Basis: "\"about 6\" read as within a factor 2 (sigprop's choice, traindepth.Measure; the depth grid moves a geometric mean by at most √r)",
			Note:  note, Disagreement: DepthMeanDisagreement.WithDataSeeds(seeds...)},
	}
}

// ErrNoNearer is returned by StoredRuns.Budget when the grid's first σ_w²
// has the largest ξ_c: no σ_w² of the grid is nearer the edge of chaos
// than its ordered end, and the "grows" check has no row.
var ErrNoNearer = errors.New("traindepth: the budget grid's first σ_w² has the largest ξ_c: no σ_w² nearer the edge of chaos")

// BudgetResult is the trainable depth of the stored budget grid at each
// recorded step (ByBudgetRuns), with the rows of its two checks: Stay,
// the grid's first σ_w² (its ordered end), and Grow, the σ_w² of largest
// mean-field ξ_c (the one nearest the edge of chaos).
type BudgetResult struct {
	Stored     StoredRuns
	Steps      []AtStep
	XiC        []float64
	Stay, Grow int
}

// Budget measures the stored budget grid at each recorded step
// (ByBudgetRuns, ξ_c recomputed from the recorded σ_b²). Errors:
// ByBudgetRuns's, ErrNoNearer.
func (d StoredRuns) Budget() (BudgetResult, error) {
	b, xi, err := ByBudgetRuns(d.Runs, d.Prov.Settings.Settings)
	if err != nil {
		return BudgetResult{}, err
	}
	grow := 0
	for i, x := range xi {
		if x > xi[grow] {
			grow = i
		}
	}
	if grow == 0 {
		return BudgetResult{}, fmt.Errorf("%w (ξ_c %v)", ErrNoNearer, xi)
	}
	return BudgetResult{Stored: d, Steps: b, XiC: xi, Stay: 0, Grow: grow}, nil
}

// Provenance is the table of the stored budget grid (it claims no paper
// figure).
func (r BudgetResult) Provenance() result.Table {
	s := r.Stored.Prov.Settings.Settings
	t := r.Stored.provenance("Provenance of the stored tanh runs (notebooks/data/schoenholz-budget)",
		fmt.Sprintf("plain SGD, lr %g, %d steps of %d images drawn with replacement, softmax cross-entropy; test accuracy recorded every %d steps", s.LR, s.Steps, s.Batch, s.EvalEvery))
	t.Record = result.Record{NoPaperFigure: true}
	return t
}

func (r BudgetResult) record() result.Record {
	s := r.Stored.Prov.Settings.Settings
	return result.Record{Params: map[string]float64{"sigma_b2": s.SigmaB2, "width": float64(s.Width), "steps": float64(s.Steps), "batch": float64(s.Batch), "lr": s.LR, "eval_every": float64(s.EvalEvery), "seeds": float64(len(s.Seeds))},
		AtPaper: reflect.DeepEqual(s, Budget())}
}

// Curves is log₂ L_train against the training step, one line per σ_w²
// of the grid, and the mean-field PaperRatio·ξ_c of each σ_w² whose value
// lies within the grid's depths (a Reference line in the same colour); an
// L_train below the shallowest depth is not drawn, one at the deepest is a
// lower bound (the caption says so). Its checks: Checks.
func (r BudgetResult) Curves() result.Curves {
	s, b := r.Stored.Prov.Settings.Settings, r.Steps
	lo, hi := math.Log2(float64(s.Depths[0])), math.Log2(float64(s.Depths[len(s.Depths)-1]))
	var lines []result.Line
	for i, w := range s.SigmaW2 {
		var xs, ys []float64
		for _, at := range b {
			if dd := at.Result.Depths[i]; !dd.Below {
				xs, ys = append(xs, float64(at.Step)), append(ys, math.Log2(float64(dd.Train)))
			}
		}
		lines = append(lines, result.Line{Name: fmt.Sprintf("σ_w² = %g", w), Role: result.SimulatedLine, X: xs, Y: ys, Pair: i + 1})
		if xi := b[0].Result.Depths[i].XiC; xi > 0 && math.Log2(PaperRatio*xi) <= hi && math.Log2(PaperRatio*xi) >= lo-1 {
			y := math.Log2(PaperRatio * xi)
			lines = append(lines, result.Line{Name: fmt.Sprintf("6ξ_c at σ_w² = %g (mean field)", w), Role: result.Reference, X: []float64{0, float64(s.Steps)}, Y: []float64{y, y}, Pair: i + 1})
		}
	}
	var th []string
	for _, at := range b {
		th = append(th, fmt.Sprintf("%.3f", at.Result.Threshold))
	}
	return result.Curves{
		Caption: fmt.Sprintf("The trainable depth against the training budget: fully connected tanh networks (σ_b² = %g, Gaussian weights, width %d) trained by plain SGD on the Fashion-MNIST subset (%d images per step, lr %g, one seed), L ∈ %v, test accuracy on %d images recorded every %d steps up to %d. Plotted: log₂ L_train, the largest depth whose accuracy at that step exceeds the threshold halfway between chance and that step's mean accuracy at L = %d (thresholds %s); an L_train of %d is a lower bound, and a σ_w² with none trainable is not drawn. Dashed: the mean-field 6ξ_c (Schoenholz et al.'s boundary) where it lies within the grid's depths. Data: notebooks/data/schoenholz-budget.",
			s.SigmaB2, s.Width, s.Batch, s.LR, s.Depths, s.NTest, s.EvalEvery, s.Steps, s.Depths[0], strings.Join(th, ", "), s.Depths[len(s.Depths)-1]),
		X: result.Axis{Label: "SGD steps"}, Y: result.Axis{Label: "log₂ L_train"},
		Lines: lines, Checks: r.Checks(), Record: r.record(),
	}
}

// Checks are Schoenholz et al.'s recalled reading of their trainable
// depth as two Claim checks on the rows Stay and Grow: far from
// criticality the trainable depth is limited by ξ_c, so at Stay it moves
// by at most one depth step between the first recorded step and the last
// (papers.TannerSchoenholzBudgetStays; NaN, a failing check, when the
// deepest depth trains at the last step: how far it moved is not
// measured); near criticality it is limited by training time, so at Grow
// it moves by at least two (papers.TannerSchoenholzBudgetGrows, the
// central check; a known disagreement, BudgetGrowDisagreement, whose
// Paper quotes the claim in place of a Statement, its DataSeeds the runs'
// seeds). One depth step is StepTol of the grid.
func (r BudgetResult) Checks() []result.Check {
	s, b := r.Stored.Prov.Settings.Settings, r.Steps
	tol := StepTol(s.Depths)
	var rows []string
	for i, w := range s.SigmaW2 {
		var ls []string
		for _, at := range b {
			switch dd := at.Result.Depths[i]; {
			case dd.Below:
				ls = append(ls, fmt.Sprintf("%d: <%d", at.Step, dd.Next))
			case dd.Above:
				ls = append(ls, fmt.Sprintf("%d: ≥%d", at.Step, dd.Train))
			default:
				ls = append(ls, fmt.Sprintf("%d: %d", at.Step, dd.Train))
			}
		}
		rows = append(rows, fmt.Sprintf("σ_w² %g (6ξ_c %.3g): L_train at steps %s", w, PaperRatio*b[0].Result.Depths[i].XiC, strings.Join(ls, ", ")))
	}
	note, seeds := strings.Join(rows, "; "), r.Stored.Seeds()
	gs, gg := GrowthOf(b, r.Stay), GrowthOf(b, r.Grow)
	stayed := gs.Moved
	if gs.AtLeast {
		stayed = math.NaN() // the deepest depth trains at the last step: how far it moved is not measured
	}
	basis := fmt.Sprintf("one depth step of the grid (a factor ≤ r = %.3g) is what the threshold crossing of a single seed may move by with nothing else changing (an allowance; one seed does not measure it), so at most one step is \"stayed\" and at least two is \"grew\" (traindepth.StepTol, commit 362b321)", tol)
	return []result.Check{
		{Name: fmt.Sprintf("Schoenholz et al. 2017 (analogue, recalled reading): far from criticality (σ_w² = %g) the trainable depth does not grow with training (depth steps L_train moved from step %d to %d)", gs.SigmaW2, gs.FirstStep, gs.Last),
			Kind: result.Claim, Value: stayed, Tol: 1, Rule: result.AtMost, Basis: basis, Note: fmt.Sprintf("factor %.3g; %s", gs.Factor, note), Statement: papers.TannerSchoenholzBudgetStays},
		{Name: fmt.Sprintf("Schoenholz et al. 2017 (analogue, recalled reading): near criticality (σ_w² = %g) the trainable depth grows with training (depth steps L_train moved from step %d to %d)", gg.SigmaW2, gg.FirstStep, gg.Last),
			Kind: result.Claim, Value: gg.Moved, Tol: 2, Rule: result.AtLeast, Basis: basis, Central: true, Note: fmt.Sprintf("factor %.3g (a lower bound: %v); %s", gg.Factor, gg.AtLeast, note),
			Disagreement: BudgetGrowDisagreement.WithDataSeeds(seeds...)},
	}
}
