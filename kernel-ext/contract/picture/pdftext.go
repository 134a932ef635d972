package picture

import (
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"

	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"

	stdfont "golang.org/x/image/font"
)

// outlined is a canvas that draws text as the outlines of its glyphs;
// Draw uses it for PDF (outlined around a vgpdf canvas). gonum/plot's PDF canvas sets text in the font's Windows-1252
// encoding, which has no Greek letter, no ℓ and no sub- or superscript
// digit, so "σ_w²" would print as mojibake; outlines draw every glyph the
// font has, exactly where the SVG and PNG place it (same advances and
// kerning), and need no embedded font program (a PDF figure is a few
// kilobytes, not ~200 kB). The text cannot be selected in a PDF viewer;
// its words are in the figure's CSV and on the page.
type outlined struct {
	vg.CanvasWriterTo
	buf sfnt.Buffer
}

// FillString fills the outlines of str's glyphs with the current colour,
// the baseline starting at pt.
func (c *outlined) FillString(f font.Face, pt vg.Point, str string) {
	if f.Font.Size == 0 || f.Face == nil {
		return
	}
	sf := f.Face
	upem := sf.UnitsPerEm()
	ppem := fixed.I(int(upem)) // glyph coordinates in font units, 26.6
	scale := float64(f.Font.Size) / float64(upem) / 64
	var path vg.Path
	x := 0.0 // pen position in font units × 64
	prev, hasPrev := sfnt.GlyphIndex(0), false
	at := func(p fixed.Point26_6) vg.Point {
		return vg.Point{X: pt.X + vg.Length((x+float64(p.X))*scale), Y: pt.Y - vg.Length(float64(p.Y)*scale)}
	}
	for _, r := range str {
		g, err := sf.GlyphIndex(&c.buf, r)
		if err != nil {
			continue
		}
		if hasPrev {
			if k, err := sf.Kern(&c.buf, prev, g, ppem, stdfont.HintingNone); err == nil {
				x += float64(k)
			}
		}
		segs, err := sf.LoadGlyph(&c.buf, g, ppem, nil)
		if err == nil {
			for _, s := range segs {
				switch s.Op {
				case sfnt.SegmentOpMoveTo:
					if len(path) > 0 {
						path.Close()
					}
					path.Move(at(s.Args[0]))
				case sfnt.SegmentOpLineTo:
					path.Line(at(s.Args[0]))
				case sfnt.SegmentOpQuadTo:
					path.QuadTo(at(s.Args[0]), at(s.Args[1]))
				case sfnt.SegmentOpCubeTo:
					path.CubeTo(at(s.Args[0]), at(s.Args[1]), at(s.Args[2]))
				}
			}
			if len(path) > 0 {
				path.Close()
			}
		}
		if adv, err := sf.GlyphAdvance(&c.buf, g, ppem, stdfont.HintingNone); err == nil {
			x += float64(adv)
		}
		prev, hasPrev = g, true
	}
	if len(path) > 0 {
		c.Fill(path)
	}
}
