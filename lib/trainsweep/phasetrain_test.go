package trainsweep

import (
	"errors"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/compose"
	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/vit"
)

// tinyPhase is a PhaseTrainSettings on tinyViT's task: Cowsik et al.'s
// block without its norm at n = 5, d = 6, L = 2, at two points of its
// (alpha, sigma_ff) plane, two seeds.
func tinyPhase() PhaseTrainSettings {
	b := compose.Cowsik(5, 6, 2, 0.5, 0.5, 1, 1, 2, activation.Tanh())
	b.Norm = compose.NoNorm
	return PhaseTrainSettings{Block: b, XKey: "alpha", YKey: "sigma_ff",
		Points: []PhasePoint{{"ordered", 0.8, 1.5}, {"chaotic", 0.8, 3.5}},
		Task:   vit.ImageTask{Rows: 4, Cols: 4, Patch: 2, Classes: 3},
		Steps:  10, Batch: 8, Every: 4, Seeds: []uint64{3, 4}, Workers: 1}
}

// TestPhaseTrainRun: each run is vit.Train from the stated generators
// with the test set evaluated at steps 4, 8, 10 (the mean mini-batch loss
// since the previous record beside it), bit for bit; the curves and the
// final values are the seeds' mean and SE; Gap is the paired difference;
// the exponents are compose's at the point; 2 workers give the same bits.
func TestPhaseTrainRun(t *testing.T) {
	s := tinyPhase()
	cfg := tinyViT()
	rng := rand.New(rand.NewPCG(1, 1))
	ds := Data{Train: synthetic(cfg, 60, rng), Test: synthetic(cfg, 20, rng)}
	res, err := s.run(ds)
	if err != nil {
		t.Fatal(err)
	}
	for _, pt := range res.Points {
		want, err := vit.FromBlock(pt.Block, s.Task)
		if err != nil || pt.Config != want || pt.Config.AlphaA != pt.X || pt.Config.SigmaW != pt.Y || pt.Config.Norm != vit.NoNorm {
			t.Fatalf("%s: config %+v (%v), want alpha %v, sigma_w %v without norm", pt.Name, pt.Config, err, pt.X, pt.Y)
		}
		la, _ := pt.Block.LambdaA(compose.FixedSettings{})
		lg, _ := pt.Block.LambdaG()
		if pt.LambdaA != la || pt.LambdaG != lg || pt.TheoryErr != "" {
			t.Errorf("%s: λ_a %v, λ_g %v (%s), want %v, %v", pt.Name, pt.LambdaA, pt.LambdaG, pt.TheoryErr, la, lg)
		}
		var final []float64
		for i, r := range pt.Runs {
			m := vit.New(pt.Config, rand.New(rand.NewPCG(s.Seeds[i], 1)))
			tr, err := vit.Train(m, ds.Train, vit.TrainSettings{Steps: 10, Batch: 8}, rand.New(rand.NewPCG(s.Seeds[i], 2)))
			if err != nil {
				t.Fatal(err)
			}
			tl, acc, err := vit.Evaluate(m, ds.Test, 256)
			if err != nil {
				t.Fatal(err)
			}
			last := (tr.TrainLoss[8] + tr.TrainLoss[9]) / 2
			if !reflect.DeepEqual(r.Step, []int{4, 8, 10}) || r.TestLoss[2] != tl || r.TestAccuracy[2] != acc || math.Abs(r.TrainLoss[2]-last) > 1e-15 || r.Diverged != "" {
				t.Errorf("%s seed %d: steps %v, test %v %v, train %v; want [4 8 10], %v %v, %v", pt.Name, r.Seed, r.Step, r.TestLoss[2], r.TestAccuracy[2], r.TrainLoss[2], tl, acc, last)
			}
			final = append(final, tl)
		}
		m, se := empirical.MeanSE(final)
		if pt.FinalLoss != m || pt.FinalLossSE != se || pt.Finished != 2 || pt.TestLoss.Mean[2] != m || pt.TestLoss.SE[2] != se {
			t.Errorf("%s: final loss %v ± %v (%d finished), curve %v ± %v; want %v ± %v", pt.Name, pt.FinalLoss, pt.FinalLossSE, pt.Finished, pt.TestLoss.Mean[2], pt.TestLoss.SE[2], m, se)
		}
	}
	o, c := res.Points[0].Runs, res.Points[1].Runs
	d0, d1 := o[0].TestLoss[2]-c[0].TestLoss[2], o[1].TestLoss[2]-c[1].TestLoss[2]
	if g, se, n := res.Gap("ordered", "chaotic"); math.Abs(g-(d0+d1)/2) > 1e-15 || math.Abs(se-math.Abs(d0-d1)/2) > 1e-15 || n != 2 {
		t.Errorf("Gap = %v ± %v over %d, want %v ± %v over 2", g, se, n, (d0+d1)/2, math.Abs(d0-d1)/2)
	}
	s.Workers = 2
	res2, err := s.run(ds)
	if err != nil {
		t.Fatal(err)
	}
	for i, pt := range res.Points { // the Blocks hold funcs, which DeepEqual does not compare
		if p2 := res2.Points[i]; !reflect.DeepEqual(pt.Runs, p2.Runs) || !reflect.DeepEqual(pt.TestLoss, p2.TestLoss) || pt.FinalAccuracy != p2.FinalAccuracy {
			t.Errorf("%s: 2 workers give other results than 1", pt.Name)
		}
	}
}

// TestPhaseTrainValidate: out-of-range settings and points vit cannot
// run are ErrParam errors naming the field.
func TestPhaseTrainValidate(t *testing.T) {
	if err := tinyPhase().Validate(); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		edit func(s *PhaseTrainSettings)
		want string
	}{
		{func(s *PhaseTrainSettings) { s.Steps = 0 }, "Steps"},
		{func(s *PhaseTrainSettings) { s.Every = 0 }, "Every"},
		{func(s *PhaseTrainSettings) { s.Seeds = s.Seeds[:1] }, "Seeds"},
		{func(s *PhaseTrainSettings) { s.Seeds = []uint64{3, 3} }, "Seeds"},
		{func(s *PhaseTrainSettings) { s.Points = nil }, "Points"},
		{func(s *PhaseTrainSettings) { s.XKey = "width" }, "key"},
		{func(s *PhaseTrainSettings) { s.Points[0].X = 1.5 }, "alpha"},
		{func(s *PhaseTrainSettings) { s.Block.NormKind, s.Block.Norm = compose.LN, compose.Pre }, "norm_kind"},
		{func(s *PhaseTrainSettings) { s.Task.Patch = 1 }, "compose.Block n"},
	} {
		s := tinyPhase()
		s.Points = append([]PhasePoint(nil), s.Points...)
		c.edit(&s)
		err := s.Validate()
		if !errors.Is(err, ErrParam) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("error %v, want ErrParam naming %s", err, c.want)
		}
	}
}
