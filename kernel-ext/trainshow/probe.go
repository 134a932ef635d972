package trainshow

import (
	"fmt"
	"math"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/papers"
	ts "github.com/sigprop/sigprop/lib/trainsweep"
	"gonum.org/v1/gonum/stat"
)

// layerAxis is 1, …, n: the blocks as the figures number them.
func layerAxis(n int) []float64 {
	x := make([]float64, n)
	for i := range x {
		x[i] = float64(i + 1)
	}
	return x
}

// ByLayer is y against the block l = 1, …, len(y), as a line with points.
func ByLayer(name string, y []float64) show.Series {
	return show.Series{Name: name, X: layerAxis(len(y)), Y: y, Style: show.LinePoints}
}

// GradRatioFigure is the figure "noci-grad-ratio-depth":
// ‖∇W^Q‖/‖∇W^V‖ and ‖∇W^K‖/‖∇W^V‖ per layer after the first and the last
// snapshot of a probe of the pre-normalised ViT trained with Adam (seed 11).
func GradRatioFigure(first, last ts.LayerSnapshot) show.Figure {
	var series []show.Series
	for _, s := range []ts.LayerSnapshot{first, last} {
		series = append(series, ByLayer(fmt.Sprintf("W^Q, step %d", s.Step), s.QOverV()), ByLayer(fmt.Sprintf("W^K, step %d", s.Step), s.KOverV()))
	}
	return show.Figure{ID: "noci-grad-ratio-depth",
		Caption: fmt.Sprintf("Gradient norm of W^Q and W^K relative to W^V per layer, pre-normalised ViT (α = 1, identity skip), Adam; after step %d and step %d: the training-time counterpart of Noci et al. 2022's eqs. 17–18 (no figure of the paper shows it). Data: the committed Fashion-MNIST subset (5000 training images; test on its 2000).", first.Step, last.Step),
		XLabel:  "layer", YLabel: "‖∇W‖ / ‖∇W^V‖", LogY: true, Legend: show.BottomLeft, Seed: show.Seed(11), Series: series}
}

// EffLRFigure fills f (the notebook's noci-adam-effective-lr) with Adam's
// mean effective learning rate of W^Q relative to W^V against the step,
// one line per layer of layers (0-based), from the probe p of the run tr
// (seed 11). It claims f.Paper only after the stored runs'
// trainsweep.NociSteps steps.
func EffLRFigure(f show.Figure, p *ts.Probe, layers []int, tr ts.Run) show.View {
	steps, eff := p.EffLRRatios(layers)
	f.Caption = "Adam's mean effective learning rate η/(√v̂ + ε) of W^Q relative to W^V during training. Data: the committed Fashion-MNIST subset (5000 training images; test on its 2000)."
	f.XLabel, f.YLabel, f.Legend, f.Seed, f.Series = "step", "effective LR of W^Q / of W^V", show.TopRight, show.Seed(11), EffLRSeries(steps, eff, layers)
	return show.View{show.Fig(show.AtPaper(f, len(tr.TrainLoss) == ts.NociSteps))}
}

// EffLRSeries are the effective-learning-rate ratios of
// trainsweep.Probe.EffLRRatios against the step, one line per layer
// (0-based layers, named "layer l+1").
func EffLRSeries(steps []float64, ratios [][]float64, layers []int) []show.Series {
	var es []show.Series
	for i, l := range layers {
		es = append(es, show.Series{Name: fmt.Sprintf("layer %d", l+1), X: steps, Y: ratios[i], Style: show.LinePoints})
	}
	return es
}

// ClaimEqs17to18 is the statement of Noci et al. 2022 that ProbeClaims'
// gradient check tests.
const ClaimEqs17to18 = "Noci et al. 2022, Sec. 3.3, eqs. (17)–(18): when the tokens are correlated the gradients of the queries (and keys) are smaller than those of the values, by a factor that vanishes as ρ → 1"

// ProbeClaims are Noci et al. 2022's two claims on the probe p of an Adam
// training (seed 11), read from its first and last snapshots and the
// last effective-learning-rate ratios of layers (0-based): query
// gradients smaller than value gradients (log10 of the geometric mean over
// layers of ‖∇W^Q‖/‖∇W^V‖ at most 0) and a larger effective learning rate
// of W^Q than of W^V (log10 of the geometric mean over layers at least
// 0), then the table "noci-claims", with the training losses of tr. The
// two claims are read after the stored runs' trainsweep.NociSteps steps;
// a probe of another length shows them as not applicable (the table
// stays).
func ProbeClaims(p *ts.Probe, layers []int, tr ts.Run) show.View {
	steps := len(tr.TrainLoss)
	paper := steps == ts.NociSteps
	why := fmt.Sprintf("read after the stored runs' %d steps; here %d", ts.NociSteps, steps)
	first, last := p.Snapshots[0], p.Snapshots[len(p.Snapshots)-1]
	_, eff := p.EffLRRatios(layers)
	effL := make([]float64, len(layers))
	for i := range layers {
		effL[i] = eff[i][len(eff[i])-1]
	}
	gq0, gqL := stat.GeometricMean(first.QOverV(), nil), stat.GeometricMean(last.QOverV(), nil)
	var lr, ls string
	for i, l := range layers {
		if i > 0 {
			lr, ls = lr+", ", ls+", "
		}
		lr, ls = lr+fmt.Sprintf("layer %d %.3g", l+1, effL[i]), ls+fmt.Sprint(l+1)
	}
	verdict := map[bool]string{true: "supported", false: "not seen"}
	return show.View{
		show.PaperCheck(show.Agreement{Name: "Noci 2022 eqs. 17–18: log10 geometric-mean ‖∇W^Q‖/‖∇W^V‖ over layers, first snapshot", Kind: show.Claim, Value: math.Log10(gq0), Tol: 0, Rule: show.AtMost,
			Basis: "claim made quantitative: query gradients smaller than value gradients (ratio < 1); one run, seed 11", Figure: "noci-grad-ratio-depth", Paper: ClaimEqs17to18}, paper, why),
		show.PaperCheck(show.Agreement{Name: fmt.Sprintf("Noci 2022 Fig. 6: log10 geometric-mean effective-LR ratio W^Q/W^V (layers %s), last step", ls), Kind: show.Claim, Value: math.Log10(stat.GeometricMean(effL, nil)), Tol: 0, Rule: show.AtLeast,
			Basis: "claim made quantitative: Adam gives W^Q a larger effective learning rate than W^V (ratio > 1); one run, seed 11", Figure: "noci-adam-effective-lr", Paper: papers.Noci2022Fig6Gap.Text}, paper, why),
		show.Tab(bundle.Table{ID: "noci-claims", Caption: "Noci et al. 2022's claims at this scale (pre-normalised ViT, Adam, seed 11)",
			Header: []string{"claim", "measured", "verdict"},
			Rows: [][]string{
				{"query/key gradients are smaller than value gradients", fmt.Sprintf("‖∇W^Q‖/‖∇W^V‖ geometric mean over layers: %.3g after step %d, %.3g after step %d", gq0, first.Step, gqL, last.Step), verdict[gq0 < 1]},
				{"Adam gives W^Q a larger effective learning rate than W^V", fmt.Sprintf("ratio at step %d: %s", last.Step, lr), verdict[stat.GeometricMean(effL, nil) > 1]},
				{"training works", fmt.Sprintf("train loss %.3f (first 10 steps) → %.3f (last 10 steps)", stat.Mean(tr.TrainLoss[:10], nil), tr.TailMean(10)), ""},
			}}),
	}
}
