package trainsweep

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/lib/vit"
	"gonum.org/v1/gonum/floats"
)

// A probe of a small ViT trained for 4 steps reads after steps 2 and 4;
// its norms are those of the model's gradient tensors after the last step,
// and Adam's effective rates are positive and finite.
func TestProbe(t *testing.T) {
	cfg := tinyViT()
	cfg.D, cfg.Layers, cfg.MLPLayers, cfg.Classes = 8, 3, 1, 2
	cfg.AlphaA, cfg.AlphaM, cfg.SigmaW = 0.5, 0.5, 1
	rng := rand.New(rand.NewPCG(1, 2))
	m := vit.New(cfg, rng)
	const n = 16
	e := vit.Examples{X: make([]float64, n*16), Labels: make([]int, n)}
	for i := range e.X {
		e.X[i] = rng.Float64()
	}
	for i := range e.Labels {
		e.Labels[i] = i % 2
	}
	opt := &vit.Adam{}
	p := NewProbe(m, opt)
	if _, err := vit.Train(m, e, vit.TrainSettings{Steps: 4, Batch: 4, Optimizer: opt, Every: 2, Callback: p.Record}, rng); err != nil {
		t.Fatal(err)
	}
	if len(p.Snapshots) != 2 || p.Snapshots[0].Step != 2 || p.Snapshots[1].Step != 4 {
		t.Fatalf("snapshots at %v, want steps 2 and 4", p.Snapshots)
	}
	last := p.Snapshots[1]
	for _, tn := range m.Tensors() {
		if tn.Name == "block2.V" && floats.Norm(tn.Grad, 2) != last.GradV[2] {
			t.Errorf("GradV[2] = %v, tensor norm %v", last.GradV[2], floats.Norm(tn.Grad, 2))
		}
	}
	for l := range 3 {
		for _, v := range []float64{last.GradQ[l], last.GradK[l], last.GradV[l], last.LRQ[l], last.LRV[l]} {
			if !(v > 0) || math.IsInf(v, 0) {
				t.Errorf("layer %d: a reading is %v, want positive and finite", l, v)
			}
		}
	}
	if r := ratio([]float64{1, 6}, []float64{2, 3}); r[0] != 0.5 || r[1] != 2 {
		t.Errorf("ratio = %v", r)
	}
}

// TestBlockGradNorms: the per-block norms, squared and summed, give the
// sum of squares of every gradient entry of the tensors whose names end in
// .Q, .K, .V (found by name, not by the code under test), and at α_A = 0
// the attention branch is cut, so Q, K, V get no gradient.
func TestBlockGradNorms(t *testing.T) {
	for _, alpha := range []float64{0.6, 0} {
		cfg := tinyViT()
		cfg.Layers, cfg.AlphaA, cfg.AlphaM, cfg.SigmaW = 3, alpha, 0.5, 1
		rng := rand.New(rand.NewPCG(2, 3))
		m := vit.New(cfg, rng)
		ex := synthetic(cfg, 4, rng)
		if _, _, err := m.LossGrad(ex.X, ex.Labels); err != nil {
			t.Fatal(err)
		}
		g := BlockGradNorms(m)
		q, k, v := g.Q, g.K, g.V
		var blocks float64
		for _, tn := range m.Tensors() {
			var s float64
			for _, g := range tn.Grad {
				s += g * g
			}
			if strings.HasSuffix(tn.Name, ".Q") || strings.HasSuffix(tn.Name, ".K") || strings.HasSuffix(tn.Name, ".V") {
				blocks += s
			}
		}
		var sum float64
		for l := range q {
			sum += q[l]*q[l] + k[l]*k[l] + v[l]*v[l]
		}
		if math.Abs(sum-blocks) > 1e-12*blocks || (alpha == 0 && sum != 0) || (alpha > 0 && !(sum > 0)) {
			t.Errorf("α_A = %v: Σ norms² = %v, Q/K/V gradients² = %v", alpha, sum, blocks)
		}
	}
}

// TrainProbe is TrainEval with a probe made at the first record: the same
// snapshots as a probe wired by hand (NewProbe + vit.Train from the same
// generators), bit for bit; a non-Adam optimiser or Every = 0 is an error.
func TestTrainProbe(t *testing.T) {
	cfg := vit.Config{Rows: 4, Cols: 4, Patch: 2, D: 6, Layers: 3, MLPLayers: 2, Classes: 3, SigmaA2: 1, AlphaA: 0.5, AlphaM: 0.5, SigmaW: 1}
	rng := rand.New(rand.NewPCG(1, 1))
	ds := Data{Train: synthetic(cfg, 60, rng), Test: synthetic(cfg, 20, rng)}
	s := vit.TrainSettings{Steps: 6, Batch: 8, Optimizer: &vit.Adam{}, Every: 3}
	p, r, err := TrainProbe(cfg, ds, s, 4)
	if err != nil || r.Err != nil {
		t.Fatal(err, r.Err)
	}
	m := vit.New(cfg, rand.New(rand.NewPCG(4, 1)))
	opt := &vit.Adam{}
	ref := NewProbe(m, opt)
	s.Optimizer, s.Callback = opt, ref.Record
	if _, err := vit.Train(m, ds.Train, s, rand.New(rand.NewPCG(4, 2))); err != nil {
		t.Fatal(err)
	}
	if len(p.Snapshots) != 2 || len(ref.Snapshots) != 2 {
		t.Fatalf("%d and %d snapshots, want 2", len(p.Snapshots), len(ref.Snapshots))
	}
	for i, sn := range p.Snapshots {
		want := ref.Snapshots[i]
		if sn.Step != want.Step || !floats.Equal(sn.GradQ, want.GradQ) || !floats.Equal(sn.LRQ, want.LRQ) || !floats.Equal(sn.LRV, want.LRV) {
			t.Errorf("snapshot %d = %+v, by hand %+v", i, sn, want)
		}
	}
	s.Optimizer = &vit.SGD{LR: 0.1}
	if _, _, err := TrainProbe(cfg, ds, s, 4); err == nil {
		t.Error("TrainProbe with SGD: no error")
	}
	s.Optimizer, s.Every = &vit.Adam{}, 0
	if _, _, err := TrainProbe(cfg, ds, s, 4); err == nil {
		t.Error("TrainProbe with Every = 0: no error")
	}
}

// The ratios of snapshots by hand.
func TestSnapshotRatios(t *testing.T) {
	p := &Probe{Snapshots: []LayerSnapshot{
		{Step: 5, GradQ: []float64{1, 3}, GradK: []float64{2, 6}, GradV: []float64{4, 2}, LRQ: []float64{1, 9}, LRV: []float64{2, 3}},
		{Step: 10, GradQ: []float64{1, 1}, GradK: []float64{1, 1}, GradV: []float64{1, 1}, LRQ: []float64{4, 8}, LRV: []float64{1, 2}},
	}}
	if q, k := p.Snapshots[0].QOverV(), p.Snapshots[0].KOverV(); !floats.Equal(q, []float64{0.25, 1.5}) || !floats.Equal(k, []float64{0.5, 3}) {
		t.Errorf("QOverV %v, KOverV %v", q, k)
	}
	steps, r := p.EffLRRatios([]int{1, 0})
	if !floats.Equal(steps, []float64{5, 10}) || len(r) != 2 || !floats.Equal(r[0], []float64{3, 4}) || !floats.Equal(r[1], []float64{0.5, 4}) {
		t.Errorf("EffLRRatios = %v, %v", steps, r)
	}
}

// InitGradNorms is BlockGradNorms after one LossGrad at the initialisation
// drawn from the generator, on any number of workers.
func TestInitGradNorms(t *testing.T) {
	cfg := vit.Config{Rows: 4, Cols: 4, Patch: 2, D: 6, Layers: 3, MLPLayers: 2, Classes: 3, SigmaA2: 1, AlphaA: 0.5, AlphaM: 0.5, SigmaW: 1}
	ex := synthetic(cfg, 8, rand.New(rand.NewPCG(7, 7)))
	m := vit.New(cfg, rand.New(rand.NewPCG(3, 1)))
	if _, _, err := m.LossGrad(ex.X, ex.Labels); err != nil {
		t.Fatal(err)
	}
	want := BlockGradNorms(m)
	for _, w := range []int{1, 2} {
		g, err := InitGradNorms(cfg, rand.New(rand.NewPCG(3, 1)), ex.X, ex.Labels, w)
		if err != nil {
			t.Fatal(err)
		}
		if !floats.Equal(g.Q, want.Q) || !floats.Equal(g.K, want.K) || !floats.Equal(g.V, want.V) {
			t.Errorf("%d workers: %+v, by hand %+v", w, g, want)
		}
	}
}

// Trend of g_l = c·10^(s·l) is s(L − 1) decades, exactly up to rounding
// (a least-squares line through collinear points); a flat profile has
// trend 0.
func TestGradNormsTrend(t *testing.T) {
	var g GradNorms
	for l := 1; l <= 16; l++ {
		g.Q = append(g.Q, 3*math.Pow(10, -0.1*float64(l)))
		g.K = append(g.K, 2)
		g.V = append(g.V, 0.5*math.Pow(10, 0.02*float64(l)))
	}
	q, k, v := g.Trend()
	if math.Abs(q-(-1.5)) > 1e-12 || math.Abs(k) > 1e-12 || math.Abs(v-0.3) > 1e-12 {
		t.Errorf("Trend = %v, %v, %v; want −1.5, 0, 0.3", q, k, v)
	}
}
