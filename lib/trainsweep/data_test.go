package trainsweep

import (
	"encoding/binary"
	"testing"
	"testing/fstest"
)

// idx encodes an IDX file (big-endian magic and sizes, then bytes).
func idx(magic uint32, sizes []uint32, payload []byte) []byte {
	b := binary.BigEndian.AppendUint32(nil, magic)
	for _, s := range sizes {
		b = binary.BigEndian.AppendUint32(b, s)
	}
	return append(b, payload...)
}

// tinyFashionMNIST is a made-up Fashion-MNIST of nTr training and nTe test
// 28×28 images; every pixel of image i holds i (training) or 200+i (test),
// and its label is i mod 10, so each example can be traced back.
func tinyFashionMNIST(nTr, nTe int) fstest.MapFS {
	set := func(n, base int) (im, lab []byte) {
		for i := range n {
			for range 28 * 28 {
				im = append(im, byte(base+i))
			}
			lab = append(lab, byte(i%10))
		}
		return im, lab
	}
	trI, trL := set(nTr, 0)
	teI, teL := set(nTe, 200)
	return fstest.MapFS{
		"train-images-idx3-ubyte": {Data: idx(0x803, []uint32{uint32(nTr), 28, 28}, trI)},
		"train-labels-idx1-ubyte": {Data: idx(0x801, []uint32{uint32(nTr)}, trL)},
		"t10k-images-idx3-ubyte":  {Data: idx(0x803, []uint32{uint32(nTe), 28, 28}, teI)},
		"t10k-labels-idx1-ubyte":  {Data: idx(0x801, []uint32{uint32(nTe)}, teL)},
	}
}

// source returns the index of the image an example came from.
func source(e []float64, k int) int {
	// Dataset.Pixel maps byte b to (b/255 − 0.5)·2.
	return int((e[k*784]/2+0.5)*255 + 0.5)
}

func TestLoadData(t *testing.T) {
	fsys := tinyFashionMNIST(30, 8)
	d, err := LoadData(fsys, 12, 10, 5, 1)
	if err != nil {
		t.Fatal(err)
	}
	if d.Train.Len() != 12 || d.Val.Len() != 10 || d.Test.Len() != 5 {
		t.Fatalf("sizes %d/%d/%d, want 12/10/5", d.Train.Len(), d.Val.Len(), d.Test.Len())
	}
	seen := map[int]bool{}
	for _, part := range []struct {
		e   []float64
		lab []int
	}{{d.Train.X, d.Train.Labels}, {d.Val.X, d.Val.Labels}} {
		for k := range part.lab {
			i := source(part.e, k)
			if seen[i] || i >= 30 || part.lab[k] != i%10 {
				t.Errorf("training image %d (label %d) repeated, out of range or mislabelled", i, part.lab[k])
			}
			seen[i] = true
		}
	}
	for k := range 5 { // the first nTest official test images, in order
		if i := source(d.Test.X, k); i != 200+k {
			t.Errorf("test example %d is image %d, want %d", k, i, 200+k)
		}
	}
	// Same seed, same split; another seed, another split.
	again, _ := LoadData(fsys, 12, 10, 5, 1)
	other, _ := LoadData(fsys, 12, 10, 5, 2)
	same, differs := true, false
	for k := range 10 {
		same = same && source(again.Val.X, k) == source(d.Val.X, k)
		differs = differs || source(other.Val.X, k) != source(d.Val.X, k)
	}
	if !same || !differs {
		t.Errorf("split seed: same seed reproduces %v, other seed differs %v; want true, true", same, differs)
	}
	if _, err := LoadData(fstest.MapFS{}, 1, 1, 1, 1); err == nil {
		t.Error("missing files accepted")
	}
}
