package seqtf

import (
	"fmt"
	"math"
	"math/rand/v2"
)

// InitGrads are the Frobenius norms of the loss gradient with respect to
// each block's W^Q and W^V at initialisation, one row per initialisation
// seed ([seed][block], block 0 next to the input): the quantities of Noci
// et al. 2023, Fig. 2 (‖∇_{W^V_ℓ} L‖ left, ‖∇_{W^Q_ℓ} L‖ right).
type InitGrads struct {
	Seeds []uint64
	Q, V  [][]float64
}

// InitGradNorms draws a model of configuration c from PCG(seed, 1) for
// each seed, evaluates the loss of predicting target from tokens and
// records the gradient norms. It returns an error wrapping ErrNonFinite if
// a forward pass is not finite.
func InitGradNorms(c Config, tokens, target []int, seeds []uint64) (InitGrads, error) {
	g := InitGrads{Seeds: seeds}
	for _, s := range seeds {
		m := New(c, rand.New(rand.NewPCG(s, 1)))
		if _, _, err := m.LossGrad(tokens, target); err != nil {
			return g, fmt.Errorf("seed %d: %w", s, err)
		}
		q, v := make([]float64, c.Layers), make([]float64, c.Layers)
		for l := range q {
			gq, gv := m.Tensor(blockName(l, "Q")).Grad, m.Tensor(blockName(l, "V")).Grad
			q[l], v[l] = math.Sqrt(dot(gq, gq)), math.Sqrt(dot(gv, gv))
		}
		g.Q, g.V = append(g.Q, q), append(g.V, v)
	}
	return g, nil
}

// PerLayer returns, for each block, the mean of log₁₀ of the norms x
// (InitGrads.Q or .V) over the seeds with its SE.
func PerLayer(x [][]float64) []MeanSE {
	out := make([]MeanSE, len(x[0]))
	for l := range out {
		var v []float64
		for _, row := range x {
			v = append(v, math.Log10(row[l]))
		}
		out[l] = meanSE(v)
	}
	return out
}

// Trend is the least-squares change of log₁₀ of the norms x from the
// first block to the last, in decades (the slope of log₁₀ g_ℓ against
// ℓ = 1, …, L, times L − 1; 0: stable over depth, −1: a fall by a factor
// 10), per seed, as a mean with its SE over the seeds.
func Trend(x [][]float64) MeanSE {
	var t []float64
	for _, row := range x {
		lg := make([]float64, len(row))
		for i, v := range row {
			lg[i] = math.Log10(v)
		}
		t = append(t, slope(lg)*float64(len(row)-1))
	}
	return meanSE(t)
}

// CodeVariant is one block of Noci et al. 2023, Fig. 2, for the causal
// language model on code.
type CodeVariant struct {
	Name   string
	Config Config
}

// CodeVariants are the three blocks of Noci et al. 2023, Fig. 2, as causal
// language models of vocab tokens of length n, width d, feed-forward 4d
// and depth L: the shaped Transformer (their eq. 11: no LayerNorm, shaped
// attention with τ₀ = 1 under the causal mask, shaped ReLU, skip
// λ = √(1 − γ²) and branch weight γ in both sub-blocks), and the standard
// PRE-LN and POST-LN blocks (α = 1, softmax τ = 1, ReLU); all with the
// variance-preserving GaussianInit the paper's theory assumes.
func CodeVariants(vocab, n, d, L int, gamma float64) []CodeVariant {
	base := Config{Vocab: vocab, Len: n, D: d, FF: 4 * d, Layers: L, Alpha1: 1, Alpha2: 1, Causal: true, Init: GaussianInit}
	shaped := base
	shaped.Norm, shaped.Attention, shaped.Activation = NoLN, Shaped, ShapedReLU
	shaped.Alpha1, shaped.Alpha2, shaped.Skip = gamma, gamma, math.Sqrt(1-gamma*gamma)
	pre, post := base, base
	pre.Norm, post.Norm = PreLN, PostLN
	return []CodeVariant{{fmt.Sprintf("shaped (γ = %g)", gamma), shaped}, {"Pre-LN", pre}, {"Post-LN", post}}
}
