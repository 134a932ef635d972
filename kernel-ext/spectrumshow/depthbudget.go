package spectrumshow

import (
	"fmt"
	"math"
	"strings"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/lib/traindepth"
)

// Budget is traindepth.ByBudget on the stored budget grid
// (`sigprop sweep generate schoenholz-budget`, read by ReadDepthRuns), with
// ξ_c of tanh at the recorded σ_b² (meanfield.ScanSigmaW2, recomputed).
func (d DepthRuns) Budget() ([]traindepth.AtStep, []float64, error) {
	return traindepth.ByBudgetRuns(d.Runs, d.Prov.Settings.Settings)
}

// BudgetFigure fills f (the notebook gives ID and Paper) with
// log₂ L_train against the training step, one line per σ_w² of the grid,
// and the mean-field 6ξ_c of each σ_w² whose 6ξ_c lies inside the grid's
// depths (dashed, in the same colour: Colour i+1, as 0 would take the
// series' own index). An L_train below the shallowest
// depth is not drawn; one at the deepest is a lower bound (the caption says so).
func (d DepthRuns) BudgetFigure(f show.Figure, b []traindepth.AtStep) show.Figure {
	s := d.Prov.Settings.Settings
	lo, hi := math.Log2(float64(s.Depths[0])), math.Log2(float64(s.Depths[len(s.Depths)-1]))
	for i, w := range s.SigmaW2 {
		var xs, ys []float64
		for _, at := range b {
			if dd := at.Result.Depths[i]; !dd.Below {
				xs, ys = append(xs, float64(at.Step)), append(ys, math.Log2(float64(dd.Train)))
			}
		}
		f.Series = append(f.Series, show.Series{Name: fmt.Sprintf("σ_w² = %g", w), X: xs, Y: ys, Style: show.LinePoints, Colour: i + 1})
		if xi := b[0].Result.Depths[i].XiC; xi > 0 && math.Log2(traindepth.PaperRatio*xi) <= hi && math.Log2(traindepth.PaperRatio*xi) >= lo-1 {
			y := math.Log2(traindepth.PaperRatio * xi)
			f.Series = append(f.Series, show.Series{Name: fmt.Sprintf("6ξ_c at σ_w² = %g (mean field)", w), X: []float64{0, float64(s.Steps)}, Y: []float64{y, y}, Style: show.Dashed, Colour: i + 1})
		}
	}
	var th []string
	for _, at := range b {
		th = append(th, fmt.Sprintf("%.3f", at.Result.Threshold))
	}
	f.Caption = fmt.Sprintf("The trainable depth against the training budget: fully connected tanh networks (σ_b² = %g, Gaussian weights, width %d) trained by plain SGD on the Fashion-MNIST subset (%d images per step, lr %g, one seed), L ∈ %v, test accuracy on %d images recorded every %d steps up to %d. Plotted: log₂ L_train, the largest depth whose accuracy at that step exceeds the threshold halfway between chance and that step's mean accuracy at L = %d (thresholds %s); an L_train of %d is a lower bound, and a σ_w² with none trainable is not drawn. Dashed: the mean-field 6ξ_c (Schoenholz et al.'s boundary) where it lies within the grid's depths. Data: notebooks/data/schoenholz-budget.",
		s.SigmaB2, s.Width, s.Batch, s.LR, s.Depths, s.NTest, s.EvalEvery, s.Steps, s.Depths[0], strings.Join(th, ", "), s.Depths[len(s.Depths)-1])
	f.XLabel, f.YLabel, f.Legend = "SGD steps", "log₂ L_train", show.Outside
	f.Params = map[string]float64{"sigma_b2": s.SigmaB2, "width": float64(s.Width), "steps": float64(s.Steps), "batch": float64(s.Batch), "lr": s.LR, "eval_every": float64(s.EvalEvery), "seeds": float64(len(s.Seeds))}
	return f
}

// BudgetChecks are Schoenholz et al.'s recalled reading of their trainable
// depth as two Claim metrics on the rows stay and grow of b (indices of
// σ_w²): far from criticality the trainable depth is limited by ξ_c, so at
// stay it moves by at most one depth step between the first recorded step
// and the last; near criticality it is limited by training time, so at grow
// it moves by at least two. stayDis and growDis, when not nil, are known
// disagreements declared in the notebook.
func (d DepthRuns) BudgetChecks(id string, b []traindepth.AtStep, stay, grow int, stayDis, growDis *show.Disagreement) []show.Agreement {
	s := d.Prov.Settings.Settings
	r := traindepth.StepTol(s.Depths)
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
		rows = append(rows, fmt.Sprintf("σ_w² %g (6ξ_c %.3g): L_train at steps %s", w, traindepth.PaperRatio*b[0].Result.Depths[i].XiC, strings.Join(ls, ", ")))
	}
	note := strings.Join(rows, "; ")
	gs, gg := traindepth.GrowthOf(b, stay), traindepth.GrowthOf(b, grow)
	stayed := gs.Moved
	if gs.AtLeast {
		stayed = math.NaN() // the deepest depth trains at the last step: how far it moved is not measured
	}
	basis := fmt.Sprintf("one depth step of the grid (a factor ≤ r = %.3g) is what the threshold crossing of a single seed may move by with nothing else changing (an allowance; one seed does not measure it), so at most one step is \"stayed\" and at least two is \"grew\" (traindepth.StepTol, commit 362b321)", r)
	return []show.Agreement{
		{Name: fmt.Sprintf("Schoenholz et al. 2017 (analogue, recalled reading): far from criticality (σ_w² = %g) the trainable depth does not grow with training (depth steps L_train moved from step %d to %d)", gs.SigmaW2, gs.FirstStep, gs.Last),
			Kind: show.Claim, Value: stayed, Tol: 1, Rule: show.AtMost, Figure: id, Basis: basis, Note: fmt.Sprintf("factor %.3g; %s", gs.Factor, note), Paper: paperUnless(papers.TannerSchoenholzBudgetStays.Text, stayDis), Disagreement: stayDis},
		{Name: fmt.Sprintf("Schoenholz et al. 2017 (analogue, recalled reading): near criticality (σ_w² = %g) the trainable depth grows with training (depth steps L_train moved from step %d to %d)", gg.SigmaW2, gg.FirstStep, gg.Last),
			Kind: show.Claim, Value: gg.Moved, Tol: 2, Rule: show.AtLeast, Figure: id, Basis: basis, Central: true, Paper: paperUnless(papers.TannerSchoenholzBudgetGrows.Text, growDis), Note: fmt.Sprintf("factor %.3g (a lower bound: %v); %s", gg.Factor, gg.AtLeast, note), Disagreement: growDis},
	}
}

// BudgetView is what the notebook's cell shows: the provenance table, the
// figure (f carries its ID and Paper) and the two checks
// (BudgetChecks): "stays" at the grid's first σ_w² (its ordered end),
// "grows" at the σ_w² of largest mean-field ξ_c (the one nearest the edge of
// chaos).
func (d DepthRuns) BudgetView(f show.Figure, stayDis, growDis *show.Disagreement) show.View {
	seeds := d.Seeds()
	stayDis, growDis = withDataSeeds(stayDis, seeds), withDataSeeds(growDis, seeds)
	b, xiC, err := d.Budget()
	show.Want(err == nil, "spectrumshow", "BudgetView: %v", err)
	grow := 0
	for i, xi := range xiC {
		if xi > xiC[grow] {
			grow = i
		}
	}
	show.Want(grow != 0, "spectrumshow", "BudgetView: the grid's first σ_w² has the largest ξ_c (%v): no σ_w² nearer the edge of chaos", xiC)
	tab := d.DepthProvenanceTable(f.ID)
	tab.Caption = "Provenance of the stored tanh runs (notebooks/data/schoenholz-budget)"
	s := d.Prov.Settings.Settings
	tab.Rows[3][1] = fmt.Sprintf("plain SGD, lr %g, %d steps of %d images drawn with replacement, softmax cross-entropy; test accuracy recorded every %d steps", s.LR, s.Steps, s.Batch, s.EvalEvery)
	v := show.View{show.Tab(tab), show.Fig(d.BudgetFigure(f, b))}
	for _, a := range d.BudgetChecks(f.ID, b, 0, grow, stayDis, growDis) {
		v = append(v, show.Agree(a))
	}
	return v
}

// BudgetGrowDisagreement is the known disagreement of the budget grid's
// "grows near criticality" check. No pilot decided it: the pilot (the
// first grid's cells, the budget grid's first 300 steps) did not show it
// failing, and it was declared from the stored budget grid (Declared.Seen).
// BudgetView sets its record's DataSeeds from the runs.
var BudgetGrowDisagreement = show.Disagreement{
	Paper:    papers.TannerSchoenholzBudgetGrows.Text,
	Measured: "the number of depth steps (a factor ≈ √2 each) by which L_train at σ_w² = 1.75 (6ξ_c ≈ 2600) moves between SGD step 300 and step 1500, for width-64 tanh networks on the Fashion-MNIST subset, lr 0.02, one seed",
	Why:      "L_train is 45 at every recorded step; the network of depth 64 reaches test accuracy 0.30 at step 600 and falls back to 0.13 by step 1500, below every threshold (0.418–0.456), while L = 45 climbs from 0.45 to 0.77. Five times the budget does not move the boundary at this width and learning rate, so what stops training near criticality here is not the number of steps (candidates, not measured: the width, L/N ≈ 0.7–1 at the boundary, or the fixed learning rate at depth)",
	Declared: bundle.Declaration{Commit: "fc6a683",
		Seen: "the stored budget grid (notebooks/data/schoenholz-budget, commit 1d87abe) and its generation log"},
}
