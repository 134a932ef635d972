package shapednet

import (
	"math"
	"testing"

	"github.com/sigprop/sigprop/lib/empirical"
)

// The per-layer standard errors of a Run: at the input every network has
// the same V₀ (SE 0 to rounding); at the last layer, for two tokens, the pair-averaged
// ρ of a network is its final correlation, so MeanCorrSE[Depth] is the
// standard error of FinalCorr(0, 1) (empirical.MeanSE, computed apart), and
// likewise MeanAbsCovSE[Depth] that of |FinalEntry(0, 1)|. Both the
// reduced chain (Simulate) and the forward pass (ForwardRun) are checked.
func TestRunStandardErrors(t *testing.T) {
	v0 := EquiCorr(2, 0.3)
	simulate, err := Simulate(Shaped(8, 5, 0.4), v0, 40, 3, 2)
	if err != nil {
		t.Fatal(err)
	}
	forward, err := ForwardRun(Shaped(8, 3, 0.4), v0, 6, 4, 2)
	if err != nil {
		t.Fatal(err)
	}
	for name, r := range map[string]*Run{"Simulate": simulate, "ForwardRun": forward} {
		if len(r.MeanCorrSE) != r.Depth+1 || len(r.MeanAbsCorrSE) != r.Depth+1 || len(r.MeanAbsCovSE) != r.Depth+1 {
			t.Fatalf("%s: %d, %d, %d standard errors for depth %d", name, len(r.MeanCorrSE), len(r.MeanAbsCorrSE), len(r.MeanAbsCovSE), r.Depth)
		}
		if r.MeanCorrSE[0] > 1e-12 || r.MeanAbsCovSE[0] > 1e-12 { // every network starts at V₀ (ForwardRun's inputs to rounding)
			t.Errorf("%s: SE at the input %v, %v; want 0 to rounding", name, r.MeanCorrSE[0], r.MeanAbsCovSE[0])
		}
		mean, se := empirical.MeanSE(r.FinalCorr(0, 1))
		if math.Abs(mean-r.MeanCorr[r.Depth]) > 1e-12 || math.Abs(se-r.MeanCorrSE[r.Depth]) > 1e-12*math.Max(1, se) || !(se > 0) {
			t.Errorf("%s: last layer mean ρ %v ± %v, FinalCorr gives %v ± %v", name, r.MeanCorr[r.Depth], r.MeanCorrSE[r.Depth], mean, se)
		}
		cov := r.FinalEntry(0, 1)
		for i := range cov {
			cov[i] = math.Abs(cov[i])
		}
		if _, se := empirical.MeanSE(cov); math.Abs(se-r.MeanAbsCovSE[r.Depth]) > 1e-12*math.Max(1, se) {
			t.Errorf("%s: last layer SE of mean |V¹²| %v, FinalEntry gives %v", name, r.MeanAbsCovSE[r.Depth], se)
		}
	}
}
