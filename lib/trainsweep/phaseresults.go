package trainsweep

import (
	"fmt"
	"strconv"

	"github.com/sigprop/sigprop/lib/compose"
	"github.com/sigprop/sigprop/lib/result"
)

// PhaseResults are the results of a PhaseTraining as the kinds of
// lib/result, drawn by kernel-ext/render: the block's λ_a plane with the
// trained points marked, the test loss, test accuracy and mean
// mini-batch loss against the step (mean ± SE over the seeds, one line
// per point), each point's settings, exponents and final numbers, and
// the paired differences of the final test loss. No source trained these
// blocks: none draws a paper figure, and none is checked (with a handful
// of seeds the training numbers are shown, not judged).
type PhaseResults struct {
	Phase                         result.Plane
	TestLoss, Accuracy, TrainLoss result.Curves
	Points, Gaps                  result.Table
}

// Results are t's results over ph, the λ_a plane of its block
// (compose.PhaseLambdaA over t's two keys). It panics when ph is over
// other keys than t's points or t has no point.
func (t *PhaseTraining) Results(ph *compose.Phase) PhaseResults {
	s := t.Settings
	if len(t.Points) == 0 || ph.XKey != s.XKey || ph.YKey != s.YKey {
		panic(fmt.Sprintf("trainsweep: Results: %d points over (%s, %s), the phase plane over (%s, %s)", len(t.Points), s.XKey, s.YKey, ph.XKey, ph.YKey))
	}
	var out PhaseResults
	out.Phase = ph.Plane()
	for _, p := range t.Points {
		out.Phase.Lines = append(out.Phase.Lines, result.Line{Name: p.Name, Role: result.Simulated, X: []float64{p.X}, Y: []float64{p.Y}})
	}
	out.Phase.Caption += " Trained points: " + t.pointList() + "."
	b := t.Points[0].Block
	rec := result.Record{Params: map[string]float64{"n": float64(b.N), "d": float64(b.D), "depth": float64(b.Depth), "steps": float64(s.Steps),
		"batch": float64(s.Batch), "seeds": float64(len(s.Seeds)), "train_images": float64(s.Split.Train), "test_images": float64(s.Split.Test)},
		Seed: s.Seeds[0], HasSeed: true, NoPaperFigure: true}
	what := fmt.Sprintf("%s with %s and %s set at each point, on Fashion-MNIST (committed subset; %d training, %d test images), n = %d, d = %d, L = %d; Adam (lr 3e-4), batch %d; mean ± SE over %d seeds %v",
		s.Block.Summary(), s.XKey, s.YKey, s.Split.Train, s.Split.Test, b.N, b.D, b.Depth, s.Batch, len(s.Seeds), s.Seeds)
	curves := func(ylabel, title string, get func(p PhaseTrainPoint) Curve) result.Curves {
		c := result.Curves{Caption: title + ": " + what + ".", X: result.Axis{Label: "Adam step"}, Y: result.Axis{Label: ylabel}, Record: rec}
		for _, p := range t.Points {
			cv := get(p)
			steps := make([]float64, len(cv.Step))
			for k, st := range cv.Step {
				steps[k] = float64(st)
			}
			c.Lines = append(c.Lines, result.Line{Name: fmt.Sprintf("%s (λ_a = %.2f)", p.Name, p.LambdaA), Role: result.SimulatedTrace, X: steps, Y: cv.Mean, SE: cv.SE})
		}
		return c
	}
	out.TestLoss = curves("test loss (cross-entropy)", "Test loss during training", func(p PhaseTrainPoint) Curve { return p.TestLoss })
	out.Accuracy = curves("test accuracy", "Test accuracy during training", func(p PhaseTrainPoint) Curve { return p.TestAccuracy })
	out.TrainLoss = curves("mini-batch loss (mean since the last record)", "Training loss", func(p PhaseTrainPoint) Curve { return p.TrainLoss })
	out.Points = result.Table{Header: []string{"point", s.XKey, s.YKey, "λ_a", "λ_g^(L)", "test loss", "test accuracy", "runs finished"},
		Caption: fmt.Sprintf("Each point after %d steps: %s. λ_a, λ_g^(L) at initialisation from compose (NaN: no collapsed point; the reason is in the last column).", s.Steps, what),
		Record:  result.Record{NoPaperFigure: true}}
	for _, p := range t.Points {
		fin := fmt.Sprintf("%d of %d", p.Finished, len(p.Runs))
		if p.TheoryErr != "" {
			fin += "; " + p.TheoryErr
		}
		out.Points.Rows = append(out.Points.Rows, []string{p.Name, strconv.FormatFloat(p.X, 'g', 4, 64), strconv.FormatFloat(p.Y, 'g', 4, 64),
			fmt.Sprintf("%.3f", p.LambdaA), fmt.Sprintf("%.3f", p.LambdaG),
			fmt.Sprintf("%.3f ± %.3f", p.FinalLoss, p.FinalLossSE), fmt.Sprintf("%.3f ± %.3f", p.FinalAccuracy, p.FinalAccuracySE), fin})
	}
	out.Gaps = result.Table{Header: []string{"difference of final test loss", "mean ± SE over seeds", "seed pairs"},
		Caption: "Paired by seed (the same seed draws the initialisation and the batch order at every point): the final test loss of one point minus another's.",
		Record:  result.Record{NoPaperFigure: true}}
	for i, a := range t.Points {
		for _, c := range t.Points[i+1:] {
			d, se, n := t.Gap(a.Name, c.Name)
			out.Gaps.Rows = append(out.Gaps.Rows, []string{a.Name + " − " + c.Name, fmt.Sprintf("%.3f ± %.3f", d, se), strconv.Itoa(n)})
		}
	}
	return out
}

// pointList names the trained points with their coordinates.
func (t *PhaseTraining) pointList() string {
	var out string
	for i, p := range t.Points {
		if i > 0 {
			out += ", "
		}
		out += fmt.Sprintf("%s (%s = %g, %s = %g)", p.Name, t.Settings.XKey, p.X, t.Settings.YKey, p.Y)
	}
	return out
}
