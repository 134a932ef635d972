package fctrain

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/mat"

	"github.com/sigprop/sigprop/lib/activation"
)

// SGD are the settings of plain minibatch SGD.
type SGD struct {
	Steps     int     // SGD steps
	Batch     int     // training examples per step, drawn with replacement
	LR        float64 // learning rate
	EvalEvery int     // record every EvalEvery steps (and at step 0 and after the last)
	NTrain    int     // minibatches are drawn from the first NTrain training examples
}

// Validate returns an error naming the first field out of range, wrapping
// sentinel, the caller's package's ErrParam.
func (o SGD) Validate(sentinel error) error {
	switch {
	case o.Steps < 1:
		return fmt.Errorf("%w: Steps must be ≥ 1, got %d", sentinel, o.Steps)
	case o.Batch < 1:
		return fmt.Errorf("%w: Batch must be ≥ 1, got %d", sentinel, o.Batch)
	case !(o.LR > 0) || math.IsInf(o.LR, 1):
		return fmt.Errorf("%w: LR must be in (0, +inf), got %v", sentinel, o.LR)
	case o.EvalEvery < 1:
		return fmt.Errorf("%w: EvalEvery must be ≥ 1, got %d", sentinel, o.EvalEvery)
	case o.NTrain < 1:
		return fmt.Errorf("%w: NTrain must be ≥ 1, got %d", sentinel, o.NTrain)
	}
	return nil
}

// Trace is what Fit records, at step 0 and every EvalEvery steps.
type Trace struct {
	Step     []int
	Loss     []float64 // mean training cross-entropy since the last record (at step 0: of the first batch, before the update)
	TestAcc  []float64 // accuracy on the test examples
	TestLoss []float64 // mean cross-entropy on the test examples
}

// ErrDiverged is wrapped when the loss stops being finite.
var ErrDiverged = errors.New("fctrain: training diverged")

// CheckData returns an error unless train and test are non-empty with the
// same input size.
func CheckData(train, test Examples) error {
	if train.Len() == 0 || test.Len() == 0 || len(train.X)%train.Len() != 0 || len(test.X)*train.Len() != len(train.X)*test.Len() {
		return fmt.Errorf("train (%d) and test (%d) must be non-empty with equal input sizes", train.Len(), test.Len())
	}
	return nil
}

// Fit trains n for the first steps of o.Steps (1 ≤ steps ≤ o.Steps) with
// φ = phiAt(t) at step t, minibatches drawn from rng, and records the test
// loss and accuracy on test at step 0 (with phiAt(0)), after every
// o.EvalEvery steps and after the last of o.Steps (with phiAt(min(t,
// o.Steps−1)) at record t). Stopping early gives the first records of the
// full run bit for bit. A non-finite loss returns the trace so far and an
// error wrapping ErrDiverged. o and the data are the caller's to validate.
func Fit(n *Net, o SGD, phiAt func(t int) activation.Func, rng *rand.Rand, train, test Examples, steps int) (Trace, error) {
	var tr Trace
	in := len(train.X) / train.Len()
	nTrain := min(o.NTrain, train.Len())
	buf := make([]float64, o.Batch*in)
	idx := make([]int, o.Batch)
	sum, cnt := 0.0, 0
	record := func(t int, f activation.Func) {
		tl, ta := n.evaluate(test, f)
		tr.Step = append(tr.Step, t)
		tr.Loss = append(tr.Loss, sum/float64(cnt))
		tr.TestAcc = append(tr.TestAcc, ta)
		tr.TestLoss = append(tr.TestLoss, tl)
		sum, cnt = 0, 0
	}
	for t := 0; t < steps; t++ {
		f := phiAt(t)
		for i := range idx {
			idx[i] = rng.IntN(nTrain)
		}
		x, lab := rows(train, idx, buf)
		loss, _, g := n.lossGrad(x, lab, f, true)
		if math.IsNaN(loss) || math.IsInf(loss, 0) {
			return tr, fmt.Errorf("%w at step %d", ErrDiverged, t)
		}
		sum += loss
		cnt++
		if t == 0 {
			record(0, f)
		}
		for l := range n.W {
			n.W[l].Add(n.W[l], scaled(g.W[l], -o.LR))
			for k := range n.b[l] {
				n.b[l][k] -= o.LR * g.b[l][k]
			}
		}
		if (t+1)%o.EvalEvery == 0 || t+1 == o.Steps {
			record(t+1, phiAt(min(t+1, o.Steps-1)))
		}
	}
	return tr, nil
}

func scaled(m *mat.Dense, f float64) *mat.Dense {
	m.Scale(f, m)
	return m
}
