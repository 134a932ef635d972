package trainsweep

import (
	"math"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/lib/compose"
	"github.com/sigprop/sigprop/lib/result"
)

// TestPhaseResults: the λ_a plane carries one point per trained point
// after its own lines, the curves one simulated line per point with the
// seeds' SE, the tables the points' numbers and the paired gap (by hand:
// differences −1 and −0.75 over seeds 1, 2 give −0.875 ± 0.125); a plane
// over other keys is a caller bug.
func TestPhaseResults(t *testing.T) {
	s := tinyPhase()
	ph, err := compose.PhaseLambdaA(s.Block, "alpha", []float64{0.5, 0.8}, "sigma_ff", []float64{1.5, 3.5}, 1)
	if err != nil {
		t.Fatal(err)
	}
	curve := Curve{Step: []int{5, 10}, Mean: []float64{2, 1.5}, SE: []float64{0.1, 0.2}}
	pt := func(p PhasePoint, l1, l2 float64) PhaseTrainPoint {
		return PhaseTrainPoint{PhasePoint: p, Block: s.Block, LambdaA: -0.5, LambdaG: math.NaN(), TheoryErr: "no theory here",
			Runs:      []PhaseTrainRun{{Seed: 1, TestLoss: []float64{l1}}, {Seed: 2, TestLoss: []float64{l2}}},
			TrainLoss: curve, TestLoss: curve, TestAccuracy: curve, FinalLoss: 1.25, FinalLossSE: 0.125, FinalAccuracy: 0.5, Finished: 2}
	}
	s.Seeds = []uint64{1, 2}
	r := &PhaseTraining{Settings: s, Points: []PhaseTrainPoint{pt(s.Points[0], 1, 1.5), pt(s.Points[1], 2, 2.25)}}
	res := r.Results(ph)
	n := len(ph.Plane().Lines)
	if l := res.Phase.Lines; len(l) != n+2 || l[n].Name != "ordered" || l[n+1].X[0] != 0.8 || l[n+1].Y[0] != 3.5 || l[n].Role != result.Simulated ||
		!strings.HasSuffix(res.Phase.Caption, "Trained points: ordered (alpha = 0.8, sigma_ff = 1.5), chaotic (alpha = 0.8, sigma_ff = 3.5).") {
		t.Errorf("phase plane: lines %+v, caption %q", l, res.Phase.Caption)
	}
	for _, c := range []result.Curves{res.TestLoss, res.Accuracy, res.TrainLoss} {
		if err := c.Wellformed(); err != nil || len(c.Lines) != 2 || c.Lines[1].Role != result.SimulatedTrace || c.Lines[1].SE[1] != 0.2 || c.Lines[0].X[1] != 10 ||
			c.Lines[0].Name != "ordered (λ_a = -0.50)" || !c.Record.HasSeed || c.Record.Seed != 1 || !c.Record.NoPaperFigure {
			t.Errorf("curves %+v (%v)", c, err)
		}
	}
	if row := res.Points.Rows[0]; row[5] != "1.250 ± 0.125" || row[3] != "-0.500" || row[4] != "NaN" || row[7] != "2 of 2; no theory here" {
		t.Errorf("point row %q", row)
	}
	if row := res.Gaps.Rows[0]; len(res.Gaps.Rows) != 1 || row[0] != "ordered − chaotic" || row[1] != "-0.875 ± 0.125" || row[2] != "2" {
		t.Errorf("gap rows %q", res.Gaps.Rows)
	}
	defer func() {
		if recover() == nil {
			t.Error("a plane over (sigma_ff, alpha) did not panic")
		}
	}()
	ph.XKey, ph.YKey = ph.YKey, ph.XKey
	r.Results(ph)
}
