package show

import (
	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/kernel-ext/contract/figure"
	"github.com/sigprop/sigprop/kernel-ext/contract/markup"
)

// The figure types and their checks live in package figure, the HTML of
// tables and metrics in package markup; neither imports gonum/plot, which
// only the hosts that draw a figure link (package picture). They are
// re-exported here so that a notebook needs only show.
type (
	Figure = figure.Figure // a plot as a notebook author describes it
	Series = figure.Series // one curve or point set of a Figure
	Heat   = figure.Heat   // a scalar field drawn as coloured cells
	Style  = figure.Style  // how a series is drawn
	Corner = figure.Corner // where a figure's legend goes
)

// Series styles and legend corners (see package figure).
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

// ErrNoData is returned by CheckFigure when no series has a single point
// that can be drawn.
var ErrNoData = figure.ErrNoData

// CheckFigure is what a cell does with a figure before sending it:
// f.Check, every error picture.Draw would return, without drawing, and
// f's bundle, from which the host draws the SVG (picture.DrawDisplay;
// picture.RenderFigure draws it in one go).
func CheckFigure(f Figure) (bundle.Bundle, error) {
	if err := f.Check(); err != nil {
		return bundle.Bundle{}, err
	}
	return figure.NewBundle(f), nil
}

// RenderTable is markup.RenderTable: t as an HTML table, and its bundle.
func RenderTable(t bundle.Table) (htm []byte, b bundle.Bundle, err error) {
	return markup.RenderTable(t)
}

// RenderMetric is markup.RenderMetric: m as one HTML line, and its bundle.
func RenderMetric(m Metric) (htm []byte, b bundle.Bundle, err error) { return markup.RenderMetric(m) }

// OutcomeBadge is markup.OutcomeBadge: the CSS class and badge text of an
// outcome (pass, fail, known disagreement).
func OutcomeBadge(o bundle.Outcome) (class, badge string) { return markup.OutcomeBadge(o) }

// FormatFloat is markup.FormatFloat: 4 significant digits, as the report
// shows metric numbers.
func FormatFloat(v float64) string { return markup.FormatFloat(v) }
