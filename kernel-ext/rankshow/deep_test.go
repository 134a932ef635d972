package rankshow

import (
	"testing"

	"github.com/sigprop/sigprop/lib/block"
	"github.com/sigprop/sigprop/lib/rankblock"
	"github.com/sigprop/sigprop/lib/rankexp"
)

// TestSoftmaxDepthsView: five checks (two stabilisation claims, the
// non-triviality claim, the two declared lemma checks), the table and the
// two figures; the declared checks carry Fig8SoftmaxLemmas, and a
// stabilisation z is the difference of the end values in SE.
func TestSoftmaxDepthsView(t *testing.T) {
	run := func(L int, scaled bool, c0, step float64) rankexp.DeepRun {
		p := profile(L, 100, c0, step)
		return rankexp.DeepRun{N: 50, D: 32, L: L, Scaled: scaled, Sim: p, Rho: p.Rho, SqNorm: p.SqNorm}
	}
	runs := []rankexp.DeepRun{run(48, true, 0.03, 0), run(96, true, 0.05, 0), run(96, false, 0, 0.02)}
	v := SoftmaxDepths(runs)
	if k := kinds(t, v); k != "AAAAATFF" {
		t.Fatalf("kinds %s, want AAAAATFF", k)
	}
	a := v.Agreements()
	if z := a[0].Value; z < 1.41 || z > 1.42 { // (0.05 − 0.03)/√(0.01² + 0.01²)
		t.Errorf("ρ stabilisation z = %g, want √2", z)
	}
	if a[3].Disagreement == nil || a[4].Disagreement == nil || a[0].Disagreement != nil {
		t.Error("only the two lemma checks are declared")
	}
	if f := v.Figures(); f[0].ID != "fig8-deep-cos" || f[0].PaperFigure == "" {
		t.Errorf("figure %s %q", f[0].ID, f[0].PaperFigure)
	}
	runs[1].L = 95
	runs[1].Sim, runs[1].Rho, runs[1].SqNorm = profile(95, 100, 0.05, 0), profile(95, 100, 0.05, 0).Rho, profile(95, 100, 0.05, 0).SqNorm
	if f := SoftmaxDepths(runs).Figures(); f[0].PaperFigure != "" {
		t.Error("a run at other settings claims Fig. 8")
	}
}

// TestFeedForwardPlacementsView: one claim (the smallest of the six
// ReLU-over-linear z-scores) and three figures, one per placement.
func TestFeedForwardPlacementsView(t *testing.T) {
	f := rankexp.FFPlacements{N: 50, D: 32, L: 12}
	for i, norm := range []block.Norm{block.NoNorm, block.PostLN, block.PreLN} {
		f.Runs = append(f.Runs, rankexp.FFPlacement{Norm: norm,
			Linear: [2]rankblock.Profile{profile(12, 50, 0, 0.01), profile(12, 50, 0, 0.001)},
			ReLU:   [2]rankblock.Profile{profile(12, 50, 0, 0.05), profile(12, 50, 0, 0.02+0.001*float64(i))}})
	}
	v := FeedForwardPlacements(f)
	if k := kinds(t, v); k != "AFFF" {
		t.Fatalf("kinds %s, want AFFF", k)
	}
	z := f.ReLUExcessZ()
	if got := v.Agreements()[0].Value; got != min(z[0], z[1], z[2], z[3], z[4], z[5]) {
		t.Errorf("claim value %g, z %v", got, z)
	}
	if ids := v.Figures(); ids[2].ID != "fig10-full-preln" {
		t.Errorf("third figure %s", ids[2].ID)
	}
}
