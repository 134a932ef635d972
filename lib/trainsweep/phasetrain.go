package trainsweep

import (
	"errors"
	"fmt"
	"io/fs"
	"math"
	"math/rand/v2"

	"github.com/sigprop/sigprop/lib/compose"
	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/internal/param"
	"github.com/sigprop/sigprop/lib/vit"
)

// PhasePoint is one point of a composed block's phase plane to train at:
// its name ("ordered", "edge", "chaotic") and the values of the plane's
// two keys (PhaseTrainSettings.XKey, YKey).
type PhasePoint struct {
	Name string
	X, Y float64
}

// PhaseTrainSettings ask whether the phase a composed block sits in at
// initialisation predicts its training: the block Block with its keys
// XKey, YKey (compose.SetNumeric's: "alpha", "sigma_ff", "branch_mlp",
// ...) set to each of Points is trained on the image task (vit.FromBlock
// on Task, the Fashion-MNIST split Split) from each of Seeds, and
// evaluated on the test images every Every steps. Every field is
// required (no zero-value defaults).
type PhaseTrainSettings struct {
	Block      compose.Block
	XKey, YKey string
	Points     []PhasePoint
	Task       vit.ImageTask
	Split      Split
	// Steps >= 1 Adam steps (vit.Adam's defaults, the paper's lr 3e-4)
	// of Batch >= 1 images; the test set is evaluated after every Every
	// >= 1 steps and after the last.
	Steps, Batch, Every int
	// Seeds (at least 2, distinct: the seed is the sample unit of the
	// standard errors) draw model i from PCG(seed, 1) and its batches
	// from PCG(seed, 2), as TrainEval.
	Seeds []uint64
	// Workers >= 1 splits each batch (vit.Model.SetWorkers); the results
	// do not depend on it.
	Workers int
}

// Validate returns an error wrapping ErrParam naming the first field out
// of range; a point whose block is invalid or that vit cannot run is
// compose's or vit's error (each wraps its ErrParam) naming the point.
func (s PhaseTrainSettings) Validate() error {
	if err := param.AtLeast(ErrParam, param.Min("PhaseTrainSettings.Steps", s.Steps, 1), param.Min("PhaseTrainSettings.Batch", s.Batch, 1),
		param.Min("PhaseTrainSettings.Every", s.Every, 1), param.Min("PhaseTrainSettings.Workers", s.Workers, 1),
		param.Min("PhaseTrainSettings.Points", len(s.Points), 1), param.Min("PhaseTrainSettings.Seeds", len(s.Seeds), 2)); err != nil {
		return err
	}
	seen := map[uint64]bool{}
	for _, sd := range s.Seeds {
		if seen[sd] {
			return param.Err(ErrParam, "PhaseTrainSettings.Seeds", s.Seeds, "distinct seeds")
		}
		seen[sd] = true
	}
	if err := s.Split.Validate(); err != nil {
		return err
	}
	for _, p := range s.Points {
		if _, _, err := s.point(p); err != nil {
			return err
		}
	}
	return nil
}

// point returns the block at p and its vit configuration.
func (s PhaseTrainSettings) point(p PhasePoint) (compose.Block, vit.Config, error) {
	b := s.Block
	if err := compose.SetNumeric(&b, s.XKey, p.X); err != nil {
		return b, vit.Config{}, fmt.Errorf("point %q: %w", p.Name, err)
	}
	if err := compose.SetNumeric(&b, s.YKey, p.Y); err != nil {
		return b, vit.Config{}, fmt.Errorf("point %q: %w", p.Name, err)
	}
	cfg, err := vit.FromBlock(b, s.Task)
	if err != nil {
		return b, cfg, fmt.Errorf("point %q: %w", p.Name, err)
	}
	return b, cfg, nil
}

// PhaseTrainRun is one seed's run at one point: at each record step, the
// mean mini-batch loss since the previous record and the test loss and
// accuracy. A run that diverged (vit.ErrNonFinite) stops at its last
// record and says so in Diverged.
type PhaseTrainRun struct {
	Seed                              uint64
	Step                              []int
	TrainLoss, TestLoss, TestAccuracy []float64
	Diverged                          string
}

// Curve is a mean ± SE over the seeds at each record step (NaN where
// fewer than two runs reached the step).
type Curve struct {
	Step     []int
	Mean, SE []float64
}

// PhaseTrainPoint is one trained point: the block and its configuration,
// its exponents at initialisation (compose.Block.LambdaA, LambdaG; NaN
// with the reason in TheoryErr when the block has no collapsed point),
// the runs, the curves over the seeds, and the final test loss and
// accuracy (mean ± SE over the runs that finished; Finished of them).
type PhaseTrainPoint struct {
	PhasePoint
	Block                                                  compose.Block
	Config                                                 vit.Config
	LambdaA, LambdaG                                       float64
	TheoryErr                                              string
	Runs                                                   []PhaseTrainRun
	TrainLoss, TestLoss, TestAccuracy                      Curve
	FinalLoss, FinalLossSE, FinalAccuracy, FinalAccuracySE float64
	Finished                                               int
}

// PhaseTraining is the result of PhaseTrainSettings.Run.
type PhaseTraining struct {
	Settings PhaseTrainSettings
	Points   []PhaseTrainPoint
}

// Run trains every point from every seed on the split of fsys (the
// Fashion-MNIST files, as LoadData). Errors: Validate's, LoadData's, and
// a non-finite test evaluation after a finished run.
func (s PhaseTrainSettings) Run(fsys fs.FS) (*PhaseTraining, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	ds, err := s.Split.Load(fsys)
	if err != nil {
		return nil, err
	}
	return s.run(ds)
}

// run is Run on the loaded data ds: every point's runs, then assemble.
func (s PhaseTrainSettings) run(ds Data) (*PhaseTraining, error) {
	runs := make([][]PhaseTrainRun, len(s.Points))
	for i, p := range s.Points {
		_, cfg, _ := s.point(p)
		for _, seed := range s.Seeds {
			r, err := s.train(cfg, ds, seed)
			if err != nil {
				return nil, fmt.Errorf("trainsweep: point %q, seed %d: %w", p.Name, seed, err)
			}
			runs[i] = append(runs[i], r)
		}
	}
	return s.assemble(runs), nil
}

// assemble returns the training of s whose runs are runs[point][seed]
// (in the order of s.Points and s.Seeds, trained or stored): each
// point's block, configuration and exponents at initialisation, and its
// curves and final values over the seeds.
func (s PhaseTrainSettings) assemble(runs [][]PhaseTrainRun) *PhaseTraining {
	out := &PhaseTraining{Settings: s}
	for i, p := range s.Points {
		b, cfg, _ := s.point(p)
		pt := PhaseTrainPoint{PhasePoint: p, Block: b, Config: cfg, LambdaA: math.NaN(), LambdaG: math.NaN(), Runs: runs[i]}
		if la, err := b.LambdaA(compose.FixedSettings{}); err == nil {
			pt.LambdaA = la
		} else {
			pt.TheoryErr = err.Error()
		}
		if lg, err := b.LambdaG(); err == nil {
			pt.LambdaG = lg
		} else if pt.TheoryErr == "" {
			pt.TheoryErr = err.Error()
		}
		pt.summarise()
		out.Points = append(out.Points, pt)
	}
	return out
}

// train runs one seed at cfg.
func (s PhaseTrainSettings) train(cfg vit.Config, ds Data, seed uint64) (PhaseTrainRun, error) {
	m := vit.New(cfg, rand.New(rand.NewPCG(seed, 1)))
	r := PhaseTrainRun{Seed: seed}
	var sum float64
	var cnt int
	var evalErr error
	// The callback runs after every step (Every 1), adds the step's
	// mini-batch loss, and evaluates at the record steps.
	ts := vit.TrainSettings{Steps: s.Steps, Batch: s.Batch, Optimizer: &vit.Adam{}, Workers: s.Workers, Every: 1,
		Callback: func(step int, loss float64) {
			sum, cnt = sum+loss, cnt+1
			if evalErr != nil || step%s.Every != 0 && step != s.Steps {
				return
			}
			tl, acc, err := vit.Evaluate(m, ds.Test, 256)
			if err != nil {
				evalErr = err
				return
			}
			r.Step = append(r.Step, step)
			r.TrainLoss = append(r.TrainLoss, sum/float64(cnt))
			r.TestLoss, r.TestAccuracy = append(r.TestLoss, tl), append(r.TestAccuracy, acc)
			sum, cnt = 0, 0
		}}
	_, err := vit.Train(m, ds.Train, ts, rand.New(rand.NewPCG(seed, 2)))
	switch {
	case errors.Is(err, vit.ErrNonFinite):
		r.Diverged = err.Error()
	case err != nil:
		return r, err
	case evalErr != nil:
		return r, evalErr
	}
	return r, nil
}

// summarise fills the curves and the final values from the runs.
func (pt *PhaseTrainPoint) summarise() {
	pt.TrainLoss = curve(pt.Runs, func(r PhaseTrainRun) []float64 { return r.TrainLoss })
	pt.TestLoss = curve(pt.Runs, func(r PhaseTrainRun) []float64 { return r.TestLoss })
	pt.TestAccuracy = curve(pt.Runs, func(r PhaseTrainRun) []float64 { return r.TestAccuracy })
	var loss, acc []float64
	for _, r := range pt.Runs {
		if r.Diverged == "" {
			loss, acc = append(loss, r.TestLoss[len(r.TestLoss)-1]), append(acc, r.TestAccuracy[len(r.TestAccuracy)-1])
		}
	}
	pt.Finished = len(loss)
	pt.FinalLoss, pt.FinalLossSE = meanSEOrNaN(loss)
	pt.FinalAccuracy, pt.FinalAccuracySE = meanSEOrNaN(acc)
}

// curve is the mean ± SE over the runs of get(run) at each record step of
// the longest run.
func curve(runs []PhaseTrainRun, get func(PhaseTrainRun) []float64) Curve {
	var c Curve
	for _, r := range runs {
		if len(r.Step) > len(c.Step) {
			c.Step = r.Step
		}
	}
	for k := range c.Step {
		var x []float64
		for _, r := range runs {
			if v := get(r); k < len(v) {
				x = append(x, v[k])
			}
		}
		m, se := meanSEOrNaN(x)
		c.Mean, c.SE = append(c.Mean, m), append(c.SE, se)
	}
	return c
}

// meanSEOrNaN is empirical.MeanSE, NaN for fewer than two values.
func meanSEOrNaN(x []float64) (mean, se float64) {
	if len(x) < 2 {
		return math.NaN(), math.NaN()
	}
	return empirical.MeanSE(x)
}

// Gap is the paired difference of the final test loss of point a minus
// point b over the seeds where both runs finished (the seed pairs the
// initialisation draw and the batch order), its SE over those seeds, and
// their number; NaN with fewer than two pairs. It panics on an unknown
// point name.
func (t *PhaseTraining) Gap(a, b string) (diff, se float64, pairs int) {
	pa, pb := t.point(a), t.point(b)
	var d []float64
	for i, ra := range pa.Runs {
		rb := pb.Runs[i]
		if ra.Diverged == "" && rb.Diverged == "" {
			d = append(d, ra.TestLoss[len(ra.TestLoss)-1]-rb.TestLoss[len(rb.TestLoss)-1])
		}
	}
	diff, se = meanSEOrNaN(d)
	return diff, se, len(d)
}

func (t *PhaseTraining) point(name string) *PhaseTrainPoint {
	for i := range t.Points {
		if t.Points[i].Name == name {
			return &t.Points[i]
		}
	}
	panic(fmt.Sprintf("trainsweep: no phase point %q", name))
}
