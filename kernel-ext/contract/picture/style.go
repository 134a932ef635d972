package picture

import (
	"cmp"
	"image/color"
	"math"
	"slices"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// A figure is drawn at its size in points and shown on a report page at the
// width of the page's text column (a wide figure at WideWidth/DefaultWidth
// times it), about 675 pt on screen, so a default figure is magnified
// ≈ 1.56×. The text sizes below are chosen for that magnification: tick
// labels show at ≈ 11 pt and axis labels at ≈ 12.5 pt beside the page's
// 12 pt (16 px) body text. A figure saved as PDF keeps its point size, so
// the same sizes suit a 6-inch-wide figure in a paper.
const (
	tickFontSize   = 7.0 // tick labels
	labelFontSize  = 8.0 // axis and colour-bar labels
	legendFontSize = 7.5
	lineWidth      = 1.2 // series lines
	glyphRadius    = 2.2 // points
	axisLineWidth  = 0.6
)

// face is the one typeface of every text a figure draws: Liberation Sans,
// metric-compatible with Arial and Helvetica, which the report's style
// sheet names first for its body text, so a figure's words match the
// page's. gonum/plot ships it (codeberg.org/go-fonts/liberation); an SVG
// names it and the browser draws it, or Arial, in the page's face.
var face = font.Font{Typeface: "Liberation", Variant: "Sans"}

// palette is the Okabe–Ito colour-blind-safe palette (Okabe & Ito 2008)
// without its yellow, which is unreadable on white: seven colours. Series
// colour index i gets palette[i%7]; beyond seven, the cycle number i/7
// also changes the dash pattern of a line (lineDashes) and the point glyph
// (glyphFor), so every colour index up to 28 draws differently.
var palette = []color.RGBA{
	{0x00, 0x72, 0xB2, 0xff}, // blue
	{0xD5, 0x5E, 0x00, 0xff}, // vermillion
	{0x00, 0x9E, 0x73, 0xff}, // bluish green
	{0xCC, 0x79, 0xA7, 0xff}, // reddish purple
	{0xE6, 0x9F, 0x00, 0xff}, // orange
	{0x56, 0xB4, 0xE9, 0xff}, // sky blue
	{0x00, 0x00, 0x00, 0xff}, // black
}

// glyphs are the point shapes, one per colour of a cycle.
var glyphs = []draw.GlyphDrawer{
	draw.CircleGlyph{}, draw.SquareGlyph{}, draw.TriangleGlyph{},
	draw.CrossGlyph{}, draw.PlusGlyph{}, draw.RingGlyph{}, draw.BoxGlyph{},
}

// lineDashes are the dash patterns of a line by colour cycle (solid for
// the first seven colour indices, then dotted, dash-dotted, long-dashed).
// A Dashed series uses dashedPattern in the first cycle, and the cycle's
// pattern after.
var lineDashes = [][]vg.Length{
	nil,
	{vg.Points(1), vg.Points(2)},
	{vg.Points(6), vg.Points(2), vg.Points(1), vg.Points(2)},
	{vg.Points(9), vg.Points(3)},
}

var dashedPattern = []vg.Length{vg.Points(4.5), vg.Points(2.5)}

// colourFor, glyphFor and dashesFor give colour index ci its colour, point
// glyph and line dashes. Within a cycle the glyph follows the colour; the
// next cycle shifts it by one, so no (colour, glyph) pair repeats among
// the first 49 indices.
func colourFor(ci int) color.RGBA { return palette[ci%len(palette)] }

func glyphFor(ci int) draw.GlyphDrawer {
	return glyphs[(ci%len(palette)+ci/len(palette))%len(glyphs)]
}

func dashesFor(ci int, dashed bool) []vg.Length {
	cycle := ci / len(palette) % len(lineDashes)
	if dashed && cycle == 0 {
		return dashedPattern
	}
	return lineDashes[cycle]
}

// gridColour is the colour of the grid lines: light, so that they guide
// the eye without competing with data.
var gridColour = color.Gray{Y: 0xdd}

// styleAxes gives p the figure's typeface, text sizes, label typesetting
// and ticks.
func styleAxes(p *plot.Plot) {
	h := newLabelText(font.DefaultCache)
	p.TextHandler = h
	for _, a := range []*plot.Axis{&p.X, &p.Y} {
		a.Label.TextStyle.Font = font.From(face, labelFontSize)
		a.Label.TextStyle.Handler = h
		a.Tick.Label.Font = font.From(face, tickFontSize)
		a.Tick.Label.Handler = h
		a.LineStyle.Width = vg.Points(axisLineWidth)
		a.Tick.LineStyle.Width = vg.Points(axisLineWidth)
		a.Tick.Length = vg.Points(4)
		a.Tick.Marker = readableTicks{}
		a.Label.Padding = vg.Points(3)
	}
	p.Title.TextStyle.Font = font.From(face, labelFontSize)
	p.Title.TextStyle.Handler = h
}

// newLegend is a legend in the figure's face.
func newLegend() plot.Legend {
	l := plot.NewLegend()
	l.TextStyle.Font = font.From(face, legendFontSize)
	l.TextStyle.Handler = newLabelText(font.DefaultCache)
	l.ThumbnailWidth = vg.Points(18)
	l.Padding = vg.Points(1.5)
	return l
}

// readableTicks labels an axis at 4 to 10 round values (steps of 1, 2,
// 2.5 or 5 times a power of ten; the first of them, from the finest, that
// gives at most maxMajor labels), with one unlabelled minor tick between
// two labels. gonum/plot's DefaultTicks aims at three labels, too few to
// read a value off ("0.2, 0.6, 1.0").
type readableTicks struct{}

const maxMajor = 8

func (readableTicks) Ticks(lo, hi float64) []plot.Tick {
	if !(hi > lo) || math.IsInf(lo, 0) || math.IsInf(hi, 0) {
		return plot.DefaultTicks{}.Ticks(lo, hi)
	}
	step, prec := tickStep(lo, hi)
	var ticks []plot.Tick
	first := math.Ceil(lo/step - 1e-9)
	for k := first; k*step <= hi+step*1e-9; k++ {
		v := k * step
		if math.Abs(v) < step*1e-9 {
			v = 0
		}
		ticks = append(ticks, plot.Tick{Value: v, Label: strconv.FormatFloat(v, 'f', prec, 64)})
		if m := v + step/2; m <= hi {
			ticks = append(ticks, plot.Tick{Value: m})
		}
	}
	if m := first*step - step/2; m >= lo {
		ticks = append(ticks, plot.Tick{Value: m})
	}
	if len(ticks) < 2 { // a range too narrow for two round values
		return plot.DefaultTicks{}.Ticks(lo, hi)
	}
	slices.SortFunc(ticks, func(a, b plot.Tick) int { return cmp.Compare(a.Value, b.Value) })
	return ticks
}

// tickStep returns the round step that gives at most maxMajor labels on
// [lo, hi], and the decimals that print it.
func tickStep(lo, hi float64) (step float64, prec int) {
	span := hi - lo
	mag := math.Pow(10, math.Floor(math.Log10(span/maxMajor)))
	for _, m := range []float64{1, 2, 2.5, 5, 10, 20} {
		step = m * mag
		if span/step <= maxMajor {
			break
		}
	}
	prec = max(0, -int(math.Floor(math.Log10(step)+1e-9)))
	if m := step / math.Pow(10, -float64(prec)); math.Abs(m-math.Round(m)) > 1e-6 {
		prec++ // 2.5 × 10^k needs one more decimal
	}
	return step, prec
}

func sincos(a float64) (sin, cos vg.Length) {
	s, c := math.Sincos(a)
	return vg.Length(s), vg.Length(c)
}
