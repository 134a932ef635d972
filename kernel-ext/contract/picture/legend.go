package picture

import (
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// A legend never hides data. Figure.Legend names the corner an author
// prefers; the legend goes there if its box (legendMargin from the axes,
// legendPad around the entries) holds no drawn point, line or error bar,
// else in the first other free corner (top right, top left, bottom right,
// bottom left), else outside the axes at the right (as it always does with
// Outside, and for a heatmap, whose cells fill the axes). Inside, it sits
// on an opaque white box with a thin border, so grid lines do not run
// through its text.
const (
	legendMargin = 3.0 // pt between the axes and the legend box
	legendPad    = 3.0 // pt between the box and its entries
	legendGap    = 6.0 // pt between the plot and an outside legend
	sampleStep   = 1.5 // pt between the samples of a line tested against the box
	edgeMargin   = 6.0 // pt of blank at the top and right of a figure
)

// drawing is a validated figure's plot, ready to draw at any size.
type drawing struct {
	p, bar  *plot.Plot  // bar is nil without a heatmap
	leg     plot.Legend // the legend, drawn by drawing.draw, not by p
	names   []string    // legend entries
	corner  Corner
	heat    bool
	lines   []plotter.XYs // drawn polylines, in data coordinates
	points  plotter.XYs   // drawn points and error-bar ends
	errBars [][2]plotter.XY
}

// draw draws the figure into c, placing the legend (see legendMargin),
// and returns where it went (NoLegend for none).
func (d *drawing) draw(c draw.Canvas) Corner {
	// Room for the half of the last tick label and of a glyph or error
	// bar that reaches beyond the axes (a colour bar keeps its own).
	if d.bar == nil {
		c = draw.Crop(c, 0, -edgeMargin, 0, -edgeMargin)
	} else {
		c = draw.Crop(c, 0, -edgeMargin, 0, 0)
	}
	if len(d.names) == 0 || d.corner == NoLegend {
		d.drawPlot(c)
		return NoLegend
	}
	w, h := d.legendSize()
	if d.corner != Outside && !d.heat {
		dc := d.dataCanvas(c)
		for _, k := range cornerOrder(d.corner) {
			box := legendBox(dc, k, w, h)
			if d.free(dc, box) {
				d.drawPlot(c)
				c.SetColor(color.White)
				c.Fill(box.Path())
				c.SetLineStyle(draw.LineStyle{Color: color.Gray{Y: 0xbb}, Width: vg.Points(0.5)})
				c.Stroke(box.Path())
				d.leg.Top = k == TopRight || k == TopLeft
				d.leg.Left = k == TopLeft || k == BottomLeft
				inner := draw.Canvas{Canvas: c.Canvas, Rectangle: vg.Rectangle{
					Min: vg.Point{X: box.Min.X + legendPad, Y: box.Min.Y + legendPad},
					Max: vg.Point{X: box.Max.X - legendPad, Y: box.Max.Y - legendPad}}}
				d.leg.Draw(inner)
				return k
			}
		}
	}
	// Outside, at the right, level with the top of the axes.
	col := w + legendGap
	main := draw.Crop(c, 0, -col, 0, 0)
	d.drawPlot(main)
	dc := d.dataCanvas(main)
	d.leg.Top, d.leg.Left = true, true
	inner := draw.Canvas{Canvas: c.Canvas, Rectangle: vg.Rectangle{
		Min: vg.Point{X: c.Max.X - w + legendPad, Y: dc.Max.Y - h + legendPad},
		Max: vg.Point{X: c.Max.X - legendPad, Y: dc.Max.Y - legendPad}}}
	d.leg.Draw(inner)
	return Outside
}

// drawPlot draws the plot (and colour bar) without the legend.
func (d *drawing) drawPlot(c draw.Canvas) {
	if d.bar == nil {
		d.p.Draw(c)
		return
	}
	main, bc := colourBarLayout(d.p, d.bar, c)
	d.p.Draw(main)
	d.bar.Draw(bc)
}

// dataCanvas is the data area of the plot drawn into c.
func (d *drawing) dataCanvas(c draw.Canvas) draw.Canvas {
	if d.bar == nil {
		return d.p.DataCanvas(c)
	}
	main, _ := colourBarLayout(d.p, d.bar, c)
	return d.p.DataCanvas(main)
}

// legendSize is the legend box's width and height, padding included.
func (d *drawing) legendSize() (w, h vg.Length) {
	sty := d.leg.TextStyle
	var eh vg.Length
	for _, n := range d.names {
		eh = max(eh, sty.Rectangle(n).Max.Y)
	}
	for _, n := range d.names {
		w = max(w, d.leg.ThumbnailWidth+sty.Rectangle(" "+n).Max.X)
	}
	k := vg.Length(len(d.names))
	h = k*eh + (k-1)*d.leg.Padding + sty.FontExtents().Descent
	return w + 2*legendPad, h + 2*legendPad
}

// cornerOrder lists the corners to try, the preferred one first.
func cornerOrder(pref Corner) []Corner {
	out := []Corner{pref}
	for _, k := range []Corner{TopRight, TopLeft, BottomRight, BottomLeft} {
		if k != pref {
			out = append(out, k)
		}
	}
	return out
}

// legendBox is the box of a w × h legend in corner k of the data area dc.
func legendBox(dc draw.Canvas, k Corner, w, h vg.Length) vg.Rectangle {
	var r vg.Rectangle
	if k == TopLeft || k == BottomLeft {
		r.Min.X = dc.Min.X + legendMargin
	} else {
		r.Min.X = dc.Max.X - legendMargin - w
	}
	if k == TopRight || k == TopLeft {
		r.Min.Y = dc.Max.Y - legendMargin - h
	} else {
		r.Min.Y = dc.Min.Y + legendMargin
	}
	r.Max = vg.Point{X: r.Min.X + w, Y: r.Min.Y + h}
	return r
}

// free reports whether box, in the data area dc, holds no drawn point and
// crosses no drawn line or error bar (each sampled every sampleStep).
func (d *drawing) free(dc draw.Canvas, box vg.Rectangle) bool {
	if box.Min.X < dc.Min.X || box.Min.Y < dc.Min.Y || box.Max.X > dc.Max.X || box.Max.Y > dc.Max.Y {
		return false // the legend does not fit inside the axes
	}
	trX, trY := d.p.Transforms(&dc)
	at := func(q plotter.XY) vg.Point { return vg.Point{X: trX(q.X), Y: trY(q.Y)} }
	in := func(q vg.Point) bool {
		// A glyph reaches glyphRadius beyond its centre; data touching
		// the box, or in the margin between it and the axes, counts.
		const slack = legendMargin + glyphRadius
		return q.X >= box.Min.X-slack && q.X <= box.Max.X+slack && q.Y >= box.Min.Y-slack && q.Y <= box.Max.Y+slack
	}
	segment := func(a, b vg.Point) bool {
		n := int(math.Ceil(math.Hypot(float64(b.X-a.X), float64(b.Y-a.Y)) / sampleStep))
		for i := 0; i <= n; i++ {
			t := 0.0
			if n > 0 {
				t = float64(i) / float64(n)
			}
			if in(vg.Point{X: a.X + vg.Length(t)*(b.X-a.X), Y: a.Y + vg.Length(t)*(b.Y-a.Y)}) {
				return true
			}
		}
		return false
	}
	for _, q := range d.points {
		if in(at(q)) {
			return false
		}
	}
	for _, run := range d.lines {
		for i := range run {
			if i > 0 && segment(at(run[i-1]), at(run[i])) || in(at(run[i])) {
				return false
			}
		}
	}
	for _, e := range d.errBars {
		if segment(at(e[0]), at(e[1])) {
			return false
		}
	}
	return true
}
