package seqtf

import (
	"fmt"
	"math"
	"math/rand/v2"
	"time"

	"github.com/sigprop/sigprop/lib/internal/param"
	"github.com/sigprop/sigprop/lib/vit"
)

// ReverseBatch draws B sequences of c.Len tokens uniformly from
// {0, …, c.Vocab−1} and their targets, each sequence reversed: the task
// of Noci et al. 2022, App. C.1 ("given a sequence of 20 numbers in the
// range 0–9, we predict the same tokens in the inverted order"), target_i
// = token_{n−1−i}.
func ReverseBatch(c Config, B int, rng *rand.Rand) (tokens, target []int) {
	n := c.Len
	tokens, target = make([]int, B*n), make([]int, B*n)
	for s := 0; s < B; s++ {
		for i := 0; i < n; i++ {
			tokens[s*n+i] = rng.IntN(c.Vocab)
		}
		for i := 0; i < n; i++ {
			target[s*n+i] = tokens[s*n+n-1-i]
		}
	}
	return
}

// ReverseSettings are the training settings of a reversal run. Noci et
// al. 2022 state Adam with β = (0.9, 0.999), lr 0.01 and weight decay 0;
// the batch, the number of steps and ε are not stated (PyTorch's ε =
// 1e-8 is used).
type ReverseSettings struct {
	Steps    int     // Adam steps, >= 1
	Batch    int     // sequences per step, >= 1 (fresh sequences every step)
	LR       float64 // Adam's learning rate (paper: 0.01)
	LogEvery int     // record every LogEvery steps (and after step 1), >= 1
	EvalSeqs int     // held-out sequences for the accuracy at each record, >= 1
}

// Validate returns ErrParam for Steps, Batch, LogEvery or EvalSeqs below
// 1, or an LR that is not finite and > 0.
func (s ReverseSettings) Validate() error {
	if err := param.AtLeast(ErrParam, param.Min("ReverseSettings.Steps", s.Steps, 1), param.Min("ReverseSettings.Batch", s.Batch, 1),
		param.Min("ReverseSettings.LogEvery", s.LogEvery, 1), param.Min("ReverseSettings.EvalSeqs", s.EvalSeqs, 1)); err != nil {
		return err
	}
	if !(s.LR > 0) || math.IsInf(s.LR, 0) {
		return param.Err(ErrParam, "ReverseSettings.LR", s.LR, "finite and > 0")
	}
	return nil
}

// Fig6Settings are sigprop's choices for the unstated settings of Fig. 6
// with the paper's learning rate: 800 steps of 64 fresh sequences (the
// POST-LN model reverses 99% of held-out sequences exactly after about
// 300), recorded every 20 steps on 256 held-out sequences.
func Fig6Settings() ReverseSettings {
	return ReverseSettings{Steps: 800, Batch: 64, LR: 0.01, LogEvery: 20, EvalSeqs: 256}
}

// ReverseRun is one seeded training run on the reversal task, recorded at
// the steps Step: the mean training loss over the steps since the last
// record, the held-out token accuracy and whole-sequence exact-match rate,
// Adam's effective learning rate lr/(√v̂ + ε) averaged over the entries of
// each block's W^Q, W^K and W^V ([record][layer], layer 0 next to the
// input), the per-block α₁, α₂, and the layer statistics of LayerStats on
// the held-out sequences.
type ReverseRun struct {
	Variant    string
	Seed       uint64
	Step       []int
	TrainLoss  []float64
	Accuracy   []float64
	ExactMatch []float64
	EffQ       [][]float64
	EffK       [][]float64
	EffV       [][]float64
	Alpha1     [][]float64
	Alpha2     [][]float64
	Cosine     [][]float64
	Norm       [][]float64
	// Cosine0, Norm0 are LayerStats at initialisation (before step 1).
	Cosine0, Norm0 []float64
	Seconds        float64
}

// RunReverse trains a model of configuration c on the reversal task with
// Adam (β = (0.9, 0.999), ε = 1e-8, no weight decay): initialisation from
// PCG(seed, 1), training sequences from PCG(seed, 2), held-out sequences
// from PCG(seed, 3). Same seed, same bits. It returns an error wrapping
// ErrNonFinite if training diverges.
//
// Errors: those of s.Validate and c.Validate.
func RunReverse(c Config, s ReverseSettings, seed uint64) (ReverseRun, error) {
	if err := s.Validate(); err != nil {
		return ReverseRun{}, err
	}
	if err := c.Validate(); err != nil {
		return ReverseRun{}, err
	}
	start := time.Now()
	m := New(c, rand.New(rand.NewPCG(seed, 1)))
	data := rand.New(rand.NewPCG(seed, 2))
	evTok, evTgt := ReverseBatch(c, s.EvalSeqs, rand.New(rand.NewPCG(seed, 3)))
	opt := &vit.Adam{LR: s.LR, Beta1: 0.9, Beta2: 0.999, Eps: 1e-8}
	eff := make([]float64, len(m.params))
	run := ReverseRun{Seed: seed}
	run.Cosine0, run.Norm0 = m.LayerStats(evTok)
	sum, cnt := 0.0, 0
	for step := 1; step <= s.Steps; step++ {
		tok, tgt := ReverseBatch(c, s.Batch, data)
		loss, _, err := m.LossGrad(tok, tgt)
		if err != nil {
			return run, fmt.Errorf("step %d: %w", step, err)
		}
		opt.Step(m.params, m.grads)
		sum, cnt = sum+loss, cnt+1
		if step != 1 && step%s.LogEvery != 0 && step != s.Steps {
			continue
		}
		opt.EffectiveLR(eff)
		acc, exact, err := m.accuracy(evTok, evTgt)
		if err != nil {
			return run, fmt.Errorf("step %d (held out): %w", step, err)
		}
		cos, nrm := m.LayerStats(evTok)
		run.Step = append(run.Step, step)
		run.TrainLoss = append(run.TrainLoss, sum/float64(cnt))
		run.Accuracy = append(run.Accuracy, acc)
		run.ExactMatch = append(run.ExactMatch, exact)
		run.Cosine = append(run.Cosine, cos)
		run.Norm = append(run.Norm, nrm)
		var q, k, v, a1, a2 []float64
		for l := 0; l < c.Layers; l++ {
			q = append(q, m.meanOver(eff, blockName(l, "Q")))
			k = append(k, m.meanOver(eff, blockName(l, "K")))
			v = append(v, m.meanOver(eff, blockName(l, "V")))
			x1, x2 := m.Alphas(l)
			a1, a2 = append(a1, x1), append(a2, x2)
		}
		run.EffQ, run.EffK, run.EffV = append(run.EffQ, q), append(run.EffK, k), append(run.EffV, v)
		run.Alpha1, run.Alpha2 = append(run.Alpha1, a1), append(run.Alpha2, a2)
		sum, cnt = 0, 0
	}
	run.Seconds = time.Since(start).Seconds()
	return run, nil
}

// meanOver is the mean of x (laid out as Params) over the entries of the
// tensor name.
func (m *Model) meanOver(x []float64, name string) float64 {
	off := 0
	for _, t := range m.tensors {
		if t.Name == name {
			s := 0.0
			for _, v := range x[off : off+len(t.Value)] {
				s += v
			}
			return s / float64(len(t.Value))
		}
		off += len(t.Value)
	}
	panic(fmt.Sprintf("seqtf: no tensor %q", name))
}

// accuracy evaluates the held-out set in batches of at most 100 sequences:
// the share of positions predicted right and of sequences entirely right.
func (m *Model) accuracy(tok, tgt []int) (acc, exact float64, err error) {
	n := m.cfg.Len
	N := len(tok) / n
	right, whole := 0, 0
	for s0 := 0; s0 < N; s0 += 100 {
		s1 := min(N, s0+100)
		if _, _, err := m.forward(tok[s0*n:s1*n], tgt[s0*n:s1*n], s1-s0); err != nil {
			return 0, 0, err
		}
		V := m.cfg.Vocab
		for s := 0; s < s1-s0; s++ {
			all := true
			for i := 0; i < n; i++ {
				r := s*n + i
				row := m.cache.prob[r*V : (r+1)*V]
				arg := 0
				for j, p := range row {
					if p > row[arg] {
						arg = j
					}
				}
				if arg == tgt[(s0+s)*n+i] {
					right++
				} else {
					all = false
				}
			}
			if all {
				whole++
			}
		}
	}
	return float64(right) / float64(N*n), float64(whole) / float64(N), nil
}

// LayerStats runs tokens (B sequences) forward and returns, for every
// block output X^ℓ (ℓ = 1..L, index ℓ−1), the mean cosine between two
// distinct tokens of a sequence, averaged over pairs and sequences (the
// correlation ρ^ℓ of Noci et al. 2022, eq. 5, measured per sequence), and
// the root mean square token norm |X^ℓ_i|. It panics on a bad batch; a
// non-finite forward pass gives NaN entries.
func (m *Model) LayerStats(tokens []int) (cosine, norm []float64) {
	n, d := m.cfg.Len, m.cfg.D
	if len(tokens) == 0 || len(tokens)%n != 0 {
		panic(fmt.Sprintf("seqtf: LayerStats needs B·n tokens (n = %d), got %d", n, len(tokens)))
	}
	B := len(tokens) / n
	cosine, norm = make([]float64, m.cfg.Layers), make([]float64, m.cfg.Layers)
	for s0 := 0; s0 < B; s0 += 100 {
		s1 := min(B, s0+100)
		tk := tokens[s0*n : s1*n]
		if _, _, err := m.forward(tk, tk, s1-s0); err != nil {
			for l := range cosine {
				cosine[l], norm[l] = math.NaN(), math.NaN()
			}
			return
		}
		for l := range cosine {
			x := m.cache.out
			if l+1 < m.cfg.Layers {
				x = m.cache.layers[l+1].x
			}
			for s := 0; s < s1-s0; s++ {
				xs := x[s*n*d : (s+1)*n*d]
				nr := make([]float64, n)
				for i := 0; i < n; i++ {
					nr[i] = math.Sqrt(dot(xs[i*d:(i+1)*d], xs[i*d:(i+1)*d]))
					norm[l] += nr[i] * nr[i]
				}
				c := 0.0
				for i := 0; i < n; i++ {
					for j := i + 1; j < n; j++ {
						c += dot(xs[i*d:(i+1)*d], xs[j*d:(j+1)*d]) / (nr[i] * nr[j])
					}
				}
				cosine[l] += c / float64(n*(n-1)/2)
			}
		}
	}
	for l := range cosine {
		cosine[l] /= float64(B)
		norm[l] = math.Sqrt(norm[l] / float64(B*n))
	}
	return
}
