package rankview

import (
	"slices"
	"testing"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/block"
	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/lib/rankblock"
	"github.com/sigprop/sigprop/lib/rankexp"
)

// TestSoftmaxDepthsView: the table, then each figure after its checks
// (ρ: its stabilisation claim, the non-triviality claim and the declared
// lemma check; the norm: its stabilisation claim and the declared lemma
// check); the declared checks carry rankexp.Fig8SoftmaxLemmas, and a
// stabilisation z is the difference of the end values in SE.
func TestSoftmaxDepthsView(t *testing.T) {
	run := func(L int, scaled bool, c0, step float64) rankexp.DeepRun {
		p := profile(L, 100, c0, step)
		return rankexp.DeepRun{N: 50, D: 32, L: L, Scaled: scaled, Sim: p, Rho: p.Rho, SqNorm: p.SqNorm}
	}
	runs := rankexp.DeepRuns{run(48, true, 0.03, 0), run(96, true, 0.05, 0), run(96, false, 0, 0.02)}
	v := softmaxDepthsView(runs)
	if k := kinds(t, v); k != "TAAAFAAF" {
		t.Fatalf("kinds %s, want TAAAFAAF", k)
	}
	a := v.Agreements()
	if z := a[0].Value; z < 1.41 || z > 1.42 { // (0.05 − 0.03)/√(0.01² + 0.01²)
		t.Errorf("ρ stabilisation z = %g, want √2", z)
	}
	if a[2].Disagreement == nil || a[4].Disagreement == nil || a[0].Disagreement != nil || a[1].Disagreement != nil || a[3].Disagreement != nil ||
		a[2].Disagreement.Paper != rankexp.Fig8SoftmaxLemmas.Paper {
		t.Error("only the two lemma checks are declared")
	}
	if f := v.Figures(); f[0].ID != "fig8-deep-cos" || !slices.Equal(f[0].Paper, papers.Claim(papers.Noci2022Fig8)) {
		t.Errorf("figure %s %q", f[0].ID, f[0].Paper)
	}
	runs[1].L = 95
	runs[1].Sim, runs[1].Rho, runs[1].SqNorm = profile(95, 100, 0.05, 0), profile(95, 100, 0.05, 0).Rho, profile(95, 100, 0.05, 0).SqNorm
	if f := softmaxDepthsView(runs).Figures(); f[0].Paper != nil {
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
	v := ffPlacementsView(f)
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

// TestDeclaredFromRuns: every known disagreement of notebook 03 carries
// its declaring commit and takes its data seeds from the run it reads,
// not from a literal (the declarations of lib/rankexp are read through
// the notebook's cells): Fig. 8 at depth the L run's seed, Fig. 4 the POST-LN
// and PRE-LN runs under 1/√L (Placements.RunSeed), Fig. 11 the softmax
// run's, Fig. 3(c) the POST-LN α = 1 run's (Table2's seed argument).
func TestDeclaredFromRuns(t *testing.T) {
	run := func(L int, scaled bool, seed uint64) rankexp.DeepRun {
		p := profile(L, 100, 0.03, 0)
		return rankexp.DeepRun{N: 50, D: 32, L: L, Scaled: scaled, Seed: seed, Sim: p, Rho: p.Rho, SqNorm: p.SqNorm}
	}
	check := func(what string, a show.Agreement, commit string, seeds ...uint64) {
		t.Helper()
		d := a.Disagreement
		if d == nil || d.Declared.Commit != commit || !slices.Equal(d.Declared.DataSeeds, seeds) {
			t.Errorf("%s: %+v, want commit %s and data seeds %v", what, d, commit, seeds)
			return
		}
		if _, err := a.Metric(); err != nil {
			t.Errorf("%s: %v", what, err)
		}
	}
	a := softmaxDepthsView(rankexp.DeepRuns{run(48, true, 7), run(96, true, 8), run(96, false, 9)}).Agreements()
	check("fig8-deep ρ", a[2], "cc7a434", 8)
	check("fig8-deep norm", a[4], "cc7a434", 8)
	if tm := a[2].Disagreement.Declared.Timing(); tm == bundle.AfterSeen {
		t.Errorf("Fig. 8 at depth: a pilot on seed 77 and data on seed 8: timing %q", tm)
	}

	pl := rankexp.Placements{N: 50, D: 32, Seed: 40}
	th := profile(12, 50, 0, 0.01)
	pl.Theory, pl.Unscaled = th.MeanCos, th.MeanCos
	for _, n := range []block.Norm{block.NoNorm, block.PostLN, block.PreLN} {
		pl.Runs = append(pl.Runs, rankexp.Placement{Norm: n, Fixed: profile(12, 50, 0, 0.08), Scaled: profile(12, 50, 0, 0.011)})
	}
	a = placementsView(pl).Agreements()
	check("fig4 POST-LN", a[1], "f026214", 43)
	check("fig4 PRE-LN", a[2], "f026214", 45)

	var laws rankexp.NormLaws
	for i := range 2 {
		p := profile(10, 1000, 0, 0.01)
		laws = append(laws, rankexp.NormLaw{N: 10, D: 30, Seed: 90 + uint64(i), Sim: p, N0: 1, Theory: p.SqNorm})
	}
	check("fig11 softmax", normLawsView(laws, []string{"uniform", "softmax"}, []string{"u", "s"}).Agreements()[1], "f026214", 91)

	post, pre := table2Runs(-2.35, 0.05)
	check("fig3c", table2View(post, pre, 50, 60).Agreements()[2], rankexp.Fig3Values.Declared.Commit, 50)
	if d := rankexp.Fig3Values; len(d.Declared.DataSeeds) != 0 { // rankexp's: rankexp.TestDeclaredRecords
		t.Errorf("%q types its data seeds %v", d.Paper, d.Declared.DataSeeds)
	}
}
