package trainsweep

import (
	"fmt"
	"io/fs"

	"github.com/sigprop/sigprop/lib/internal/param"
)

// ErrParam is wrapped by the errors of settings out of their range; the
// message names the field and the range allowed.
var ErrParam = param.New("trainsweep")

// Split names the sizes and the seed of a LoadData split of Fashion-MNIST.
type Split struct {
	// Train is the number of training images kept, >= 0 (0: all those
	// left after the validation split).
	Train int
	// Val is the number of training images split off for validation, by
	// Seed, >= 0.
	Val int
	// Test is the number of official test images kept, >= 0 (0: all).
	Test int
	// Seed chooses the validation images.
	Seed uint64
}

// Validate returns an error wrapping ErrParam naming the first field out
// of its range, or nil.
func (s Split) Validate() error {
	for _, f := range []struct {
		name string
		n    int
	}{{"Train", s.Train}, {"Val", s.Val}, {"Test", s.Test}} {
		if f.n < 0 {
			return fmt.Errorf("%w: Split.%s = %d, want >= 0", ErrParam, f.name, f.n)
		}
	}
	return nil
}

// Load is LoadData(fsys, s.Train, s.Val, s.Test, s.Seed). Errors:
// ErrParam, and those of LoadData.
func (s Split) Load(fsys fs.FS) (Data, error) {
	if err := s.Validate(); err != nil {
		return Data{}, err
	}
	return LoadData(fsys, s.Train, s.Val, s.Test, s.Seed)
}

// Split is the split the stored runs were trained and tested on (their
// provenance's n_train, n_val, n_test and split_seed).
func (s NociSettings) Split() Split {
	return Split{Train: s.NTrain, Val: s.NVal, Test: s.NTest, Seed: s.SplitSeed}
}
