package trainsweep

import (
	"errors"
	"math"
	"math/rand/v2"

	"github.com/sigprop/sigprop/lib/vit"
)

// Run is one training run of TrainEval: the mini-batch losses, and the
// test loss and accuracy after the last step (NaN if the run diverged).
type Run struct {
	TrainLoss              []float64
	TestLoss, TestAccuracy float64
	Err                    error // non-nil (wrapping vit.ErrNonFinite) if training diverged
}

// TrainEval builds the model cfg from PCG(seed, 1), trains it on ds.Train
// with s (the batch order drawn from PCG(seed, 2)) and evaluates it on
// ds.Test in batches of 256. If record is not nil it is called with the
// model after every s.Every steps (in place of s.Callback, e.g. to read
// AttentionEntropy or the gradients). A diverged run is reported in Run.Err with the
// losses up to the divergence; any other failure (a non-finite forward pass
// on the test set after a finished run) is returned as an error.
func TrainEval(cfg vit.Config, ds Data, s vit.TrainSettings, seed uint64, record func(m *vit.Model, step int, loss float64)) (Run, error) {
	m := vit.New(cfg, rand.New(rand.NewPCG(seed, 1)))
	if record != nil {
		s.Callback = func(step int, loss float64) { record(m, step, loss) }
	}
	tr, err := vit.Train(m, ds.Train, s, rand.New(rand.NewPCG(seed, 2)))
	r := Run{TrainLoss: tr.TrainLoss, TestLoss: math.NaN(), TestAccuracy: math.NaN()}
	if err != nil {
		if !errors.Is(err, vit.ErrNonFinite) {
			return r, err
		}
		r.Err = err
		return r, nil
	}
	r.TestLoss, r.TestAccuracy, err = vit.Evaluate(m, ds.Test, 256)
	return r, err
}

// TailMean returns the mean of the last k training losses (all of them if
// there are fewer than k).
func (r Run) TailMean(k int) float64 {
	l := r.TrainLoss[max(0, len(r.TrainLoss)-k):]
	var s float64
	for _, v := range l {
		s += v
	}
	return s / float64(len(l))
}
