package render

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/reports/conformance"
	"github.com/sigprop/sigprop/reports/ipynb"
)

// testList is a list of four rows, drawn by notebook nb: a data row, a
// schematic one, an analogue and one beyond the sources.
func testList(t *testing.T) *conformance.List {
	t.Helper()
	l, err := conformance.New(
		&conformance.Row{ID: "noci2022-fig1", Source: papers.Noci2022, Label: papers.Fig(1), Title: "Cosine <over> training", Type: conformance.Data, Setting: conformance.AtPaper, Notebook: "nb", Notes: "spec's parameters"},
		&conformance.Row{ID: "noci2022-fig2", Source: papers.Noci2022, Label: papers.Fig(2), Title: "Block diagram", Type: conformance.SchematicType, Setting: conformance.SchematicSetting, Reason: "a diagram"},
		&conformance.Row{ID: "tanner-fig1", Source: papers.Tanner, Label: papers.Fig(1), Title: "Phase diagram", Type: conformance.Data, Setting: conformance.Analogue, Reason: "one panel", Notebook: "nb"},
		&conformance.Row{ID: "tanner-schoenholz-fig5", Source: papers.Tanner, Label: papers.Of("Schoenholz", papers.Fig(5)), Title: "Trainable depth", Type: conformance.Data, Setting: conformance.Analogue, Section: conformance.Beyond, Reason: "recalled", Notebook: "nb"})
	if err != nil {
		t.Fatal(err)
	}
	return l
}

func TestRenderConformanceGolden(t *testing.T) {
	l := testList(t)
	drawn := []conformance.Drawn{{Notebook: "nb", ID: "f1", Paper: []string{"noci2022-fig1"}}, {Notebook: "nb", ID: "tab", Paper: []string{"noci2022-fig1"}},
		{Notebook: "nb", ID: "f3", Paper: []string{"tanner-fig1"}, Note: "left <panel>"}, {Notebook: "nb", ID: "eq", Note: "Noci et al. 2022, eq. (15)"},
		{Notebook: "nb", ID: "s5", Paper: []string{"tanner-schoenholz-fig5"}}}
	mets := []conformance.Metric{
		{Notebook: "nb", Metric: bundle.Metric{Name: "m ok", Value: 0.5, Tolerance: 1, Figure: "f1", Pass: true, Paper: "Noci et al. 2022, Fig. 1: the cosine <rises>", Central: true}},
		{Notebook: "nb", Metric: bundle.Metric{Name: "m bad", Value: 3, Tolerance: 2, Figure: "tab"}},
		{Notebook: "nb", Metric: bundle.Metric{Name: "m known", Value: 3, Tolerance: 2, Figure: "f3", Disagreement: &bundle.Disagreement{Paper: "Tanner: the phase line", Measured: "m", Why: "w", Declared: bundle.Declaration{Commit: "abcdef0"}}}},
	}
	off, err := l.Check(drawn, map[string]bool{"nb": true})
	if err != nil {
		t.Fatal(err)
	}
	page := ConformancePage{List: l, Results: l.Results(drawn, mets), OffList: off, Errors: []string{`notebook nb ran to the end at its own settings, but no figure of it claims "x"`},
		Pages: map[string]bool{"nb": true}}
	got, err := New().RenderConformance(page)
	if err != nil {
		t.Fatal(err)
	}
	checkGolden(t, "testdata/conformance.html.golden", got)
	again, _ := New().RenderConformance(page)
	if !bytes.Equal(got, again) {
		t.Error("conformance page is not deterministic")
	}
	s := string(got)
	for _, want := range []string{
		`<th>setting \ outcome</th><th><span class="badge pass">reproduced</span></th><th><span class="badge fail">not reproduced</span></th><th><span class="badge other">schematic</span></th><th>rows</th>`,
		`<tr><td>paper</td><td class="num">1</td><td class="num">0</td><td class="num">0</td><td class="num">1</td></tr>`,
		`<tr><td>analogue</td><td class="num">0</td><td class="num">1</td><td class="num">0</td><td class="num">1</td></tr>`,
		`By type: data 2 &middot; schematic 1 &middot; settings 0.`,
		`<h3 id="src-noci-et-al.-2022">Noci et al. 2022</h3>`,
		`1 of 1 claim check pass`, `central claim: Noci et al. 2022, Fig. 1: the cosine &lt;rises&gt;`,
		`0 of 1 claim check pass (1 known disagreement, counted as failed)`,
		`<h2 id="beyond">Beyond the sources</h2>`, `<h3 id="beyond-src-tanner-lecture">Tanner lecture</h3>`, `and <a href="#beyond">1 beyond the sources</a>, counted apart`,
		`no check of its figures quotes a claim of the source`,
		`<span class="nb">nb:</span> <a href="./nb.html#fig-f1"><code>f1</code></a>, <a href="./nb.html#fig-tab"><code>tab</code></a>`, // anchors on the notebook page
		`<span class="badge fail">1.5</span> m bad`, `<td class="num"><span class="badge fail">1.5</span></td>`,
		`Cosine &lt;over&gt; training`, `but no figure of it claims`, `<code>f3</code></a> <span class="note">(left &lt;panel&gt;)</span>`,
		`nb#eq</code></a>: Noci et al. 2022, eq. (15)`,
	} {
		if !strings.Contains(s, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	if _, err := New().RenderConformance(ConformancePage{List: l}); err == nil {
		t.Error("no error without results")
	}
}

// The metric summary flags a value of exactly 0 under a two-sided rule,
// not under a one-sided one.
func TestSummaryFlagsZero(t *testing.T) {
	var outs []ipynb.Output
	for _, m := range []bundle.Metric{
		{Name: "zero within", Value: 0, Tolerance: 1, Pass: true},
		{Name: "zero at most", Value: 0, Tolerance: 1, Rule: bundle.AtMost, Pass: true},
		{Name: "small", Value: 1e-17, Tolerance: 1, Pass: true},
	} {
		b := bundle.Bundle{Schema: bundle.SchemaVersion, Kind: bundle.KindMetric, Metric: &m}
		outs = append(outs, ipynb.Output{OutputType: "display_data", Data: map[string]json.RawMessage{bundle.MIMEType: bundleOutputData(t, b, false)}})
	}
	nb := &ipynb.Notebook{NBFormat: 4, Cells: []ipynb.Cell{{CellType: "code", Source: "x", ExecutionCount: intp(1), Outputs: outs}}}
	got, err := New().RenderNotebook(Page{Name: "z", Notebook: nb})
	if err != nil {
		t.Fatal(err)
	}
	s := string(got)
	if n := strings.Count(s, ">0 (exact)</span>"); n != 1 {
		t.Errorf("%d flagged values, want 1 (the two-sided zero)", n)
	}
	if !strings.Contains(s, "value exactly 0: 1</p>") {
		t.Error("summary does not count the zero value")
	}
}
