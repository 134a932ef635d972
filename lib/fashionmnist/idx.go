package fashionmnist

import (
	"bufio"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
)

// Magic numbers of the two IDX file kinds (unsigned-byte element type).
const (
	MagicImages = 0x00000803 // 3-D: N × rows × cols
	MagicLabels = 0x00000801 // 1-D: N
)

// NumClasses is the number of Fashion-MNIST classes; valid labels are 0..9.
const NumClasses = 10

// maxElements bounds the payload an IDX header may announce (Fashion-MNIST
// has 47 040 000 image bytes); a larger header is treated as corrupt rather
// than allocated.
const maxElements = 1 << 28

// ErrFormat is wrapped by every error caused by malformed IDX data (bad
// magic, implausible sizes, truncated payload, trailing bytes, label out of
// range). Test with errors.Is.
var ErrFormat = errors.New("fashionmnist: malformed IDX data")

// Images holds N grey-scale images of Rows×Cols bytes each, row-major,
// image after image.
type Images struct {
	N, Rows, Cols int
	Pixels        []uint8 // len N·Rows·Cols
}

// Image returns the Rows·Cols bytes of image i (aliasing Pixels).
func (im Images) Image(i int) []uint8 {
	if i < 0 || i >= im.N {
		panic(fmt.Sprintf("fashionmnist: image index %d out of range [0, %d)", i, im.N))
	}
	s := im.Rows * im.Cols
	return im.Pixels[i*s : (i+1)*s]
}

// maybeGunzip returns a reader over the decompressed stream if r starts
// with the gzip magic 1f 8b, and over r itself otherwise.
func maybeGunzip(r io.Reader) (io.Reader, error) {
	br := bufio.NewReader(r)
	head, err := br.Peek(2)
	if err != nil && !errors.Is(err, io.EOF) {
		return nil, err
	}
	if len(head) == 2 && head[0] == 0x1f && head[1] == 0x8b {
		zr, err := gzip.NewReader(br)
		if err != nil {
			return nil, fmt.Errorf("%w: gzip header: %v", ErrFormat, err)
		}
		return zr, nil
	}
	return br, nil
}

// readHeader reads and checks the magic number and the k sizes.
func readHeader(r io.Reader, magic uint32, k int) ([]int, error) {
	var m uint32
	if err := binary.Read(r, binary.BigEndian, &m); err != nil {
		return nil, fmt.Errorf("%w: reading magic number: %v", ErrFormat, err)
	}
	if m != magic {
		return nil, fmt.Errorf("%w: magic number %#08x, want %#08x", ErrFormat, m, magic)
	}
	sizes := make([]int, k)
	total := 1
	for i := range sizes {
		var s uint32
		if err := binary.Read(r, binary.BigEndian, &s); err != nil {
			return nil, fmt.Errorf("%w: reading size %d of %d: %v", ErrFormat, i+1, k, err)
		}
		if s == 0 {
			return nil, fmt.Errorf("%w: size %d is zero", ErrFormat, i+1)
		}
		sizes[i] = int(s)
		if total > maxElements/int(s) {
			return nil, fmt.Errorf("%w: sizes %v exceed %d elements", ErrFormat, sizes[:i+1], maxElements)
		}
		total *= int(s)
	}
	return sizes, nil
}

// readPayload reads exactly n bytes and checks that the stream ends there.
func readPayload(r io.Reader, n int) ([]uint8, error) {
	buf := make([]uint8, n)
	got, err := io.ReadFull(r, buf)
	if err != nil {
		if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
			return nil, fmt.Errorf("%w: truncated payload: %d of %d bytes", ErrFormat, got, n)
		}
		return nil, fmt.Errorf("%w: reading payload: %v", ErrFormat, err)
	}
	var extra [1]byte
	if k, err := r.Read(extra[:]); k > 0 {
		return nil, fmt.Errorf("%w: trailing bytes after %d-byte payload", ErrFormat, n)
	} else if err != nil && !errors.Is(err, io.EOF) {
		// a gzip checksum error shows up here, after the last byte
		return nil, fmt.Errorf("%w: after payload: %v", ErrFormat, err)
	} else if err == nil {
		// Read returned 0, nil: drain once more to be sure the stream ended.
		if k, _ := io.ReadFull(r, extra[:]); k > 0 {
			return nil, fmt.Errorf("%w: trailing bytes after %d-byte payload", ErrFormat, n)
		}
	}
	return buf, nil
}

// ReadImages reads an IDX image file (magic 0x00000803, sizes N×rows×cols)
// from r, raw or gzipped. It returns an error wrapping ErrFormat for a
// wrong magic number, a zero or implausibly large size, a truncated
// payload, trailing bytes or a corrupt gzip stream.
func ReadImages(r io.Reader) (Images, error) {
	r, err := maybeGunzip(r)
	if err != nil {
		return Images{}, err
	}
	s, err := readHeader(r, MagicImages, 3)
	if err != nil {
		return Images{}, fmt.Errorf("images: %w", err)
	}
	px, err := readPayload(r, s[0]*s[1]*s[2])
	if err != nil {
		return Images{}, fmt.Errorf("images: %w", err)
	}
	return Images{N: s[0], Rows: s[1], Cols: s[2], Pixels: px}, nil
}

// ReadLabels reads an IDX label file (magic 0x00000801, size N) from r, raw
// or gzipped. Besides the checks of ReadImages it rejects labels outside
// 0..NumClasses−1.
func ReadLabels(r io.Reader) ([]uint8, error) {
	r, err := maybeGunzip(r)
	if err != nil {
		return nil, err
	}
	s, err := readHeader(r, MagicLabels, 1)
	if err != nil {
		return nil, fmt.Errorf("labels: %w", err)
	}
	lab, err := readPayload(r, s[0])
	if err != nil {
		return nil, fmt.Errorf("labels: %w", err)
	}
	for i, v := range lab {
		if int(v) >= NumClasses {
			return nil, fmt.Errorf("labels: %w: label %d of item %d is outside 0..%d", ErrFormat, v, i, NumClasses-1)
		}
	}
	return lab, nil
}

// WriteImages writes im to w as a raw IDX image file (magic 0x00000803,
// sizes N×rows×cols, then the pixels): the inverse of ReadImages. Wrap w
// in a gzip.Writer for the compressed form. It returns an error for sizes
// that ReadImages would reject (zero, or more than an IDX header holds)
// or a Pixels slice of the wrong length.
func WriteImages(w io.Writer, im Images) error {
	if im.N <= 0 || im.Rows <= 0 || im.Cols <= 0 || im.N > maxElements/(im.Rows*im.Cols) {
		return fmt.Errorf("fashionmnist: WriteImages: sizes %d×%d×%d out of range (each >= 1, product <= %d)", im.N, im.Rows, im.Cols, maxElements)
	}
	if len(im.Pixels) != im.N*im.Rows*im.Cols {
		return fmt.Errorf("fashionmnist: WriteImages: %d pixels for %d×%d×%d", len(im.Pixels), im.N, im.Rows, im.Cols)
	}
	return writeIDX(w, MagicImages, []int{im.N, im.Rows, im.Cols}, im.Pixels)
}

// WriteLabels writes lab to w as a raw IDX label file (magic 0x00000801):
// the inverse of ReadLabels. Labels outside 0..NumClasses−1 and an empty
// slice are errors.
func WriteLabels(w io.Writer, lab []uint8) error {
	if len(lab) == 0 || len(lab) > maxElements {
		return fmt.Errorf("fashionmnist: WriteLabels: %d labels, want 1..%d", len(lab), maxElements)
	}
	for i, v := range lab {
		if int(v) >= NumClasses {
			return fmt.Errorf("fashionmnist: WriteLabels: label %d of item %d is outside 0..%d", v, i, NumClasses-1)
		}
	}
	return writeIDX(w, MagicLabels, []int{len(lab)}, lab)
}

func writeIDX(w io.Writer, magic uint32, sizes []int, payload []uint8) error {
	head := binary.BigEndian.AppendUint32(nil, magic)
	for _, s := range sizes {
		head = binary.BigEndian.AppendUint32(head, uint32(s))
	}
	if _, err := w.Write(head); err != nil {
		return err
	}
	_, err := w.Write(payload)
	return err
}
