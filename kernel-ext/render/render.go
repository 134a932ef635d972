package render

import (
	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/result"
)

// Option changes how a renderer lays out its view.
type Option func(*options)

type options struct {
	legend      show.Corner
	figureFirst bool
	wide        bool
	width       float64
	height      float64
	checks      string
}

// Legend puts the figure's legend at c.
func Legend(c show.Corner) Option { return func(o *options) { o.legend = c } }

// After shows the checks after the figure (by default they come first).
func After() Option { return func(o *options) { o.figureFirst = true } }

// Wide draws the figure at picture.WideWidth.
func Wide() Option { return func(o *options) { o.wide = true } }

// Height draws the figure h points high (a figure with a long legend).
func Height(h float64) Option { return func(o *options) { o.height = h } }

// Width draws the figure w points wide (a figure between the column and
// Wide's width).
func Width(w float64) Option { return func(o *options) { o.width = w } }

// Checking makes the view's checks checks of the figure or table id
// rather than of the one drawn (a table of claims about a figure shown
// before it).
func Checking(id string) Option { return func(o *options) { o.checks = id } }

// checkID is the id the view's checks check: Checking's, else id.
func (o options) checkID(id string) string {
	if o.checks != "" {
		return o.checks
	}
	return id
}

func apply(opts []Option) options {
	var o options
	for _, f := range opts {
		f(&o)
	}
	return o
}

var styles = map[result.Role]show.Style{result.Theory: show.Line, result.Simulated: show.Points,
	result.SimulatedLine: show.LinePoints, result.Reference: show.Dashed, result.Contour: show.Points, result.TheoryPoints: show.Points,
	result.SimulatedTrace: show.Line, result.TheoryLinePoints: show.LinePoints}

var kinds = map[result.Kind]bundle.MetricKind{result.TheoryVsSimulation: show.TheoryVsSimulation,
	result.TheoryVsClosedForm: show.TheoryVsClosedForm, result.TheoryVsTheory: show.TheoryVsTheory,
	result.TheoryVsPrinted: show.TheoryVsPrinted, result.SimulationVsSimulation: show.SimulationVsSimulation, result.Claim: show.Claim}

var rules = map[result.Rule]bundle.Rule{result.Within: show.Within, result.AtMost: show.AtMost, result.AtLeast: show.AtLeast}

// series is the show series of lines (nil for none).
func series(lines []result.Line) []show.Series {
	if len(lines) == 0 {
		return nil
	}
	out := make([]show.Series, len(lines))
	for i, l := range lines {
		out[i] = show.Series{Name: l.Name, X: l.X, Y: l.Y, YErr: l.SE, Style: styles[l.Role], Colour: l.Pair}
	}
	return out
}

// figure fills f from a result's caption, axes and record, and claims
// f's paper figure only at the paper's settings.
func figure(f show.Figure, caption string, x, y result.Axis, rec result.Record, o options) show.Figure {
	f.Caption, f.XLabel, f.YLabel = caption, x.Label, y.Label
	f.LogX, f.LogY = f.LogX || x.Log, f.LogY || y.Log
	f.Params = rec.Params
	if rec.HasSeed {
		f.Seed = show.Seed(rec.Seed)
	}
	if o.legend != 0 {
		f.Legend = o.legend
	}
	f.Wide = f.Wide || o.wide
	if o.width > 0 {
		f.Width = o.width
	}
	if o.height > 0 {
		f.Height = o.height
	}
	if rec.NoPaperFigure {
		return f
	}
	return show.AtPaper(f, rec.AtPaper)
}

// agreement is c as a show check of figure id; lines are the result's
// lines for MaxZ, x and y the samples for KS.
func agreement(id string, c result.Check, line func(string) (result.Line, bool), x, y []float64) show.Agreement {
	a := show.Agreement{Name: c.Name, Kind: kinds[c.Kind], Value: c.Value, Tol: c.Tol, Rule: rules[c.Rule], Basis: c.Basis,
		Figure: id, Note: c.Note, Central: c.Central, Disagreement: disagreement(c.Disagreement)}
	if c.Statement != nil {
		a.Paper = c.Statement.Text
	}
	if c.NotApplicable != "" {
		return a
	}
	switch c.Test {
	case result.MaxZ:
		y, se, th := zPoints(c, line)
		a = show.MaxZ(a, y, se, th)
	case result.MaxZNets:
		y, se, th := zPoints(c, line)
		a = show.NetsZ(a, y, se, th, c.Nets, c.Unit)
	case result.KS:
		if s := c.Samples; s != nil {
			x, y = s.X, s.Y
		}
		a = show.KS(a, x, y, c.Alpha)
	}
	return a
}

// zPoints are the points a z check reads, from index c.From on: its own
// Points, or its Sim line ± SE against its Theory line.
func zPoints(c result.Check, line func(string) (result.Line, bool)) (y, se, th []float64) {
	if p := c.Points; p != nil {
		return p.Y[c.From:], p.SE[c.From:], p.Theory[c.From:]
	}
	s, ok1 := line(c.Sim)
	t, ok2 := line(c.Theory)
	show.Want(ok1 && ok2, "render", "check %q: lines %q and %q not in the result", c.Name, c.Sim, c.Theory)
	return s.Y[c.From:], s.SE[c.From:], t.Y[c.From:]
}

// item is a's view item: a check, or not applicable away from the
// paper's settings when c holds only there.
func item(a show.Agreement, c result.Check, rec result.Record) show.Item {
	if c.NotApplicable != "" {
		return show.NotApplicable(c.Name, c.NotApplicable)
	}
	if c.PaperOnly {
		return show.PaperCheck(a, rec.AtPaper, rec.NotPaper)
	}
	return show.Agree(a)
}

// view is the checks then the figure, or the figure first under After.
func view(checks show.View, fig show.Item, o options) show.View {
	if o.figureFirst {
		return append(show.View{fig}, checks...)
	}
	return append(checks, fig)
}

func noLine(string) (result.Line, bool) { return result.Line{}, false }

func must(err error) { show.Want(err == nil, "render", "%v", err) }

// Curves draws r as the figure f after r's checks: its lines in their
// roles' styles, its axes, caption and Params, claiming f.Paper only at
// the paper's settings. A caller bug (r.Wellformed fails) panics.
func Curves(f show.Figure, r result.Curves, opts ...Option) show.View {
	must(r.Wellformed())
	o := apply(opts)
	v, fig := curveItems(f, r, o)
	return view(v, fig, o)
}

// curveItems are r's checks and remarks, and its figure f.
func curveItems(f show.Figure, r result.Curves, o options) (show.View, show.Item) {
	fig := figure(f, r.Caption, r.X, r.Y, r.Record, o)
	fig.Series = series(r.Lines)
	var v show.View
	for _, c := range r.Checks {
		v = append(v, item(agreement(o.checkID(f.ID), c, r.Line, nil, nil), c, r.Record))
	}
	for _, s := range r.Remarks {
		v = append(v, show.Text(s))
	}
	return v, show.Fig(fig)
}

// Plane draws r as a heat map (with its lines over it) in the figure f
// after r's checks.
func Plane(f show.Figure, r result.Plane, opts ...Option) show.View {
	must(r.Wellformed())
	o := apply(opts)
	fig := figure(f, r.Caption, r.X, r.Y, r.Record, o)
	fig.Heat = &show.Heat{Name: r.ZName, X: r.Xs, Y: r.Ys, Z: r.Z, ZLabel: r.ZLabel, Min: r.ZMin, Max: r.ZMax}
	fig.Series = series(r.Lines)
	line := func(name string) (result.Line, bool) {
		for _, l := range r.Lines {
			if l.ID() == name {
				return l, true
			}
		}
		return result.Line{}, false
	}
	var v show.View
	for _, c := range r.Checks {
		v = append(v, item(agreement(o.checkID(f.ID), c, line, nil, nil), c, r.Record))
	}
	return view(v, show.Fig(fig), o)
}

// Spectrum draws r as a histogram of its samples (Points) beside the
// theory density (Line) when r has one, or a kernel density estimate of
// the theory's samples (Dashed) when not, in the figure f after r's
// checks; a KS check compares r.Sample with r.TheorySample.
func Spectrum(f show.Figure, r result.Spectrum, opts ...Option) show.View {
	must(r.Wellformed())
	o := apply(opts)
	fig := figure(f, r.Caption, r.X, result.Axis{Label: "density"}, r.Record, o)
	fig.Series = []show.Series{show.HistSeries(r.SampleName, r.Sample, r.Lo, r.Hi, r.Bins, show.Points)}
	switch {
	case r.Density != nil:
		fig.Series = append(fig.Series, series([]result.Line{*r.Density})...)
	case len(r.TheorySample) > 0:
		fig.Series = append(fig.Series, show.KDESeries(r.TheoryName, r.TheorySample, r.Lo, r.Hi, 4*r.Bins+1, show.Dashed))
	}
	var v show.View
	for _, c := range r.Checks {
		v = append(v, item(agreement(o.checkID(f.ID), c, noLine, r.Sample, r.TheorySample), c, r.Record))
	}
	return view(v, show.Fig(fig), o)
}

// Table shows r in the table t (the notebook's literal: ID and Paper),
// after r's checks; t claims its paper table only at the paper's
// settings, as a figure does.
func Table(t bundle.Table, r result.Table, opts ...Option) show.View {
	must(r.Wellformed())
	o := apply(opts)
	t.Caption, t.Header, t.Rows = r.Caption, r.Header, r.Rows
	if !r.Record.AtPaper && !r.Record.NoPaperFigure {
		t.Paper = nil
		t.Caption += show.YourSettings
	}
	var v show.View
	for _, c := range r.Checks {
		v = append(v, item(agreement(o.checkID(t.ID), c, noLine, nil, nil), c, r.Record))
	}
	return view(v, show.Tab(t), o)
}

// Checks shows checks of the figure or table id that has no result of
// its own to draw (Given values only: a MaxZ or KS check needs its
// result's data and panics here).
func Checks(id string, checks []result.Check, rec result.Record) show.View {
	var v show.View
	for _, c := range checks {
		show.Want(c.Test == result.Given, "render", "check %q: test %d needs its result's data", c.Name, c.Test)
		v = append(v, item(agreement(id, c, noLine, nil, nil), c, rec))
	}
	return v
}
