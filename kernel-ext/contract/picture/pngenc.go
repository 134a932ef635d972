package picture

import (
	"bufio"
	"compress/zlib"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/png"
	"io"
)

// writePNG writes img as a PNG. An opaque *image.RGBA (a figure drawn on
// white, as vgimg draws it) is written as 8-bit RGB, each row unfiltered
// (PNG filter type 0) and the rows compressed at zlib.BestSpeed;
// anything else as image/png writes it at png.BestSpeed.
//
// image/png chooses each row's filter by trying all five (filtering is
// two thirds of its time on the report's figures), which pays for a
// plot's large flat areas and thin lines: 4.3-4.8 s for the report's 155
// PNGs against 1.4-1.7 s unfiltered, for 1.4% more bytes (8835 KB
// against 8715; "up" filtering gave 9381 KB, "sub" 10118 KB).
func writePNG(w io.Writer, img image.Image) error {
	m, ok := img.(*image.RGBA)
	if !ok || !opaque(m) {
		return (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(w, img)
	}
	b := m.Bounds()
	width, height := b.Dx(), b.Dy()
	if width <= 0 || height <= 0 || width > 1<<30 || height > 1<<30 {
		return (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(w, img) // its error
	}
	bw := bufio.NewWriter(w)
	bw.WriteString("\x89PNG\r\n\x1a\n")
	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:], uint32(width))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(height))
	ihdr[8] = 8 // bits per sample
	ihdr[9] = 2 // colour type: RGB; compression, filter and interlace methods 0
	writeChunk(bw, "IHDR", ihdr[:])
	idat := &chunkWriter{w: bw, typ: "IDAT"}
	z, err := zlib.NewWriterLevel(idat, zlib.BestSpeed)
	if err != nil {
		return err
	}
	row := make([]byte, 1+3*width) // filter type 0, then R, G, B per pixel
	for y := b.Min.Y; y < b.Max.Y; y++ {
		pix := m.Pix[m.PixOffset(b.Min.X, y):]
		for x, o := 0, 1; x < width; x, o = x+1, o+3 {
			row[o], row[o+1], row[o+2] = pix[4*x], pix[4*x+1], pix[4*x+2]
		}
		if _, err := z.Write(row); err != nil {
			return err
		}
	}
	if err := z.Close(); err != nil {
		return err
	}
	idat.flush()
	writeChunk(bw, "IEND", nil)
	return bw.Flush()
}

// opaque reports whether every pixel of m has alpha 255.
func opaque(m *image.RGBA) bool {
	b := m.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		pix := m.Pix[m.PixOffset(b.Min.X, y):m.PixOffset(b.Max.X, y)]
		for i := 3; i < len(pix); i += 4 {
			if pix[i] != 0xff {
				return false
			}
		}
	}
	return true
}

// writeChunk writes one PNG chunk: length, type, data and the CRC-32 of
// type and data. Errors surface at bw's Flush.
func writeChunk(bw *bufio.Writer, typ string, data []byte) {
	var head [8]byte
	binary.BigEndian.PutUint32(head[:4], uint32(len(data)))
	copy(head[4:], typ)
	crc := crc32.NewIEEE()
	crc.Write(head[4:])
	crc.Write(data)
	bw.Write(head[:])
	bw.Write(data)
	var sum [4]byte
	binary.BigEndian.PutUint32(sum[:], crc.Sum32())
	bw.Write(sum[:])
}

// chunkWriter collects the compressed stream into chunks of typ of at
// most 64 KiB each.
type chunkWriter struct {
	w   *bufio.Writer
	typ string
	buf []byte
}

func (c *chunkWriter) Write(p []byte) (int, error) {
	n := len(p)
	for len(p) > 0 {
		k := min(len(p), 1<<16-len(c.buf))
		c.buf = append(c.buf, p[:k]...)
		p = p[k:]
		if len(c.buf) == 1<<16 {
			c.flush()
		}
	}
	return n, nil // write errors surface at the bufio.Writer's Flush
}

// flush writes what is collected as one chunk.
func (c *chunkWriter) flush() {
	if len(c.buf) > 0 {
		writeChunk(c.w, c.typ, c.buf)
		c.buf = c.buf[:0]
	}
}
