package composeshow

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/compose"
	"github.com/sigprop/sigprop/lib/trainsweep"
)

// TestTraining: the builder draws the phase plane with the points, the
// three curves figures and the two tables, from a result built by hand,
// and its tables carry the result's numbers and paired gaps.
func TestTraining(t *testing.T) {
	b := compose.Cowsik(17, 8, 2, 0.8, 0.8, 1.5, 1, 2, activation.Tanh())
	b.Norm = compose.NoNorm
	ph, err := compose.PhaseLambdaA(b, "alpha", []float64{0.5, 0.8}, "sigma_ff", []float64{1.5, 3.5}, 1)
	if err != nil {
		t.Fatal(err)
	}
	run := func(seed uint64, final float64) trainsweep.PhaseTrainRun {
		return trainsweep.PhaseTrainRun{Seed: seed, Step: []int{5, 10}, TrainLoss: []float64{2, 1.5}, TestLoss: []float64{2, final}, TestAccuracy: []float64{0.2, 0.5}}
	}
	curve := trainsweep.Curve{Step: []int{5, 10}, Mean: []float64{2, 1.5}, SE: []float64{0.1, 0.1}}
	pt := func(name string, y, l1, l2 float64) trainsweep.PhaseTrainPoint {
		return trainsweep.PhaseTrainPoint{PhasePoint: trainsweep.PhasePoint{Name: name, X: 0.8, Y: y}, Block: b, LambdaA: -0.5, LambdaG: math.NaN(),
			TheoryErr: "no theory here", Runs: []trainsweep.PhaseTrainRun{run(1, l1), run(2, l2)}, TrainLoss: curve, TestLoss: curve, TestAccuracy: curve,
			FinalLoss: 1.25, FinalLossSE: 0.125, FinalAccuracy: 0.5, Finished: 2}
	}
	r := &trainsweep.PhaseTraining{Settings: trainsweep.PhaseTrainSettings{Block: b, XKey: "alpha", YKey: "sigma_ff", Steps: 10, Batch: 4, Seeds: []uint64{1, 2}},
		Points: []trainsweep.PhaseTrainPoint{pt("ordered", 1.5, 1, 1.5), pt("chaotic", 3.5, 2, 2.25)}}
	v := Training("tr", ph, r)
	ids := render(t, v)
	for _, id := range []string{"tr-phase", "tr-test-loss", "tr-accuracy", "tr-train-loss", "tr", "tr-gaps"} {
		if !slices.Contains(ids, id) {
			t.Errorf("no %s among %v", id, ids)
		}
	}
	tabs := v.Tables()
	if row := tabs[0].Rows[0]; row[5] != "1.250 ± 0.125" || row[3] != "-0.500" || !strings.Contains(row[7], "2 of 2; no theory here") {
		t.Errorf("point row %q", row)
	}
	// ordered − chaotic: differences −1 and −0.75 over seeds 1, 2: −0.875 ± 0.125.
	if row := tabs[1].Rows[0]; row[0] != "ordered − chaotic" || row[1] != "-0.875 ± 0.125" || row[2] != "2" {
		t.Errorf("gap row %q", row)
	}
	if len(v.Agreements()) != 0 {
		t.Errorf("%d checks; the training is shown, not judged", len(v.Agreements()))
	}
}
