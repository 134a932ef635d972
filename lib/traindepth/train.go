package traindepth

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/fctrain"
	"github.com/sigprop/sigprop/lib/internal/param"
	"github.com/sigprop/sigprop/lib/meanfield"
)

// Settings are the grid and the training of the experiment. Schoenholz et
// al.'s values (recalled from arXiv:1611.01232, not retrieved here) are
// marked so; the rest is sigprop's choice, sized to train the whole grid on
// one core in about 20 minutes.
type Settings struct {
	// SigmaB2 is the bias variance σ_b²: 0.05, Schoenholz et al.'s (recalled).
	SigmaB2 float64
	// SigmaW2 are the weight variances σ_w² of the grid, on both sides of
	// tanh's edge of chaos (σ_w² ≈ 1.76 at σ_b² = 0.05); Schoenholz et al.
	// scan σ_w² ∈ [1, 4] (recalled).
	SigmaW2 []float64
	// Depths are the numbers of hidden tanh layers L, increasing
	// (Schoenholz et al. go to L = 300, recalled).
	Depths []int
	// Width is the hidden width N (sigprop's choice).
	Width int
	// Seeds: each (σ_w², L) is trained from each seed (initialisation
	// PCG(seed, 1), minibatches PCG(seed, 2): every cell of a seed sees the
	// same minibatches).
	Seeds []uint64
	// Steps, Batch, LR, EvalEvery, NTrain: plain SGD on the first NTrain
	// training images (sigprop's choice; Schoenholz et al. use SGD and
	// RMSProp with their own budgets).
	Steps, Batch int
	LR           float64
	EvalEvery    int
	NTrain       int
	// NTest is the number of test images accuracy is measured on.
	NTest int
}

// Paper returns the settings of the stored grid
// (notebooks/data/schoenholz-depth): 7 values of σ_w² from 1 to 4 (the edge
// of chaos near 1.76 among them) × 11 depths from 4 to 128 spaced by a
// factor ≈ √2, one seed, width 64, 300 SGD steps of 64 images at lr 0.02
// (about 3 passes over 6000 images), test accuracy on 1000 images.
func Paper() Settings {
	return Settings{
		SigmaB2: 0.05,
		SigmaW2: []float64{1, 1.25, 1.5, 1.75, 2.25, 3, 4},
		Depths:  []int{4, 6, 8, 11, 16, 23, 32, 45, 64, 91, 128},
		Width:   64,
		Seeds:   []uint64{1},
		Steps:   300, Batch: 64, LR: 0.02, EvalEvery: 100, NTrain: 6000, NTest: 1000,
	}
}

// BudgetSteps is the training budget of the Budget grid: 5 × Paper()'s 300
// steps, sized so that the 21 networks train in about 15 minutes on one core
// (estimated from the Paper grid's 8m10s, the cost of a step ∝ 12 + L).
const BudgetSteps = 1500

// Budget returns the settings of the second stored grid
// (notebooks/data/schoenholz-budget), which asks whether the trainable
// depth of the Paper grid moves with the training budget. Every field is
// Paper()'s except these:
//
//	SigmaW2   {1, 1.75, 4}: Paper()'s ordered end, the value nearest the edge of chaos
//	          (σ_w² ≈ 1.76 at σ_b² = 0.05) and its chaotic end
//	Depths    {16, 23, 32, 45, 64, 91, 128}: Paper()'s depths from the shallowest that
//	          still trains at every σ_w² after 300 steps up to the deepest, a factor ≈ √2 apart
//	Steps     BudgetSteps = 1500, 5 × Paper()'s 300
//	EvalEvery 300: records at steps 0, 300, 600, 900, 1200, 1500
//
// Width, seed, σ_b², batch, lr and data are Paper()'s: initialisation and
// minibatches are the same streams, so the first 300 steps of each cell are
// the Paper grid's cell of the same (σ_w², L) step for step, and its test
// accuracy and loss at step 300 are that cell's final ones bit for bit.
func Budget() Settings {
	s := Paper()
	s.SigmaW2 = []float64{1, 1.75, 4}
	s.Depths = []int{16, 23, 32, 45, 64, 91, 128}
	s.Steps, s.EvalEvery = BudgetSteps, 300
	return s
}

// ErrParam is wrapped by the errors of a setting out of its range; the
// message names the field and its allowed range, and errors.Is matches any
// lib package's ErrParam (lib/internal/param).
var ErrParam = param.New("traindepth")

// Validate returns an error wrapping ErrParam naming the first field out
// of range.
func (s Settings) Validate() error {
	switch {
	case !(s.SigmaB2 >= 0) || math.IsInf(s.SigmaB2, 1):
		return fmt.Errorf("%w: SigmaB2 must be in [0, +inf), got %v", ErrParam, s.SigmaB2)
	case len(s.SigmaW2) == 0:
		return fmt.Errorf("%w: SigmaW2 must list at least one σ_w²", ErrParam)
	case len(s.Depths) == 0:
		return fmt.Errorf("%w: Depths must list at least one depth", ErrParam)
	case s.Width < 1:
		return fmt.Errorf("%w: Width must be ≥ 1, got %d", ErrParam, s.Width)
	case len(s.Seeds) == 0:
		return fmt.Errorf("%w: Seeds must list at least one seed", ErrParam)
	case s.NTest < 1:
		return fmt.Errorf("%w: NTest must be ≥ 1, got %d", ErrParam, s.NTest)
	}
	for _, w := range s.SigmaW2 {
		if !(w > 0) || math.IsInf(w, 1) {
			return fmt.Errorf("%w: SigmaW2 entries must be in (0, +inf), got %v", ErrParam, w)
		}
	}
	for i, d := range s.Depths {
		if d < 1 || (i > 0 && d <= s.Depths[i-1]) {
			return fmt.Errorf("%w: Depths must be ≥ 1 and increasing, got %v", ErrParam, s.Depths)
		}
	}
	return s.sgd().Validate(ErrParam)
}

func (s Settings) sgd() fctrain.SGD {
	return fctrain.SGD{Steps: s.Steps, Batch: s.Batch, LR: s.LR, EvalEvery: s.EvalEvery, NTrain: s.NTrain}
}

// Cell is one network of the grid.
type Cell struct {
	SigmaW2 float64
	Depth   int
	Seed    uint64
}

// Run is one trained network.
type Run struct {
	Cell
	QStar, XiC float64 // the mean-field q* and ξ_c at (tanh, σ_w², σ_b²)
	Step       []int
	Loss       []float64 // mean training cross-entropy since the last record
	TestAcc    []float64 // accuracy on the test images
	TestLoss   []float64 // mean cross-entropy on the test images
	// Diverged is set when the loss stopped being finite: the records end
	// there and the network counts as untrained (accuracy at chance, 0.1).
	Diverged bool
}

// Final returns the test accuracy at the last record (0.1, chance, for a
// diverged run: it is never used as trained).
func (r Run) Final() float64 {
	if r.Diverged || len(r.TestAcc) == 0 {
		return 1.0 / fctrain.Classes
	}
	return r.TestAcc[len(r.TestAcc)-1]
}

// Train trains the tanh network of cell c: fctrain with Gaussian weights of
// variance σ_w²/N, biases of variance σ_b², a read-out giving unit-variance
// logits at q*, on train, recording test accuracy on test.
func Train(s Settings, c Cell, train, test fctrain.Examples) (Run, error) {
	return TrainFirst(s, c, train, test, s.Steps)
}

// TrainFirst is Train stopped after the first steps (1 ≤ steps ≤ s.Steps):
// its records are Train's first ones bit for bit. A diverged run is
// returned with Diverged set and no error; settings or data out of range and
// a σ_w² without a mean-field fixed point return errors.
func TrainFirst(s Settings, c Cell, train, test fctrain.Examples, steps int) (Run, error) {
	if err := s.Validate(); err != nil {
		return Run{}, err
	}
	if steps < 1 || steps > s.Steps {
		return Run{}, fmt.Errorf("traindepth: steps must be in [1, %d], got %d", s.Steps, steps)
	}
	if c.Depth < 1 || !(c.SigmaW2 > 0) || math.IsInf(c.SigmaW2, 1) {
		return Run{}, fmt.Errorf("traindepth: cell %+v needs Depth ≥ 1 and SigmaW2 in (0, +inf)", c)
	}
	if err := fctrain.CheckData(train, test); err != nil {
		return Run{}, fmt.Errorf("traindepth: %w", err)
	}
	phi := activation.Tanh()
	st, err := meanfield.Net{Phi: phi, SigmaW2: c.SigmaW2, SigmaB2: s.SigmaB2}.DepthScales()
	if err != nil {
		return Run{}, fmt.Errorf("traindepth: mean field of tanh at σ_w² = %v, σ_b² = %v: %w", c.SigmaW2, s.SigmaB2, err)
	}
	in := len(train.X) / train.Len()
	n := fctrain.New(fctrain.Init{Depth: c.Depth, Width: s.Width, SigmaW2: c.SigmaW2, SigmaB2: s.SigmaB2, QStar: st.QStar}, in, rand.New(rand.NewPCG(c.Seed, 1)))
	tr, err := fctrain.Fit(n, s.sgd(), func(int) activation.Func { return phi }, rand.New(rand.NewPCG(c.Seed, 2)), train, test, steps)
	run := Run{Cell: c, QStar: st.QStar, XiC: st.XiC, Step: tr.Step, Loss: tr.Loss, TestAcc: tr.TestAcc, TestLoss: tr.TestLoss}
	if err != nil {
		run.Diverged = true
	}
	return run, nil
}
