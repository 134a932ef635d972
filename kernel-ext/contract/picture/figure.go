package picture

import (
	"errors"
	"fmt"
	"maps"
	"math"
	"slices"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
)

// Default figure size in points (1/72 inch): 6 × 4 inches. A report page
// shows a figure of DefaultWidth at the width of its text column, and a
// Wide one at WideWidth/DefaultWidth = 1.5 times it (beyond the column,
// when the window allows); the text sizes (see tickFontSize) are chosen
// for that.
const (
	DefaultWidth  = 432.0
	DefaultHeight = 288.0
	WideWidth     = 648.0
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

// Corner is where a figure's legend goes: the corner of the plot area an
// author prefers (the legend moves to another corner, or outside, if it
// would hide data there; see legendMargin), outside the axes at the right,
// or nowhere. The zero value is TopRight.
type Corner int

const (
	TopRight Corner = iota
	TopLeft
	BottomRight
	BottomLeft
	// NoLegend hides the legend.
	NoLegend
	// Outside puts the legend outside the axes, at the right.
	Outside
)

// cornerNames are the Corners' names in a bundle's Draw.
var cornerNames = [...]string{TopRight: "top-right", TopLeft: "top-left", BottomRight: "bottom-right", BottomLeft: "bottom-left", NoLegend: "none", Outside: "outside"}

// String returns the corner's name.
func (k Corner) String() string {
	if k >= 0 && int(k) < len(cornerNames) {
		return cornerNames[k]
	}
	return fmt.Sprintf("Corner(%d)", int(k))
}

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
	ID      string // unique within a notebook, e.g. "fig3a-chi1"
	Caption string
	// Paper holds the ids of the source figures it reproduces
	// (papers.Claim(papers.Noci2022Fig8)), PaperNote which part of them
	// ("right panel"); both are copied into the bundle.
	Paper     []string
	PaperNote string
	XLabel    string
	YLabel    string
	Series    []Series
	// Heat, when set, is drawn as coloured cells under the series, with a
	// colour bar at the right (see Heat). Heat figures have no grid lines
	// and cannot use LogX or LogY.
	Heat       *Heat
	Params     map[string]float64 // parameters the figure was computed at; finite
	Seed       *uint64            // seed of the simulation, if any
	LogX, LogY bool
	// Legend is the corner the legend prefers (default TopRight); it
	// moves by itself when it would hide data (see Corner).
	Legend Corner
	// Wide draws the figure WideWidth wide by default, and the report
	// shows it wider than the text column (for many panels or a long x
	// axis).
	Wide bool
	// Width and Height in points (1/72 inch); zero means DefaultWidth
	// (WideWidth when Wide), DefaultHeight.
	Width, Height float64
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
	if f.Legend < TopRight || f.Legend > Outside {
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
		ID:        f.ID,
		Caption:   f.Caption,
		Paper:     slices.Clone(f.Paper),
		PaperNote: f.PaperNote,
		XLabel:    f.XLabel,
		YLabel:    f.YLabel,
		Series:    make([]bundle.Series, len(f.Series)),
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
	dr := &bundle.Draw{LogX: f.LogX, LogY: f.LogY, Wide: f.Wide, Width: f.Width, Height: f.Height}
	if f.Legend != TopRight {
		dr.Legend = f.Legend.String()
	}
	if f.Heat != nil {
		dr.HeatMin, dr.HeatMax = f.Heat.Min, f.Heat.Max
	}
	for i, s := range f.Series {
		bs := bundle.Series{Name: s.Name, X: bundle.Floats(s.X), Y: bundle.Floats(s.Y)}
		if s.YErr != nil {
			bs.YErr = bundle.Floats(s.YErr)
		}
		bf.Series[i] = bs
		dr.Styles = append(dr.Styles, s.Style.String())
		dr.Colours = append(dr.Colours, s.Colour)
	}
	bf.Draw = dr
	return bf
}

// FromBundle returns the figure a bundle describes: its data, and how it
// is drawn (bundle.Draw), so that Draw(FromBundle(f.Bundle()), format)
// draws f. A bundle without Draw (written before it existed) gives a
// figure of solid lines at the default size. Errors: a Draw whose lists
// do not have one entry per series, or an unknown style or legend name;
// the data are checked when the figure is drawn.
func FromBundle(bf bundle.Figure) (Figure, error) {
	f := Figure{ID: bf.ID, Caption: bf.Caption, Paper: slices.Clone(bf.Paper), PaperNote: bf.PaperNote, XLabel: bf.XLabel, YLabel: bf.YLabel,
		Params: maps.Clone(bf.Params), Series: make([]Series, len(bf.Series))}
	if bf.Seed != nil {
		seed := *bf.Seed
		f.Seed = &seed
	}
	for i, s := range bf.Series {
		f.Series[i] = Series{Name: s.Name, X: floatsOf(s.X), Y: floatsOf(s.Y)}
		if s.YErr != nil {
			f.Series[i].YErr = floatsOf(s.YErr)
		}
	}
	if bf.Heat != nil {
		h := bf.Heat
		f.Heat = &Heat{Name: h.Name, X: floatsOf(h.X), Y: floatsOf(h.Y), Z: floatsOf(h.Z), ZLabel: h.ZLabel}
	}
	dr := bf.Draw
	if dr == nil {
		return f, nil
	}
	if len(dr.Styles) != len(bf.Series) || len(dr.Colours) != len(bf.Series) {
		return Figure{}, fmt.Errorf("picture: figure %q: draw lists %d styles and %d colours for %d series", bf.ID, len(dr.Styles), len(dr.Colours), len(bf.Series))
	}
	for i := range f.Series {
		st, ok := styleNamed(dr.Styles[i])
		if !ok {
			return Figure{}, fmt.Errorf("picture: figure %q series %d: unknown style %q (want line, points, linepoints or dashed)", bf.ID, i, dr.Styles[i])
		}
		f.Series[i].Style, f.Series[i].Colour = st, dr.Colours[i]
	}
	f.LogX, f.LogY, f.Wide, f.Width, f.Height = dr.LogX, dr.LogY, dr.Wide, dr.Width, dr.Height
	if dr.Legend != "" {
		k, ok := cornerNamed(dr.Legend)
		if !ok {
			return Figure{}, fmt.Errorf("picture: figure %q: unknown legend %q (want one of %v)", bf.ID, dr.Legend, cornerNames)
		}
		f.Legend = k
	}
	if f.Heat != nil {
		f.Heat.Min, f.Heat.Max = dr.HeatMin, dr.HeatMax
	}
	return f, nil
}

func floatsOf(v []bundle.Float) []float64 {
	out := make([]float64, len(v))
	for i, x := range v {
		out[i] = float64(x)
	}
	return out
}

func styleNamed(name string) (Style, bool) {
	for s := Line; s <= Dashed; s++ {
		if s.String() == name {
			return s, true
		}
	}
	return 0, false
}

func cornerNamed(name string) (Corner, bool) {
	for k, n := range cornerNames {
		if n == name {
			return Corner(k), true
		}
	}
	return 0, false
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
	svg, err = Draw(f, SVG)
	if err != nil {
		return nil, bundle.Bundle{}, err
	}
	bf := f.Bundle()
	return svg, bundle.Bundle{Schema: bundle.SchemaVersion, Kind: bundle.KindFigure, Figure: &bf}, nil
}

// size is the figure's size in points.
func (f Figure) size() (w, h float64) {
	w, h = f.Width, f.Height
	if w == 0 {
		w = DefaultWidth
		if f.Wide {
			w = WideWidth
		}
	}
	if h == 0 {
		h = DefaultHeight
	}
	return w, h
}

// plots builds the figure's drawing from a validated f.
func (f Figure) plots() (*drawing, error) {
	p := plot.New()
	styleAxes(p)
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
	d := &drawing{p: p, leg: newLegend(), corner: f.Legend, heat: f.Heat != nil}
	drawn := 0
	if f.Heat == nil {
		g := plotter.NewGrid()
		g.Vertical.Color, g.Horizontal.Color = gridColour, gridColour
		g.Vertical.Width, g.Horizontal.Width = vg.Points(0.5), vg.Points(0.5)
		p.Add(g)
	} else {
		// Cells fill the data area up to the axis lines; grid lines would
		// only hide them.
		p.X.Padding, p.Y.Padding = 0, 0
		lo, hi, ok := f.Heat.colourRange()
		p.Add(newCells(f.Heat, lo, hi))
		if ok {
			d.bar = colourBar(f.Heat.ZLabel, lo, hi)
		}
		drawn += f.Heat.finite()
	}

	marks := f.lineMarks()
	for i, s := range f.Series {
		ci := i
		if s.Colour > 0 {
			ci = s.Colour - 1
		}
		col := colourFor(ci)
		var thumbs []plot.Thumbnailer
		if m, ok := marks[i]; ok {
			var at plotter.XYs
			for j := range s.X {
				if j%m.stride == m.offset && f.drawable(s.X[j], s.Y[j]) {
					at = append(at, plotter.XY{X: s.X[j], Y: s.Y[j]})
				}
			}
			if len(at) > 0 {
				sc, err := plotter.NewScatter(at)
				if err != nil {
					return nil, fmt.Errorf("picture: figure %q series %d: %w", f.ID, i, err)
				}
				sc.Color, sc.Shape, sc.Radius = col, glyphFor(ci), vg.Points(glyphRadius)
				p.Add(sc)
				d.points = append(d.points, at...)
				thumbs = append(thumbs, sc)
			}
		}
		for k, run := range f.runs(s) {
			drawn += len(run)
			if s.Style == Line || s.Style == LinePoints || s.Style == Dashed {
				l, err := plotter.NewLine(run)
				if err != nil {
					return nil, fmt.Errorf("picture: figure %q series %d: %w", f.ID, i, err)
				}
				l.Color = col
				l.Width = vg.Points(lineWidth)
				l.Dashes = dashesFor(ci, s.Style == Dashed)
				p.Add(l)
				d.lines = append(d.lines, run)
				if k == 0 {
					thumbs = append(thumbs, l)
				}
			}
			if s.Style == Points || s.Style == LinePoints {
				sc, err := plotter.NewScatter(run)
				if err != nil {
					return nil, fmt.Errorf("picture: figure %q series %d: %w", f.ID, i, err)
				}
				sc.Color = col
				sc.Shape = glyphFor(ci)
				sc.Radius = vg.Points(glyphRadius)
				p.Add(sc)
				d.points = append(d.points, run...)
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
				d.errBars = append(d.errBars, [2]plotter.XY{{X: s.X[j], Y: s.Y[j] - lo}, {X: s.X[j], Y: s.Y[j] + hi}})
			}
			if len(ep.XYs) > 0 {
				eb, err := plotter.NewYErrorBars(ep)
				if err != nil {
					return nil, fmt.Errorf("picture: figure %q series %d error bars: %w", f.ID, i, err)
				}
				eb.Color = col
				eb.LineStyle.Width = vg.Points(0.8)
				p.Add(eb)
			}
		}
		if s.Name != "" && len(thumbs) > 0 && f.Legend != NoLegend {
			d.leg.Add(s.Name, thumbs...)
			d.names = append(d.names, s.Name)
		}
	}
	if drawn == 0 {
		return nil, fmt.Errorf("%w (figure %q)", ErrNoData, f.ID)
	}
	for _, ax := range []struct {
		name string
		a    *plot.Axis
	}{{"x", &p.X}, {"y", &p.Y}} {
		if err := fitExtent(f.ID, ax.name, ax.a); err != nil {
			return nil, err
		}
	}
	return d, nil
}

// ErrExtent is returned (wrapped, naming the figure and the axis) for a
// figure whose data span more than a float64 can measure: its axis range
// hi − lo overflows to +Inf (y = [1e308, −1e308], or an error bar
// y ± e past ±MaxFloat64). gonum/plot would look for ticks on such a range
// forever.
var ErrExtent = errors.New("picture: figure data extent is not finite")

// fitExtent checks the data range gonum found for axis a (every drawn
// point, error bar and heat cell) and widens a range of at most
// minSpanULPs units in the last place around its middle v by half v's
// magnitude (±0.5 around 0 … ±|v|/2): gonum's own widening of a single
// value by ±1 does nothing past 2^53 (y = [1e308, 1e308] then panicked
// "illegal range"), and its tick search on a range one ulp wide never
// ends (y = [1, 1 + 2⁻⁵²]; measured: 4.5 ulps draws).
func fitExtent(id, name string, a *plot.Axis) error {
	lo, hi := a.Min, a.Max
	if math.IsNaN(lo) || math.IsNaN(hi) || math.IsInf(hi-lo, 0) || math.IsNaN(hi-lo) {
		return fmt.Errorf("%w: figure %q %s axis spans [%g, %g]", ErrExtent, id, name, lo, hi)
	}
	top := math.Max(math.Abs(lo), math.Abs(hi))
	if hi-lo > minSpanULPs*(math.Nextafter(top, math.Inf(1))-top) {
		return nil
	}
	v := lo + (hi-lo)/2
	half := math.Max(math.Abs(v), 1) / 2
	if math.IsInf(v+half, 0) || math.IsInf(v-half, 0) {
		return fmt.Errorf("%w: figure %q %s axis at the single value %g cannot be widened", ErrExtent, id, name, v)
	}
	a.Min, a.Max = v-half, v+half
	return nil
}

// minSpanULPs is the narrowest axis range, in units in the last place of
// its largest end, that is drawn as it is (see fitExtent).
const minSpanULPs = 16

// Check reports whether f can be drawn: the errors Draw would return,
// without drawing (the report vets a notebook's figures with it before
// caching them).
func (f Figure) Check() error {
	if err := f.validate(); err != nil {
		return err
	}
	_, err := f.plots()
	return err
}

// Curves that coincide cannot be told apart by colour: whoever is drawn
// last hides the others. When two or more series are drawn as lines alone
// in their colour (no point series has it: theory curves without their
// simulation) and two of them coincide (over at least half their points,
// within coincideFrac of the figure's y range, as 02's attention map draws
// five curves on one diagonal), each of these lines carries its point
// glyph at about markCount of its points, staggered from line to line, and
// in its legend entry, so that every curve shows along their common path.
const (
	coincideFrac = 0.01
	markCount    = 8
)

// lineMark says which points of a line carry its glyph: index j with
// j % stride == offset.
type lineMark struct{ stride, offset int }

// lineMarks returns the marks of the series to mark, by series index.
func (f Figure) lineMarks() map[int]lineMark {
	colour := func(i int) int {
		c := i
		if f.Series[i].Colour > 0 {
			c = f.Series[i].Colour - 1
		}
		return c % len(palette)
	}
	pointed := map[int]bool{} // colours of point series
	lo, hi := math.Inf(1), math.Inf(-1)
	for i, s := range f.Series {
		if s.Style == Points || s.Style == LinePoints {
			pointed[colour(i)] = true
		}
		for j := range s.Y {
			if f.drawable(s.X[j], s.Y[j]) {
				lo, hi = min(lo, s.Y[j]), max(hi, s.Y[j])
			}
		}
	}
	var lines []int
	for i, s := range f.Series {
		if (s.Style == Line || s.Style == Dashed) && !pointed[colour(i)] && len(s.X) >= 2 {
			lines = append(lines, i)
		}
	}
	tol := coincideFrac * (hi - lo)
	coincide := false
	for a := 0; a < len(lines) && !coincide; a++ {
		for b := a + 1; b < len(lines) && !coincide; b++ {
			coincide = f.coincide(f.Series[lines[a]], f.Series[lines[b]], tol)
		}
	}
	if !coincide {
		return nil
	}
	out := map[int]lineMark{}
	for k, i := range lines {
		// At least one index per marked line in a stride, so that no two
		// lines mark the same index.
		stride := max(len(f.Series[i].X)/markCount, len(lines))
		out[i] = lineMark{stride: stride, offset: k % stride}
	}
	return out
}

// coincide reports whether lines a and b, drawn at the same x, are within
// tol of each other at at least half of the points both can draw.
func (f Figure) coincide(a, b Series, tol float64) bool {
	if len(a.X) != len(b.X) {
		return false
	}
	both, near := 0, 0
	for j := range a.X {
		if a.X[j] != b.X[j] || !f.drawable(a.X[j], a.Y[j]) || !f.drawable(b.X[j], b.Y[j]) {
			continue
		}
		both++
		if math.Abs(a.Y[j]-b.Y[j]) <= tol {
			near++
		}
	}
	return both > 0 && 2*near >= both
}
