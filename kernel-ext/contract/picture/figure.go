package picture

import (
	"fmt"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/kernel-ext/contract/figure"
)

// The figure types, their checks and their bundle live in package
// figure, which does not import gonum/plot, so that a notebook cell
// program links none of the drawing code (see package figure); they are
// named here too so that a caller that draws needs only picture.
type (
	Figure = figure.Figure // a plot as a notebook author describes it
	Series = figure.Series // one curve or point set of a Figure
	Heat   = figure.Heat   // a scalar field drawn as coloured cells
	Style  = figure.Style  // how a series is drawn
	Corner = figure.Corner // where a figure's legend goes
)

// Series styles, legend corners and figure sizes (see package figure).
const (
	Line       = figure.Line
	Points     = figure.Points
	LinePoints = figure.LinePoints
	Dashed     = figure.Dashed

	TopRight    = figure.TopRight
	TopLeft     = figure.TopLeft
	BottomRight = figure.BottomRight
	BottomLeft  = figure.BottomLeft
	NoLegend    = figure.NoLegend
	Outside     = figure.Outside

	DefaultWidth  = figure.DefaultWidth
	DefaultHeight = figure.DefaultHeight
	WideWidth     = figure.WideWidth
)

// Errors of Draw (figure.ErrNoData, figure.ErrExtent).
var (
	ErrNoData = figure.ErrNoData
	ErrExtent = figure.ErrExtent
)

// FromBundle is figure.FromBundle: the figure a bundle describes, so that
// Draw(FromBundle(f.Bundle()), format) draws f.
func FromBundle(bf bundle.Figure) (Figure, error) { return figure.FromBundle(bf) }

// runs splits a series into maximal runs of drawable points, so that lines
// break at dropped points instead of bridging them.
func runs(f Figure, s Series) []plotter.XYs {
	var out []plotter.XYs
	var cur plotter.XYs
	for i := range s.X {
		if f.Drawable(s.X[i], s.Y[i]) {
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
	return svg, figure.NewBundle(f), nil
}

// plots builds the figure's drawing from a validated f.
func plots(f Figure) (*drawing, error) {
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
		lo, hi, ok := f.Heat.ColourRange()
		p.Add(newCells(f.Heat, lo, hi))
		if ok {
			d.bar = colourBar(f.Heat.ZLabel, lo, hi)
		}
		drawn += f.Heat.Finite()
	}

	marks := lineMarks(f)
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
				if j%m.stride == m.offset && f.Drawable(s.X[j], s.Y[j]) {
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
		for k, run := range runs(f, s) {
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
				if !f.Drawable(s.X[j], s.Y[j]) || math.IsNaN(e) {
					continue
				}
				lo, hi := f.ErrorBar(s.Y[j], e)
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

// fitExtent sets axis a to the range figure.FitExtent draws for the data
// range gonum found (every drawn point, error bar and heat cell), or
// returns its ErrExtent.
func fitExtent(id, name string, a *plot.Axis) error {
	lo, hi, err := figure.FitExtent(id, name, a.Min, a.Max)
	if err != nil {
		return err
	}
	a.Min, a.Max = lo, hi
	return nil
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
func lineMarks(f Figure) map[int]lineMark {
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
			if f.Drawable(s.X[j], s.Y[j]) {
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
			coincide = coincident(f, f.Series[lines[a]], f.Series[lines[b]], tol)
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

// coincident reports whether lines a and b, drawn at the same x, are within
// tol of each other at at least half of the points both can draw.
func coincident(f Figure, a, b Series, tol float64) bool {
	if len(a.X) != len(b.X) {
		return false
	}
	both, near := 0, 0
	for j := range a.X {
		if a.X[j] != b.X[j] || !f.Drawable(a.X[j], a.Y[j]) || !f.Drawable(b.X[j], b.Y[j]) {
			continue
		}
		both++
		if math.Abs(a.Y[j]-b.Y[j]) <= tol {
			near++
		}
	}
	return both > 0 && 2*near >= both
}
