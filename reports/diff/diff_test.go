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

func fig(nb, id string, params map[string]float64, series ...bundle.Series) publish.FigureEntry {
	f := bundle.Figure{ID: id, Series: series, Params: params}
	return publish.FigureEntry{ID: id, Notebook: nb, DataHash: f.Hash(), Data: f}
}

func ser(name string, y ...float64) bundle.Series {
	x := make([]float64, len(y))
	for i := range x {
		x[i] = float64(i)
	}
	return bundle.Series{Name: name, X: bundle.Floats(x), Y: bundle.Floats(y)}
}

func metric(nb, name string, v, tol float64) publish.MetricEntry {
	return publish.MetricEntry{Name: name, Notebook: nb, Value: bundle.Float(v), Tolerance: bundle.Float(tol), Pass: math.Abs(v) <= tol}
}

func manifests() (a, b *publish.Manifest) {
	a = &publish.Manifest{Schema: publish.ManifestSchema,
		Figures: []publish.FigureEntry{
			fig("nb", "same", nil, ser("s", 1, 2, 3)),
			fig("nb", "moved", map[string]float64{"sigma_w": 1.5}, ser("theory", 1, 2, 3), ser("sim", 1, 2, 3)),
			fig("nb", "gone", nil, ser("s", 1)),
			fig("nb", "nan", nil, ser("s", 1, 2, 3)),
		},
		Metrics: []publish.MetricEntry{
			metric("nb", "stays", 0.1, 1),
			metric("nb", "crosses", 0.5, 1),
		},
	}
	b = &publish.Manifest{Schema: publish.ManifestSchema,
		Figures: []publish.FigureEntry{
			fig("nb", "same", nil, ser("s", 1, 2, 3+1e-13)), // within the default tolerance
			fig("nb", "moved", map[string]float64{"sigma_w": 1.6}, ser("theory", 1, 2.5, 3), ser("sim", 1, 2, 3)),
			fig("nb", "new", nil, ser("s", 1)),
			fig("nb", "nan", nil, ser("s", 1, math.NaN(), 3)),
		},
		Metrics: []publish.MetricEntry{
			metric("nb", "stays", 0.1, 1),
			metric("nb", "crosses", 1.5, 1),
		},
	}
	return a, b
}

func TestCompare(t *testing.T) {
	a, b := manifests()
	r := Compare(a, b, Options{})
	status := byID(r)
	for id, want := range map[string]string{"same": Unchanged, "moved": Changed, "gone": Removed, "new": Added, "nan": Changed} {
		if got := status[id].Status; got != want {
			t.Errorf("figure %s: status %s, want %s", id, got, want)
		}
	}
	if r.Figures[0].Status != Changed {
		t.Errorf("changed figures must come first, got %s first", r.Figures[0].Status)
	}
	mv := status["moved"]
	if len(mv.Params) != 1 || mv.Params[0] != "sigma_w: 1.5 -> 1.6" {
		t.Errorf("params = %v", mv.Params)
	}
	th := mv.Series[0]
	if th.Name != "theory" || th.Status != Changed || th.MaxAbs != 0.5 || th.AtIndex != 1 || th.AtX != 1 || math.Abs(th.MaxRel-0.2) > 1e-15 {
		t.Errorf("theory series diff = %+v, want max abs 0.5, rel 0.2 at index 1", th)
	}
	if mv.Series[1].Status != Unchanged {
		t.Errorf("sim series should be unchanged: %+v", mv.Series[1])
	}
	if n := status["nan"].Series[0]; n.Note != "NaN appeared at index 1" {
		t.Errorf("nan series note = %q", n.Note)
	}
	if r.Unchanged != 1 {
		t.Errorf("unchanged = %d, want 1", r.Unchanged)
	}
	if !r.FiguresMoved() || !r.MetricsRegressed() {
		t.Error("FiguresMoved and MetricsRegressed must both be true")
	}
	for _, m := range r.Metrics {
		switch m.Name {
		case "stays":
			if m.Status != Unchanged || m.Crossed {
				t.Errorf("stays: %+v", m)
			}
		case "crosses":
			if !m.Crossed || !m.Regressed || *m.Old != 0.5 || *m.New != 1.5 {
				t.Errorf("crosses: %+v", m)
			}
		}
	}
}

func TestCompareIdentical(t *testing.T) {
	a, _ := manifests()
	r := Compare(a, a, Options{})
	if r.FiguresMoved() || r.MetricsRegressed() {
		t.Errorf("a manifest differs from itself: %+v", r)
	}
	if r.Unchanged != len(a.Figures) {
		t.Errorf("unchanged = %d, want %d", r.Unchanged, len(a.Figures))
	}
}

func TestTolerance(t *testing.T) {
	a, b := manifests()
	// With rtol 0.3 the 2 -> 2.5 move (rel 0.2) is within tolerance, but the
	// parameter 1.5 -> 1.6 (rel 0.0625) too: only the NaN figure still moves.
	r := Compare(a, b, Options{RTol: 0.3})
	for _, f := range r.Figures {
		if f.ID == "moved" && f.Status != Unchanged {
			t.Errorf("moved figure should be within rtol 0.3: %+v", f)
		}
		if f.ID == "nan" && f.Status != Changed {
			t.Error("a NaN appearing is a change at any tolerance")
		}
	}
}

// TestExactWhenGiven checks that zero tolerances mean the defaults unless
// Given is set, and then compare exactly: figure "same" moves by 1e-13,
// within the default tolerances but not an exact comparison.
func TestExactWhenGiven(t *testing.T) {
	a, b := manifests()
	status := func(o Options) string {
		for _, f := range Compare(a, b, o).Figures {
			if f.ID == "same" {
				return f.Status
			}
		}
		return "missing"
	}
	if s := status(Options{}); s != Unchanged {
		t.Errorf("defaults: figure same is %s, want %s", s, Unchanged)
	}
	if s := status(Options{Given: true}); s != Changed {
		t.Errorf("rtol = atol = 0 given: figure same is %s, want %s", s, Changed)
	}
}

func TestWriteTextAndJSON(t *testing.T) {
	a, b := manifests()
	r := Compare(a, b, Options{})
	checkText(t, r,
		"changed   nb/moved", `series "theory" max |Δy| 0.5 (rel 0.2) at index 1 (x=1)`,
		"param sigma_w: 1.5 -> 1.6", "added     nb/new", "removed   nb/gone", "NaN appeared at index 1",
		"figures: 4 moved, 1 unchanged", "nb/crosses: 0.5 -> 1.5 (tol 1)  REGRESSED",
	)
	var js bytes.Buffer
	if err := r.WriteJSON(&js); err != nil {
		t.Fatal(err) // NaN max_abs of the length/NaN cases must not break JSON
	}
	var back map[string]any
	if err := json.Unmarshal(js.Bytes(), &back); err != nil {
		t.Fatalf("JSON report does not parse: %v", err)
	}
	if len(back["figures"].([]any)) != 5 {
		t.Errorf("JSON report has %d figures, want 5", len(back["figures"].([]any)))
	}
}

func TestRenderHTML(t *testing.T) {
	a, b := manifests()
	r := Compare(a, b, Options{})
	checkPage(t, r, "nb / moved", "<svg", "overlay: lines A, points B", "sigma_w: 1.5 -&gt; 1.6", "(regressed)", "Figures: 4 moved, 1 unchanged")
}

// byID indexes r's figures by id.
func byID(r *Report) map[string]FigureDiff {
	m := map[string]FigureDiff{}
	for _, f := range r.Figures {
		m[f.ID] = f
	}
	return m
}

// checkText writes r's text summary, checks that it holds every want and
// returns it.
func checkText(t *testing.T, r *Report, wants ...string) string {
	t.Helper()
	var txt bytes.Buffer
	if err := r.WriteText(&txt); err != nil {
		t.Fatal(err)
	}
	for _, want := range wants {
		if !strings.Contains(txt.String(), want) {
			t.Errorf("text summary lacks %q:\n%s", want, txt.String())
		}
	}
	return txt.String()
}

// checkPage renders r's HTML page and checks that it holds every want,
// does not show the unchanged figure nb/same, and is the same bytes when
// rendered again.
func checkPage(t *testing.T, r *Report, wants ...string) {
	t.Helper()
	page, err := r.RenderHTML("A", "B", "assets/")
	if err != nil {
		t.Fatal(err)
	}
	s := string(page)
	for _, want := range wants {
		if !strings.Contains(s, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	if strings.Contains(s, "nb / same") {
		t.Error("unchanged figure shown on the page")
	}
	again, _ := r.RenderHTML("A", "B", "assets/")
	if !bytes.Equal(page, again) {
		t.Error("diff page is not deterministic")
	}
}
