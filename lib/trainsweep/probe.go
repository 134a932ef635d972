package trainsweep

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/internal/param"
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
	g := BlockGradNorms(p.m)
	s.GradQ, s.GradK, s.GradV = g.Q, g.K, g.V
	for l := range p.q {
		s.LRQ = append(s.LRQ, lr(p.q[l]))
		s.LRV = append(s.LRV, lr(p.v[l]))
	}
	p.Snapshots = append(p.Snapshots, s)
}

// QOverV returns ‖∇W^Q‖/‖∇W^V‖ per layer: the ratio whose square Noci
// et al. 2022's eqs. 17–18 predict ∝ (1 − ρ)² for equicorrelated tokens.
func (s LayerSnapshot) QOverV() []float64 { return ratio(s.GradQ, s.GradV) }

// KOverV returns ‖∇W^K‖/‖∇W^V‖ per layer.
func (s LayerSnapshot) KOverV() []float64 { return ratio(s.GradK, s.GradV) }

// EffLRRatios returns the steps of the probe's snapshots and, for each of
// the given blocks (0-based), Adam's mean effective learning rate of W^Q
// over that of W^V at each snapshot: ratios[i][j] = LRQ[layers[i]] /
// LRV[layers[i]] of snapshot j (Noci et al. 2022, Fig. 6). It panics if a
// layer is out of range.
func (p *Probe) EffLRRatios(layers []int) (steps []float64, ratios [][]float64) {
	ratios = make([][]float64, len(layers))
	for _, sn := range p.Snapshots {
		steps = append(steps, float64(sn.Step))
		for i, l := range layers {
			ratios[i] = append(ratios[i], sn.LRQ[l]/sn.LRV[l])
		}
	}
	return steps, ratios
}

// TrainProbe trains cfg as TrainEval does (from seed, on ds, with s) with
// a Probe that records after every s.Every steps, and returns the probe
// and the run. s.Optimizer must be a *vit.Adam (the probe reads its
// effective learning rates) and s.Every > 0; a diverged run is reported
// in Run.Err as by TrainEval.
func TrainProbe(cfg vit.Config, ds Data, s vit.TrainSettings, seed uint64) (*Probe, Run, error) {
	opt, ok := s.Optimizer.(*vit.Adam)
	if !ok {
		return nil, Run{}, fmt.Errorf("trainsweep: TrainProbe needs a *vit.Adam optimizer, got %T", s.Optimizer)
	}
	if s.Every < 1 {
		return nil, Run{}, fmt.Errorf("trainsweep: TrainProbe needs Every >= 1, got %d", s.Every)
	}
	var p *Probe
	r, err := TrainEval(cfg, ds, s, seed, func(m *vit.Model, step int, loss float64) {
		if p == nil {
			p = NewProbe(m, opt)
		}
		p.Record(step, loss)
	})
	if err == nil && p == nil {
		p = &Probe{} // diverged before the first record
	}
	return p, r, err
}

// ratio returns a[i]/b[i] for every i (a and b of equal length).
func ratio(a, b []float64) []float64 {
	if len(a) != len(b) {
		panic("trainsweep: ratio of slices of different lengths")
	}
	out := make([]float64, len(a))
	for i := range a {
		out[i] = a[i] / b[i]
	}
	return out
}

// GradNorms are, per block l = 0, …, L−1, the Frobenius norms of the
// gradients of W^Q, W^K and W^V: the quantities of Noci et al. 2023,
// Fig. 2 and of Noci et al. 2022, eqs. 17–18.
type GradNorms struct {
	Q, K, V []float64
}

// BlockGradNorms returns the gradient norms held in m.Grads() (after
// LossGrad).
func BlockGradNorms(m *vit.Model) GradNorms {
	p := NewProbe(m, nil)
	var g GradNorms
	for l := range p.q {
		g.Q = append(g.Q, floats.Norm(p.q[l].Grad, 2))
		g.K = append(g.K, floats.Norm(p.k[l].Grad, 2))
		g.V = append(g.V, floats.Norm(p.v[l].Grad, 2))
	}
	return g
}

// InitGradNorms returns the gradient norms of the cross-entropy on the
// images x with labels at the initialisation of cfg drawn from rng, the
// batch split over workers goroutines (the numbers do not depend on it).
// It returns vit's error if the forward pass is not finite.
func InitGradNorms(cfg vit.Config, rng *rand.Rand, x []float64, labels []int, workers int) (GradNorms, error) {
	m := vit.New(cfg, rng)
	m.SetWorkers(workers)
	if _, _, err := m.LossGrad(x, labels); err != nil {
		return GradNorms{}, err
	}
	return BlockGradNorms(m), nil
}

// Trend returns, for W^Q, W^K and W^V, the least-squares change of
// log10 ‖∇W‖ from the first block to the last, in decades: the slope of
// log10 g_l against l = 1, …, L, times L − 1 (0 means stable over depth,
// −1 a fall by a factor 10).
func (g GradNorms) Trend() (q, k, v float64) {
	trend := func(g []float64) float64 {
		layers := make([]float64, len(g))
		lg := make([]float64, len(g))
		for i, v := range g {
			layers[i], lg[i] = float64(1+i), math.Log10(v)
		}
		_, slope := stat.LinearRegression(layers, lg, nil, false)
		return slope * float64(len(g)-1)
	}
	return trend(g.Q), trend(g.K), trend(g.V)
}

// InitGradSettings are the settings of the analogue of Noci et al. 2023,
// Fig. 2 (the gradient norms ‖∇W^Q_ℓ‖, ‖∇W^V_ℓ‖ per layer at
// initialisation): causal ViTs of the blocks of Noci variants on one batch
// of Fashion-MNIST training images instead of a causal language model on
// code. NociInitGrads returns the notebook's.
type InitGradSettings struct {
	// Variants are the NociVariants whose blocks are compared, by name
	// (their optimisers play no part at initialisation).
	Variants []string
	// Layers is the number of blocks L, at least 1. The paper's model is
	// not this one: 16, the depth of the stored runs' Table 1 analogue,
	// is chosen.
	Layers int
	// Images is the batch, the first Images training images, at least 1
	// (64, chosen; NociBatch).
	Images int
	// Seed and Stream choose the initialisation: every variant draws its
	// weights from empirical.Rand(Seed, Stream). Not stated: chosen.
	Seed, Stream uint64
	// Gamma is γ, the branch weight α_A = α_M of the "shaped" and
	// "vanilla" blocks (skip √(1 − γ²)), in (0, 1]; the other blocks
	// ignore it. Noci et al. 2023's Fig. 2 states no γ; NociGamma, the
	// stored runs' (their Table 1 Recover row's), is chosen.
	Gamma float64
}

// NociInitGrads returns the settings of the notebook's Fig. 2 analogue:
// the shaped (γ = NociGamma = 0.2), Pre-LN and Post-LN blocks at L = 16
// on 64 images, seed 14, stream 1.
func NociInitGrads() InitGradSettings {
	return InitGradSettings{Variants: []string{"Adam, shaped (γ = 0.2)", "Adam, PRE-LN", "Adam, POST-LN"}, Layers: 16, Images: 64, Seed: 14, Stream: 1, Gamma: NociGamma}
}

// gammaRange is InitGradSettings.Gamma's range.
var gammaRange = param.Range{Min: 0, Max: 1, MinOpen: true}

// InitGrads is an InitGradSettings run: Norms[i] are the gradient norms of
// Variants[i], whose blocks have width D.
type InitGrads struct {
	Settings InitGradSettings
	D        int
	Norms    []GradNorms
}

// Validate returns an error wrapping ErrParam naming the first field out
// of its range, or nil.
func (s InitGradSettings) Validate() error {
	switch {
	case len(s.Variants) == 0:
		return fmt.Errorf("%w: InitGradSettings.Variants is empty, want at least one variant", ErrParam)
	case s.Layers < 1:
		return fmt.Errorf("%w: InitGradSettings.Layers = %d, want >= 1", ErrParam, s.Layers)
	case s.Images < 1:
		return fmt.Errorf("%w: InitGradSettings.Images = %d, want >= 1", ErrParam, s.Images)
	}
	return gammaRange.Check(ErrParam, "InitGradSettings.Gamma", s.Gamma)
}

// Run computes InitGradNorms of each variant's model (NociVariant.Config
// at s.Layers blocks, BaseTemperature, causal mask; the shaped and
// vanilla blocks at γ = s.Gamma) on the first s.Images
// training images of ds, every variant from empirical.Rand(s.Seed,
// s.Stream). Errors: ErrParam, an unknown variant, a batch larger than
// ds.Train (naming Images), and those of InitGradNorms.
func (s InitGradSettings) Run(ds Data, workers int) (InitGrads, error) {
	if err := s.Validate(); err != nil {
		return InitGrads{}, err
	}
	if n := ds.Train.Len(); s.Images > n {
		return InitGrads{}, fmt.Errorf("%w: InitGradSettings.Images = %d, want <= %d (the training images)", ErrParam, s.Images, n)
	}
	px := len(ds.Train.X) / ds.Train.Len()
	x, y := ds.Train.X[:s.Images*px], ds.Train.Labels[:s.Images]
	g := InitGrads{Settings: s}
	for _, name := range s.Variants {
		v, err := NociVariantByName(name)
		if err != nil {
			return InitGrads{}, err
		}
		cfg, err := v.Config(s.Layers, BaseTemperature)
		if err != nil {
			return InitGrads{}, err
		}
		if v.Block == "shaped" || v.Block == "vanilla" {
			cfg.AlphaA, cfg.AlphaM = s.Gamma, s.Gamma
		}
		cfg.Causal, g.D = true, cfg.D
		n, err := InitGradNorms(cfg, empirical.Rand(s.Seed, s.Stream), x, y, workers)
		if err != nil {
			return InitGrads{}, err
		}
		g.Norms = append(g.Norms, n)
	}
	return g, nil
}
