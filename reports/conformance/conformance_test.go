package conformance

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/lib/papers"
)

func TestCommittedListLoads(t *testing.T) {
	l, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	settings := map[Setting]int{}
	for _, r := range l.Rows {
		settings[r.Setting]++
	}
	t.Logf("%d rows; by setting %v", len(l.Rows), settings)
	if len(l.SortedSources(InSources)) != len(papers.Sources) {
		t.Errorf("sources with rows: %v, want all of %d", l.SortedSources(InSources), len(papers.Sources))
	}
	if _, err := New(papers.Noci2022Fig1, papers.Noci2022Fig1); err == nil {
		t.Error("New accepted a duplicate row")
	}
}

var (
	srcA = &papers.Source{Key: "a", Cite: "Noci et al. 2022"}
	srcB = &papers.Source{Key: "b", Cite: "Tanner lecture"}
)

// testRows are a data row drawn by nb, a schematic one, an analogue, a
// data row drawn by nothing and one beyond the sources.
func testRows() []*Row {
	return []*Row{
		{ID: "a-fig1", Source: srcA, Label: papers.Fig(1), Title: "t", Type: Data, Setting: AtPaper, Notebook: "nb"},
		{ID: "a-fig2", Source: srcA, Label: papers.Fig(2), Title: "t", Type: SchematicType, Setting: SchematicSetting, Reason: "a diagram"},
		{ID: "a-fig3", Source: srcA, Label: papers.Fig(3), Title: "t", Type: Data, Setting: Analogue, Reason: "another data set", Notebook: "nb"},
		{ID: "a-fig4", Source: srcA, Label: papers.Fig(4), Title: "t", Type: Data, Setting: AtPaper, Missing: "out of reach"},
		{ID: "b-fig1", Source: srcB, Label: papers.Of("Schoenholz", papers.Fig(5)), Title: "t", Type: Data, Setting: Analogue, Section: Beyond, Reason: "recalled", Notebook: "nb"},
	}
}

func testList(t *testing.T) *List {
	l, err := New(testRows()...)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

func TestCheck(t *testing.T) {
	l := testList(t)
	ok := []Drawn{
		{Notebook: "nb", ID: "f1", Paper: []string{"a-fig1"}},
		{Notebook: "nb", ID: "f3", Paper: []string{"a-fig3", "a-fig1"}, Note: "left"},
		{Notebook: "nb", ID: "tab3", Paper: []string{"a-fig3"}},
		{Notebook: "nb", ID: "s5", Paper: []string{"b-fig1"}},
		{Notebook: "nb", ID: "other", Note: "Noci et al. 2022, eq. (15)"},
		{Notebook: "nb", ID: "plain"},
	}
	off, err := l.Check(ok, map[string]bool{"nb": true})
	if err != nil {
		t.Fatal(err)
	}
	if len(off) != 1 || off[0].ID != "other" {
		t.Errorf("off-list claims %v, want nb#other", off)
	}
	for name, c := range map[string]struct {
		drawn []Drawn
		want  string
	}{
		"unknown id":     {append(slices.Clip(ok), Drawn{Notebook: "nb", ID: "x", Paper: []string{"a-fig9"}}), `nb#x claims "a-fig9", which lib/papers does not define`},
		"schematic":      {append(slices.Clip(ok), Drawn{Notebook: "nb", ID: "x", Paper: []string{"a-fig2"}}), `nb#x claims "a-fig2", a schematic figure`},
		"other notebook": {append(slices.Clip(ok), Drawn{Notebook: "nb2", ID: "x", Paper: []string{"a-fig1"}}), `nb2#x claims "a-fig1", which lib/papers says notebook "nb" draws`},
		"unclaimed":      {ok[2:], `notebook nb ran to the end at its own settings, but no figure of it claims "a-fig1" (Noci et al. 2022, Fig. 1)`},
	} {
		_, err := l.Check(c.drawn, map[string]bool{"nb": true})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want it to contain %q", name, err, c.want)
		}
	}
	// A notebook that did not run to the end at its own settings cannot
	// be blamed for a row nothing claims.
	if _, err := l.Check(ok[2:], map[string]bool{}); err != nil {
		t.Errorf("incomplete notebook: %v", err)
	}
}

func TestResults(t *testing.T) {
	l := testList(t)
	drawn := []Drawn{{Notebook: "nb", ID: "f1", Paper: []string{"a-fig1"}}, {Notebook: "nb", ID: "f3", Paper: []string{"a-fig3"}}, {Notebook: "nb", ID: "f9"}}
	mets := []Metric{
		{"nb", bundle.Metric{Name: "m1", Value: 0.5, Tolerance: 1, Figure: "f1", Pass: true}},
		{"nb", bundle.Metric{Name: "m2", Value: -3, Tolerance: 2, Figure: "f1"}},
		{"nb", bundle.Metric{Name: "m3", Value: 1, Tolerance: 2, Figure: "f3", Rule: bundle.AtMost, Pass: true}},
		{"other", bundle.Metric{Name: "m4", Value: 9, Tolerance: 1, Figure: "f1"}},
		{"nb", bundle.Metric{Name: "m5", Value: 9, Tolerance: 1}},
		{"nb", bundle.Metric{Name: "m6", Value: 9, Tolerance: 1, Figure: "f9"}},
	}
	res := l.Results(drawn, mets)
	if len(res) != 5 {
		t.Fatalf("%d results", len(res))
	}
	if len(res[0].Metrics) != 2 || res[0].Worst != 1.5 || len(res[0].Figures) != 1 || res[0].Figures[0].Ref != "nb#f1" {
		t.Errorf("row 1: %d metrics, worst %v, figures %+v; want 2, 1.5 and nb#f1", len(res[0].Metrics), res[0].Worst, res[0].Figures)
	}
	if len(res[1].Metrics) != 0 || !math.IsNaN(res[1].Worst) || len(res[1].Figures) != 0 {
		t.Errorf("row 2: %+v", res[1])
	}
	if res[2].Worst != 0.5 || len(res[2].Figures) != 1 {
		t.Errorf("row 3: worst %v, figures %+v; want 0.5 and nb#f3", res[2].Worst, res[2].Figures)
	}
	// No metric quotes a claim: drawn but not checked; b-fig1 is claimed
	// by nothing in this report.
	if res[0].Outcome != NotChecked || res[2].Outcome != NotChecked || res[1].Outcome != NotApplicable || res[3].Outcome != NotChecked || res[4].Outcome != NotRun {
		t.Errorf("outcomes %q %q %q %q %q", res[0].Outcome, res[1].Outcome, res[2].Outcome, res[3].Outcome, res[4].Outcome)
	}
}

// The outcome is computed from the claim checks alone, a known
// disagreement counts as a failed claim (outcome, worst ratio, counts),
// a failed central claim decides, and a missing part caps at partial.
func TestOutcomeComputed(t *testing.T) {
	known := &bundle.Disagreement{Paper: "p", Measured: "m", Why: "w", Declared: bundle.Declaration{Commit: "abcdef0"}}
	pass := bundle.Metric{Name: "pass", Value: 0.5, Tolerance: 1, Pass: true, Paper: "Noci et al. 2022, Fig. 1: it holds"}
	fail := bundle.Metric{Name: "fail", Value: 3, Tolerance: 1, Paper: "Noci et al. 2022, Fig. 1: it also holds"}
	kd := bundle.Metric{Name: "known", Value: 4, Tolerance: 1, Disagreement: known}
	internal := bundle.Metric{Name: "quadrature", Value: 0.1, Tolerance: 1, Pass: true}
	central := func(m bundle.Metric) bundle.Metric { m.Central = true; return m }
	for _, c := range []struct {
		name    string
		metrics []bundle.Metric
		missing string
		want    Outcome
		worst   float64
	}{
		{"every claim passes", []bundle.Metric{pass, pass, internal}, "", Reproduced, 0.5},
		{"one of two", []bundle.Metric{pass, fail}, "", Partial, 3},
		{"a known disagreement is a failed claim", []bundle.Metric{pass, kd}, "", Partial, 4},
		{"only known disagreements", []bundle.Metric{kd, internal}, "", NotReproduced, 4},
		{"none passes", []bundle.Metric{fail}, "", NotReproduced, 3},
		{"central fails", []bundle.Metric{pass, pass, central(fail)}, "", NotReproduced, 3},
		{"central known", []bundle.Metric{pass, central(kd)}, "", NotReproduced, 4},
		{"central passes", []bundle.Metric{central(pass), fail}, "", Partial, 3},
		{"internal checks only", []bundle.Metric{internal}, "", NotChecked, 0.1},
		{"all pass, part missing", []bundle.Metric{pass}, "panel b", Partial, 0.5},
	} {
		rows := testRows()
		rows[0].Missing = c.missing
		l, err := New(rows...)
		if err != nil {
			t.Fatal(err)
		}
		var mets []Metric
		for _, m := range c.metrics {
			m.Figure = "f1"
			mets = append(mets, Metric{"nb", m})
		}
		res := l.Results([]Drawn{{Notebook: "nb", ID: "f1", Paper: []string{"a-fig1"}}, {Notebook: "nb", ID: "s5", Paper: []string{"b-fig1"}}}, mets)
		r := res[0]
		if r.Outcome != c.want || r.Worst != c.worst {
			t.Errorf("%s: outcome %q (%s), worst %v; want %q, %v", c.name, r.Outcome, r.Why, r.Worst, c.want, c.worst)
		}
		cnt := Count(res)
		wantN := 1
		if c.want == NotChecked {
			wantN = 2 // a-fig4 draws nothing
		}
		if cnt.Sources[AtPaper][c.want] != wantN || cnt.Rows != 4 || cnt.BeyondRows != 1 || cnt.Beyond[Analogue][NotChecked] != 1 {
			t.Errorf("%s: counts %+v", c.name, cnt)
		}
		wantK := 0
		for _, m := range c.metrics {
			if m.Disagreement != nil {
				wantK++
			}
		}
		if k, _ := KnownDisagreements(res); k != wantK || r.Known != wantK {
			t.Errorf("%s: %d known disagreements, want %d", c.name, k, wantK)
		}
	}
}
