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
	if r := Ratio([]float64{1, 6}, []float64{2, 3}); r[0] != 0.5 || r[1] != 2 {
		t.Errorf("Ratio = %v", r)
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
		q, k, v := BlockGradNorms(m)
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
