package picture

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"math/rand/v2"
	"testing"
)

// TestWritePNG: image/png's decoder (which checks every chunk's CRC and
// the zlib checksum) reads back every pixel writePNG wrote: opaque
// images written as unfiltered RGB, among them one whose compressed rows
// span several IDAT chunks (noise) and a sub-image whose bounds do not
// start at the origin, and images with transparency, which image/png
// writes; the same image gives the same bytes.
func TestWritePNG(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	noise := func(w, h int, alpha bool) *image.RGBA {
		m := image.NewRGBA(image.Rect(0, 0, w, h))
		for i := range m.Pix {
			m.Pix[i] = byte(r.Uint32())
			if i%4 == 3 && !alpha {
				m.Pix[i] = 0xff
			}
		}
		return m
	}
	plot := image.NewRGBA(image.Rect(0, 0, 90, 60)) // white, one line
	for i := range plot.Pix {
		plot.Pix[i] = 0xff
	}
	for x := range 90 {
		plot.Set(x, x*60/90, color.RGBA{0x1f, 0x77, 0xb4, 0xff})
	}
	big := noise(300, 200, false)
	for _, tc := range []struct {
		what string
		img  *image.RGBA
		rgb  bool // written by writePNG itself, as RGB
	}{
		{"a plot", plot, true},
		{"noise over several IDAT chunks", big, true},
		{"a sub-image", big.SubImage(image.Rect(17, 9, 140, 77)).(*image.RGBA), true},
		{"one pixel", noise(1, 1, false), true},
		{"transparency", noise(40, 30, true), false},
	} {
		var buf bytes.Buffer
		if err := writePNG(&buf, tc.img); err != nil {
			t.Fatalf("%s: %v", tc.what, err)
		}
		var again bytes.Buffer
		writePNG(&again, tc.img)
		if !bytes.Equal(buf.Bytes(), again.Bytes()) {
			t.Errorf("%s: two writes differ", tc.what)
		}
		if ct := buf.Bytes()[25]; (ct == 2) != tc.rgb { // IHDR's colour type
			t.Errorf("%s: colour type %d, RGB (2) written by writePNG: %v", tc.what, ct, tc.rgb)
		}
		got, err := png.Decode(&buf)
		if err != nil {
			t.Fatalf("%s: decoding: %v", tc.what, err)
		}
		b := tc.img.Bounds()
		if got.Bounds().Dx() != b.Dx() || got.Bounds().Dy() != b.Dy() {
			t.Fatalf("%s: decoded %v, want the size of %v", tc.what, got.Bounds(), b)
		}
		bad := 0
		for y := 0; y < b.Dy(); y++ {
			for x := 0; x < b.Dx(); x++ {
				want := color.NRGBAModel.Convert(tc.img.At(b.Min.X+x, b.Min.Y+y))
				if c := color.NRGBAModel.Convert(got.At(got.Bounds().Min.X+x, got.Bounds().Min.Y+y)); c != want {
					if bad++; bad <= 3 {
						t.Errorf("%s: pixel (%d, %d) decoded %v, want %v", tc.what, x, y, c, want)
					}
				}
			}
		}
	}
	if n := bytes.Count(func() []byte { var b bytes.Buffer; writePNG(&b, big); return b.Bytes() }(), []byte("IDAT")); n < 2 {
		t.Errorf("noise 300×200: %d IDAT chunks, want several (the test of chunking)", n)
	}
}
