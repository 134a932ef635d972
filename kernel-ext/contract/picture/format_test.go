package picture

import (
	"bytes"
	"image"
	"image/png"
	"math"
	"strings"
	"testing"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
)

func TestDrawFormats(t *testing.T) {
	f := goldenFigures[0]
	magic := map[Format]string{SVG: "<?xml", PDF: "%PDF-", PNG: "\x89PNG"}
	for _, fm := range Formats {
		a, err := Draw(f, fm)
		if err != nil {
			t.Fatalf("%s: %v", fm, err)
		}
		if !bytes.HasPrefix(a, []byte(magic[fm])) {
			t.Errorf("%s: starts %q, want %q", fm, a[:min(8, len(a))], magic[fm])
		}
		b, _ := Draw(f, fm)
		if !bytes.Equal(a, b) {
			t.Errorf("%s: two draws of one figure differ", fm)
		}
		// A PDF draws text as outlines and embeds no font program, so it
		// stays small (an embedded Liberation Sans is ~200 kB).
		if fm == PDF && len(a) > 60_000 {
			t.Errorf("PDF is %d bytes, want < 60 kB (no embedded font)", len(a))
		}
		// Two draws a second apart would differ if the PDF carried the
		// time of drawing: it carries pdfDate.
		if fm == PDF && !bytes.Contains(a, []byte("/CreationDate (D:19700101000000")) {
			t.Errorf("PDF creation date is not the fixed pdfDate: %q", a[bytes.Index(a, []byte("/CreationDate")):][:40])
		}
		if fm == PDF && bytes.Contains(a, []byte("/FontFile")) {
			t.Error("PDF embeds a font program")
		}
	}
	svg, _, err := RenderFigure(f)
	if err != nil {
		t.Fatal(err)
	}
	if s, _ := Draw(f, SVG); !bytes.Equal(s, svg) {
		t.Error("Draw(f, SVG) differs from RenderFigure's SVG")
	}
	// The PNG is PNGDPI/72 pixels per point.
	p, _ := Draw(f, PNG)
	img, err := png.Decode(bytes.NewReader(p))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := img.Bounds().Dx(), int(math.Round(DefaultWidth*PNGDPI/72)); got != want {
		t.Errorf("PNG width %d px, want %d", got, want)
	}
	if _, err := Draw(f, "gif"); err == nil {
		t.Error("Draw(f, \"gif\"): no error")
	}
}

// TestOutlinedText checks the outlines the PDF draws text with against
// gonum/plot's own text rendering: the same figure rasterised with text
// drawn by vgimg (freetype) and with text drawn as outlines filled as
// paths must agree pixel for pixel up to anti-aliasing. A glyph at the
// wrong place, scale or orientation (upside down: sfnt's y axis points
// down), or a missing one, changes thousands of pixels by far more.
func TestOutlinedText(t *testing.T) {
	f := goldenFigures[0]
	f.YLabel = "mean ρ_ℓ, σ_w²" // Greek, a script, rotated text
	raster := func(outline bool) *image.RGBA {
		d, err := plots(f)
		if err != nil {
			t.Fatal(err)
		}
		w, h := f.Size()
		c := vgimg.NewWith(vgimg.UseWH(vg.Points(w), vg.Points(h)), vgimg.UseDPI(144))
		if outline {
			d.draw(draw.New(&outlined{CanvasWriterTo: vgimg.PngCanvas{Canvas: c}}))
		} else {
			d.draw(draw.New(c))
		}
		return c.Image().(*image.RGBA)
	}
	a, b := raster(false), raster(true)
	var sum float64
	bad, ink := 0, 0
	for i := range a.Pix {
		if i%4 == 3 {
			continue
		}
		d := math.Abs(float64(a.Pix[i]) - float64(b.Pix[i]))
		sum += d
		if d > 128 {
			bad++
		}
		if a.Pix[i] < 128 {
			ink++
		}
	}
	mean := sum / float64(len(a.Pix)*3/4)
	t.Logf("mean |Δ| = %.3f of 255, %d channel values differ by > 128 (of %d inked)", mean, bad, ink)
	// Anti-aliasing of the two rasterisers differs at glyph edges only:
	// well under 1/255 on average and a few percent of the inked values.
	if mean > 1 || float64(bad) > 0.05*float64(ink) {
		t.Errorf("outlined text differs from rendered text: mean |Δ| = %.3f, %d values by > 128", mean, bad)
	}
	// And it is not trivially equal: a figure without the label differs.
	f.YLabel = ""
	c := raster(true)
	diff := 0
	for i := range b.Pix {
		if b.Pix[i] != c.Pix[i] {
			diff++
		}
	}
	if diff < 100 {
		t.Errorf("dropping the y label changed %d values; the comparison sees no text", diff)
	}
}

// TestFromBundle: a figure drawn again from its bundle, as a report draws
// the PDF and PNG it offers, is the figure the notebook drew.
func TestFromBundle(t *testing.T) {
	figs := append([]Figure{}, goldenFigures...)
	h := heatFigure()
	h.Heat.Min, h.Heat.Max = -1, 2
	h.Wide, h.Legend = true, Outside
	h.Series = []Series{{Name: "a", X: []float64{0, 1}, Y: []float64{0, 1}, Style: Dashed, Colour: 3}}
	figs = append(figs, h)
	for _, f := range figs {
		want, b, err := RenderFigure(f)
		if err != nil {
			t.Fatal(err)
		}
		g, err := FromBundle(*b.Figure)
		if err != nil {
			t.Fatalf("%s: %v", f.ID, err)
		}
		got, err := Draw(g, SVG)
		if err != nil {
			t.Fatalf("%s: %v", f.ID, err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s: drawn from its bundle, the SVG differs", f.ID)
		}
	}
	// A bundle without Draw draws with the defaults; a broken Draw is an
	// error naming what is wrong.
	bf := goldenFigures[0].Bundle()
	bf.Draw = nil
	g, err := FromBundle(bf)
	if err != nil || g.Series[1].Style != Line || g.LogX {
		t.Errorf("bundle without Draw: %+v, %v", g.Series[1], err)
	}
	for _, c := range []struct {
		d    bundle.Draw
		want string
	}{
		{bundle.Draw{Styles: []string{"line"}, Colours: []int{0}}, "2 series"},
		{bundle.Draw{Styles: []string{"line", "wiggly"}, Colours: []int{0, 0}}, `unknown style "wiggly"`},
		{bundle.Draw{Styles: []string{"line", "line"}, Colours: []int{0, 0}, Legend: "middle"}, `unknown legend "middle"`},
	} {
		bf.Draw = &c.d
		if _, err := FromBundle(bf); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("FromBundle(%+v): %v, want an error with %q", c.d, err, c.want)
		}
	}
}
