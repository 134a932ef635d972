package publish

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/kernel-ext/contract/picture"
	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/reports/execute"
	"github.com/sigprop/sigprop/reports/ipynb"
	"github.com/sigprop/sigprop/reports/render"
)

// TestFigureFiles: every figure of a built site has its SVG, PDF, PNG and
// CSV beside its page, linked from the figure, and the CSV holds exactly
// the manifest's data (NaN, error bars and heatmap cells included).
func TestFigureFiles(t *testing.T) {
	out := filepath.Join(t.TempDir(), "site")
	nan := math.NaN()
	r := executed(t, "a", 0.5)
	heat := executedWithSeries(t, "b", []show.Figure{
		{ID: "errs", Series: []show.Series{{Name: "sim, n=3", X: []float64{0.1, 1e-7, 2}, Y: []float64{1.0 / 3, nan, math.Inf(1)}, YErr: []float64{0.01, nan, 0}, Style: show.Points},
			{Name: "theory \"q\"", X: []float64{0, 2}, Y: []float64{0.3, 0.4}}}},
		{ID: "map", Heat: &show.Heat{Name: "loss", X: []float64{0, 1, 3}, Y: []float64{0, 2}, Z: []float64{0, 0.5, 1, nan, 0.25, 1}},
			Series: []show.Series{{Name: "edge", X: []float64{0, 3}, Y: []float64{0, 2}}}, Wide: true},
	})
	m, err := Build(out, []execute.Result{r, heat}, Provenance{})
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Figures) != 3 {
		t.Fatalf("%d figures, want 3", len(m.Figures))
	}
	if err := CheckFigureFiles(out, m); err != nil {
		t.Fatal(err)
	}
	// The page links every file of its figures.
	page, err := os.ReadFile(filepath.Join(out, "b.html"))
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"errs", "map"} {
		for _, ext := range render.FigureFormats {
			if href := "./b.figures/" + id + "." + ext; !strings.Contains(string(page), `href="`+href+`"`) {
				t.Errorf("b.html does not link %s", href)
			}
		}
	}
	if !strings.Contains(string(page), `<figure class="sigprop-figure wide" id="fig-map">`) {
		t.Error("the wide figure is not marked wide")
	}

	// The check fails on a changed number, a missing row and a missing file.
	csvPath := filepath.Join(out, "b.figures", "errs.csv")
	orig, _ := os.ReadFile(csvPath)
	for name, bad := range map[string]string{
		"changed value":   strings.Replace(string(orig), "0.3333333333333333", "0.3333333333333334", 1),
		"missing row":     strings.Replace(string(orig), "series,\"theory \"\"q\"\"\",2,0.4,,\n", "", 1),
		"NaN for a value": strings.Replace(string(orig), "series,\"theory \"\"q\"\"\",2,0.4,,", "series,\"theory \"\"q\"\"\",2,NaN,,", 1),
	} {
		if bad == string(orig) {
			t.Fatalf("%s: the mutation changed nothing in\n%s", name, orig)
		}
		os.WriteFile(csvPath, []byte(bad), 0o644)
		if err := CheckFigureFiles(out, m); err == nil {
			t.Errorf("%s: CheckFigureFiles found nothing wrong", name)
		}
	}
	os.WriteFile(csvPath, orig, 0o644)

	// An update of notebook a keeps b's figure files.
	m2, err := Update(out, []execute.Result{executed(t, "a", 0.25)}, Provenance{})
	if err != nil {
		t.Fatal(err)
	}
	if err := CheckFigureFiles(out, m2); err != nil {
		t.Errorf("after an update of a: %v", err)
	}

	os.Remove(filepath.Join(out, "b.figures", "map.png"))
	if err := CheckFigureFiles(out, m2); err == nil {
		t.Error("a missing PNG: CheckFigureFiles found nothing wrong")
	}
}

// executedWithSeries is executedWith for figures that bring their own
// series.
func executedWithSeries(t *testing.T, name string, figs []show.Figure) execute.Result {
	t.Helper()
	r := executedWith(t, name, plainMetric("m1", 0.5, 1))
	var outs = r.Notebook.Cells[1].Outputs
	for _, f := range figs {
		_, fb, err := picture.RenderFigure(f)
		if err != nil {
			t.Fatal(err)
		}
		outs = append(outs, bundleOutput(t, fb))
	}
	r.Notebook.Cells[1].Outputs = outs
	return r
}

// bundleOutput is the display_data output that carries b.
func bundleOutput(t *testing.T, b bundle.Bundle) ipynb.Output {
	t.Helper()
	data, err := bundle.Encode(b)
	if err != nil {
		t.Fatal(err)
	}
	return ipynb.Output{OutputType: "display_data", Data: map[string]json.RawMessage{bundle.MIMEType: data}}
}

// TestFigureCSVFormulaInjection: a name a spreadsheet would run as a
// formula is written behind a single quote; numbers, and names that read
// as numbers, are left as they are (issue 36: a series named
// =HYPERLINK(…) went into the CSV verbatim). CheckFigureFiles' reader
// takes the quoted name for the manifest's.
func TestFigureCSVFormulaInjection(t *testing.T) {
	f := bundle.Figure{ID: "f", Series: []bundle.Series{
		{Name: `=HYPERLINK("http://x","y")`, X: []bundle.Float{-1.5}, Y: []bundle.Float{2}},
		{Name: "+1+cmd|' /C calc'!A0", X: []bundle.Float{0}, Y: []bundle.Float{-3}},
		{Name: "@SUM(A1)", X: []bundle.Float{0}, Y: []bundle.Float{0}},
		{Name: "-x", X: []bundle.Float{0}, Y: []bundle.Float{0}},
		{Name: "-1.5", X: []bundle.Float{0}, Y: []bundle.Float{0}},
		{Name: "q^l", X: []bundle.Float{0}, Y: []bundle.Float{0}},
	}}
	rows, err := csv.NewReader(bytes.NewReader(FigureCSV(f))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	want := [][2]string{
		{`'=HYPERLINK("http://x","y")`, "-1.5"}, {"'+1+cmd|' /C calc'!A0", "0"}, {"'@SUM(A1)", "0"},
		{"'-x", "0"}, {"-1.5", "0"}, {"q^l", "0"},
	}
	for i, w := range want {
		if r := rows[i+1]; r[1] != w[0] || r[2] != w[1] {
			t.Errorf("row %d: name %q, x %q; want %q, %q", i+1, r[1], r[2], w[0], w[1])
		}
	}
	if rows[2][3] != "-3" {
		t.Errorf("a negative number was quoted: %q", rows[2][3])
	}
	if err := csvMatches(FigureCSV(f), f); err != nil {
		t.Errorf("the CSV does not read back as the figure: %v", err)
	}
}
