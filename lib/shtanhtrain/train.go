package shtanhtrain

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/mat"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/meanfield"
	"github.com/sigprop/sigprop/lib/randmat"
)

// Classes is the number of Fashion-MNIST classes.
const Classes = 10

// Settings are the sizes of one experiment.
type Settings struct {
	Depth     int     // hidden Shtanh layers L (Width × Width, orthogonal)
	Width     int     // hidden width N
	SigmaB2   float64 // bias variance σ_b², the same for every schedule
	Steps     int     // SGD steps
	Batch     int     // training examples per step, drawn with replacement
	LR        float64 // SGD learning rate
	EvalEvery int     // record every EvalEvery steps (and at step 0)
	NTrain    int     // training examples used (the first NTrain of the subset)
	NTest     int     // held-out test examples (the first NTest of the subset's test file)
}

// Paper returns the settings of the stored runs (notebooks/data/murray-fig2):
// the lecture states none of them. Depth 64 at width 96 is "very deep" for
// the width (L/N = 2/3); σ_b² = 0.5 puts y = σ_b²/a² at 0.056 for a = 3 and 0.02
// for a = 5.
func Paper() Settings {
	return Settings{Depth: 64, Width: 96, SigmaB2: 0.5, Steps: 600, Batch: 64, LR: 0.01, EvalEvery: 30, NTrain: 6000, NTest: 2000}
}

// Validate returns an error naming the first field out of range.
func (s Settings) Validate() error {
	switch {
	case s.Depth < 1:
		return fmt.Errorf("shtanhtrain: Depth must be ≥ 1, got %d", s.Depth)
	case s.Width < 1:
		return fmt.Errorf("shtanhtrain: Width must be ≥ 1, got %d", s.Width)
	case !(s.SigmaB2 > 0) || math.IsInf(s.SigmaB2, 1):
		return fmt.Errorf("shtanhtrain: SigmaB2 must be in (0, +inf), got %v", s.SigmaB2)
	case s.Steps < 1:
		return fmt.Errorf("shtanhtrain: Steps must be ≥ 1, got %d", s.Steps)
	case s.Batch < 1:
		return fmt.Errorf("shtanhtrain: Batch must be ≥ 1, got %d", s.Batch)
	case !(s.LR > 0) || math.IsInf(s.LR, 1):
		return fmt.Errorf("shtanhtrain: LR must be in (0, +inf), got %v", s.LR)
	case s.EvalEvery < 1:
		return fmt.Errorf("shtanhtrain: EvalEvery must be ≥ 1, got %d", s.EvalEvery)
	case s.NTrain < 1 || s.NTest < 1:
		return fmt.Errorf("shtanhtrain: NTrain and NTest must be ≥ 1, got %d and %d", s.NTrain, s.NTest)
	}
	return nil
}

// Schedule is the linear-region width a as a function of the training step:
// a(t) = A0 + (A1 − A0)·t/(Steps − 1), t = 0 … Steps−1.
type Schedule struct {
	Name   string
	A0, A1 float64
}

// At returns a at step t of steps.
func (c Schedule) At(t, steps int) float64 {
	if steps <= 1 {
		return c.A0
	}
	return c.A0 + (c.A1-c.A0)*float64(t)/float64(steps-1)
}

// Schedules returns the lecture's two: a fixed at 3, and a decreasing from 5
// to 2 during training.
func Schedules() []Schedule {
	return []Schedule{{Name: "fixed a = 3", A0: 3, A1: 3}, {Name: "a from 5 to 2", A0: 5, A1: 2}}
}

// Examples are images (row-major, 784 per example, in [−1, 1]) and labels.
type Examples struct {
	X      []float64
	Labels []int
}

// Len returns the number of examples.
func (e Examples) Len() int { return len(e.Labels) }

// Run is one training run.
type Run struct {
	Schedule string
	Seed     uint64
	SigmaW2  float64 // edge of chaos at A0 and SigmaB2
	QStar    float64 // its fixed point q*
	Step     []int
	A        []float64 // a at the recorded step
	Loss     []float64 // mean training cross-entropy since the last record (at step 0: of the first batch, before the update)
	TestAcc  []float64 // accuracy on the test examples
	TestLoss []float64 // mean cross-entropy on the test examples
}

// ErrDiverged is wrapped when the loss stops being finite.
var ErrDiverged = errors.New("shtanhtrain: training diverged")

// net holds the parameters: W[0] is Width × in, W[1..Depth] Width × Width,
// W[Depth+1] Classes × Width; b likewise.
type net struct {
	W []*mat.Dense
	b [][]float64
}

func newNet(s Settings, in int, sw2, q float64, rng *rand.Rand) *net {
	n := &net{}
	// E φ_a(h)² at the fixed point is (q* − σ_b²)/σ_w² (eq. F2), so the
	// read-out's entries of variance 1/(Width·E φ²) give logits of unit
	// variance at initialisation whatever a is.
	mean2 := (q - s.SigmaB2) / sw2
	sw, sb := math.Sqrt(sw2), math.Sqrt(s.SigmaB2)
	gauss := func(r, c int, sd float64) *mat.Dense {
		m := mat.NewDense(r, c, nil)
		raw := m.RawMatrix().Data
		for i := range raw {
			raw[i] = sd * rng.NormFloat64()
		}
		return m
	}
	bias := func(k int, sd float64) []float64 {
		v := make([]float64, k)
		for i := range v {
			v[i] = sd * rng.NormFloat64()
		}
		return v
	}
	n.W = append(n.W, gauss(s.Width, in, sw/math.Sqrt(float64(in))))
	n.b = append(n.b, bias(s.Width, sb))
	for l := 0; l < s.Depth; l++ {
		o := randmat.Haar(s.Width, rng)
		o.Scale(sw, o)
		n.W = append(n.W, o)
		n.b = append(n.b, bias(s.Width, sb))
	}
	n.W = append(n.W, gauss(Classes, s.Width, 1/math.Sqrt(float64(s.Width)*mean2)))
	n.b = append(n.b, make([]float64, Classes))
	return n
}

// forward computes the pre-activations H[ℓ] (batch × width, ℓ = 0 … Depth) and
// the logits for the rows of x (batch × in).
func (n *net) forward(x blas64.General, a float64) (h []blas64.General, logits blas64.General) {
	cur := x
	for l, w := range n.W {
		wr := w.RawMatrix()
		out := blas64.General{Rows: cur.Rows, Cols: wr.Rows, Stride: wr.Rows, Data: make([]float64, cur.Rows*wr.Rows)}
		for i := 0; i < out.Rows; i++ {
			copy(out.Data[i*out.Stride:(i+1)*out.Stride], n.b[l])
		}
		blas64.Gemm(blas.NoTrans, blas.Trans, 1, cur, wr, 1, out)
		if l == len(n.W)-1 {
			return h, out
		}
		h = append(h, out)
		act := blas64.General{Rows: out.Rows, Cols: out.Cols, Stride: out.Stride, Data: make([]float64, len(out.Data))}
		for i, v := range out.Data {
			act.Data[i] = math.Max(-a, math.Min(a, v))
		}
		cur = act
	}
	panic("shtanhtrain: unreachable")
}

// lossGrad returns the mean cross-entropy of the batch, the number correct
// and, if grad, the gradients of the mean loss (same layout as n).
func (n *net) lossGrad(x blas64.General, labels []int, a float64, grad bool) (loss float64, correct int, g *net) {
	h, z := n.forward(x, a)
	B := x.Rows
	dz := blas64.General{Rows: B, Cols: Classes, Stride: Classes, Data: make([]float64, B*Classes)}
	for i := 0; i < B; i++ {
		row := z.Data[i*Classes : (i+1)*Classes]
		m, arg := math.Inf(-1), 0
		for k, v := range row {
			if v > m {
				m, arg = v, k
			}
		}
		if arg == labels[i] {
			correct++
		}
		s := 0.0
		for _, v := range row {
			s += math.Exp(v - m)
		}
		lse := m + math.Log(s)
		loss += lse - row[labels[i]]
		for k, v := range row {
			p := math.Exp(v - lse)
			if k == labels[i] {
				p--
			}
			dz.Data[i*Classes+k] = p / float64(B)
		}
	}
	loss /= float64(B)
	if !grad {
		return loss, correct, nil
	}
	g = &net{W: make([]*mat.Dense, len(n.W)), b: make([][]float64, len(n.b))}
	delta := dz
	for l := len(n.W) - 1; l >= 0; l-- {
		var in blas64.General
		if l == 0 {
			in = x
		} else {
			hp := h[l-1]
			in = blas64.General{Rows: hp.Rows, Cols: hp.Cols, Stride: hp.Stride, Data: make([]float64, len(hp.Data))}
			for i, v := range hp.Data {
				in.Data[i] = math.Max(-a, math.Min(a, v))
			}
		}
		wr := n.W[l].RawMatrix()
		gw := mat.NewDense(wr.Rows, wr.Cols, nil)
		blas64.Gemm(blas.Trans, blas.NoTrans, 1, delta, in, 0, gw.RawMatrix())
		g.W[l] = gw
		gb := make([]float64, wr.Rows)
		for i := 0; i < B; i++ {
			for k := range gb {
				gb[k] += delta.Data[i*delta.Stride+k]
			}
		}
		g.b[l] = gb
		if l == 0 {
			break
		}
		prev := blas64.General{Rows: B, Cols: wr.Cols, Stride: wr.Cols, Data: make([]float64, B*wr.Cols)}
		blas64.Gemm(blas.NoTrans, blas.NoTrans, 1, delta, wr, 0, prev)
		hp := h[l-1]
		for i, v := range hp.Data {
			if !(v > -a && v < a) {
				prev.Data[i] = 0
			}
		}
		delta = prev
	}
	return loss, correct, g
}

func rows(e Examples, idx []int, buf []float64) (blas64.General, []int) {
	in := len(e.X) / e.Len()
	lab := make([]int, len(idx))
	for r, i := range idx {
		copy(buf[r*in:(r+1)*in], e.X[i*in:(i+1)*in])
		lab[r] = e.Labels[i]
	}
	return blas64.General{Rows: len(idx), Cols: in, Stride: in, Data: buf[:len(idx)*in]}, lab
}

// evaluate returns the mean loss and accuracy on e, in chunks.
func (n *net) evaluate(e Examples, a float64) (loss, acc float64) {
	const chunk = 250
	in := len(e.X) / e.Len()
	correct := 0
	for lo := 0; lo < e.Len(); lo += chunk {
		hi := min(lo+chunk, e.Len())
		x := blas64.General{Rows: hi - lo, Cols: in, Stride: in, Data: e.X[lo*in : hi*in]}
		l, c, _ := n.lossGrad(x, e.Labels[lo:hi], a, false)
		loss += l * float64(hi-lo)
		correct += c
	}
	return loss / float64(e.Len()), float64(correct) / float64(e.Len())
}

// Train trains one network with schedule c from seed (initialisation
// PCG(seed, 1), minibatches PCG(seed, 2)) on train and records test loss and
// accuracy on test every s.EvalEvery steps and after the last. It returns an
// error for settings out of range, a schedule with a non-positive a, empty or
// inconsistent data, no edge of chaos, or a non-finite loss (wrapping
// ErrDiverged; the run so far is returned with it).
func Train(s Settings, c Schedule, seed uint64, train, test Examples) (Run, error) {
	return TrainFirst(s, c, seed, train, test, s.Steps)
}

// TrainFirst is Train stopped after the first steps of s.Steps (1 ≤ steps ≤
// s.Steps), with the schedule still spread over s.Steps: its records are
// those of Train's run up to that step, bit for bit (the slice the stored
// runs' test recomputes).
func TrainFirst(s Settings, c Schedule, seed uint64, train, test Examples, steps int) (Run, error) {
	if err := s.Validate(); err != nil {
		return Run{}, err
	}
	if steps < 1 || steps > s.Steps {
		return Run{}, fmt.Errorf("shtanhtrain: steps must be in [1, %d], got %d", s.Steps, steps)
	}
	if !(c.A0 > 0) || !(c.A1 > 0) || math.IsInf(c.A0, 1) || math.IsInf(c.A1, 1) {
		return Run{}, fmt.Errorf("shtanhtrain: schedule %q needs A0, A1 in (0, +inf), got %v, %v", c.Name, c.A0, c.A1)
	}
	if train.Len() == 0 || test.Len() == 0 || len(train.X)%train.Len() != 0 || len(test.X)*train.Len() != len(train.X)*test.Len() {
		return Run{}, fmt.Errorf("shtanhtrain: train (%d) and test (%d) must be non-empty with equal input sizes", train.Len(), test.Len())
	}
	sw2, q, err := meanfield.EoCSigmaW2(activation.Shtanh(c.A0), s.SigmaB2)
	if err != nil {
		return Run{}, fmt.Errorf("shtanhtrain: edge of chaos of shtanh a = %v at σ_b² = %v: %w", c.A0, s.SigmaB2, err)
	}
	in := len(train.X) / train.Len()
	n := newNet(s, in, sw2, q, rand.New(rand.NewPCG(seed, 1)))
	rng := rand.New(rand.NewPCG(seed, 2))
	nTrain := min(s.NTrain, train.Len())
	run := Run{Schedule: c.Name, Seed: seed, SigmaW2: sw2, QStar: q}
	buf := make([]float64, s.Batch*in)
	idx := make([]int, s.Batch)
	sum, cnt := 0.0, 0
	record := func(t int, a float64) {
		tl, ta := n.evaluate(test, a)
		run.Step = append(run.Step, t)
		run.A = append(run.A, a)
		run.Loss = append(run.Loss, sum/float64(cnt))
		run.TestAcc = append(run.TestAcc, ta)
		run.TestLoss = append(run.TestLoss, tl)
		sum, cnt = 0, 0
	}
	for t := 0; t < steps; t++ {
		a := c.At(t, s.Steps)
		for i := range idx {
			idx[i] = rng.IntN(nTrain)
		}
		x, lab := rows(train, idx, buf)
		loss, _, g := n.lossGrad(x, lab, a, true)
		if math.IsNaN(loss) || math.IsInf(loss, 0) {
			return run, fmt.Errorf("%w at step %d (schedule %q, seed %d)", ErrDiverged, t, c.Name, seed)
		}
		sum += loss
		cnt++
		if t == 0 {
			record(0, a)
		}
		for l := range n.W {
			n.W[l].Add(n.W[l], scaled(g.W[l], -s.LR))
			for k := range n.b[l] {
				n.b[l][k] -= s.LR * g.b[l][k]
			}
		}
		if (t+1)%s.EvalEvery == 0 || t+1 == s.Steps {
			record(t+1, c.At(min(t+1, s.Steps-1), s.Steps))
		}
	}
	return run, nil
}

func scaled(m *mat.Dense, f float64) *mat.Dense {
	m.Scale(f, m)
	return m
}
