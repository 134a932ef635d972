package picture

import (
	"bytes"
	"fmt"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgpdf"
	"gonum.org/v1/plot/vg/vgsvg"
)

// Format is a file format a figure can be drawn in.
type Format string

const (
	// SVG names its fonts and embeds none (a few kilobytes; the page's
	// style sheet supplies the face).
	SVG Format = "svg"
	// PDF draws its text as glyph outlines (see outlined): every
	// symbol prints, and no font needs embedding.
	PDF Format = "pdf"
	// PNG is drawn at PNGDPI dots per inch on white.
	PNG Format = "png"
)

// Formats are the formats a report offers each figure in, in the order
// its links list them.
var Formats = []Format{SVG, PDF, PNG}

// PNGDPI is the resolution of a PNG figure: 2 device pixels per CSS pixel
// (96 per inch), sharp on a high-density screen and in a slide.
const PNGDPI = 192

// Draw draws f in format and returns the file's bytes; the same figure
// gives the same bytes. Its errors are RenderFigure's, and an unknown
// format.
func Draw(f Figure, format Format) ([]byte, error) {
	if err := f.validate(); err != nil {
		return nil, err
	}
	d, err := f.plots()
	if err != nil {
		return nil, err
	}
	w, h := f.size()
	var c vg.CanvasWriterTo
	switch format {
	case SVG:
		c = vgsvg.New(vg.Points(w), vg.Points(h))
	case PDF:
		c = &outlined{CanvasWriterTo: vgpdf.New(vg.Points(w), vg.Points(h))}
	case PNG:
		c = vgimg.PngCanvas{Canvas: vgimg.NewWith(vgimg.UseWH(vg.Points(w), vg.Points(h)), vgimg.UseDPI(PNGDPI))}
	default:
		return nil, fmt.Errorf("picture: figure %q: unknown format %q (want svg, pdf or png)", f.ID, format)
	}
	d.draw(draw.New(c))
	var buf bytes.Buffer
	if _, err := c.WriteTo(&buf); err != nil {
		return nil, fmt.Errorf("picture: figure %q: %s: %w", f.ID, format, err)
	}
	return buf.Bytes(), nil
}
