package composeshow

import (
	"fmt"
	"strconv"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/compose"
	"github.com/sigprop/sigprop/lib/trainsweep"
)

// Training shows a composed block trained at points of its phase plane
// (trainsweep.PhaseTraining): figure id+"-phase", the λ_a plane ph with
// the trained points marked; figures id+"-test-loss", id+"-accuracy" and
// id+"-train-loss", the test loss, test accuracy and mean mini-batch
// loss against the step, mean ± SE over the seeds, one series per point;
// and table id: each point's settings, λ_a and λ_g at initialisation and
// final test loss and accuracy, then the paired difference of the final
// test loss of every two points with its SE over the seeds. It shows no
// check: with a handful of seeds the training numbers are shown, not
// judged.
func Training(id string, ph *compose.Phase, r *trainsweep.PhaseTraining) show.View {
	want(r != nil && len(r.Points) > 0, "Training: no trained points")
	s := r.Settings
	pl := ph.Plane()
	fig := show.Figure{ID: id + "-phase", XLabel: pl.X.Label, YLabel: pl.Y.Label, Caption: pl.Caption,
		Heat: &show.Heat{Name: pl.ZName, X: pl.Xs, Y: pl.Ys, Z: pl.Z, ZLabel: pl.ZLabel}}
	for _, l := range pl.Lines { // the λ_a = 0 contour
		fig.Series = append(fig.Series, show.Series{Name: l.Name, X: l.X, Y: l.Y, Style: show.Points})
	}
	want(ph.XKey == s.XKey && ph.YKey == s.YKey, "Training: the phase plane is over (%s, %s), the points over (%s, %s)", ph.XKey, ph.YKey, s.XKey, s.YKey)
	for _, p := range r.Points {
		fig.Series = append(fig.Series, show.Series{Name: p.Name, X: []float64{p.X}, Y: []float64{p.Y}, Style: show.Points})
	}
	fig.Caption += " Trained points: " + pointList(r) + "."
	b := r.Points[0].Block
	pr := map[string]float64{"n": float64(b.N), "d": float64(b.D), "depth": float64(b.Depth), "steps": float64(s.Steps),
		"batch": float64(s.Batch), "seeds": float64(len(s.Seeds)), "train_images": float64(s.Split.Train), "test_images": float64(s.Split.Test)}
	what := fmt.Sprintf("%s with %s and %s set at each point, on Fashion-MNIST (committed subset; %d training, %d test images), n = %d, d = %d, L = %d; Adam (lr 3e-4), batch %d; mean ± SE over %d seeds %v",
		s.Block.Summary(), s.XKey, s.YKey, s.Split.Train, s.Split.Test, b.N, b.D, b.Depth, s.Batch, len(s.Seeds), s.Seeds)
	curves := func(suffix, ylabel, title string, get func(p trainsweep.PhaseTrainPoint) trainsweep.Curve) show.Figure {
		f := show.Figure{ID: id + suffix, XLabel: "Adam step", YLabel: ylabel, Caption: title + ": " + what + ".", Params: pr, Seed: show.Seed(s.Seeds[0])}
		for _, p := range r.Points {
			c := get(p)
			steps := make([]float64, len(c.Step))
			for k, st := range c.Step {
				steps[k] = float64(st)
			}
			f.Series = append(f.Series, show.Series{Name: fmt.Sprintf("%s (λ_a = %.2f)", p.Name, p.LambdaA), X: steps, Y: c.Mean, YErr: c.SE})
		}
		return f
	}
	t := bundle.Table{ID: id, Header: []string{"point", s.XKey, s.YKey, "λ_a", "λ_g^(L)", "test loss", "test accuracy", "runs finished"},
		Caption: fmt.Sprintf("Each point after %d steps: %s. λ_a, λ_g^(L) at initialisation from compose (NaN: no collapsed point; the reason is in the last column).", s.Steps, what)}
	for _, p := range r.Points {
		fin := fmt.Sprintf("%d of %d", p.Finished, len(p.Runs))
		if p.TheoryErr != "" {
			fin += "; " + p.TheoryErr
		}
		t.Rows = append(t.Rows, []string{p.Name, strconv.FormatFloat(p.X, 'g', 4, 64), strconv.FormatFloat(p.Y, 'g', 4, 64),
			fmt.Sprintf("%.3f", p.LambdaA), fmt.Sprintf("%.3f", p.LambdaG),
			fmt.Sprintf("%.3f ± %.3f", p.FinalLoss, p.FinalLossSE), fmt.Sprintf("%.3f ± %.3f", p.FinalAccuracy, p.FinalAccuracySE), fin})
	}
	gaps := bundle.Table{ID: id + "-gaps", Header: []string{"difference of final test loss", "mean ± SE over seeds", "seed pairs"},
		Caption: "Paired by seed (the same seed draws the initialisation and the batch order at every point): the final test loss of one point minus another's."}
	for i, a := range r.Points {
		for _, c := range r.Points[i+1:] {
			d, se, n := r.Gap(a.Name, c.Name)
			gaps.Rows = append(gaps.Rows, []string{a.Name + " − " + c.Name, fmt.Sprintf("%.3f ± %.3f", d, se), strconv.Itoa(n)})
		}
	}
	return show.View{show.Fig(fig),
		show.Fig(curves("-test-loss", "test loss (cross-entropy)", "Test loss during training", func(p trainsweep.PhaseTrainPoint) trainsweep.Curve { return p.TestLoss })),
		show.Fig(curves("-accuracy", "test accuracy", "Test accuracy during training", func(p trainsweep.PhaseTrainPoint) trainsweep.Curve { return p.TestAccuracy })),
		show.Fig(curves("-train-loss", "mini-batch loss (mean since the last record)", "Training loss", func(p trainsweep.PhaseTrainPoint) trainsweep.Curve { return p.TrainLoss })),
		show.Tab(t), show.Tab(gaps)}
}

// pointList names the trained points with their coordinates.
func pointList(r *trainsweep.PhaseTraining) string {
	var out string
	for i, p := range r.Points {
		if i > 0 {
			out += ", "
		}
		out += fmt.Sprintf("%s (%s = %g, %s = %g)", p.Name, r.Settings.XKey, p.X, r.Settings.YKey, p.Y)
	}
	return out
}
