package picture

import (
	"bytes"
	"fmt"
	"io"
	"time"

	"codeberg.org/go-pdf/fpdf"
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

// PNGDPI is the resolution of a PNG figure: a default figure is 900
// pixels wide, as wide as a report page shows it, enough for a slide.
// (192 dpi costs a third more bytes and time; print from the PDF.) PNGs
// are compressed for speed (BestSpeed: half the encoding time of the
// default level for 5% more bytes, measured on 40 report figures), their
// rows unfiltered (writePNG).
const PNGDPI = 150

// pdfDate is the creation and modification date of every PDF drawn: fixed
// (the Unix epoch, as reproducible builds write it), since fpdf would
// otherwise write the time of drawing and two draws of one figure, or two
// reports of one commit, would differ in those bytes alone. vgpdf keeps
// its fpdf document to itself, so the date is fpdf's package default.
var pdfDate = time.Unix(0, 0).UTC()

func init() {
	fpdf.SetDefaultCreationDate(pdfDate)
	fpdf.SetDefaultModificationDate(pdfDate)
}

// Draw draws f in format and returns the file's bytes; the same figure
// gives the same bytes. Its errors are RenderFigure's, and an unknown
// format.
func Draw(f Figure, format Format) ([]byte, error) {
	if err := f.Validate(); err != nil {
		return nil, err
	}
	d, err := plots(f)
	if err != nil {
		return nil, err
	}
	w, h := f.Size()
	var c vg.CanvasWriterTo
	switch format {
	case SVG:
		c = vgsvg.New(vg.Points(w), vg.Points(h))
	case PDF:
		c = &outlined{CanvasWriterTo: vgpdf.New(vg.Points(w), vg.Points(h))}
	case PNG:
		c = fastPNG{vgimg.NewWith(vgimg.UseWH(vg.Points(w), vg.Points(h)), vgimg.UseDPI(PNGDPI))}
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

// fastPNG writes a vgimg canvas as a PNG (writePNG).
type fastPNG struct{ *vgimg.Canvas }

func (c fastPNG) WriteTo(w io.Writer) (int64, error) {
	cw := &countWriter{w: w}
	err := writePNG(cw, c.Image())
	return cw.n, err
}

type countWriter struct {
	w io.Writer
	n int64
}

func (c *countWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}
