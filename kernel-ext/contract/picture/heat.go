package picture

import (
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/sigprop/sigprop/kernel-ext/contract/figure"
)

// The colour map is viridis (van der Walt & Smith 2015, the matplotlib
// default since 2.0): perceptually uniform (monotone lightness J′ in
// CAM02-UCS) and readable with the common colour-vision deficiencies and in
// grey scale. It is rebuilt here from 17 of its 256 published table entries
// (0, 16, …, 240 and 255; the table is CC0), interpolated linearly in sRGB.
// Between two anchors the table is smooth enough that this reproduces the
// other 239 entries within about 1/255 per channel (TestViridis).
var viridisAnchors = [...][3]float64{
	{0.267004, 0.004874, 0.329415}, // 0: #440154
	{0.282327, 0.094955, 0.417331}, // 16
	{0.278826, 0.175490, 0.483397}, // 32
	{0.258965, 0.251537, 0.524736}, // 48
	{0.229739, 0.322361, 0.545706}, // 64: #3B528B
	{0.199430, 0.387607, 0.554642}, // 80
	{0.172719, 0.448791, 0.557885}, // 96
	{0.149039, 0.508051, 0.557250}, // 112
	{0.127568, 0.566949, 0.550556}, // 128: #21918C
	{0.120638, 0.625828, 0.533488}, // 144
	{0.157851, 0.683765, 0.501686}, // 160
	{0.246070, 0.738910, 0.452024}, // 176
	{0.369214, 0.788888, 0.382914}, // 192: #5EC962
	{0.515992, 0.831158, 0.294279}, // 208
	{0.678489, 0.863742, 0.189503}, // 224
	{0.845561, 0.887322, 0.099702}, // 240
	{0.993248, 0.906157, 0.143936}, // 255: #FDE725
}

// viridis returns the colour map at t in [0, 1] (clamped).
func viridis(t float64) color.RGBA {
	e := math.Min(math.Max(t, 0), 1) * 255 // position in the 256-entry table
	k := min(int(e/16), len(viridisAnchors)-2)
	lo, hi := float64(16*k), float64(16*(k+1))
	if k == len(viridisAnchors)-2 {
		hi = 255
	}
	s := (e - lo) / (hi - lo)
	var c [3]uint8
	for ch := range c {
		v := (1-s)*viridisAnchors[k][ch] + s*viridisAnchors[k+1][ch]
		c[ch] = uint8(math.Round(255 * v))
	}
	return color.RGBA{c[0], c[1], c[2], 0xff}
}

// nanColor fills the cells whose value is not finite: a light neutral grey,
// a colour viridis never takes.
var nanColor = color.RGBA{0xDD, 0xDD, 0xDD, 0xff}

// cells draws a Heat as one filled rectangle per cell, between the cell
// edges of Heat's doc comment. (plotter.HeatMap draws the same rectangles,
// but edge to edge, which anti-aliasing renders with hairline seams of
// background between cells; cells here reach seam points into their right
// and upper neighbours, which are drawn later and cover the overlap, so the
// picture is exact and seamless. They also need no glyph boxes: the cells
// reach the edges of the data area by construction, so the axes must not
// be padded for them.)
type cells struct {
	h      *Heat
	xe, ye []float64 // cell edges, len(X)+1 and len(Y)+1
	lo, hi float64   // colour range
}

// seam is how far a cell reaches into its right and upper neighbours.
const seam = 0.5 // points

func newCells(h *Heat, lo, hi float64) cells {
	return cells{h: h, xe: figure.CellEdges(h.X), ye: figure.CellEdges(h.Y), lo: lo, hi: hi}
}

// colour maps v onto viridis over [lo, hi], clamping outside, and
// non-finite values to nanColor.
func (c cells) colour(v float64) color.Color {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return nanColor
	}
	return viridis((v - c.lo) / (c.hi - c.lo))
}

// Plot implements plot.Plotter.
func (c cells) Plot(cv draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&cv)
	nx, ny := len(c.h.X), len(c.h.Y)
	var pa vg.Path
	for j := range ny { // rows bottom-up, each left to right: see seam
		y0, y1 := trY(c.ye[j]), trY(c.ye[j+1])
		if j < ny-1 {
			y1 += seam
		}
		for i := range nx {
			x0, x1 := trX(c.xe[i]), trX(c.xe[i+1])
			if i < nx-1 {
				x1 += seam
			}
			pa = pa[:0]
			pa.Move(vg.Point{X: x0, Y: y0})
			pa.Line(vg.Point{X: x1, Y: y0})
			pa.Line(vg.Point{X: x1, Y: y1})
			pa.Line(vg.Point{X: x0, Y: y1})
			pa.Close()
			cv.SetColor(c.colour(c.h.Z[j*nx+i]))
			cv.Fill(pa)
		}
	}
}

// DataRange implements plot.DataRanger: the outer cell edges.
func (c cells) DataRange() (xmin, xmax, ymin, ymax float64) {
	return c.xe[0], c.xe[len(c.xe)-1], c.ye[0], c.ye[len(c.ye)-1]
}

// Colour bar geometry, in points.
const (
	colourBarLevels = 64 // cells of the strip
	colourBarStrip  = 12 // width of the strip
	colourBarGap    = 10 // between the main plot and the bar's tick labels
	colourBarMargin = 4  // right of the strip
	heatTopMargin   = 6  // room for the top tick labels, half a line
)

// colourBar returns the colour bar for the range [lo, hi]: a second plot
// whose data area is a vertical strip of colourBarLevels cells coloured
// like the figure's cells, with value ticks and ZLabel on its axis.
func colourBar(label string, lo, hi float64) *plot.Plot {
	p := plot.New()
	styleAxes(p)
	p.HideX()
	p.X.Padding, p.Y.Padding = 0, 0
	p.Y.Label.Text = label
	d := (hi - lo) / colourBarLevels
	levels := make([]float64, colourBarLevels)
	for k := range levels {
		levels[k] = lo + (float64(k)+0.5)*d
	}
	p.Add(newCells(&Heat{X: []float64{0}, Y: levels, Z: levels}, lo, hi))
	p.Y.Min, p.Y.Max = lo, hi
	return p
}

// colourBarLayout splits c into the canvas of p (at the left) and the
// strip of bar at the right, aligned with p's data area.
func colourBarLayout(p, bar *plot.Plot, c draw.Canvas) (main, bc draw.Canvas) {
	// The bar's axis (label and tick labels) is as wide as gonum/plot
	// makes it; measure it on a probe canvas.
	c = draw.Crop(c, 0, 0, 0, -heatTopMargin)
	probe := bar.DataCanvas(c)
	axis := probe.Min.X - c.Min.X
	width := colourBarGap + axis + colourBarStrip + colourBarMargin
	main = draw.Crop(c, 0, -width, 0, 0)
	data := p.DataCanvas(main)
	bc = draw.Canvas{Canvas: c.Canvas, Rectangle: vg.Rectangle{
		Min: vg.Point{X: main.Max.X + colourBarGap, Y: data.Min.Y},
		Max: vg.Point{X: c.Max.X - colourBarMargin, Y: data.Max.Y},
	}}
	return main, bc
}
