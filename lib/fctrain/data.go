package fctrain

import (
	"io/fs"

	"github.com/sigprop/sigprop/lib/fashionmnist"
)

// Classes is the number of Fashion-MNIST classes, the read-out's size.
const Classes = 10

// Examples are inputs (row-major, the same number per example) and labels
// in [0, Classes).
type Examples struct {
	X      []float64
	Labels []int
}

// Len returns the number of examples.
func (e Examples) Len() int { return len(e.Labels) }

// LoadData reads the Fashion-MNIST files from fsys (the committed subset:
// os.DirFS("notebooks/data/fashion-mnist-subset")) and keeps the first
// nTrain training and nTest test images, pixels mapped to [−1, 1]
// (fashionmnist.Dataset.Pixel).
func LoadData(fsys fs.FS, nTrain, nTest int) (train, test Examples, err error) {
	tr, te, err := fashionmnist.Load(fsys)
	if err != nil {
		return Examples{}, Examples{}, err
	}
	return examples(tr, nTrain), examples(te, nTest), nil
}

func examples(d fashionmnist.Dataset, n int) Examples {
	n = min(n, d.Len())
	px := d.Images.Rows * d.Images.Cols
	e := Examples{X: make([]float64, n*px), Labels: make([]int, n)}
	for i := 0; i < n; i++ {
		for k := 0; k < px; k++ {
			e.X[i*px+k] = d.Pixel(i, k)
		}
		e.Labels[i] = int(d.Labels[i])
	}
	return e
}
