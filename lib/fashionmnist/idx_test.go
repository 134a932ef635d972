package fashionmnist

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/sigprop/sigprop/internal/mustpanic"
)

// idxBytes builds an IDX file: magic, sizes, payload.
func idxBytes(magic uint32, sizes []uint32, payload []byte) []byte {
	var b bytes.Buffer
	binary.Write(&b, binary.BigEndian, magic)
	for _, s := range sizes {
		binary.Write(&b, binary.BigEndian, s)
	}
	b.Write(payload)
	return b.Bytes()
}

func gz(b []byte) []byte {
	var out bytes.Buffer
	w := gzip.NewWriter(&out)
	w.Write(b)
	w.Close()
	return out.Bytes()
}

// synthetic returns 3 images of 2×4 with pixels 0..23 and labels 7, 0, 9.
func synthetic() (im, lab []byte) {
	px := make([]byte, 24)
	for i := range px {
		px[i] = byte(i)
	}
	return idxBytes(MagicImages, []uint32{3, 2, 4}, px), idxBytes(MagicLabels, []uint32{3}, []byte{7, 0, 9})
}

func TestReadValid(t *testing.T) {
	im, lab := synthetic()
	for _, tc := range []struct {
		name    string
		im, lab []byte
	}{
		{"raw", im, lab},
		{"gzip", gz(im), gz(lab)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ReadImages(bytes.NewReader(tc.im))
			if err != nil {
				t.Fatal(err)
			}
			if got.N != 3 || got.Rows != 2 || got.Cols != 4 {
				t.Fatalf("dims %d×%d×%d, want 3×2×4", got.N, got.Rows, got.Cols)
			}
			if img := got.Image(1); img[0] != 8 || img[7] != 15 {
				t.Errorf("image 1 = %v, want 8..15", img)
			}
			l, err := ReadLabels(bytes.NewReader(tc.lab))
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(l, []byte{7, 0, 9}) {
				t.Errorf("labels %v, want [7 0 9]", l)
			}
			ds, err := NewDataset(got, l)
			if err != nil {
				t.Fatal(err)
			}
			// byte 0 ↦ −1, byte 255 would ↦ +1: (b/255 − 0.5)·2 exactly.
			if p := ds.Pixel(0, 0); p != -1 {
				t.Errorf("Pixel(0,0) = %v, want -1", p)
			}
			if p, want := ds.Pixel(2, 7), (23.0/255-0.5)*2; p != want {
				t.Errorf("Pixel(2,7) = %v, want %v", p, want)
			}
		})
	}
}

func TestReadMalformed(t *testing.T) {
	im, lab := synthetic()
	badGzip := gz(im)
	badGzip[len(badGzip)-5] ^= 0xff // corrupt the CRC-32 / size trailer
	for _, tc := range []struct {
		name   string
		labels bool
		data   []byte
		want   string // substring of the error
	}{
		{"empty", false, nil, "magic"},
		{"labels as images", false, lab, "magic number 0x00000801"},
		{"images as labels", true, im, "magic number 0x00000803"},
		{"flipped magic byte", false, append([]byte{0, 0, 9}, im[3:]...), "magic"},
		{"header cut", false, im[:9], "size"},
		{"truncated payload", false, im[:len(im)-1], "truncated payload: 23 of 24"},
		{"truncated labels", true, lab[:len(lab)-2], "truncated payload: 1 of 3"},
		{"trailing byte", false, append(append([]byte{}, im...), 0), "trailing"},
		{"zero size", false, idxBytes(MagicImages, []uint32{0, 2, 4}, nil), "zero"},
		{"huge size", false, idxBytes(MagicImages, []uint32{1 << 20, 1 << 10, 1 << 10}, nil), "exceed"},
		{"label out of range", true, idxBytes(MagicLabels, []uint32{2}, []byte{3, 10}), "label 10 of item 1"},
		{"corrupt gzip", false, badGzip, "fashionmnist"},
		{"truncated gzip", false, gz(im)[:20], "fashionmnist"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var err error
			if tc.labels {
				_, err = ReadLabels(bytes.NewReader(tc.data))
			} else {
				_, err = ReadImages(bytes.NewReader(tc.data))
			}
			if err == nil {
				t.Fatal("no error")
			}
			if !errors.Is(err, ErrFormat) {
				t.Errorf("error %q does not wrap ErrFormat", err)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %q does not mention %q", err, tc.want)
			}
		})
	}
}

func TestLoadFS(t *testing.T) {
	im, lab := synthetic()
	full := fstest.MapFS{
		"train-images-idx3-ubyte.gz": {Data: gz(im)},
		"train-labels-idx1-ubyte.gz": {Data: gz(lab)},
		"t10k-images-idx3-ubyte":     {Data: im}, // raw works too
		"t10k-labels-idx1-ubyte":     {Data: lab},
	}
	tr, te, err := Load(full)
	if err != nil {
		t.Fatal(err)
	}
	if tr.Len() != 3 || te.Len() != 3 {
		t.Errorf("lengths %d, %d, want 3, 3", tr.Len(), te.Len())
	}

	missing := fstest.MapFS{"train-images-idx3-ubyte.gz": {Data: gz(im)}}
	_, _, err = Load(missing)
	if !errors.Is(err, ErrMissing) || !strings.Contains(err.Error(), DebianPackage) {
		t.Errorf("missing labels: error %v should wrap ErrMissing and name %s", err, DebianPackage)
	}

	mismatch := fstest.MapFS{
		"train-images-idx3-ubyte": {Data: im},
		"train-labels-idx1-ubyte": {Data: idxBytes(MagicLabels, []uint32{2}, []byte{1, 2})},
	}
	if _, _, err = Load(mismatch); !errors.Is(err, ErrFormat) {
		t.Errorf("3 images, 2 labels: got %v, want ErrFormat", err)
	}
}

func TestSplit(t *testing.T) {
	tr1, va1 := Split(100, 20, rand.New(rand.NewPCG(1, 2)))
	tr2, va2 := Split(100, 20, rand.New(rand.NewPCG(1, 2)))
	if len(tr1) != 80 || len(va1) != 20 {
		t.Fatalf("sizes %d/%d, want 80/20", len(tr1), len(va1))
	}
	seen := make([]bool, 100)
	for _, i := range append(append([]int{}, tr1...), va1...) {
		if seen[i] {
			t.Fatalf("index %d appears twice", i)
		}
		seen[i] = true
	}
	for i := range tr1 {
		if tr1[i] != tr2[i] {
			t.Fatal("same seed gave different training split")
		}
	}
	for i := range va1 {
		if va1[i] != va2[i] {
			t.Fatal("same seed gave different validation split")
		}
	}
	_, va3 := Split(100, 20, rand.New(rand.NewPCG(1, 3)))
	same := true
	for i := range va1 {
		same = same && va1[i] == va3[i]
	}
	if same {
		t.Error("different seeds gave the same validation split")
	}
	mustpanic.Check(t, "Split(10, 11)", func() { Split(10, 11, rand.New(rand.NewPCG(1, 2))) })
}

// TestDebianFiles checks the installed Debian package when it is present
// (sizes from the Fashion-MNIST paper: 60 000 + 10 000 images of 28×28).
// Unit tests must not depend on it, so it skips when the directory is
// absent, except under CI, whose .ci/run installs the package.
func TestDebianFiles(t *testing.T) {
	if _, err := os.Stat(DebianDir); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("CI is set but %s is not installed (%v): .ci/run must install it", DebianPackage, err)
		}
		t.Skipf("%s not installed (%v); apt-get install -y %s to run this check", DebianPackage, err, DebianPackage)
	}
	tr, te, err := Load(os.DirFS(DebianDir))
	if err != nil {
		t.Fatal(err)
	}
	if tr.Len() != 60000 || te.Len() != 10000 || tr.Images.Rows != 28 || tr.Images.Cols != 28 {
		t.Errorf("got %d/%d images of %d×%d, want 60000/10000 of 28×28", tr.Len(), te.Len(), tr.Images.Rows, tr.Images.Cols)
	}
	// Fashion-MNIST is class-balanced: 6000 per class in train, 1000 in test.
	var cnt [NumClasses]int
	for _, l := range te.Labels {
		cnt[l]++
	}
	for c, k := range cnt {
		if k != 1000 {
			t.Errorf("test class %d has %d images, want 1000", c, k)
		}
	}
}
