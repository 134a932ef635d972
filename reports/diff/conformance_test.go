package diff

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/reports/publish"
)

func row(id, status string, worst *float64, figs ...string) publish.ConformanceEntry {
	e := publish.ConformanceEntry{ID: id, Status: status, Figures: figs}
	if worst != nil {
		w := bundle.Float(*worst)
		e.WorstRatio = &w
	}
	return e
}

func ptr(x float64) *float64 { return &x }

// computed is row as a report of manifest schema 3 writes it: a typed
// setting and a computed outcome instead of a typed status.
func computed(id, setting, outcome string, worst *float64, figs ...string) publish.ConformanceEntry {
	e := row(id, "", worst, figs...)
	e.Setting, e.Outcome = setting, outcome
	return e
}

func TestCompareConformance(t *testing.T) {
	a, b := manifests()
	a.Conformance = []publish.ConformanceEntry{
		row("same", "reproduced", ptr(0.5), "nb#f"),
		row("status", "partial", ptr(0.5), "nb#f"),
		row("crosses", "reproduced", ptr(0.9), "nb#f"),
		row("stays-below", "reproduced", ptr(0.2), "nb#f"),
		row("gains-metric", "partial", nil, "nb#f"),
		row("figs", "partial", nil, "nb#f", "nb#g"),
		row("gone", "not reproduced", nil),
	}
	// The new report computes its outcomes (schema 3); the old one typed
	// them (its Status is read as the outcome).
	b.Conformance = []publish.ConformanceEntry{
		computed("same", "paper", "reproduced", ptr(0.5), "nb#f"),
		computed("status", "paper", "reproduced", ptr(0.5), "nb#f"),
		computed("crosses", "paper", "reproduced", ptr(1.2), "nb#f"),
		computed("stays-below", "paper", "reproduced", ptr(0.7), "nb#f"),
		computed("gains-metric", "paper", "partial", ptr(0.3), "nb#f"),
		computed("figs", "paper", "partial", nil, "nb#f", "nb#h"),
		computed("new", "analogue", "not checked", nil, "nb#x"),
	}
	r := Compare(a, b, Options{})
	if !r.ConformanceCompared {
		t.Fatal("not compared")
	}
	got := map[string]ConformanceDiff{}
	for _, c := range r.Conformance {
		got[c.ID] = c
	}
	for id, want := range map[string]string{
		"status":       "changed: outcome partial -> reproduced",
		"crosses":      "changed: worst ratio 0.9 -> 1.2",
		"gains-metric": "changed: worst ratio (none) -> 0.3",
		"figs":         "changed: figures +nb#h -nb#g",
		"gone":         "removed: removed (was not reproduced)",
		"new":          "added: added with outcome not checked",
	} {
		c, ok := got[id]
		if !ok {
			t.Errorf("row %s: not reported", id)
			continue
		}
		if s := c.Status + ": " + strings.Join(c.Changes, "; "); s != want {
			t.Errorf("row %s: %q, want %q", id, s, want)
		}
	}
	if _, ok := got["same"]; ok {
		t.Error("unchanged row reported")
	}
	if _, ok := got["stays-below"]; ok {
		t.Error("a worst ratio that moved but stayed below 1 is reported")
	}
	if !got["crosses"].Crossed || got["status"].Crossed {
		t.Error("Crossed flag wrong")
	}
	checkText(t, r, "conformance changed status: outcome partial -> reproduced", "conformance added   new: added with outcome not checked", "conformance: 6 rows changed",
		"conformance count paper / reproduced: 0 -> 4", "conformance count (no setting) / reproduced: 3 -> 0", "conformance count analogue / not checked: 0 -> 1")
	var js bytes.Buffer
	if err := r.WriteJSON(&js); err != nil {
		t.Fatal(err)
	}
	var back struct {
		Conformance []ConformanceDiff  `json:"conformance"`
		Counts      []ConformanceCount `json:"conformance_counts"`
	}
	if err := json.Unmarshal(js.Bytes(), &back); err != nil || len(back.Conformance) != 6 {
		t.Errorf("JSON conformance: %v, %d rows", err, len(back.Conformance))
	}
	if !slices.Contains(back.Counts, ConformanceCount{Setting: "paper", Outcome: "partial", Old: 0, New: 2}) {
		t.Errorf("JSON counts %+v lack paper/partial 0 -> 2", back.Counts)
	}
	page, err := r.RenderHTML("A", "B", "assets/")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"<td>status</td>", "partial → reproduced", "0.9 → 1.2", "figures &#43;nb#h -nb#g"} {
		if !strings.Contains(string(page), want) {
			t.Errorf("page lacks %q", want)
		}
	}
}

// A report made before the conformance list is not compared row by row.
func TestCompareConformanceOldReport(t *testing.T) {
	a, b := manifests()
	b.Conformance = []publish.ConformanceEntry{row("x", "partial", nil, "nb#f")}
	r := Compare(a, b, Options{})
	if r.ConformanceCompared || len(r.Conformance) != 0 {
		t.Errorf("compared against a report without conformance: %+v", r.Conformance)
	}
	var txt bytes.Buffer
	r.WriteText(&txt)
	if !strings.Contains(txt.String(), "conformance: not compared") {
		t.Errorf("text:\n%s", txt.String())
	}
}
