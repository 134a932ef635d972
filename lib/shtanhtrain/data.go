package shtanhtrain

import (
	"io/fs"

	"github.com/sigprop/sigprop/lib/fctrain"
)

// LoadData reads the Fashion-MNIST files from fsys (the committed subset:
// os.DirFS("notebooks/data/fashion-mnist-subset")) and keeps the first
// s.NTrain training and s.NTest test images, pixels mapped to [−1, 1]
// (fctrain.LoadData).
func LoadData(fsys fs.FS, s Settings) (train, test Examples, err error) {
	return fctrain.LoadData(fsys, s.NTrain, s.NTest)
}
