package diff

import (
	"bytes"
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/reports/publish"
)

// A value glued into the prose is compared like a metric's value: a
// change within the tolerances is not listed, one beyond is, in the text,
// the JSON and the page; added and removed values are listed too.
func TestCompareValues(t *testing.T) {
	a, b := manifests()
	a.Values = []publish.ValueEntry{
		{Name: "xi", Notebook: "nb", Value: 3.6, Text: "3.6"},
		{Name: "same", Notebook: "nb", Value: 1, Text: "1.00"},
		{Name: "nan", Notebook: "nb", Value: 1, Text: "1"},
		{Name: "gone", Notebook: "nb", Value: 2, Text: "2"},
	}
	b.Values = []publish.ValueEntry{
		{Name: "xi", Notebook: "nb", Value: 3.7, Text: "3.7"},
		{Name: "same", Notebook: "nb", Value: 1 + 1e-13, Text: "1.00"},
		{Name: "nan", Notebook: "nb", Value: bundle.Float(math.NaN()), Text: "NaN"},
		{Name: "new", Notebook: "nb", Value: 5, Text: "5"},
	}
	r := Compare(a, b, Options{})
	got := map[string]string{}
	for _, v := range r.Values {
		got[v.Name] = v.Status
	}
	want := map[string]string{"xi": Changed, "nan": Changed, "gone": Removed, "new": Added}
	if len(got) != len(want) || r.UnchangedValues != 1 {
		t.Errorf("values %v (unchanged %d), want %v and 1 unchanged", got, r.UnchangedValues, want)
	}
	for k, s := range want {
		if got[k] != s {
			t.Errorf("value %s: %q, want %q", k, got[k], s)
		}
	}
	if !r.ValuesMoved() {
		t.Error("ValuesMoved false")
	}
	checkText(t, r, "value changed nb/xi: 3.6 -> 3.7", "values: 4 moved, 1 unchanged")
	var js bytes.Buffer
	if err := r.WriteJSON(&js); err != nil {
		t.Fatal(err)
	}
	var back struct {
		Values []ValueDiff `json:"values"`
	}
	if err := json.Unmarshal(js.Bytes(), &back); err != nil || len(back.Values) != 4 {
		t.Errorf("JSON values: %v, %d", err, len(back.Values))
	}
	page, err := r.RenderHTML("A", "B", "assets/")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(page), "<td>nb</td><td>xi</td><td class=\"st-changed\">changed</td><td>3.6</td><td>3.7</td>") {
		t.Error("page does not list the moved value")
	}
	// Only a glued value moved: the comparison is not clean.
	a2, b2 := manifests()
	b2.Figures, b2.Metrics = a2.Figures, a2.Metrics
	a2.Values = []publish.ValueEntry{{Name: "xi", Notebook: "nb", Value: 3.6}}
	b2.Values = []publish.ValueEntry{{Name: "xi", Notebook: "nb", Value: 3.61}}
	r2 := Compare(a2, b2, Options{})
	if r2.FiguresMoved() || !r2.ValuesMoved() {
		t.Errorf("figures moved %v, values moved %v; want false, true", r2.FiguresMoved(), r2.ValuesMoved())
	}
}

// A run with parameters is compared with the same notebook of the other
// report only: the other notebooks are neither removed nor added, and the
// parameters that differ are listed at the top.
func TestCompareParamRun(t *testing.T) {
	a, b := manifests()
	a.Notebooks = []publish.NotebookEntry{{Name: "nb", Status: "ok"}, {Name: "other", Status: "ok"}}
	a.Figures = append(a.Figures, fig("other", "f", nil, ser("s", 1)))
	a.Metrics = append(a.Metrics, metric("other", "m", 0.1, 1))
	a.Values = []publish.ValueEntry{{Name: "v", Notebook: "other", Value: 1}}
	a.Conformance = []publish.ConformanceEntry{{ID: "row-other", Figures: []string{"other#f"}, Outcome: "reproduced"}, {ID: "row-nb", Figures: []string{"nb#same"}, Outcome: "reproduced"}}
	b.Notebooks = []publish.NotebookEntry{{Name: "nb", Status: "ok", Params: map[string]string{"Gamma": "0.4", "Tau0": "1"}}}
	b.Conformance = []publish.ConformanceEntry{{ID: "row-nb", Figures: []string{"nb#same"}, Outcome: "reproduced"}}
	r := Compare(a, b, Options{})
	for _, f := range r.Figures {
		if f.Notebook != "nb" {
			t.Errorf("figure of %s compared: %+v", f.Notebook, f.Status)
		}
	}
	for _, m := range r.Metrics {
		if m.Notebook != "nb" {
			t.Errorf("metric of %s compared", m.Notebook)
		}
	}
	if !r.ConformanceCompared {
		t.Error("conformance not compared although both reports carry the list")
	}
	if len(r.Values) != 0 || len(r.Conformance) != 0 {
		t.Errorf("values %+v, conformance %+v: the other notebook's entries compared", r.Values, r.Conformance)
	}
	if len(r.Scope) != 1 || r.Scope[0] != "nb" || len(r.Params) != 2 || r.Params[0] != (ParamDiff{Notebook: "nb", Name: "Gamma", Old: "", New: "0.4"}) {
		t.Errorf("scope %v, params %+v", r.Scope, r.Params)
	}
	checkText(t, r, "a run with parameters: compared on nb only", "param nb/Gamma: (the notebook's own) -> 0.4", "param nb/Tau0: (the notebook's own) -> 1")
	page, err := r.RenderHTML("A", "B", "assets/")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(page), "<td>nb</td><td>Gamma</td><td>(the notebook&#39;s own)</td><td>0.4</td>") {
		t.Errorf("page lacks the parameter table")
	}
	// Rows of other notebooks only: compared, with nothing to list (not
	// "a report predates the list").
	a.Conformance = a.Conformance[:1]
	b.Conformance = []publish.ConformanceEntry{{ID: "row-other", Outcome: "not in this report"}}
	if r := Compare(a, b, Options{}); !r.ConformanceCompared || len(r.Conformance) != 0 {
		t.Errorf("rows of other notebooks: compared %v, %+v", r.ConformanceCompared, r.Conformance)
	}
	// Two reports at the notebooks' own settings compare every notebook.
	b.Notebooks = nil
	if r := Compare(a, b, Options{}); len(r.Scope) != 0 {
		t.Errorf("scope %v without a run with parameters", r.Scope)
	}
}
