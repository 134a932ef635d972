package publish

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/reports/execute"
	"github.com/sigprop/sigprop/reports/render"
)

// siteFigureFiles returns the figure files of the site out, by path.
func siteFigureFiles(t *testing.T, out string, m *Manifest) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	for _, fe := range m.Figures {
		for _, ext := range render.FigureFormats {
			p := render.FigureFile(fe.Notebook, fe.ID, ext)
			b, err := os.ReadFile(filepath.Join(out, filepath.FromSlash(p)))
			if err != nil {
				t.Fatal(err)
			}
			files[p] = b
		}
	}
	return files
}

// TestFigureCache: a site built with the figure cache has the same figure
// files, byte for byte, as one drawn anew, whether the cache was empty
// (drawn and stored) or full (copied); the second build does copy them
// from the cache.
func TestFigureCache(t *testing.T) {
	tmp := t.TempDir()
	cache := filepath.Join(tmp, "figcache")
	results := func() []execute.Result {
		return []execute.Result{executed(t, "a", 0.5), executedWithSeries(t, "b", []show.Figure{
			{ID: "map", Heat: &show.Heat{Name: "loss", X: []float64{0, 1, 3}, Y: []float64{0, 2}, Z: []float64{0, 0.5, 1, 0.3, 0.25, 1}},
				Series: []show.Series{{Name: "edge", X: []float64{0, 3}, Y: []float64{0, 2}, Style: show.Dashed}}, Wide: true},
		})}
	}
	build := func(name string, opts ...BuildOption) map[string][]byte {
		out := filepath.Join(tmp, name)
		m, err := Build(out, results(), Provenance{}, opts...)
		if err != nil {
			t.Fatal(err)
		}
		if len(m.Figures) != 2 {
			t.Fatalf("%d figures, want 2", len(m.Figures))
		}
		if err := CheckFigureFiles(out, m); err != nil {
			t.Fatal(err)
		}
		return siteFigureFiles(t, out, m)
	}
	fresh := build("fresh")
	first := build("first", WithCache(cache))
	ents, err := os.ReadDir(filepath.Join(cache, "figures"))
	if err != nil {
		t.Fatal(err)
	}
	if len(ents) != 2*3 { // SVG, PDF and PNG of two figures; no temporary file left
		t.Fatalf("the cache holds %d files, want 6", len(ents))
	}
	second := build("second", WithCache(cache))
	for p, b := range fresh {
		if !bytes.Equal(first[p], b) {
			t.Errorf("%s: drawn with an empty cache, differs from a fresh drawing", p)
		}
		if !bytes.Equal(second[p], b) {
			t.Errorf("%s: copied from the cache, differs from a fresh drawing", p)
		}
	}
	// Each cached file is what picture draws for that figure.
	for _, e := range ents {
		b, err := os.ReadFile(filepath.Join(cache, "figures", e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for p, fb := range fresh {
			found = found || strings.HasSuffix(p, filepath.Ext(e.Name())) && bytes.Equal(fb, b)
		}
		if !found {
			t.Errorf("cached %s is none of the fresh drawings", e.Name())
		}
	}
	// The second build used the cache: a cached file (marked, still a
	// PNG) is what the site gets.
	var png string
	for _, e := range ents {
		if filepath.Ext(e.Name()) == ".png" {
			png = filepath.Join(cache, "figures", e.Name())
		}
	}
	b, _ := os.ReadFile(png)
	marked := append(append([]byte(nil), b...), "marked"...)
	if err := os.WriteFile(png, marked, 0o644); err != nil {
		t.Fatal(err)
	}
	third := build("third", WithCache(cache))
	n := 0
	for _, b := range third {
		if bytes.Equal(b, marked) {
			n++
		}
	}
	if n != 1 {
		t.Errorf("%d site files are the marked cache entry, want 1: the cache was not read", n)
	}
	// A cached file that is not of its format is drawn again and replaced.
	if err := os.WriteFile(png, []byte("not a png"), 0o644); err != nil {
		t.Fatal(err)
	}
	fourth := build("fourth", WithCache(cache))
	for p, b := range fresh {
		if !bytes.Equal(fourth[p], b) {
			t.Errorf("%s: with a damaged cache entry, differs from a fresh drawing", p)
		}
	}
	if got, _ := os.ReadFile(png); !bytes.HasPrefix(got, []byte("\x89PNG")) {
		t.Error("the damaged cache entry was not replaced")
	}
}

// TestFigureKey: the key changes with the data, with every setting of
// Draw, and with the drawing program; not with nothing.
func TestFigureKey(t *testing.T) {
	base := func() bundle.Figure {
		return bundle.Figure{ID: "f", Caption: "c", Series: []bundle.Series{{Name: "s", X: []bundle.Float{0, 1}, Y: []bundle.Float{1, 2}}},
			Draw: &bundle.Draw{Styles: []string{"line"}}}
	}
	key := func(f bundle.Figure, drawer string) string {
		k, ok := figureKey(f, drawer)
		if !ok {
			t.Fatal("figureKey failed")
		}
		return k
	}
	k0 := key(base(), "d1")
	if key(base(), "d1") != k0 {
		t.Fatal("the key of one figure differs between two calls")
	}
	if key(base(), "d2") == k0 {
		t.Error("the key does not change with the drawing program")
	}
	changes := map[string]func(*bundle.Figure){
		"y":       func(f *bundle.Figure) { f.Series[0].Y[1] = 2.0000001 },
		"x label": func(f *bundle.Figure) { f.XLabel = "x" },
		"style":   func(f *bundle.Figure) { f.Draw.Styles[0] = "points" },
		"log y":   func(f *bundle.Figure) { f.Draw.LogY = true },
		"wide":    func(f *bundle.Figure) { f.Draw.Wide = true },
		"width":   func(f *bundle.Figure) { f.Draw.Width = 300 },
		"legend":  func(f *bundle.Figure) { f.Draw.Legend = "bottom-left" },
		"colours": func(f *bundle.Figure) { f.Draw.Colours = []int{2} },
		"no draw": func(f *bundle.Figure) { f.Draw = nil },
		"heat": func(f *bundle.Figure) {
			f.Heat = &bundle.Heat{Name: "h", X: []bundle.Float{0}, Y: []bundle.Float{0}, Z: []bundle.Float{1}}
		},
		"heat max": func(f *bundle.Figure) { f.Draw.HeatMax = 2 },
	}
	for name, change := range changes {
		f := base()
		change(&f)
		if key(f, "d1") == k0 {
			t.Errorf("changing %s does not change the key", name)
		}
	}
	// The drawing program of this test: its build ID.
	if d := drawerID(); !strings.HasPrefix(d, "buildid:") && !strings.HasPrefix(d, "sha256:") {
		t.Errorf("drawerID() = %q", d)
	}
}
