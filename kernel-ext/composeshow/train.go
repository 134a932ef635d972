package composeshow

import (
	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	rd "github.com/sigprop/sigprop/kernel-ext/render"
	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/compose"
	"github.com/sigprop/sigprop/lib/trainsweep"
)

// Training shows a composed block trained at points of its phase plane
// (trainsweep.PhaseTraining.Results over ph), each result by the renderer
// of its kind: figure id+"-phase", the λ_a plane with the trained points
// marked (render.Plane); figures id+"-test-loss", id+"-accuracy" and
// id+"-train-loss", the test loss, test accuracy and mean mini-batch loss
// against the step, mean ± SE over the seeds, one line per point
// (render.Curves); table id, each point's settings, λ_a and λ_g at
// initialisation and final test loss and accuracy, and table id+"-gaps",
// the paired difference of the final test loss of every two points with
// its SE over the seeds (render.Table). It shows no check: with a handful
// of seeds the training numbers are shown, not judged.
func Training(id string, ph *compose.Phase, r *trainsweep.PhaseTraining) show.View {
	want(r != nil && len(r.Points) > 0, "Training: no trained points")
	want(ph.XKey == r.Settings.XKey && ph.YKey == r.Settings.YKey, "Training: the phase plane is over (%s, %s), the points over (%s, %s)", ph.XKey, ph.YKey, r.Settings.XKey, r.Settings.YKey)
	res := r.Results(ph)
	v := rd.Plane(show.Figure{ID: id + "-phase"}, res.Phase)
	v = append(v, rd.Curves(show.Figure{ID: id + "-test-loss"}, res.TestLoss)...)
	v = append(v, rd.Curves(show.Figure{ID: id + "-accuracy"}, res.Accuracy)...)
	v = append(v, rd.Curves(show.Figure{ID: id + "-train-loss"}, res.TrainLoss)...)
	v = append(v, rd.Table(bundle.Table{ID: id}, res.Points)...)
	return append(v, rd.Table(bundle.Table{ID: id + "-gaps"}, res.Gaps)...)
}
