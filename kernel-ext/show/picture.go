package show

import (
	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/kernel-ext/contract/picture"
)

// The figure types and the pure renderers live in package picture, which
// the report generator imports too (it has no gonbui dependency); they are
// re-exported here so that a notebook needs only show.
type (
	Figure = picture.Figure // a plot as a notebook author describes it
	Series = picture.Series // one curve or point set of a Figure
	Heat   = picture.Heat   // a scalar field drawn as coloured cells
	Style  = picture.Style  // how a series is drawn
	Corner = picture.Corner // where a figure's legend goes
)

// Series styles and legend corners (see package picture).
const (
	Line       = picture.Line
	Points     = picture.Points
	LinePoints = picture.LinePoints
	Dashed     = picture.Dashed

	TopRight    = picture.TopRight
	TopLeft     = picture.TopLeft
	BottomRight = picture.BottomRight
	BottomLeft  = picture.BottomLeft
	NoLegend    = picture.NoLegend
	Outside     = picture.Outside

	DefaultWidth  = picture.DefaultWidth
	DefaultHeight = picture.DefaultHeight
	WideWidth     = picture.WideWidth
)

// ErrNoData is returned by RenderFigure when no series has a single point
// that can be drawn.
var ErrNoData = picture.ErrNoData

// RenderFigure is picture.RenderFigure: f as SVG, and its bundle.
func RenderFigure(f Figure) (svg []byte, b bundle.Bundle, err error) { return picture.RenderFigure(f) }

// RenderTable is picture.RenderTable: t as an HTML table, and its bundle.
func RenderTable(t bundle.Table) (htm []byte, b bundle.Bundle, err error) {
	return picture.RenderTable(t)
}

// RenderMetric is picture.RenderMetric: m as one HTML line, and its bundle.
func RenderMetric(m Metric) (htm []byte, b bundle.Bundle, err error) { return picture.RenderMetric(m) }

// OutcomeBadge is picture.OutcomeBadge: the CSS class and badge text of an
// outcome (pass, fail, known disagreement).
func OutcomeBadge(o bundle.Outcome) (class, badge string) { return picture.OutcomeBadge(o) }

// FormatFloat is picture.FormatFloat: 4 significant digits, as the report
// shows metric numbers.
func FormatFloat(v float64) string { return picture.FormatFloat(v) }
