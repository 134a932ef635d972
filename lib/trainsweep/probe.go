package trainsweep

import (
	"fmt"

	"github.com/sigprop/sigprop/lib/vit"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/stat"
)

// LayerSnapshot is one reading of a Probe after a training step: per
// block l = 0, …, L−1, the Frobenius norms of the gradients of W^Q, W^K,
// W^V and the mean effective learning rate of W^Q and W^V's entries.
type LayerSnapshot struct {
	Step         int
	GradQ, GradK []float64
	GradV        []float64
	LRQ, LRV     []float64
}

// Probe records the per-layer quantities of Noci et al. 2022's Figs. 5 and
// 6 during vit.Train: the gradient norms ‖∇W^Q‖, ‖∇W^K‖, ‖∇W^V‖ of every
// block (the rank-collapse prediction is ‖∇W^{Q,K}‖ ≪ ‖∇W^V‖) and Adam's
// effective learning rate η/(√v̂ + ε) averaged over each matrix (Adam
// compensates by giving W^Q a larger one). Pass Probe.Record as
// vit.TrainSettings.Callback.
type Probe struct {
	Snapshots []LayerSnapshot

	m   *vit.Model
	opt *vit.Adam
	q   []vit.Tensor // per block: Q, K, V
	k   []vit.Tensor
	v   []vit.Tensor
	eff []float64
}

// NewProbe returns a probe of model m trained with opt. It panics if m
// lacks a block's Q, K or V tensor.
func NewProbe(m *vit.Model, opt *vit.Adam) *Probe {
	byName := map[string]vit.Tensor{}
	for _, t := range m.Tensors() {
		byName[t.Name] = t
	}
	p := &Probe{m: m, opt: opt, eff: make([]float64, m.NumParams())}
	for l := range m.Config().Layers {
		get := func(w string) vit.Tensor {
			t, ok := byName[fmt.Sprintf("block%d.%s", l, w)]
			if !ok {
				panic(fmt.Sprintf("trainsweep: model has no tensor block%d.%s", l, w))
			}
			return t
		}
		p.q, p.k, p.v = append(p.q, get("Q")), append(p.k, get("K")), append(p.v, get("V"))
	}
	return p
}

// Record appends a snapshot after step (the loss is not used); its
// signature is vit.TrainSettings.Callback's.
func (p *Probe) Record(step int, _ float64) {
	p.opt.EffectiveLR(p.eff)
	lr := func(t vit.Tensor) float64 { return stat.Mean(p.eff[t.Offset:t.Offset+len(t.Value)], nil) }
	s := LayerSnapshot{Step: step}
	s.GradQ, s.GradK, s.GradV = BlockGradNorms(p.m)
	for l := range p.q {
		s.LRQ = append(s.LRQ, lr(p.q[l]))
		s.LRV = append(s.LRV, lr(p.v[l]))
	}
	p.Snapshots = append(p.Snapshots, s)
}

// Ratio returns a[i]/b[i] for every i (a and b of equal length).
func Ratio(a, b []float64) []float64 {
	if len(a) != len(b) {
		panic("trainsweep: Ratio of slices of different lengths")
	}
	out := make([]float64, len(a))
	for i := range a {
		out[i] = a[i] / b[i]
	}
	return out
}

// BlockGradNorms returns, per block l = 0, …, L−1, the Frobenius norms of
// the gradients of W^Q, W^K and W^V held in m.Grads() (after LossGrad):
// the quantities of Noci et al. 2023, Fig. 2 and of Noci et al. 2022,
// eqs. 17–18.
func BlockGradNorms(m *vit.Model) (q, k, v []float64) {
	p := NewProbe(m, nil)
	for l := range p.q {
		q = append(q, floats.Norm(p.q[l].Grad, 2))
		k = append(k, floats.Norm(p.k[l].Grad, 2))
		v = append(v, floats.Norm(p.v[l].Grad, 2))
	}
	return q, k, v
}
