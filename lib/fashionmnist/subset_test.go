package fashionmnist

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the committed subset notebooks/data/fashion-mnist-subset from Debian's full data set")

// subsetDir is the committed subset that the notebooks train on when they
// run on a machine with the Go toolchain alone; its README documents it.
var subsetDir = filepath.Join("..", "..", "notebooks", "data", "fashion-mnist-subset")

// The committed subset holds the first subsetTrain training and the first
// subsetTest test images (and labels) of the official files, in order.
const subsetTrain, subsetTest = 6000, 2000

// gzipBytes compresses b deterministically (no name, no time stamp).
func gzipBytes(t *testing.T, b []byte) []byte {
	var out bytes.Buffer
	w, err := gzip.NewWriterLevel(&out, gzip.BestCompression)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.Write(b); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

// subsetFiles encodes the first nTrain/nTest examples of the full sets as
// the four gzipped IDX files of the subset, by file name.
func subsetFiles(t *testing.T, train, test Dataset) map[string][]byte {
	files := map[string][]byte{}
	for _, p := range []struct {
		im, lab string
		d       Dataset
		n       int
	}{{trainImages, trainLabels, train, subsetTrain}, {testImages, testLabels, test, subsetTest}} {
		idx := make([]int, p.n)
		for i := range idx {
			idx[i] = i
		}
		s := p.d.Subset(idx)
		var im, lab bytes.Buffer
		if err := WriteImages(&im, s.Images); err != nil {
			t.Fatal(err)
		}
		if err := WriteLabels(&lab, s.Labels); err != nil {
			t.Fatal(err)
		}
		files[p.im+".gz"], files[p.lab+".gz"] = gzipBytes(t, im.Bytes()), gzipBytes(t, lab.Bytes())
	}
	return files
}

// TestSubset checks the committed subset: it loads through the real IDX
// path (Load on the directory) with the documented sizes, and, where
// Debian's full data set is installed (always under CI), every image and
// label equals the first ones of the official files, byte for byte. With
// -update it rewrites the subset from the full set and prints the files'
// SHA-256 for the README.
func TestSubset(t *testing.T) {
	var full struct{ train, test Dataset }
	haveFull := false
	if _, err := os.Stat(DebianDir); err == nil {
		if full.train, full.test, err = Load(os.DirFS(DebianDir)); err != nil {
			t.Fatal(err)
		}
		haveFull = true
	} else if os.Getenv("CI") != "" || *update {
		t.Fatalf("%s is not installed (%v): CI and -update need it", DebianPackage, err)
	}
	if *update {
		for name, b := range subsetFiles(t, full.train, full.test) {
			if err := os.WriteFile(filepath.Join(subsetDir, name), b, 0o644); err != nil {
				t.Fatal(err)
			}
			sum := sha256.Sum256(b)
			t.Logf("%s  %s  (%d bytes)", hex.EncodeToString(sum[:]), name, len(b))
		}
	}
	sub, subTest, err := Load(os.DirFS(subsetDir))
	if err != nil {
		t.Fatalf("committed subset: %v", err)
	}
	if sub.Len() != subsetTrain || subTest.Len() != subsetTest || sub.Images.Rows != 28 || sub.Images.Cols != 28 {
		t.Errorf("subset has %d/%d images of %d×%d, want %d/%d of 28×28", sub.Len(), subTest.Len(), sub.Images.Rows, sub.Images.Cols, subsetTrain, subsetTest)
	}
	if !haveFull {
		t.Skipf("%s not installed: the subset's origin is checked only where the full set is present", DebianPackage)
	}
	for _, c := range []struct {
		name      string
		got, full Dataset
	}{{"train", sub, full.train}, {"test", subTest, full.test}} {
		s := c.got.Images.Rows * c.got.Images.Cols
		if !bytes.Equal(c.got.Images.Pixels, c.full.Images.Pixels[:c.got.Len()*s]) {
			t.Errorf("%s images differ from the first %d of the official file", c.name, c.got.Len())
		}
		if !bytes.Equal(c.got.Labels, c.full.Labels[:c.got.Len()]) {
			t.Errorf("%s labels differ from the first %d of the official file", c.name, c.got.Len())
		}
	}
}

// TestWriteRoundTrip: WriteImages/WriteLabels are the inverses of the
// readers, raw and gzipped, and refuse what the readers would reject.
func TestWriteRoundTrip(t *testing.T) {
	im := Images{N: 3, Rows: 2, Cols: 4, Pixels: make([]uint8, 24)}
	for i := range im.Pixels {
		im.Pixels[i] = uint8(7 * i)
	}
	lab := []uint8{7, 0, 9}
	var bi, bl bytes.Buffer
	if err := WriteImages(&bi, im); err != nil {
		t.Fatal(err)
	}
	if err := WriteLabels(&bl, lab); err != nil {
		t.Fatal(err)
	}
	wantIm, wantLab := idxBytes(MagicImages, []uint32{3, 2, 4}, im.Pixels), idxBytes(MagicLabels, []uint32{3}, lab)
	if !bytes.Equal(bi.Bytes(), wantIm) || !bytes.Equal(bl.Bytes(), wantLab) {
		t.Fatalf("encoded bytes differ from the IDX layout")
	}
	for _, z := range []bool{false, true} {
		ib, lb := bi.Bytes(), bl.Bytes()
		if z {
			ib, lb = gzipBytes(t, ib), gzipBytes(t, lb)
		}
		gotIm, err := ReadImages(bytes.NewReader(ib))
		if err != nil {
			t.Fatal(err)
		}
		gotLab, err := ReadLabels(bytes.NewReader(lb))
		if err != nil {
			t.Fatal(err)
		}
		if gotIm.N != 3 || gotIm.Rows != 2 || gotIm.Cols != 4 || !bytes.Equal(gotIm.Pixels, im.Pixels) || !bytes.Equal(gotLab, lab) {
			t.Errorf("gzip=%v: round trip changed the data", z)
		}
	}
	var sink bytes.Buffer
	for _, bad := range []Images{{N: 0, Rows: 2, Cols: 2}, {N: 2, Rows: 2, Cols: 2, Pixels: make([]uint8, 7)}} {
		if err := WriteImages(&sink, bad); err == nil {
			t.Errorf("WriteImages(%d×%d×%d, %d pixels) succeeded", bad.N, bad.Rows, bad.Cols, len(bad.Pixels))
		}
	}
	for _, bad := range [][]uint8{nil, {3, 10}} {
		if err := WriteLabels(&sink, bad); err == nil {
			t.Errorf("WriteLabels(%v) succeeded", bad)
		}
	}
}
