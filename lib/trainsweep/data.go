package trainsweep

import (
	"io/fs"
	"math/rand/v2"

	"github.com/sigprop/sigprop/lib/fashionmnist"
	"github.com/sigprop/sigprop/lib/vit"
)

// Data is the seeded split used by a sweep.
type Data struct {
	Train, Val, Test vit.Examples
}

// LoadData reads Fashion-MNIST from fsys (os.DirFS(fashionmnist.DebianDir)
// for Debian's package; a missing file gives an error naming the
// package), splits the 60 000 training images by seed into a validation
// set of nVal images and a training set of which the first nTrain are
// kept, and keeps the first nTest of the official test images (0 or more
// than available: all).
func LoadData(fsys fs.FS, nTrain, nVal, nTest int, seed uint64) (Data, error) {
	train, test, err := fashionmnist.Load(fsys)
	if err != nil {
		return Data{}, err
	}
	trIdx, vaIdx := fashionmnist.Split(train.Len(), nVal, rand.New(rand.NewPCG(seed, 0x5eed)))
	if nTrain > 0 && nTrain < len(trIdx) {
		trIdx = trIdx[:nTrain]
	}
	teIdx := make([]int, test.Len())
	for i := range teIdx {
		teIdx[i] = i
	}
	if nTest > 0 && nTest < len(teIdx) {
		teIdx = teIdx[:nTest]
	}
	return Data{Train: examples(train.Subset(trIdx)), Val: examples(train.Subset(vaIdx)), Test: examples(test.Subset(teIdx))}, nil
}

// examples converts to the model's layout with pixels mapped to
// (b/255 − 0.5)·2 (Dataset.Pixel).
func examples(d fashionmnist.Dataset) vit.Examples {
	px := d.Images.Rows * d.Images.Cols
	e := vit.Examples{X: make([]float64, d.Len()*px), Labels: make([]int, d.Len())}
	for i := 0; i < d.Len(); i++ {
		for k := 0; k < px; k++ {
			e.X[i*px+k] = d.Pixel(i, k)
		}
		e.Labels[i] = int(d.Labels[i])
	}
	return e
}
