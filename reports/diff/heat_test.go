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

// heat is a grid with cell centres x, y and row-major z (z[j*nx+i]).
func heat(x, y, z []float64) *bundle.Heat {
	return &bundle.Heat{Name: "loss", X: bundle.Floats(x), Y: bundle.Floats(y), Z: bundle.Floats(z), ZLabel: "final loss"}
}

func heatFig(nb, id string, h *bundle.Heat, series ...bundle.Series) publish.FigureEntry {
	e := fig(nb, id, nil, series...)
	e.Data.Heat = h
	e.DataHash = e.Data.Hash()
	return e
}

// heatManifests: a 3×2 grid (x = 0, 1, 3; y = 0.5, 2) in several variants.
func heatManifests() (a, b *publish.Manifest) {
	x, y := []float64{0, 1, 3}, []float64{0.5, 2}
	z := func(mod func(z []float64)) []float64 {
		v := []float64{1, 2, 3, 4, 5, 6}
		if mod != nil {
			mod(v)
		}
		return v
	}
	a = &publish.Manifest{Schema: publish.ManifestSchema, Figures: []publish.FigureEntry{
		heatFig("nb", "same", heat(x, y, z(nil)), ser("s", 1, 2)),
		heatFig("nb", "cell", heat(x, y, z(nil))),
		heatFig("nb", "shape", heat(x, y, z(nil))),
		heatFig("nb", "transposed", heat(x, y, z(nil))),
		heatFig("nb", "nan", heat(x, y, z(nil))),
		heatFig("nb", "xmoved", heat(x, y, z(nil))),
		heatFig("nb", "gains", nil, ser("s", 1, 2)),
		heatFig("nb", "series-only-moves", heat(x, y, z(nil)), ser("s", 1, 2)),
	}}
	b = &publish.Manifest{Schema: publish.ManifestSchema, Figures: []publish.FigureEntry{
		// 6 + 1e-13 is within the default tolerance (atol 1e-12).
		heatFig("nb", "same", heat(x, y, z(func(z []float64) { z[5] += 1e-13 })), ser("s", 1, 2)),
		// Cell (i, j) = (2, 1), at (x, y) = (3, 2): 6 -> 4.5, |Δz| 1.5, rel 0.25;
		// and cell (0, 0): 1 -> 1.5, |Δz| 0.5, rel 1/3 (the largest rel).
		heatFig("nb", "cell", heat(x, y, z(func(z []float64) { z[5] = 4.5; z[0] = 1.5 }))),
		heatFig("nb", "shape", heat([]float64{0, 1, 3, 4}, y, []float64{1, 2, 3, 3.5, 4, 5, 6, 6.5})),
		// Same number of cells, another shape: still structural.
		heatFig("nb", "transposed", heat(y, x, z(nil))),
		heatFig("nb", "nan", heat(x, y, z(func(z []float64) { z[4] = math.NaN() }))),
		heatFig("nb", "xmoved", heat([]float64{0, 1.5, 3}, y, z(nil))),
		heatFig("nb", "gains", heat(x, y, z(nil)), ser("s", 1, 2)),
		heatFig("nb", "series-only-moves", heat(x, y, z(nil)), ser("s", 1, 3)),
	}}
	return a, b
}

func TestCompareHeat(t *testing.T) {
	a, b := heatManifests()
	r := Compare(a, b, Options{})
	got := byID(r)
	for id, want := range map[string]string{
		"same": Unchanged, "cell": Changed, "shape": Changed, "transposed": Changed, "nan": Changed,
		"xmoved": Changed, "gains": Changed, "series-only-moves": Changed,
	} {
		if got[id].Status != want {
			t.Errorf("figure %s: status %s, want %s", id, got[id].Status, want)
		}
	}
	if h := got["same"].Heat; h != nil {
		t.Errorf("unchanged figure keeps a heat diff %+v", h)
	}

	// Differences of exactly representable values: exact except the
	// relative 1/3, compared to 1e-15.
	c := got["cell"].Heat
	if c == nil || c.Status != Changed || c.MaxAbs != 1.5 || c.AtI != 2 || c.AtJ != 1 || c.AtX != 3 || c.AtY != 2 || math.Abs(c.MaxRel-1.0/3) > 1e-15 || c.Note != "" {
		t.Errorf("cell diff = %+v, want max |Δz| 1.5 at cell (2, 1) = (3, 2), max rel 1/3", c)
	}

	s := got["shape"].Heat
	if s == nil || !s.ShapeChanged() || s.Note != "shape 3×2 -> 4×2" || s.OldNX != 3 || s.NewNX != 4 || s.AtI != -1 {
		t.Errorf("shape diff = %+v, want a structural change 3×2 -> 4×2", s)
	}

	if tr := got["transposed"].Heat; tr == nil || !tr.ShapeChanged() || tr.Note != "shape 3×2 -> 2×3" {
		t.Errorf("transposed diff = %+v, want a structural change 3×2 -> 2×3", tr)
	}

	n := got["nan"].Heat
	if n == nil || n.Status != Changed || n.Note != "NaN appeared at cell (1, 1)" || n.AtI != -1 || n.MaxAbs != 0 {
		t.Errorf("nan diff = %+v, want NaN appeared at cell (1, 1) and no finite change", n)
	}

	x := got["xmoved"].Heat
	if x == nil || x.Status != Changed || !x.XMoved || x.YMoved || x.AtI != -1 {
		t.Errorf("xmoved diff = %+v, want x moved only", x)
	}

	if g := got["gains"].Heat; g == nil || g.Status != Added || g.NewNX != 3 || g.NewNY != 2 {
		t.Errorf("gains diff = %+v, want heat added (3×2)", g)
	}

	// A figure that changed through its series alone reports its heat as
	// unchanged.
	if h := got["series-only-moves"].Heat; h == nil || h.Status != Unchanged {
		t.Errorf("series-only-moves heat = %+v, want unchanged", h)
	}

	// Reversing the comparison swaps added and removed, and a figure
	// compared with itself has no difference at all.
	for _, f := range Compare(b, a, Options{}).Figures {
		if f.ID == "gains" && (f.Heat == nil || f.Heat.Status != Removed) {
			t.Errorf("reversed gains: %+v", f.Heat)
		}
	}
	if self := Compare(a, a, Options{}); self.FiguresMoved() || self.Unchanged != len(a.Figures) {
		t.Errorf("a manifest with heat grids differs from itself: %+v", self.Figures)
	}
}

func TestHeatTolerance(t *testing.T) {
	a, b := heatManifests()
	// rtol 0.4 covers the cell changes (rel ≤ 1/3) and the x move 1 -> 1.5
	// (rel 1/3), but no tolerance hides a NaN or a shape change.
	r := Compare(a, b, Options{RTol: 0.4})
	for _, f := range r.Figures {
		switch f.ID {
		case "cell", "xmoved":
			if f.Status != Unchanged {
				t.Errorf("%s should be within rtol 0.4: %+v", f.ID, f.Heat)
			}
		case "nan", "shape", "transposed":
			if f.Status != Changed {
				t.Errorf("%s must change at any tolerance", f.ID)
			}
		}
	}
}

func TestHeatOutputs(t *testing.T) {
	a, b := heatManifests()
	r := Compare(a, b, Options{})

	txt := checkText(t, r,
		`heat "loss" max |Δz| 1.5 (rel 0.333) at cell (2, 1) (x=3, y=2)`,
		`heat "loss" shape 3×2 -> 4×2`,
		`heat "loss" NaN appeared at cell (1, 1)`,
		`heat "loss" x moved`,
		`heat "loss" added (3×2)`,
	)
	if strings.Contains(txt, "nb/same") {
		t.Error("unchanged figure in the text summary")
	}

	var js bytes.Buffer
	if err := r.WriteJSON(&js); err != nil {
		t.Fatal(err) // the NaN max_abs of the shape change must not break JSON
	}
	var back struct {
		Figures []struct {
			ID   string `json:"id"`
			Heat *struct {
				Status string   `json:"status"`
				MaxAbs *float64 `json:"max_abs"`
				AtI    int      `json:"at_i"`
				AtJ    int      `json:"at_j"`
				Note   string   `json:"note"`
			} `json:"heat"`
		} `json:"figures"`
	}
	if err := json.Unmarshal(js.Bytes(), &back); err != nil {
		t.Fatalf("JSON report does not parse: %v", err)
	}
	for _, f := range back.Figures {
		switch f.ID {
		case "cell":
			if f.Heat == nil || f.Heat.MaxAbs == nil || *f.Heat.MaxAbs != 1.5 || f.Heat.AtI != 2 || f.Heat.AtJ != 1 {
				t.Errorf("JSON cell heat = %+v", f.Heat)
			}
		case "shape":
			if f.Heat == nil || f.Heat.MaxAbs != nil || f.Heat.Note != "shape 3×2 -> 4×2" {
				t.Errorf("JSON shape heat = %+v, want max_abs null and the shape note", f.Heat)
			}
		case "same":
			if f.Heat != nil {
				t.Error("JSON reports a heat diff for an unchanged figure")
			}
		}
	}

	checkPage(t, r,
		"<th>max |Δz|</th>", "<td>(2, 1)</td><td>(3, 2)</td>", "3×2 → 4×2", "shape 3×2 -&gt; 4×2",
		"NaN appeared at cell (1, 1)", " x moved", "— → 3×2",
		"colour: z(B) − z(A)", // the overlay of a changed grid maps the difference
		"Δ final loss (B − A)",
		"fill:#440154", // viridis cells in the pictures
	)
}
