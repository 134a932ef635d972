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

func TestCompareCell(t *testing.T) {
	nan := math.NaN()
	for _, tc := range []struct {
		a, b          string
		same, numeric bool
		abs, rel      float64 // NaN: a text change
	}{
		{"0.123", "0.123", true, false, 0, 0},
		{"0.123", " 0.123000000000001 ", true, true, 0, 0},        // trimmed; within rtol 1e-9
		{"1.2e-05", "0.000012", true, true, 0, 0},                 // other spelling, same number
		{"0.5", "0.5000001", false, true, 1e-7, 1e-7 / 0.5000001}, // beyond rtol
		{"1.2e-05", "1.3e-05", false, true, 1e-6, 1e-6 / 1.3e-05},
		{"3.5 ± 0.25", "3.5 ± 0.25000000000001", true, true, 0, 0},
		{"3.5 ± 0.25", "3.5 ± 0.5", false, true, 0.25, 0.5}, // only the SD moved
		{"3.5 ± 0.25", "3.6 ± 0.25", false, true, 0.1 + 4e-16, 0.1 / 3.6},
		{"−0.5", "-0.5", true, true, 0, 0}, // the minus sign U+2212
		{"0.7183 (0.7183)", "0.7183 (0.7184)", false, true, 1e-4, 1e-4 / 0.7184},
		{"12 / 2048", "13 / 2048", false, true, 1, 1.0 / 13},
		{"3.5 ± 0.25", "3.5 +/- 0.25", false, false, nan, nan}, // other text around the numbers
		{"0.5", "—", false, false, nan, nan},
		{"0.5", "0.5 0.6", false, false, nan, nan}, // count of numbers changed
		{"yes", "no", false, false, nan, nan},
		{"SGD, POST-LN", "SGD, PRE-LN", false, false, nan, nan},
		{"1e999", "2e999", false, false, nan, nan}, // out of range: text
	} {
		same, numeric, abs, rel := CompareCell(tc.a, tc.b, Options{})
		ok := same == tc.same && numeric == tc.numeric
		if math.IsNaN(tc.abs) {
			ok = ok && math.IsNaN(abs) && math.IsNaN(rel)
		} else {
			ok = ok && math.Abs(abs-tc.abs) <= 1e-12*math.Max(1, tc.abs) && math.Abs(rel-tc.rel) <= 1e-9*tc.rel+1e-15
		}
		if !ok {
			t.Errorf("CompareCell(%q, %q) = %v, %v, %g, %g; want %v, %v, %g, %g", tc.a, tc.b, same, numeric, abs, rel, tc.same, tc.numeric, tc.abs, tc.rel)
		}
	}
	// A looser rtol absorbs the 0.25 -> 0.26 move (rel 0.038), not a text change.
	if same, _, _, _ := CompareCell("3.5 ± 0.25", "3.5 ± 0.26", Options{RTol: 0.05}); !same {
		t.Error("rtol 0.05 must absorb a relative change of 0.038")
	}
	if same, _, _, _ := CompareCell("3.5 ± 0.25", "3.5 ± 0.26", Options{RTol: 0.03}); same {
		t.Error("rtol 0.03 must not absorb a relative change of 0.038")
	}
}

func tab(nb, id, caption string, header []string, rows ...[]string) publish.TableEntry {
	d := bundle.Table{ID: id, Caption: caption, Header: header, Rows: rows}
	return publish.TableEntry{ID: id, Notebook: nb, DataHash: publish.TableHash(d), Data: d}
}

func tableManifests() (a, b *publish.Manifest) {
	h := []string{"run", "loss", "accuracy"}
	a = &publish.Manifest{Schema: publish.ManifestSchema, Tables: []publish.TableEntry{
		tab("nb", "same", "c", h, []string{"x", "0.5", "0.9"}),
		tab("nb", "moved", "c", h, []string{"SGD", "2.03 ± 0.01", "0.81"}, []string{"Adam", "1.5", "0.9"}),
		tab("nb", "text", "old caption", h, []string{"x", "0.5", "yes"}),
		tab("nb", "gone", "c", h),
	}}
	b = &publish.Manifest{Schema: publish.ManifestSchema, Tables: []publish.TableEntry{
		tab("nb", "same", "c", h, []string{"x", "0.50000000000001", "0.9"}), // within rtol
		tab("nb", "moved", "c", h, []string{"SGD", "2.03 ± 0.02", "0.81"}, []string{"Adam", "1.5", "0.9"}, []string{"new", "1", "1"}),
		tab("nb", "text", "new caption", []string{"run", "loss", "acc"}, []string{"x", "0.5", "no"}),
		tab("nb", "new", "c", h),
	}}
	return a, b
}

func TestCompareTables(t *testing.T) {
	a, b := tableManifests()
	r := Compare(a, b, Options{})
	if !r.TablesCompared || r.UnchangedTables != 1 || !r.TablesMoved() {
		t.Fatalf("compared %v, unchanged %d, moved %v; want true, 1, true", r.TablesCompared, r.UnchangedTables, r.TablesMoved())
	}
	if r.FiguresMoved() || r.MetricsRegressed() {
		t.Error("no figure or metric moved")
	}
	got := map[string]TableDiff{}
	for _, d := range r.Tables {
		got[d.ID] = d
	}
	for id, want := range map[string]string{"same": Unchanged, "moved": Changed, "text": Changed, "gone": Removed, "new": Added} {
		if got[id].Status != want {
			t.Errorf("table %s: status %s, want %s", id, got[id].Status, want)
		}
	}
	if r.Tables[0].Status != Changed || r.Tables[len(r.Tables)-1].Status != Unchanged {
		t.Errorf("changed tables first, unchanged last: %v ... %v", r.Tables[0].Status, r.Tables[len(r.Tables)-1].Status)
	}
	mv := got["moved"]
	if len(mv.Changes) != 1 || mv.Changes[0] != "rows 2 -> 3" || len(mv.Cells) != 1 {
		t.Fatalf("moved: changes %q, cells %+v", mv.Changes, mv.Cells)
	}
	c := mv.Cells[0]
	if c.Row != 0 || c.Col != 1 || c.Column != "loss" || c.Label != "SGD" || !c.Numeric || math.Abs(c.MaxAbs-0.01) > 1e-15 || math.Abs(mv.MaxRel-0.5) > 1e-12 {
		t.Errorf("moved cell %+v (table max rel %g), want (0, 1) loss of SGD, |Δ| 0.01, rel 0.5", c, mv.MaxRel)
	}
	tx := got["text"]
	if len(tx.Changes) != 2 || !strings.HasPrefix(tx.Changes[0], `caption "old caption" -> "new caption"`) || !strings.HasPrefix(tx.Changes[1], "header") ||
		len(tx.Cells) != 1 || tx.Cells[0].Numeric || tx.Cells[0].New != "no" || tx.MaxAbs != 0 {
		t.Errorf("text table: %+v", tx)
	}
	if self := Compare(a, a, Options{}); self.TablesMoved() || self.UnchangedTables != len(a.Tables) {
		t.Errorf("a manifest's tables differ from themselves: %+v", self.Tables)
	}
}

// A schema 1 manifest has no table record: the tables are not compared,
// rather than all added or removed.
func TestCompareTablesOldManifest(t *testing.T) {
	_, b := tableManifests()
	old := &publish.Manifest{Schema: 1}
	for _, r := range []*Report{Compare(old, b, Options{}), Compare(b, old, Options{})} {
		if r.TablesCompared || r.TablesMoved() || len(r.Tables) != 0 {
			t.Errorf("old manifest: compared %v, tables %+v", r.TablesCompared, r.Tables)
		}
		checkText(t, r, "tables: not compared (a report predates tables in the manifest)")
		checkPage(t, r, "Not compared: a report predates tables in the manifest.")
		var js bytes.Buffer
		if err := r.WriteJSON(&js); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(js.String(), `"tables": null`) {
			t.Errorf("JSON tables of an uncompared report must be null:\n%s", js.String())
		}
	}
}

func TestTablesTextJSONHTML(t *testing.T) {
	a, b := tableManifests()
	// Many moved cells: the text lists the first few, JSON and page all.
	var rowsA, rowsB [][]string
	for i := range 8 {
		rowsA = append(rowsA, []string{"r", "1"})
		rowsB = append(rowsB, []string{"r", string(rune('2' + i))})
	}
	a.Tables = append(a.Tables, tab("nb", "many", "", []string{"k", "v"}, rowsA...))
	b.Tables = append(b.Tables, tab("nb", "many", "", []string{"k", "v"}, rowsB...))
	r := Compare(a, b, Options{})
	checkText(t, r,
		"table changed   nb/moved: max |Δ| 0.01 (rel 0.5) over numeric cells", "          rows 2 -> 3",
		`cell (0, 1) [SGD | loss] "2.03 ± 0.01" -> "2.03 ± 0.02" (|Δ| 0.01, rel 0.5)`,
		`caption "old caption" -> "new caption"`, `cell (0, 2) [x | acc] "yes" -> "no"`,
		"table added     nb/new", "table removed   nb/gone", "... and 3 more cells",
		"tables: 5 moved, 1 unchanged (numeric cells: rtol 1e-09, atol 1e-12)")
	var js bytes.Buffer
	if err := r.WriteJSON(&js); err != nil {
		t.Fatal(err) // the NaN of a text cell must not break JSON
	}
	var back struct {
		Tables []struct {
			ID     string `json:"id"`
			Status string `json:"status"`
			Cells  []struct {
				Numeric bool     `json:"numeric"`
				MaxAbs  *float64 `json:"max_abs"`
			} `json:"cells"`
		} `json:"tables"`
		UnchangedTables int `json:"unchanged_tables"`
	}
	if err := json.Unmarshal(js.Bytes(), &back); err != nil {
		t.Fatalf("JSON report does not parse: %v", err)
	}
	cells := map[string]int{}
	for _, tb := range back.Tables {
		cells[tb.ID] = len(tb.Cells)
		if tb.ID == "text" && (tb.Cells[0].Numeric || tb.Cells[0].MaxAbs != nil) {
			t.Errorf("text cell in JSON: %+v", tb.Cells[0])
		}
	}
	if len(back.Tables) != 6 || back.UnchangedTables != 1 || cells["many"] != 8 {
		t.Errorf("JSON: %d tables, %d unchanged, %d cells of many; want 6, 1, 8", len(back.Tables), back.UnchangedTables, cells["many"])
	}
	// checkPage also checks that the unchanged table nb/same is not shown.
	checkPage(t, r, "Tables: 5 moved, 1 unchanged", "nb / moved", "<li>rows 2 -&gt; 3</li>",
		"<td>0: SGD</td><td>1: loss</td><td>2.03 ± 0.01</td><td>2.03 ± 0.02</td>", `<td colspan="2">text</td>`)
}
