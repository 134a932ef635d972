package render

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/reports/conformance"
	"github.com/sigprop/sigprop/reports/ipynb"
)

// knownMetrics: one pass, one declared known disagreement (its claim
// fails), one plain failure.
func knownMetrics() []bundle.Metric {
	d := &bundle.Disagreement{Paper: "shaped trains as well as Pre-LN", Measured: "shaped trains worse", Why: "250 steps",
		Declared: bundle.Declaration{Commit: "abcdef0", Pilot: "a 100-step pilot", PilotSeeds: []uint64{1}, DataSeeds: []uint64{1, 2, 3}}}
	return []bundle.Metric{
		{Name: "ok", Value: 0.5, Tolerance: 1, Pass: true, Figure: "f1"},
		{Name: "kd", Value: 4.6, Tolerance: 2, Rule: bundle.AtMost, Figure: "f1", Disagreement: d},
		{Name: "bad", Value: 3, Tolerance: 2, Figure: "f1"},
	}
}

// TestKnownDisagreementPages: a known disagreement has its own badge and
// count on the notebook page, the index and the conformance page, counts
// as a failed claim in the conformance row's worst ratio, and does not
// fail a notebook whose other metrics pass. Its timing is generated from
// its record.
func TestKnownDisagreementPages(t *testing.T) {
	var outs []ipynb.Output
	for _, m := range knownMetrics() {
		b := bundle.Bundle{Schema: bundle.SchemaVersion, Kind: bundle.KindMetric, Metric: &m}
		outs = append(outs, ipynb.Output{OutputType: "display_data", Data: map[string]json.RawMessage{bundle.MIMEType: bundleOutputData(t, b, false)}})
	}
	nb := &ipynb.Notebook{NBFormat: 4, Cells: []ipynb.Cell{{CellType: "code", Source: "x", ExecutionCount: intp(1), Outputs: outs}}}
	page, err := New().RenderNotebook(Page{Name: "z", Notebook: nb})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`metrics 1/3 passed &middot; <span class="badge known">1 known disagreement</span>`,
		`<span class="badge known">KNOWN DISAGREEMENT</span>`, `known disagreement, declared after the result was seen (the pilot (a 100-step pilot; seeds 1) shares seeds with the reported data (seeds 1, 2, 3)) in commit abcdef0: the paper: shaped trains as well as Pre-LN; sigprop: shaped trains worse; why: 250 steps`} {
		if !strings.Contains(string(page), want) {
			t.Errorf("notebook page lacks %q", want)
		}
	}
	e, err := NewIndexEntry(Page{Name: "z", Notebook: nb}, "z.html")
	if err != nil {
		t.Fatal(err)
	}
	if e.MetricsPassed != 1 || e.Known != 1 || e.Metrics != 3 {
		t.Fatalf("index entry %+v: want 1 passed, 1 known of 3", e)
	}
	clean := e
	clean.Metrics, clean.Name = 2, "clean" // the pass and the known disagreement only
	idx, err := New().RenderIndex([]IndexEntry{clean}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`<span class="badge ok">ok</span> 1 notebooks, 0 failed`, `metrics 1/2 passed &middot; <span class="badge known">1 known disagreement</span>`,
		`<td class="num"><span class="badge known">1</span></td>`} {
		if !strings.Contains(string(idx), want) {
			t.Errorf("index lacks %q:\n%s", want, idx)
		}
	}
	l := testList(t)
	drawn := []conformance.Drawn{{Notebook: "nb", ID: "f1", Paper: []string{"noci2022-fig1"}}, {Notebook: "nb", ID: "tab", Paper: []string{"noci2022-fig1"}}, {Notebook: "nb", ID: "f3", Paper: []string{"tanner-fig1"}}}
	var mets []conformance.Metric
	for _, m := range knownMetrics()[:2] {
		mets = append(mets, conformance.Metric{Notebook: "nb", Metric: m})
	}
	res := l.Results(drawn, mets)
	if res[0].Known != 1 || res[0].Worst != 2.3 || res[0].Outcome != conformance.NotReproduced {
		t.Fatalf("row result: known %d, worst %v, outcome %q; want 1, 2.3 (the known disagreement's ratio counts) and not reproduced (its only claim does not hold)", res[0].Known, res[0].Worst, res[0].Outcome)
	}
	conf, err := New().RenderConformance(ConformancePage{List: l, Results: res, Pages: map[string]bool{"nb": true}})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`<span class="badge known">1 known disagreement</span> in 1 row:`, `<span class="badge known">2.3</span> kd`,
		`<span class="badge fail">2.3</span><br><span class="badge known">1 known</span>`} {
		if !strings.Contains(string(conf), want) {
			t.Errorf("conformance page lacks %q", want)
		}
	}
}
