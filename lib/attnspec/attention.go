package attnspec

import (
	"fmt"
	"math"
	"math/cmplx"
	"math/rand/v2"
	"sort"

	"github.com/sigprop/sigprop/lib/block"
	"github.com/sigprop/sigprop/lib/dense"
	"github.com/sigprop/sigprop/lib/randmat"
	"gonum.org/v1/gonum/mat"
)

// This file: random softmax attention matrices, their spectral gap, rank
// collapse in depth and the centering fixes (Tanner lecture lib/sources/tanner2024.md#attention-rank-collapse,
// F32–F38; Nait Saada, Naderi & Tanner 2024, arXiv:2410.07799; Noci et
// al. 2022; Ali et al. 2023; Ye et al. 2024).

// SoftmaxRows returns the row-wise softmax of the square or rectangular
// logit matrix s, A_ij = e^{s_ij}/Σ_ℓ e^{s_iℓ}, subtracting each row's
// maximum first (lib/sources/tanner2024.md#erratum-24). A is row-stochastic: A𝟏 = 𝟏 (F33).
// Panics on NaN or Inf logits.
//
//sigprop:eq tanner2024 F33
func SoftmaxRows(s mat.Matrix) *mat.Dense {
	r, c := s.Dims()
	a := mat.NewDense(r, c, nil)
	row := make([]float64, c)
	for i := 0; i < r; i++ {
		for j := 0; j < c; j++ {
			v := s.At(i, j)
			if math.IsNaN(v) || math.IsInf(v, 0) {
				panic(fmt.Sprintf("attnspec: SoftmaxRows needs finite logits, got %v at (%d,%d)", v, i, j))
			}
			row[j] = v
		}
		dense.SoftmaxRow(row)
		a.SetRow(i, row)
	}
	return a
}

// RandomMarkov returns softmax_row(S) for a T×T matrix S of i.i.d.
// N(0, s²) logits: the random Markov model of F34.
//
//sigprop:eq tanner2024 F34
func RandomMarkov(T int, s float64, rng *rand.Rand) *mat.Dense {
	if T < 2 {
		panic(fmt.Sprintf("attnspec: RandomMarkov needs T >= 2, got %d", T))
	}
	if !(s >= 0) || math.IsInf(s, 0) {
		panic(fmt.Sprintf("attnspec: RandomMarkov needs a finite logit scale s >= 0, got %v", s))
	}
	d := make([]float64, T*T)
	randmat.Normal(d, s, rng)
	return SoftmaxRows(mat.NewDense(T, T, d))
}

// KeyQueryAttention returns A = softmax_row(X W_Q W_Kᵀ Xᵀ · scale) for
// tokens X (T×d) and W_Q, W_K (d×d_k) (F32). scale = 0 means the standard
// 1/√d_k (the seed's 1/√T is available by passing it; lib/sources/tanner2024.md#erratum-12).
//
//sigprop:eq tanner2024 F32,35
func KeyQueryAttention(x, wq, wk mat.Matrix, scale float64) *mat.Dense {
	_, d := x.Dims()
	dq, dk := wq.Dims()
	dk2, dk3 := wk.Dims()
	if dq != d || dk2 != d || dk3 != dk {
		panic(fmt.Sprintf("attnspec: KeyQueryAttention shape mismatch: X has %d columns, W_Q %d×%d, W_K %d×%d", d, dq, dk, dk2, dk3))
	}
	if scale == 0 {
		scale = 1 / math.Sqrt(float64(dk))
	}
	var q, k, s mat.Dense
	q.Mul(x, wq)
	k.Mul(x, wk)
	s.Mul(&q, k.T())
	s.Scale(scale, &s)
	return SoftmaxRows(&s)
}

// BulkRadius returns r_T = √((e^{s²} − 1)/T), the radius of the disc that
// holds the non-outlier eigenvalues of a random softmax matrix with
// i.i.d. N(0, s²) logits (F34, from the circular law for random Markov
// matrices: r_T = σ/(m√T) with m = E e^S, σ² = Var e^S). For s ≳ 2 the
// lognormal tail makes the observed radius 0.55–0.72 r_T at T ≤ 1024.
//
//sigprop:eq tanner2024 F34
func BulkRadius(T int, s float64) float64 {
	if T < 1 {
		panic(fmt.Sprintf("attnspec: BulkRadius needs T >= 1, got %d", T))
	}
	if !(s >= 0) || math.IsInf(s, 0) {
		panic(fmt.Sprintf("attnspec: BulkRadius needs a finite s >= 0, got %v", s))
	}
	return math.Sqrt(math.Expm1(s*s) / float64(T))
}

// Spectrum returns the eigenvalues of the square matrix a sorted
// by decreasing modulus, ties (a complex-conjugate pair has one modulus)
// by decreasing imaginary part, so that the order does not depend on
// rounding; and its singular values (decreasing). Returns an error if a
// factorization fails.
func Spectrum(a mat.Matrix) (eigs []complex128, sv []float64, err error) {
	r, c := a.Dims()
	if r != c {
		panic(fmt.Sprintf("attnspec: Spectrum needs a square matrix, got %d×%d", r, c))
	}
	var e mat.Eigen
	if !e.Factorize(a, mat.EigenNone) {
		return nil, nil, fmt.Errorf("attnspec: eigendecomposition failed")
	}
	eigs = e.Values(nil)
	sort.Slice(eigs, func(i, j int) bool {
		ai, aj := cmplx.Abs(eigs[i]), cmplx.Abs(eigs[j])
		if ai != aj {
			return ai > aj
		}
		return imag(eigs[i]) > imag(eigs[j])
	})
	var svd mat.SVD
	if !svd.Factorize(a, mat.SVDNone) {
		return nil, nil, fmt.Errorf("attnspec: SVD failed")
	}
	return eigs, svd.Values(nil), nil
}

// Gap summarises the spectral gap of an attention matrix.
type Gap struct {
	Lambda1, Lambda2 float64 // |λ₁|, |λ₂|
	Gap              float64 // |λ₁| − |λ₂|
	SV1, SV2         float64 // σ₁, σ₂
	SVRatio          float64 // σ₂/σ₁
}

// SpectralGap returns |λ₁| − |λ₂| and σ₂/σ₁ of a (F33–F34).
func SpectralGap(a mat.Matrix) (Gap, error) {
	e, s, err := Spectrum(a)
	if err != nil {
		return Gap{}, err
	}
	if len(e) < 2 {
		panic("attnspec: SpectralGap needs T >= 2")
	}
	g := Gap{Lambda1: cmplx.Abs(e[0]), Lambda2: cmplx.Abs(e[1]), SV1: s[0], SV2: s[1]}
	g.Gap = g.Lambda1 - g.Lambda2
	g.SVRatio = g.SV2 / g.SV1
	return g, nil
}

// CenterAttention returns A − P with P = 𝟏𝟏ᵀ/T (Ali et al. 2023; F33,
// F38). Its spectrum is that of A with the eigenvalue 1 replaced by 0.
func CenterAttention(a mat.Matrix) *mat.Dense {
	r, c := a.Dims()
	out := mat.DenseCopyOf(a)
	p := 1 / float64(c)
	for i := 0; i < r; i++ {
		for j := 0; j < c; j++ {
			out.Set(i, j, out.At(i, j)-p)
		}
	}
	return out
}

// ProjectOutOnes returns (I − P)V: V with its column means subtracted, the
// "mind the gap" fix (F33, F38). (A−P)V = A(I−P)V for row-stochastic A.
func ProjectOutOnes(v mat.Matrix) *mat.Dense {
	r, c := v.Dims()
	out := mat.DenseCopyOf(v)
	for j := 0; j < c; j++ {
		m := 0.0
		for i := 0; i < r; i++ {
			m += out.At(i, j)
		}
		m /= float64(r)
		for i := 0; i < r; i++ {
			out.Set(i, j, out.At(i, j)-m)
		}
	}
	return out
}

// DiffAttention returns A₁ − λA₂ (Ye et al. 2024; F33): row sums 1 − λ,
// so λ = 1 puts 𝟏 in its kernel.
//
//sigprop:eq tanner2024 F33,38
func DiffAttention(a1, a2 mat.Matrix, lambda float64) *mat.Dense {
	var out mat.Dense
	out.Scale(-lambda, a2)
	out.Add(a1, &out)
	return &out
}

// RankCollapseResidual returns ‖X − 𝟏x̄ᵀ‖_F/‖X‖_F with x̄ the column mean
// (tokens as rows; lib/sources/tanner2024.md#attention). It is 0 for rank-collapsed X. Panics if X
// is zero.
func RankCollapseResidual(x mat.Matrix) float64 {
	n := mat.Norm(x, 2)
	if n == 0 {
		panic("attnspec: RankCollapseResidual of a zero matrix")
	}
	return mat.Norm(ProjectOutOnes(x), 2) / n
}

// StableRank returns ‖X‖_F²/‖X‖₂².
func StableRank(x mat.Matrix) float64 {
	var svd mat.SVD
	if !svd.Factorize(x, mat.SVDNone) {
		panic("attnspec: StableRank: SVD failed")
	}
	s := svd.Values(nil)
	if s[0] == 0 {
		panic("attnspec: StableRank of a zero matrix")
	}
	f := 0.0
	for _, v := range s {
		f += v * v
	}
	return f / (s[0] * s[0])
}

// StackResult holds the per-layer residuals and norms of Stack;
// index 0 is the input.
type StackResult struct {
	Residual []float64 // RankCollapseResidual(X^ℓ)
	Norm     []float64 // ‖X^ℓ‖_F
	// The settings it ran with: T tokens of width D, L layers, and for
	// Stack the logit scale S (i.i.d. N(0, S²) logits) and the attention
	// Mode (KeyQueryStack leaves S zero: its logits come from X).
	T, D, L int
	S       float64
	Mode    block.Attention
}

// Stack propagates tokens X (T×d) through L attention-only layers
// X^{ℓ+1} = A^ℓ X^ℓ W_V^ℓ with fresh random Markov A^ℓ (i.i.d. N(0, s²)
// logits) and randmat.Haar W_V^ℓ (norm preserving), recording the rank-collapse
// residual and the norm per layer (F36, lib/sources/tanner2024.md#monte-carlo). For softmax layers the
// residual shrinks by ≈ r_T per layer after a first transient; centred
// layers keep it ≈ 1 while the norm shrinks like r_T^ℓ (F38).
//
//sigprop:eq tanner2024 F36,38
func Stack(x mat.Matrix, L int, s float64, mode block.Attention, rng *rand.Rand) StackResult {
	T, d := x.Dims()
	if L < 1 {
		panic(fmt.Sprintf("attnspec: Stack needs L >= 1, got %d", L))
	}
	cur := mat.DenseCopyOf(x)
	res := StackResult{Residual: []float64{RankCollapseResidual(cur)}, Norm: []float64{mat.Norm(cur, 2)}, T: T, D: d, L: L, S: s, Mode: mode}
	for l := 0; l < L; l++ {
		a := RandomMarkov(T, s, rng)
		var mixed mat.Dense
		switch mode {
		case block.Softmax:
			mixed.Mul(a, cur)
		case block.Centered:
			mixed.Mul(CenterAttention(a), cur)
		case block.Projected:
			mixed.Mul(a, ProjectOutOnes(cur))
		case block.Differential:
			mixed.Mul(DiffAttention(a, RandomMarkov(T, s, rng), 1), cur)
		default:
			panic(fmt.Sprintf("attnspec: unknown attention mode %d", int(mode)))
		}
		wv := randmat.Haar(d, rng)
		next := mat.NewDense(T, d, nil)
		next.Mul(&mixed, wv)
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
