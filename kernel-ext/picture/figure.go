package picture

import (
	"bytes"
	"errors"
	"fmt"
	"image/color"
	"maps"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgsvg"

	"github.com/sigprop/sigprop/kernel-ext/bundle"
)

// Default figure size in points (1/72 inch): 6 × 4 inches.
const (
	DefaultWidth  = 432.0
	DefaultHeight = 288.0
)

// Style says how a series is drawn. The zero value is Line.
type Style int

const (
	// Line joins the points with a solid line: theory curves.
	Line Style = iota
	// Points marks each point with a glyph (and error bar if YErr is set):
	// simulations.
	Points
	// LinePoints draws both.
	LinePoints
	// Dashed is a dashed line: a second law drawn over a first (the SDE
	// over the network, as the papers draw it).
	Dashed
)

// String returns the style's name.
func (s Style) String() string {
	switch s {
	case Line:
		return "line"
	case Points:
		return "points"
	case LinePoints:
		return "linepoints"
	case Dashed:
		return "dashed"
	}
	return fmt.Sprintf("Style(%d)", int(s))
}

// Corner places a figure's legend inside the plot area. The zero value is
// TopRight.
type Corner int

const (
	TopRight Corner = iota
	TopLeft
	BottomRight
	BottomLeft
	// NoLegend hides the legend.
	NoLegend
)

// Series is one curve or point set of a Figure.
type Series struct {
	Name  string    // legend entry; empty means no legend entry
	X, Y  []float64 // same length
	YErr  []float64 // optional symmetric error-bar half-widths, len(Y), >= 0 or NaN
	Style Style
	// Colour, if > 0, draws the series in the colour and glyph of
	// series Colour−1 (so that a pair, a network and its SDE, shares one
	// colour); 0 means by the series' own index.
	Colour int
}

// Figure is a plot as a notebook author describes it. Only ID and Series (or
// Heat) are required.
type Figure struct {
	ID          string // unique within a notebook, e.g. "fig3a-chi1"
	Caption     string
	PaperFigure string // e.g. "Cowsik et al. 2024, Fig. 3a"
	XLabel      string
	YLabel      string
	Series      []Series
	// Heat, when set, is drawn as coloured cells under the series, with a
	// colour bar at the right (see Heat). Heat figures have no grid lines
	// and cannot use LogX or LogY.
	Heat       *Heat
	Params     map[string]float64 // parameters the figure was computed at; finite
	Seed       *uint64            // seed of the simulation, if any
	LogX, LogY bool
	// Legend is where the legend goes (default TopRight); move it when it
	// hides data.
	Legend Corner
	// Width and Height in points (1/72 inch); zero means DefaultWidth,
	// DefaultHeight.
	Width, Height float64
}

// palette is the Okabe–Ito colour-blind-safe palette without its yellow,
// which is unreadable on white. Series i gets palette[i%len(palette)].
var palette = []color.RGBA{
	{0x00, 0x72, 0xB2, 0xff}, // blue
	{0xD5, 0x5E, 0x00, 0xff}, // vermillion
	{0x00, 0x9E, 0x73, 0xff}, // bluish green
	{0xCC, 0x79, 0xA7, 0xff}, // reddish purple
	{0xE6, 0x9F, 0x00, 0xff}, // orange
	{0x56, 0xB4, 0xE9, 0xff}, // sky blue
	{0x00, 0x00, 0x00, 0xff}, // black
}

// glyphs are assigned like colours, by series index.
var glyphs = []draw.GlyphDrawer{
	draw.CircleGlyph{}, draw.SquareGlyph{}, draw.TriangleGlyph{},
	draw.CrossGlyph{}, draw.PlusGlyph{}, draw.RingGlyph{}, draw.BoxGlyph{},
}

// ErrNoData is returned by RenderFigure when no series has a single point
// that can be drawn.
var ErrNoData = errors.New("picture: figure has no finite point to draw")

// validate checks f the way gonum/plot's CheckFloats checks data, but
// without rejecting NaN/Inf, which are dropped from the picture instead.
func (f Figure) validate() error {
	if f.ID == "" {
		return errors.New("picture: Figure.ID is empty; give every figure an id unique within its notebook")
	}
	if len(f.Series) == 0 && f.Heat == nil {
		return fmt.Errorf("picture: figure %q has no series", f.ID)
	}
	if f.Heat != nil {
		if err := f.Heat.validate(f.ID); err != nil {
			return err
		}
		if f.LogX || f.LogY {
			return fmt.Errorf("picture: figure %q: Heat with LogX or LogY is not supported (cell edges are arithmetic midpoints)", f.ID)
		}
	}
	for i, s := range f.Series {
		if len(s.X) != len(s.Y) {
			return fmt.Errorf("picture: figure %q series %d (%q): len(X)=%d != len(Y)=%d", f.ID, i, s.Name, len(s.X), len(s.Y))
		}
		if s.YErr != nil && len(s.YErr) != len(s.Y) {
			return fmt.Errorf("picture: figure %q series %d (%q): len(YErr)=%d != len(Y)=%d", f.ID, i, s.Name, len(s.YErr), len(s.Y))
		}
		for j, e := range s.YErr {
			if e < 0 || math.IsInf(e, 0) {
				return fmt.Errorf("picture: figure %q series %d (%q): YErr[%d]=%v, want >= 0 and finite (or NaN for none)", f.ID, i, s.Name, j, e)
			}
		}
		if s.Style < Line || s.Style > Dashed {
			return fmt.Errorf("picture: figure %q series %d (%q): unknown style %d", f.ID, i, s.Name, int(s.Style))
		}
	}
	for k, v := range f.Params {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return fmt.Errorf("picture: figure %q parameter %q = %v, want finite", f.ID, k, v)
		}
	}
	if err := f.checkCaption(); err != nil {
		return err
	}
	if f.Legend < TopRight || f.Legend > NoLegend {
		return fmt.Errorf("picture: figure %q: unknown legend corner %d", f.ID, int(f.Legend))
	}
	if f.Width < 0 || f.Height < 0 || math.IsNaN(f.Width) || math.IsNaN(f.Height) || math.IsInf(f.Width, 0) || math.IsInf(f.Height, 0) {
		return fmt.Errorf("picture: figure %q size %v×%v, want finite and >= 0 (0 means default)", f.ID, f.Width, f.Height)
	}
	return nil
}

// Bundle returns the data of f as a sigprop bundle figure: every point,
// including non-finite ones (which encode as null).
func (f Figure) Bundle() bundle.Figure {
	bf := bundle.Figure{
		ID:          f.ID,
		Caption:     f.Caption,
		PaperFigure: f.PaperFigure,
		XLabel:      f.XLabel,
		YLabel:      f.YLabel,
		Series:      make([]bundle.Series, len(f.Series)),
	}
	if len(f.Params) > 0 {
		bf.Params = maps.Clone(f.Params)
	}
	if f.Seed != nil {
		seed := *f.Seed
		bf.Seed = &seed
	}
	if f.Heat != nil {
		bf.Heat = f.Heat.bundle()
	}
	for i, s := range f.Series {
		bs := bundle.Series{Name: s.Name, X: bundle.Floats(s.X), Y: bundle.Floats(s.Y)}
		if s.YErr != nil {
			bs.YErr = bundle.Floats(s.YErr)
		}
		bf.Series[i] = bs
	}
	return bf
}

// drawable reports whether (x, y) can be placed on the figure's axes.
func (f Figure) drawable(x, y float64) bool {
	if math.IsNaN(x) || math.IsInf(x, 0) || math.IsNaN(y) || math.IsInf(y, 0) {
		return false
	}
	if f.LogX && x <= 0 {
		return false
	}
	if f.LogY && y <= 0 {
		return false
	}
	return true
}

// runs splits a series into maximal runs of drawable points, so that lines
// break at dropped points instead of bridging them.
func (f Figure) runs(s Series) []plotter.XYs {
	var out []plotter.XYs
	var cur plotter.XYs
	for i := range s.X {
		if f.drawable(s.X[i], s.Y[i]) {
			cur = append(cur, plotter.XY{X: s.X[i], Y: s.Y[i]})
			continue
		}
		if len(cur) > 0 {
			out = append(out, cur)
			cur = nil
		}
	}
	if len(cur) > 0 {
		out = append(out, cur)
	}
	return out
}

// errPoints are the drawable points of a series with a finite error bar.
type errPoints struct {
	plotter.XYs
	plotter.YErrors
}

// RenderFigure draws f as SVG with gonum/plot and returns it with the
// figure's data bundle. The SVG is deterministic (same figure, same bytes)
// and embeds no fonts.
//
// Errors: empty ID, no series (and no Heat), len(X) != len(Y),
// len(YErr) != len(Y), a negative or infinite YErr, a non-finite parameter,
// a caption number that disagrees with Params (see ParamSymbols),
// a negative size, an invalid Heat (see Heat; the error names the field), or
// (ErrNoData) no drawable point or finite cell at all.
func RenderFigure(f Figure) (svg []byte, b bundle.Bundle, err error) {
	if err := f.validate(); err != nil {
		return nil, bundle.Bundle{}, err
	}
	p, bar, err := f.plots()
	if err != nil {
		return nil, bundle.Bundle{}, err
	}
	w, h := f.Width, f.Height
	if w == 0 {
		w = DefaultWidth
	}
	if h == 0 {
		h = DefaultHeight
	}
	c := vgsvg.New(vg.Points(w), vg.Points(h))
	if bar == nil {
		p.Draw(draw.New(c))
	} else {
		drawWithColourBar(p, bar, draw.New(c))
	}
	var buf bytes.Buffer
	if _, err := c.WriteTo(&buf); err != nil {
		return nil, bundle.Bundle{}, fmt.Errorf("picture: figure %q: %w", f.ID, err)
	}
	bf := f.Bundle()
	return buf.Bytes(), bundle.Bundle{Schema: bundle.SchemaVersion, Kind: bundle.KindFigure, Figure: &bf}, nil
}

// plots builds the figure's plot and, for a heatmap, its colour bar (nil
// otherwise) from a validated f.
func (f Figure) plots() (p, bar *plot.Plot, err error) {
	p = plot.New()
	p.X.Label.Text = f.XLabel
	p.Y.Label.Text = f.YLabel
	if f.LogX {
		p.X.Scale = plot.LogScale{}
		p.X.Tick.Marker = plot.LogTicks{Prec: -1}
	}
	if f.LogY {
		p.Y.Scale = plot.LogScale{}
		p.Y.Tick.Marker = plot.LogTicks{Prec: -1}
	}
	drawn := 0
	if f.Heat == nil {
		p.Add(plotter.NewGrid())
	} else {
		// Cells fill the data area up to the axis lines; grid lines would
		// only hide them.
		p.X.Padding, p.Y.Padding = 0, 0
		lo, hi, ok := f.Heat.colourRange()
		p.Add(newCells(f.Heat, lo, hi))
		if ok {
			bar = colourBar(f.Heat.ZLabel, lo, hi)
		}
		drawn += f.Heat.finite()
	}
	p.Legend.Top = f.Legend == TopRight || f.Legend == TopLeft
	p.Legend.Left = f.Legend == TopLeft || f.Legend == BottomLeft

	for i, s := range f.Series {
		ci := i
		if s.Colour > 0 {
			ci = s.Colour - 1
		}
		col := palette[ci%len(palette)]
		glyph := glyphs[ci%len(glyphs)]
		var thumbs []plot.Thumbnailer
		for k, run := range f.runs(s) {
			drawn += len(run)
			if s.Style == Line || s.Style == LinePoints || s.Style == Dashed {
				l, err := plotter.NewLine(run)
				if err != nil {
					return nil, nil, fmt.Errorf("picture: figure %q series %d: %w", f.ID, i, err)
				}
				l.Color = col
				l.Width = vg.Points(1.5)
				if s.Style == Dashed {
					l.Dashes = []vg.Length{vg.Points(5), vg.Points(3)}
				}
				p.Add(l)
				if k == 0 {
					thumbs = append(thumbs, l)
				}
			}
			if s.Style == Points || s.Style == LinePoints {
				sc, err := plotter.NewScatter(run)
				if err != nil {
					return nil, nil, fmt.Errorf("picture: figure %q series %d: %w", f.ID, i, err)
				}
				sc.Color = col
				sc.Shape = glyph
				sc.Radius = vg.Points(2.5)
				p.Add(sc)
				if k == 0 {
					thumbs = append(thumbs, sc)
				}
			}
		}
		if s.YErr != nil {
			var ep errPoints
			for j := range s.Y {
				e := s.YErr[j]
				if !f.drawable(s.X[j], s.Y[j]) || math.IsNaN(e) {
					continue
				}
				lo, hi := e, e
				if f.LogY && s.Y[j]-e <= 0 {
					lo = 0 // a bar below zero cannot be drawn on a log axis
				}
				ep.XYs = append(ep.XYs, plotter.XY{X: s.X[j], Y: s.Y[j]})
				ep.YErrors = append(ep.YErrors, struct{ Low, High float64 }{lo, hi})
			}
			if len(ep.XYs) > 0 {
				eb, err := plotter.NewYErrorBars(ep)
				if err != nil {
					return nil, nil, fmt.Errorf("picture: figure %q series %d error bars: %w", f.ID, i, err)
				}
				eb.Color = col
				p.Add(eb)
			}
		}
		if s.Name != "" && len(thumbs) > 0 && f.Legend != NoLegend {
			p.Legend.Add(s.Name, thumbs...)
		}
	}
	if drawn == 0 {
		return nil, nil, fmt.Errorf("%w (figure %q)", ErrNoData, f.ID)
	}
	return p, bar, nil
}
