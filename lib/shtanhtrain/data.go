package shtanhtrain

import (
	"io/fs"

	"github.com/sigprop/sigprop/lib/fashionmnist"
)

// LoadData reads the Fashion-MNIST files from fsys (the committed subset:
// os.DirFS("notebooks/data/fashion-mnist-subset")) and keeps the first
// s.NTrain training and s.NTest test images, pixels mapped to [−1, 1]
// (fashionmnist.Dataset.Pixel).
func LoadData(fsys fs.FS, s Settings) (train, test Examples, err error) {
	tr, te, err := fashionmnist.Load(fsys)
	if err != nil {
		return Examples{}, Examples{}, err
	}
	return examples(tr, s.NTrain), examples(te, s.NTest), nil
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
