package seqtf

import (
	"math"
	"os"
	"slices"
	"testing"

	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/lib/result"
)

// holds is whether c's value passes its tolerance under its rule (NaN
// never does).
func holds(c result.Check) bool {
	switch c.Rule {
	case result.AtMost:
		return c.Value <= c.Tol
	case result.AtLeast:
		return c.Value >= c.Tol
	}
	return math.Abs(c.Value) <= c.Tol
}

// TestFig6Checks: the rules of the three claims and their values on a
// known gap: seed s's gap in block ℓ is 0.1ℓ(1 + 0.1s), s = 1, 2, 3, so
// block 1's is 0.11, 0.12, 0.13 (mean 0.12, SE 0.01/√3) and the slopes
// 0.11, 0.12, 0.13 likewise; the declarations carry the runs' seeds and
// leave the declared records' own seeds unset.
func TestFig6Checks(t *testing.T) {
	f, err := fakeStored().Fig6()
	if err != nil {
		t.Fatal(err)
	}
	cs := f.Checks()
	if len(cs) != 3 {
		t.Fatalf("%d claims, want 3", len(cs))
	}
	if cs[0].Disagreement == nil || cs[0].Disagreement.Paper != Fig6EveryBlock.Paper || cs[1].Disagreement != nil || cs[1].Statement != papers.Noci2022Fig6Gap ||
		cs[2].Disagreement == nil || cs[2].Disagreement.Paper != Fig6Constant.Paper || !cs[0].Central {
		t.Errorf("declarations %v, %v, %v", cs[0].Disagreement, cs[1].Disagreement, cs[2].Disagreement)
	}
	for _, i := range []int{0, 2} {
		if d := cs[i].Disagreement; !slices.Equal(d.Declared.DataSeeds, []uint64{1, 2, 3}) || d.Wellformed() != nil {
			t.Errorf("claim %d: declaration %+v", i, d.Declared)
		}
	}
	if Fig6EveryBlock.Declared.DataSeeds != nil || Fig6Constant.Declared.DataSeeds != nil || !slices.Equal(Fig6Constant.Declared.PilotSeeds, []uint64{1}) {
		t.Errorf("the declared records changed: %+v, %+v", Fig6EveryBlock.Declared, Fig6Constant.Declared)
	}
	tq := 4.302652729911275 // t quantile 0.975 with 2 dof (scipy.stats.t.ppf(0.975, 2))
	if math.Abs(cs[0].Tol-tq) > 1e-9 || cs[0].Rule != result.AtLeast {
		t.Errorf("claim (i) tolerance %v rule %v, want %v at least", cs[0].Tol, cs[0].Rule, tq)
	}
	want := 0.12 / (0.01 / math.Sqrt(3))
	if z := cs[0].Value; math.Abs(z-want) > 1e-6 {
		t.Errorf("min z = %v, want %v (block 1)", z, want)
	}
	if z := cs[1].Value; math.Abs(z-want) > 1e-6 {
		t.Errorf("slope z = %v, want %v", z, want)
	}
	if cs[2].Value != 0 || cs[2].Tol != 0.5 || cs[2].Rule != result.AtMost { // constant in time: drift 0
		t.Errorf("claim (iii) %v %v %v", cs[2].Value, cs[2].Tol, cs[2].Rule)
	}
}

// TestFig15Checks: α falling fails (its check carries the declared
// Fig15Alpha); a falling cosine passes; a norm rising with depth passes;
// the rise (seed s: from 4 to 4 + 2(1 + 0.1s) over 3 blocks, a factor
// 1.55–1.6) is slight; a rise of 6× fails, carrying Fig15Slight.
func TestFig15Checks(t *testing.T) {
	f, err := fakeStored().Fig15()
	if err != nil {
		t.Fatal(err)
	}
	cos, alpha, norm := f.Checks()
	if len(cos) != 1 || len(alpha) != 1 || len(norm) != 2 {
		t.Fatalf("claims by panel %d, %d, %d", len(cos), len(alpha), len(norm))
	}
	a := alpha[0]
	if holds(a) || a.Disagreement == nil || a.Disagreement.Paper != Fig15Alpha.Paper || !slices.Equal(a.Disagreement.Declared.DataSeeds, []uint64{1, 2, 3}) ||
		!slices.Equal(a.Disagreement.Declared.PilotSeeds, []uint64{1}) || a.Disagreement.Wellformed() != nil {
		t.Errorf("α claim: value %v, %+v", a.Value, a.Disagreement)
	}
	if !cos[0].Central || cos[0].Statement != papers.Noci2022Fig15Trained || norm[0].Statement != papers.Noci2022Fig15Trained || !holds(cos[0]) || !holds(norm[0]) {
		t.Errorf("cosine and norm claims: %+v, %+v", cos[0], norm[0])
	}
	if !holds(norm[1]) || norm[1].Disagreement == nil || math.Abs(f.NormRise.Mean-(1+(1.1+1.2+1.3)/6)) > 1e-12 {
		t.Errorf("slight rise %.3f: value %v, tol %v", f.NormRise.Mean, norm[1].Value, norm[1].Tol)
	}
	steep := f
	steep.NormRise = MeanSE{Mean: 6, SE: 0.3}
	if _, _, n := steep.Checks(); holds(n[1]) || n[1].Disagreement.Paper != Fig15Slight.Paper || n[1].Value != (6-SlightRise)/0.3 {
		t.Errorf("a 6× rise: %+v", n[1])
	}
}

// TestFig15SlightStored: on the stored reversal runs the trained norm
// rises about 6× from the first block to the last (6.07 ± 0.35 over 5
// seeds), so "slightly" (at most SlightRise = 2) fails, carrying the
// declared Fig15Slight; the rise check would pass only if the bar were
// raised past ≈ 7 (6.07 + 2.78 SE), far beyond any reading of "slightly".
func TestFig15SlightStored(t *testing.T) {
	r, err := ReadStored(os.DirFS("../../notebooks/data/noci-reverse"))
	if err != nil {
		t.Fatal(err)
	}
	f, err := r.Fig15()
	if err != nil {
		t.Fatal(err)
	}
	if f.NormRise.Mean < 5.5 || f.NormRise.Mean > 6.5 {
		t.Errorf("rise factor %v, want about 6", f.NormRise)
	}
	_, _, norm := f.Checks()
	if c := norm[1]; holds(c) || c.Disagreement == nil || c.Disagreement.Declared.Commit != "f39b8b4" || !slices.Equal(c.Disagreement.Declared.DataSeeds, f.RunSeeds) {
		t.Errorf("slightly: %+v", c)
	}
	if z := (f.NormRise.Mean - 7) / f.NormRise.SE; z > tQuantile(f.Seeds) {
		t.Errorf("a bar of 7: z %v, want it within the t quantile", z)
	}
}

// TestCodeChecks: on a tiny corpus, four claims on the variants' trends
// (Code.Trend) by panel, the Post-LN value one declared with the run's
// seeds.
func TestCodeChecks(t *testing.T) {
	c, err := CodeSettings{D: 4, Layers: 3, Gamma: 0.2, Seeds: []uint64{1, 2}}.Run(codeFS(t))
	if err != nil {
		t.Fatal(err)
	}
	value, query := c.Checks()
	if len(value) != 2 || len(query) != 2 || value[1].Disagreement == nil || value[1].Disagreement.Paper != CodePostLNValue.Paper || value[0].Disagreement != nil ||
		query[0].Disagreement != nil || query[1].Disagreement != nil || !slices.Equal(value[1].Disagreement.Declared.DataSeeds, []uint64{1, 2}) ||
		value[0].Statement != papers.Noci2023Fig2Shaped || !value[0].Central || query[1].Statement != papers.Noci2023Fig2PostLN || CodePostLNValue.Declared.DataSeeds != nil {
		t.Errorf("claims %+v %+v", value, query)
	}
	if value[0].Value != math.Abs(c.Trend("shaped", false).Mean) || value[1].Value != math.Abs(c.Trend("Post-LN", false).Mean) ||
		query[0].Value != math.Abs(c.Trend("shaped", true).Mean) || query[1].Value != c.Trend("Post-LN", true).Mean {
		t.Errorf("claim values %v %v", value, query)
	}
	if value[0].Tol != 0.3 || query[1].Tol != -0.5 || query[1].Rule != result.AtMost {
		t.Errorf("rules: %v, %v %v", value[0].Tol, query[1].Tol, query[1].Rule)
	}
}
