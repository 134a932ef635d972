package figure

import (
	"errors"
	"fmt"
	"maps"
	"math"
	"slices"

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
var ErrNoData = errors.New("figure: figure has no finite point to draw")

// Validate checks f's own fields the way gonum/plot's CheckFloats checks data, but
// without rejecting NaN/Inf, which are dropped from the picture instead.
func (f Figure) Validate() error {
	if f.ID == "" {
		return errors.New("figure: Figure.ID is empty; give every figure an id unique within its notebook")
	}
	if len(f.Series) == 0 && f.Heat == nil {
		return fmt.Errorf("figure: figure %q has no series", f.ID)
	}
	if f.Heat != nil {
		if err := f.Heat.validate(f.ID); err != nil {
			return err
		}
		if f.LogX || f.LogY {
			return fmt.Errorf("figure: figure %q: Heat with LogX or LogY is not supported (cell edges are arithmetic midpoints)", f.ID)
		}
	}
	for i, s := range f.Series {
		if len(s.X) != len(s.Y) {
			return fmt.Errorf("figure: figure %q series %d (%q): len(X)=%d != len(Y)=%d", f.ID, i, s.Name, len(s.X), len(s.Y))
		}
		if s.YErr != nil && len(s.YErr) != len(s.Y) {
			return fmt.Errorf("figure: figure %q series %d (%q): len(YErr)=%d != len(Y)=%d", f.ID, i, s.Name, len(s.YErr), len(s.Y))
		}
		for j, e := range s.YErr {
			if e < 0 || math.IsInf(e, 0) {
				return fmt.Errorf("figure: figure %q series %d (%q): YErr[%d]=%v, want >= 0 and finite (or NaN for none)", f.ID, i, s.Name, j, e)
			}
		}
		if s.Style < Line || s.Style > Dashed {
			return fmt.Errorf("figure: figure %q series %d (%q): unknown style %d", f.ID, i, s.Name, int(s.Style))
		}
	}
	for k, v := range f.Params {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return fmt.Errorf("figure: figure %q parameter %q = %v, want finite", f.ID, k, v)
		}
	}
	if err := f.checkCaption(); err != nil {
		return err
	}
	if f.Legend < TopRight || f.Legend > Outside {
		return fmt.Errorf("figure: figure %q: unknown legend corner %d", f.ID, int(f.Legend))
	}
	if f.Width < 0 || f.Height < 0 || math.IsNaN(f.Width) || math.IsNaN(f.Height) || math.IsInf(f.Width, 0) || math.IsInf(f.Height, 0) {
		return fmt.Errorf("figure: figure %q size %v×%v, want finite and >= 0 (0 means default)", f.ID, f.Width, f.Height)
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
		return Figure{}, fmt.Errorf("figure: figure %q: draw lists %d styles and %d colours for %d series", bf.ID, len(dr.Styles), len(dr.Colours), len(bf.Series))
	}
	for i := range f.Series {
		st, ok := styleNamed(dr.Styles[i])
		if !ok {
			return Figure{}, fmt.Errorf("figure: figure %q series %d: unknown style %q (want line, points, linepoints or dashed)", bf.ID, i, dr.Styles[i])
		}
		f.Series[i].Style, f.Series[i].Colour = st, dr.Colours[i]
	}
	f.LogX, f.LogY, f.Wide, f.Width, f.Height = dr.LogX, dr.LogY, dr.Wide, dr.Width, dr.Height
	if dr.Legend != "" {
		k, ok := cornerNamed(dr.Legend)
		if !ok {
			return Figure{}, fmt.Errorf("figure: figure %q: unknown legend %q (want one of %v)", bf.ID, dr.Legend, cornerNames)
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

// Drawable reports whether (x, y) can be placed on the figure's axes.
func (f Figure) Drawable(x, y float64) bool {
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

// Size is the figure's size in points.
func (f Figure) Size() (w, h float64) {
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

// NewBundle returns the bundle a display of f carries: f.Bundle() as a
// figure bundle of the current schema.
func NewBundle(f Figure) bundle.Bundle {
	bf := f.Bundle()
	return bundle.Bundle{Schema: bundle.SchemaVersion, Kind: bundle.KindFigure, Figure: &bf}
}
