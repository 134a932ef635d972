package render

import (
	"reflect"
	"testing"

	"github.com/sigprop/sigprop/internal/mustpanic"
	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/lib/result"
)

// TestSampleCurves: under After, the figure, its own check, its remark,
// then each sample's checks in order (the first sample's declared
// disagreement carried as the contract's record, its failed check a known
// disagreement that quotes no paper of its own; the second's check quoting
// its statement) and the third sample's not-compared line; without After,
// the same items with the figure last; away from the paper's settings
// (Record.AtPaper false) the figure claims nothing; a sample with both
// checks and a line panics.
func TestSampleCurves(t *testing.T) {
	xs := []float64{0, 1}
	d := &result.Disagreement{Paper: "p", Measured: "m", Why: "w", Declared: result.Declaration{Commit: "abcdef0", DataSeeds: []uint64{1, 2}, Seen: "s"}}
	r := result.SampleCurves{
		Curves: result.Curves{Caption: "panel", X: result.Axis{Label: "s"}, Y: result.Axis{Label: "P(s)"},
			Lines:   []result.Line{{Name: "theory", X: xs, Y: xs}, {Name: "N=10 L=2", Role: result.Simulated, X: xs, Y: xs}},
			Checks:  []result.Check{{Name: "rate", Kind: result.TheoryVsTheory, Value: 1, Tol: 0.8, Rule: result.AtLeast, Statement: papers.P18Fig4Rate, Central: true, Basis: "b"}},
			Remarks: []string{"a remark"},
			Record:  result.Record{Params: map[string]float64{"N": 10}, Seed: 3, HasSeed: true, AtPaper: true}},
		Samples: []result.SampleChecks{
			{Checks: []result.Check{{Name: "L=2 KS", Value: 0.3, Tol: 0.1, Rule: result.AtMost, Basis: "b", Disagreement: d}, {Name: "L=2 atom", Value: 0.01, Tol: 0.1, Rule: result.AtMost, Basis: "b", Statement: papers.P18Fig4Spectra}}},
			{Checks: []result.Check{{Name: "L=4 KS", Value: 0.05, Tol: 0.1, Rule: result.AtMost, Basis: "b", Statement: papers.P18Fig4Spectra}}},
			{NotCompared: "f L=8: not compared, the theory solver failed\n"},
		}}
	f := show.Figure{ID: "f", Paper: papers.Claim(papers.TannerFig4)}
	v := SampleCurves(f, r, After())
	v.Show()
	names := func(v show.View) []string {
		var out []string
		for _, it := range v {
			if fig, ok := it.Figure(); ok {
				out = append(out, "figure "+fig.Caption)
			} else if a, ok := it.Agreement(); ok {
				out = append(out, a.Name)
			} else if s, ok := it.Text(); ok {
				out = append(out, s)
			}
		}
		return out
	}
	want := []string{"figure panel", "rate", "a remark", "L=2 KS", "L=2 atom", "L=4 KS", "f L=8: not compared, the theory solver failed\n"}
	if got := names(v); !reflect.DeepEqual(got, want) {
		t.Fatalf("items %q, want %q", got, want)
	}
	if fig := v.Figures()[0]; len(fig.Paper) == 0 || fig.Params["N"] != 10 || *fig.Seed != 3 || len(fig.Series) != 2 || fig.Series[1].Style != show.Points {
		t.Errorf("figure %+v", fig)
	}
	a := v.Agreements()
	if m := metric(t, a[1]); m.Outcome() != bundle.Known || m.Paper != "" || m.Disagreement == nil || !reflect.DeepEqual(m.Disagreement.Declared.DataSeeds, []uint64{1, 2}) || m.Figure != "f" {
		t.Errorf("declared sample check: %+v, outcome %q", m, m.Outcome())
	}
	if m := metric(t, a[3]); !m.Pass || m.Paper != papers.P18Fig4Spectra.Text || m.Disagreement != nil {
		t.Errorf("second sample's check %+v", m)
	}
	if got := names(SampleCurves(f, r)); !reflect.DeepEqual(got, append(want[1:], want[0])) {
		t.Errorf("without After: %q", got)
	}
	away := r
	away.Record.AtPaper = false
	if fig := SampleCurves(f, away).Figures()[0]; len(fig.Paper) > 0 || fig.Caption != "panel"+show.YourSettings {
		t.Errorf("away from the paper: claims %v, caption %q", fig.Paper, fig.Caption)
	}
	both := r
	both.Samples = []result.SampleChecks{{Checks: r.Samples[1].Checks, NotCompared: "x"}}
	mustpanic.WithPrefix(t, "checks and a line", "render:", func() { SampleCurves(f, both) })
}
