package fashionmnist

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
)

// DebianDir is where Debian's dataset-fashion-mnist package installs the
// four gzipped IDX files (`dpkg -L dataset-fashion-mnist`).
const DebianDir = "/usr/share/datasets/fashion-mnist"

// DebianPackage names the Debian package that provides the files.
const DebianPackage = "dataset-fashion-mnist"

// ErrMissing is wrapped by Load's error when a data file is absent.
var ErrMissing = errors.New("fashionmnist: data file missing (install Debian package " + DebianPackage + ": apt-get install -y " + DebianPackage + ")")

// Dataset is a set of labelled images.
type Dataset struct {
	Images Images
	Labels []uint8 // len Images.N, each in 0..NumClasses−1
}

// Len returns the number of examples.
func (d Dataset) Len() int { return d.Images.N }

// Pixel returns image i's pixel k mapped to (b/255 − 0.5)·2 ∈ [−1, 1]
// (App. D of Cowsik et al. 2024).
func (d Dataset) Pixel(i, k int) float64 {
	return (float64(d.Images.Image(i)[k])/255 - 0.5) * 2
}

// Subset returns the examples idx (copied, in that order).
func (d Dataset) Subset(idx []int) Dataset {
	s := d.Images.Rows * d.Images.Cols
	out := Dataset{
		Images: Images{N: len(idx), Rows: d.Images.Rows, Cols: d.Images.Cols, Pixels: make([]uint8, len(idx)*s)},
		Labels: make([]uint8, len(idx)),
	}
	for j, i := range idx {
		copy(out.Images.Pixels[j*s:(j+1)*s], d.Images.Image(i))
		out.Labels[j] = d.Labels[i]
	}
	return out
}

// NewDataset pairs images with labels; it returns an error if the counts
// differ.
func NewDataset(im Images, lab []uint8) (Dataset, error) {
	if im.N != len(lab) {
		return Dataset{}, fmt.Errorf("%w: %d images but %d labels", ErrFormat, im.N, len(lab))
	}
	return Dataset{Images: im, Labels: lab}, nil
}

// file names of the official split; Load tries name+".gz" first.
const (
	trainImages = "train-images-idx3-ubyte"
	trainLabels = "train-labels-idx1-ubyte"
	testImages  = "t10k-images-idx3-ubyte"
	testLabels  = "t10k-labels-idx1-ubyte"
)

func openEither(fsys fs.FS, name string) (fs.File, error) {
	f, err := fsys.Open(name + ".gz")
	if err == nil {
		return f, nil
	}
	f, err2 := fsys.Open(name)
	if err2 == nil {
		return f, nil
	}
	if errors.Is(err, fs.ErrNotExist) && errors.Is(err2, fs.ErrNotExist) {
		return nil, fmt.Errorf("%w: neither %s.gz nor %s found", ErrMissing, name, name)
	}
	return nil, fmt.Errorf("fashionmnist: opening %s: %v / %v", name, err, err2)
}

// readIDX opens name (gzipped or raw) in fsys and decodes it with read;
// a decoding error is prefixed with the name.
func readIDX[T any](fsys fs.FS, name string, read func(io.Reader) (T, error)) (T, error) {
	f, err := openEither(fsys, name)
	if err != nil {
		var zero T
		return zero, err
	}
	defer f.Close()
	v, err := read(f)
	if err != nil {
		return v, fmt.Errorf("%s: %w", name, err)
	}
	return v, nil
}

func loadPair(fsys fs.FS, imName, labName string) (Dataset, error) {
	im, err := readIDX(fsys, imName, ReadImages)
	if err != nil {
		return Dataset{}, err
	}
	lab, err := readIDX(fsys, labName, ReadLabels)
	if err != nil {
		return Dataset{}, err
	}
	return NewDataset(im, lab)
}

// Load reads the official training (60 000) and test (10 000) sets from
// fsys, which must hold the four IDX files under their standard names,
// gzipped (".gz") or raw. Pass os.DirFS(DebianDir) for the Debian package.
// A missing file gives an error wrapping ErrMissing, which names the
// package; malformed data give errors wrapping ErrFormat.
func Load(fsys fs.FS) (train, test Dataset, err error) {
	if train, err = loadPair(fsys, trainImages, trainLabels); err != nil {
		return Dataset{}, Dataset{}, err
	}
	if test, err = loadPair(fsys, testImages, testLabels); err != nil {
		return Dataset{}, Dataset{}, err
	}
	return train, test, nil
}

// Split returns a seeded random partition of 0..n−1 into a training part
// of n − nVal indices and a validation part of nVal indices: the
// permutation p = rng.Perm(n) gives validation p[:nVal] and training
// p[nVal:], both in permutation order (so a prefix of the training part
// is itself a random subset). The same rng state gives the same split. It
// panics unless 0 <= nVal <= n and rng is non-nil.
func Split(n, nVal int, rng *rand.Rand) (trainIdx, valIdx []int) {
	if n < 0 || nVal < 0 || nVal > n {
		panic(fmt.Sprintf("fashionmnist: Split needs 0 <= nVal <= n, got n=%d nVal=%d", n, nVal))
	}
	if rng == nil {
		panic("fashionmnist: Split needs a non-nil *rand.Rand")
	}
	p := rng.Perm(n)
	return p[nVal:], p[:nVal]
}
