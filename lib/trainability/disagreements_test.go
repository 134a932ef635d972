package trainability

import (
	"slices"
	"testing"

	"github.com/sigprop/sigprop/lib/result"
	"github.com/sigprop/sigprop/lib/trainsweep"
)

// TestBothNeeded shares the rule of Fits.ClaimsTable: beat the better
// single fit (λ_g alone here) by BothNeededZ SE of the paired difference;
// a max-fit better by less than the noise fails, its check carrying the
// declared BothNeededAtScale with the sweeps' seeds (the old rule, Δ ≤ 0
// with no allowance, passed it).
func TestBothNeeded(t *testing.T) {
	set := resultsSet()
	f := Fits{Clipped: trainsweep.LossFit{R2: 0.6, LOORMSE: 0.1, N: 5}, Max: looFit(0.2, 0.01), A: looFit(0.3, 0.01), G: looFit(0.25, 0.01), SD: 0.2}
	cs, err := set.BothNeeded(f)
	if err != nil || len(cs) != 1 {
		t.Fatal(cs, err)
	}
	c := cs[0]
	if c.Value > c.Tol || c.Tol != -2 || c.Rule != result.AtMost || c.Disagreement == nil || c.Disagreement.Paper != BothNeededAtScale.Paper ||
		!slices.Equal(c.Disagreement.Declared.DataSeeds, []uint64{0, 2}) || BothNeededAtScale.Declared.DataSeeds != nil || c.Disagreement.Wellformed() != nil {
		t.Errorf("both needed, clearly better: %+v", c)
	}
	if tb, _ := f.ClaimsTable(); tb.Rows[1][3] != "supported" {
		t.Errorf("claims table verdict %q", tb.Rows[1][3])
	}
	f.Max = looFit(0.24, 0.25) // LOO RMSE 0.2474 against 0.2500, ± 0.021
	cs, _ = set.BothNeeded(f)
	if c := cs[0]; c.Value >= 0 || c.Value < -2 || c.Disagreement == nil {
		t.Errorf("within noise: %+v", c)
	}
	if tb, _ := f.ClaimsTable(); tb.Rows[1][3] != "not supported at this scale and budget" {
		t.Errorf("max-fit within noise of λ_g alone: verdict %q", tb.Rows[1][3])
	}
	f.Max.LOOResiduals = f.Max.LOOResiduals[:3]
	if _, err := set.BothNeeded(f); err == nil {
		t.Error("residuals of different lengths: no error")
	}
}
