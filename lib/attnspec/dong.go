package attnspec

import (
	"fmt"
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/mat"

	"github.com/sigprop/sigprop/lib/randmat"
)

// KeyQueryStack propagates tokens X (T×d) through L pure self-attention
// layers with real query–key attention (no skips, no MLP, no norm; Dong et
// al. 2021, arXiv:2103.03404, the pure-attention network of their main
// theorem):
//
//	X^{ℓ+1} = A^ℓ(X^ℓ) X^ℓ W_V^ℓ,  A^ℓ(X) = softmax_row(X W_Q^ℓ W_K^ℓᵀ Xᵀ/√d_k),
//
// W_Q, W_K ∈ ℝ^{d×d_k} with i.i.d. N(0, 1/d) entries and W_V Haar (norm
// preserving), all fresh per layer from rng, recording the residual
// ‖X − 𝟏x̄ᵀ‖_F/‖X‖_F and the norm per layer (index 0 the input). Because
// A depends on X, the row-dependent part of the logits of
// X = 𝟏xᵀ + R is rᵢᵀW_QW_Kᵀr_j = O(‖R‖²), so A = 𝟏aᵀ + O(‖R‖²) and the
// residual contracts cubically per layer, r_{ℓ+1} ≤ C r_ℓ³: Dong et al.'s
// doubly exponential collapse (the exponent 3^L). With
// logits independent of X (Stack, i.i.d. N(0, s²)) it contracts only
// geometrically, by ≈ r_T per layer (F36). It panics unless L, d_k ≥ 1.
//
//sigprop:eq tanner2024 F37
func KeyQueryStack(x mat.Matrix, L, dk int, rng *rand.Rand) StackResult {
	_, d := x.Dims()
	if L < 1 || dk < 1 {
		panic(fmt.Sprintf("attnspec: KeyQueryStack needs L, d_k >= 1, got %d, %d", L, dk))
	}
	cur := mat.DenseCopyOf(x)
	res := StackResult{Residual: []float64{RankCollapseResidual(cur)}, Norm: []float64{mat.Norm(cur, 2)}, T: cur.RawMatrix().Rows, D: d, L: L}
	for l := 0; l < L; l++ {
		wq := randmat.Gaussian(d, dk, 1/math.Sqrt(float64(d)), rng)
		wk := randmat.Gaussian(d, dk, 1/math.Sqrt(float64(d)), rng)
		a := KeyQueryAttention(cur, wq, wk, 0)
		var mixed mat.Dense
		mixed.Mul(a, cur)
		next := mat.NewDense(cur.RawMatrix().Rows, d, nil)
		next.Mul(&mixed, randmat.Haar(d, rng))
		cur = next
		res.Norm = append(res.Norm, mat.Norm(cur, 2))
		if res.Norm[len(res.Norm)-1] == 0 {
			res.Residual = append(res.Residual, 0)
			continue
		}
		res.Residual = append(res.Residual, RankCollapseResidual(cur))
	}
	return res
}

// Contraction is the residual after one attention layer against the
// residual before it, for inputs X_ε = 𝟏x̄ᵀ + εR with the same weights at
// every ε.
type Contraction struct {
	Eps         []float64
	In          []float64 // residual of X_ε
	KeyQuery    []float64 // after one query–key layer (logits depend on X_ε)
	IIDLogits   []float64 // after one layer whose logits are i.i.d. N(0, s²), independent of X_ε
	LogitsScale float64   // s of the i.i.d. layer
}

// OneLayerContraction draws one query–key layer (W_Q, W_K ∈ ℝ^{d×d_k},
// entries N(0, 1/d)), one i.i.d.-logit attention matrix (RandomMarkov,
// N(0, s²)) and one Haar W_V, and applies both layers to
// X_ε = 𝟏x̄ᵀ + εR for each ε, with x̄ the column mean of base and R = base
// − 𝟏x̄ᵀ scaled to ‖R‖_F = ‖𝟏x̄ᵀ‖_F. The log-log slope of the output
// residual against the input residual is 3 for the query–key layer
// (Dong et al.'s cubic contraction, KeyQueryStack) and 1 for the i.i.d.
// layer. It panics unless every ε > 0, d_k ≥ 1 and s ≥ 0.
func OneLayerContraction(base mat.Matrix, eps []float64, dk int, s float64, rng *rand.Rand) Contraction {
	T, d := base.Dims()
	if dk < 1 || !(s >= 0) {
		panic(fmt.Sprintf("attnspec: OneLayerContraction needs d_k >= 1 and s >= 0, got %d, %v", dk, s))
	}
	r := ProjectOutOnes(base)
	var mean mat.Dense
	mean.Sub(base, r)
	rn, mn := mat.Norm(r, 2), mat.Norm(&mean, 2)
	if rn == 0 || mn == 0 {
		panic("attnspec: OneLayerContraction needs a base with a non-zero mean and residual")
	}
	r.Scale(mn/rn, r)
	wq := randmat.Gaussian(d, dk, 1/math.Sqrt(float64(d)), rng)
	wk := randmat.Gaussian(d, dk, 1/math.Sqrt(float64(d)), rng)
	iid := RandomMarkov(T, s, rng)
	wv := randmat.Haar(d, rng)
	c := Contraction{Eps: eps, LogitsScale: s}
	for _, e := range eps {
		if !(e > 0) {
			panic(fmt.Sprintf("attnspec: OneLayerContraction needs ε > 0, got %v", e))
		}
		var x mat.Dense
		x.Scale(e, r)
		x.Add(&x, &mean)
		c.In = append(c.In, RankCollapseResidual(&x))
		var m, out mat.Dense
		m.Mul(KeyQueryAttention(&x, wq, wk, 0), &x)
		out.Mul(&m, wv)
		c.KeyQuery = append(c.KeyQuery, RankCollapseResidual(&out))
		m.Mul(iid, &x)
		out.Mul(&m, wv)
		c.IIDLogits = append(c.IIDLogits, RankCollapseResidual(&out))
	}
	return c
}

// LogSlope returns the least-squares slope of log y against log x.
// It panics unless the lengths match and are ≥ 2, and returns NaN if a
// value is not positive.
func LogSlope(x, y []float64) float64 {
	if len(x) != len(y) || len(x) < 2 {
		panic(fmt.Sprintf("attnspec: LogSlope needs two equal-length series of >= 2 points, got %d, %d", len(x), len(y)))
	}
	var sx, sy, sxx, sxy float64
	for i := range x {
		if !(x[i] > 0 && y[i] > 0) {
			return math.NaN()
		}
		lx, ly := math.Log(x[i]), math.Log(y[i])
		sx, sy, sxx, sxy = sx+lx, sy+ly, sxx+lx*lx, sxy+lx*ly
	}
	n := float64(len(x))
	return (n*sxy - sx*sy) / (n*sxx - sx*sx)
}
