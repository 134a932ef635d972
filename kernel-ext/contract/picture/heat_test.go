package picture

import (
	"errors"
	"image/color"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
)

// hex formats c as vgsvg writes a fill colour.
func hex(c color.Color) string {
	r, g, b, _ := c.RGBA()
	return strings.ToUpper(strconv.FormatUint(uint64(0x1000000|(r>>8)<<16|(g>>8)<<8|b>>8), 16)[1:])
}

func TestViridis(t *testing.T) {
	// Reference colours: the published hex codes of matplotlib's viridis at
	// 0, 0.25, 0.5, 0.75 and 1, which are its table entries 0, 64, 128, 192
	// and 255 (matplotlib looks up entry ⌊256·t⌋). Here entry k sits at
	// t = k/255; these entries are anchors, so exact after rounding to 8 bits.
	for _, tc := range []struct {
		entry int
		want  string
	}{{0, "440154"}, {64, "3B528B"}, {128, "21918C"}, {192, "5EC962"}, {255, "FDE725"}} {
		if got := hex(viridis(float64(tc.entry) / 255)); got != tc.want {
			t.Errorf("viridis(%d/255) = #%s, want #%s", tc.entry, got, tc.want)
		}
	}
	// Out of range clamps.
	if hex(viridis(-1)) != "440154" || hex(viridis(2)) != "FDE725" {
		t.Error("viridis does not clamp to [0, 1]")
	}
	// Between anchors the interpolation reproduces table entries that are
	// not anchors: entries 8 and 136 (the middles of two anchor intervals,
	// where linear interpolation errs most) of the published 256-entry
	// table. The table's curvature over 16 entries gives at most ~0.9/255
	// there, plus 0.5/255 from rounding to 8 bits: tolerance 1.5/255.
	for _, tc := range []struct {
		entry int
		rgb   [3]float64
	}{
		{8, [3]float64{0.277018, 0.050344, 0.375715}},
		{136, [3]float64{0.120565, 0.596422, 0.543611}},
	} {
		c := viridis(float64(tc.entry) / 255)
		got := [3]float64{float64(c.R) / 255, float64(c.G) / 255, float64(c.B) / 255}
		for ch := range got {
			if math.Abs(got[ch]-tc.rgb[ch]) > 1.5/255 {
				t.Errorf("entry %d channel %d: got %.4f, table %.4f", tc.entry, ch, got[ch], tc.rgb[ch])
			}
		}
	}
	// Perceptual ordering: CIE L* (sRGB, D65) strictly increases along the
	// map at the 64 levels of the colour bar, the property that lets the
	// figure be read in grey scale and with colour-vision deficiencies.
	prev := -1.0
	for k := range colourBarLevels {
		l := lightness(viridis((float64(k) + 0.5) / colourBarLevels))
		if l <= prev {
			t.Fatalf("L* not increasing at level %d: %.3f after %.3f", k, l, prev)
		}
		prev = l
	}
}

// lightness is CIE L* of an sRGB colour (IEC 61966-2-1 transfer function,
// Rec. 709 luminance weights).
func lightness(c color.RGBA) float64 {
	lin := func(u uint8) float64 {
		v := float64(u) / 255
		if v <= 0.04045 {
			return v / 12.92
		}
		return math.Pow((v+0.055)/1.055, 2.4)
	}
	y := 0.2126*lin(c.R) + 0.7152*lin(c.G) + 0.0722*lin(c.B)
	if y > 216.0/24389 {
		return 116*math.Cbrt(y) - 16
	}
	return y * 24389 / 27
}

// heatFigure is a 3×2 grid with non-uniform columns (centres 0, 1, 3: cell
// edges −0.5, 0.5, 2, 4, widths 1 : 1.5 : 2), a NaN cell and a fixed colour
// range [0, 255], so that z = k falls on viridis table entry k:
//
//	j=1 (y=2):  NaN  64   255
//	j=0 (y=0):  0    128  255
func heatFigure() Figure {
	return Figure{
		ID:     "heat",
		XLabel: "α",
		YLabel: "σ_w",
		Heat: &Heat{
			Name:   "loss",
			X:      []float64{0, 1, 3},
			Y:      []float64{0, 2},
			Z:      []float64{0, 128, 255, math.NaN(), 64, 255},
			ZLabel: "final loss",
			Min:    0,
			Max:    255,
		},
	}
}

// svgRect is a filled axis-parallel rectangle of an SVG, in the drawing's
// bottom-up coordinates.
type svgRect struct {
	x0, y0, x1, y1 float64
	fill           string
}

var rectRE = regexp.MustCompile(`<path d="M([-\d.e]+),([-\d.e]+)L([-\d.e]+),[-\d.e]+L[-\d.e]+,([-\d.e]+)L[-\d.e]+,[-\d.e]+Z" style="fill:#([0-9A-F]{6})" />`)

func rects(svg []byte) []svgRect {
	var out []svgRect
	for _, m := range rectRE.FindAllStringSubmatch(string(svg), -1) {
		r := svgRect{fill: m[5]}
		r.x0, _ = strconv.ParseFloat(m[1], 64)
		r.y0, _ = strconv.ParseFloat(m[2], 64)
		r.x1, _ = strconv.ParseFloat(m[3], 64)
		r.y1, _ = strconv.ParseFloat(m[4], 64)
		if r.fill != "FFFFFF" { // the background
			out = append(out, r)
		}
	}
	return out
}

func byFill(rs []svgRect, fill string) []svgRect {
	var out []svgRect
	for _, r := range rs {
		if r.fill == fill {
			out = append(out, r)
		}
	}
	return out
}

// svgText is a text element: its content and its position (bottom-up).
type svgText struct {
	x, y float64
	s    string
}

var textRE = regexp.MustCompile(`<text x="([-\d.e]+)" y="([-\d.e]+)"[^>]*>([^<]*)</text>`)

func texts(svg []byte) []svgText {
	var out []svgText
	for _, m := range textRE.FindAllStringSubmatch(string(svg), -1) {
		x, _ := strconv.ParseFloat(m[1], 64)
		y, _ := strconv.ParseFloat(m[2], 64)
		out = append(out, svgText{x, -y, m[3]}) // text is drawn under scale(1, -1)
	}
	return out
}

func TestRenderHeatCells(t *testing.T) {
	svg, _, err := RenderFigure(heatFigure())
	if err != nil {
		t.Fatal(err)
	}
	rs := rects(svg)
	// 6 cells of the grid and the colour bar's strip.
	if len(rs) != 6+colourBarLevels {
		t.Fatalf("got %d filled rectangles, want %d cells + %d colour-bar levels", len(rs), 6, colourBarLevels)
	}
	// Cell colours: the published viridis table entries 0, 64, 128, 255
	// (see TestViridis); the colour bar samples viridis at (k+1/2)/64, never
	// at these points, so each count is of grid cells only.
	one := func(fill string) svgRect {
		t.Helper()
		got := byFill(rs, fill)
		if len(got) != 1 {
			t.Fatalf("%d cells filled #%s, want 1", len(got), fill)
		}
		return got[0]
	}
	c00 := one("440154") // z=0 at (i, j) = (0, 0)
	c10 := one("21918C") // z=128 at (1, 0)
	c11 := one("3B528B") // z=64 at (1, 1)
	nan := one(hex(nanColor))
	top := byFill(rs, "FDE725") // z=255 at (2, 0) and (2, 1)
	if len(top) != 2 {
		t.Fatalf("%d cells filled #FDE725, want 2", len(top))
	}
	// Non-uniform columns: left edges at x = −0.5, 0.5, 2 and the right
	// edge at 4, so the widths are 1 : 1.5 : 2. SVG coordinates carry 5
	// significant digits (≤ 0.005 pt on ~100 pt spans): tolerance 1e-3.
	l0, l1, l2, r2 := c00.x0, c10.x0, top[0].x0, top[0].x1
	if w0, w1, w2 := l1-l0, l2-l1, r2-l2; math.Abs(w1/w0-1.5) > 1e-3 || math.Abs(w2/w0-2) > 1e-3 {
		t.Errorf("column widths %.4g, %.4g, %.4g, want ratios 1 : 1.5 : 2", w0, w1, w2)
	}
	// Cells reach into their right neighbour (no seam), the last one not.
	if c00.x1 < l1 || c00.x1 > l1+2*seam {
		t.Errorf("cell (0,0) ends at %v, want in [%v, %v]", c00.x1, l1, l1+2*seam)
	}
	// Rows: centres 0 and 2, edges −1, 1, 3: equal heights; the NaN cell
	// (0, 1) is in column 0 and row 1, drawn light grey.
	if math.Abs(nan.x0-l0) > 0.01 || math.Abs(c11.x0-l1) > 0.01 {
		t.Errorf("row 1 cells start at x = %v, %v, want %v, %v", nan.x0, c11.x0, l0, l1)
	}
	b0, b1, tp := c00.y0, nan.y0, nan.y1
	if math.Abs((b1-b0)/(tp-b1)-1) > 1e-3 || b1 <= b0 {
		t.Errorf("row edges %v, %v, %v: want equal heights", b0, b1, tp)
	}

	// The colour bar lies right of the grid, spans [0, 255] over the grid's
	// height, and its tick labels read the values: a label v sits at the
	// strip's bottom + (v/255)·height (the text baseline offset is the same for
	// every label, so compare differences; tolerance 0.05 pt for rounding).
	var strip []svgRect
	for _, r := range rs {
		if r.x0 > r2 {
			strip = append(strip, r)
		}
	}
	if len(strip) != colourBarLevels {
		t.Fatalf("%d rectangles right of the grid, want the %d of the colour bar", len(strip), colourBarLevels)
	}
	sb, st := strip[0].y0, strip[len(strip)-1].y1
	if math.Abs(sb-b0) > 0.01 || math.Abs(st-tp) > 0.01 {
		t.Errorf("colour bar spans y %v..%v, grid %v..%v", sb, st, b0, tp)
	}
	if strip[0].fill != hex(viridis(0.5/colourBarLevels)) || strip[len(strip)-1].fill != hex(viridis(1-0.5/colourBarLevels)) {
		t.Error("colour bar does not run from the bottom to the top of the map")
	}
	type tick struct{ v, y float64 }
	var ticks []tick
	for _, tx := range texts(svg) {
		if tx.x <= r2 { // also skips the rotated ZLabel, whose x is vertical
			continue
		}
		v, err := strconv.ParseFloat(tx.s, 64)
		if err != nil {
			t.Errorf("unexpected text %q beside the colour bar", tx.s)
			continue
		}
		ticks = append(ticks, tick{v, tx.y})
	}
	if n := strings.Count(string(svg), ">final loss</text>"); n != 1 {
		t.Errorf("ZLabel appears %d times, want once (on the colour bar)", n)
	}
	if len(ticks) < 2 {
		t.Fatalf("colour bar has %d value labels, want >= 2", len(ticks))
	}
	for _, tk := range ticks[1:] {
		want := (tk.v - ticks[0].v) / 255 * (st - sb)
		if got := tk.y - ticks[0].y; math.Abs(got-want) > 0.05 {
			t.Errorf("label %v is %.3f pt above label %v, want %.3f", tk.v, got, ticks[0].v, want)
		}
	}
}

func TestRenderHeatWithSeries(t *testing.T) {
	// Series are drawn after (on top of) the cells, and a heat-only figure
	// needs no series.
	f := heatFigure()
	f.Series = []Series{{Name: "λ_a = 0", X: []float64{0, 3}, Y: []float64{0, 2}}}
	svg, _, err := RenderFigure(f)
	if err != nil {
		t.Fatal(err)
	}
	s := string(svg)
	lastCell := strings.LastIndex(s, "fill:#FDE725")
	line := strings.Index(s, "stroke:#0072B2") // first palette colour
	if lastCell < 0 || line < lastCell {
		t.Errorf("series line (at %d) not drawn after the cells (last at %d)", line, lastCell)
	}
	// The legend entry is typeset: λ, a lowered subscript a, "= 0" (the
	// space before it advanced over, not drawn: see TestLabelSpaceAfterScript).
	for _, piece := range []string{">λ</text>", ">a</text>", ">= 0</text>"} {
		if !strings.Contains(s, piece) {
			t.Errorf("series legend entry: no text %q", piece)
		}
	}
	// Data range, a single row and a constant field all render.
	for _, h := range []*Heat{
		{X: []float64{0, 1}, Y: []float64{0, 1}, Z: []float64{-3, 1, 2, 5}},
		{X: []float64{0, 1, 2}, Y: []float64{7}, Z: []float64{1, 2, 3}},
		{X: []float64{0, 1}, Y: []float64{0, 1}, Z: []float64{2, 2, 2, math.Inf(1)}},
	} {
		svg, _, err := RenderFigure(Figure{ID: "h", Heat: h})
		if err != nil {
			t.Fatalf("%+v: %v", h, err)
		}
		if got := len(rects(svg)); got != len(h.Z)+colourBarLevels {
			t.Errorf("%+v: %d rectangles, want %d", h, got, len(h.Z)+colourBarLevels)
		}
		// The data range maps the smallest value to the bottom of the map
		// and the largest to the top (a constant field to the middle).
		lo, hi, _ := h.ColourRange()
		for _, z := range h.Z {
			if math.IsInf(z, 0) {
				continue
			}
			if len(byFill(rects(svg), hex(viridis((z-lo)/(hi-lo))))) == 0 {
				t.Errorf("%+v: no cell coloured for z=%v", h, z)
			}
		}
	}
}

func TestHeatErrors(t *testing.T) {
	ok := func(mod func(h *Heat)) Figure {
		f := heatFigure()
		h := *f.Heat
		mod(&h)
		f.Heat = &h
		return f
	}
	checkRejected(t, []badFigure{
		{"empty x", ok(func(h *Heat) { h.X = nil }), "len(X)=0"},
		{"empty y", ok(func(h *Heat) { h.Y = nil }), "len(Y)=0"},
		{"nan x", ok(func(h *Heat) { h.X = []float64{0, math.NaN(), 3} }), "Heat.X[1]=NaN, want finite"},
		{"inf y", ok(func(h *Heat) { h.Y = []float64{0, math.Inf(1)} }), "Heat.Y[1]=+Inf, want finite"},
		{"repeated x", ok(func(h *Heat) { h.X = []float64{0, 1, 1} }), "Heat.X[2]=1 <= Heat.X[1]=1"},
		{"decreasing y", ok(func(h *Heat) { h.Y = []float64{2, 0} }), "Heat.Y[1]=0 <= Heat.Y[0]=2"},
		{"short z", ok(func(h *Heat) { h.Z = h.Z[:5] }), "Heat.Z has 5 values, want len(X)·len(Y) = 3·2 = 6"},
		{"min = max", ok(func(h *Heat) { h.Min, h.Max = 1, 1 }), "Heat.Min=1, Heat.Max=1"},
		{"min > max", ok(func(h *Heat) { h.Min, h.Max = 1, 0 }), "Heat.Min=1, Heat.Max=0"},
		{"nan min", ok(func(h *Heat) { h.Min = math.NaN() }), "Heat.Min=NaN"},
		{"inf max", ok(func(h *Heat) { h.Max = math.Inf(1) }), "Heat.Max=+Inf"},
		{"log x", func() Figure { f := heatFigure(); f.LogX = true; return f }(), "LogX or LogY"},
		{"log y", func() Figure { f := heatFigure(); f.LogY = true; return f }(), "LogX or LogY"},
		{"all blank, no series", ok(func(h *Heat) {
			h.Z = []float64{math.NaN(), math.NaN(), math.NaN(), math.NaN(), math.Inf(1), math.NaN()}
		}), "no finite point"},
	})
	f := heatFigure()
	f.Heat.Z = []float64{math.NaN(), math.NaN(), math.NaN(), math.NaN(), math.NaN(), math.NaN()}
	if _, _, err := RenderFigure(f); !errors.Is(err, ErrNoData) {
		t.Errorf("all-NaN heat: got %v, want ErrNoData", err)
	}
	// A blank grid under drawable series is fine: grey cells, and no colour
	// bar when there is no range to show.
	f.Heat.Min, f.Heat.Max = 0, 0
	f.Series = []Series{{X: []float64{0}, Y: []float64{0}, Style: Points}}
	svg, _, err := RenderFigure(f)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(byFill(rects(svg), hex(nanColor))); n != 6 || len(rects(svg)) != 6 {
		t.Errorf("blank grid: %d grey of %d rectangles, want 6 of 6", n, len(rects(svg)))
	}
}

func TestHeatBundle(t *testing.T) {
	f := heatFigure()
	f.Heat.Z[4] = math.Inf(-1)
	_, b, err := RenderFigure(f)
	if err != nil {
		t.Fatal(err)
	}
	enc, err := bundle.Encode(b)
	if err != nil {
		t.Fatal(err)
	}
	want := `"heat":{"name":"loss","x":[0,1,3],"y":[0,2],"z":[0,128,255,null,null,255],"z_label":"final loss"}`
	if !strings.Contains(string(enc), want) {
		t.Errorf("bundle lacks %s:\n%s", want, enc)
	}
	dec, err := bundle.Decode(enc)
	if err != nil {
		t.Fatal(err)
	}
	// Exact round trip (shortest float64 representation; tolerance 0), with
	// NaN and -Inf both back as NaN.
	compareFigureData(t, f, *dec.Figure)
}
