package rankcollapse

import (
	"cmp"
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"
)

// Tokens holds the token statistics of one sequence X ∈ ℝ^{n×d_v} (tokens
// are rows) that the formulas of Lemma 3.1 need (lib/sources/noci2022.md#notation):
//
//	SqNorm = ‖X‖_F²,  C = ‖Xᵀ1‖² = n²‖x̄‖²,
//	P = XᵀLX = XᵀX − n x̄x̄ᵀ,  PNorm2 = ‖P‖_F²,  LXNorm2 = ‖LX‖_F² = tr P.
type Tokens struct {
	N, D    int
	SqNorm  float64
	C       float64
	PNorm2  float64
	LXNorm2 float64
}

// MeanSq returns ‖x̄‖² = C/n².
func (t Tokens) MeanSq() float64 { return t.C / float64(t.N*t.N) }

// TokenStats computes the Tokens of x in O(n d²). It panics if x has fewer
// than 2 rows or a non-finite entry.
func TokenStats(x mat.Matrix) Tokens {
	n, d := x.Dims()
	if n < 2 {
		panic(fmt.Sprintf("rankcollapse: TokenStats needs n >= 2 tokens, got %d", n))
	}
	mean := make([]float64, d)
	var sq float64
	for i := 0; i < n; i++ {
		for j := 0; j < d; j++ {
			v := x.At(i, j)
			if math.IsNaN(v) || math.IsInf(v, 0) {
				panic(fmt.Sprintf("rankcollapse: X[%d][%d] = %v is not finite", i, j, v))
			}
			sq += v * v
			mean[j] += v
		}
	}
	fn := float64(n)
	var c float64
	for j := range mean {
		c += mean[j] * mean[j]
		mean[j] /= fn
	}
	// Centred tokens LX, then P = (LX)ᵀ(LX) since L is idempotent.
	lx := mat.NewDense(n, d, nil)
	for i := 0; i < n; i++ {
		for j := 0; j < d; j++ {
			lx.Set(i, j, x.At(i, j)-mean[j])
		}
	}
	var p mat.Dense
	p.Mul(lx.T(), lx)
	pn := mat.Norm(&p, 2)
	lxn := mat.Norm(lx, 2)
	return Tokens{N: n, D: d, SqNorm: sq, C: c, PNorm2: pn * pn, LXNorm2: lxn * lxn}
}

// Layer gives the widths and weight variances of one attention layer. The
// zero value of a field means the paper's initialisation (lib/sources/noci2022.md#initialisation): DK = 0
// means d_k = d_v, SigmaQ2 = SigmaK2 = 0 mean 1/d_k, SigmaV2 = 0 means 1/d_v.
type Layer struct {
	DK                        int
	SigmaQ2, SigmaK2, SigmaV2 float64
}

func (l Layer) resolve(dv int) (dk int, sq2, sk2, sv2 float64) {
	if l.DK < 0 || l.SigmaQ2 < 0 || l.SigmaK2 < 0 || l.SigmaV2 < 0 ||
		math.IsNaN(l.SigmaQ2+l.SigmaK2+l.SigmaV2) || math.IsInf(l.SigmaQ2+l.SigmaK2+l.SigmaV2, 0) {
		panic(fmt.Sprintf("rankcollapse: Layer needs DK >= 0 and finite variances >= 0, got %+v", l))
	}
	dk = l.DK
	dk = cmp.Or(dk, dv)
	sq2, sk2, sv2 = l.SigmaQ2, l.SigmaK2, l.SigmaV2
	sq2 = cmp.Or(sq2, 1/float64(dk))
	sk2 = cmp.Or(sk2, 1/float64(dk))
	sv2 = cmp.Or(sv2, 1/float64(dv))
	return
}

// ExpGradWV returns eq. (6) of Lemma 3.1, the squared Frobenius norm of the
// Jacobian of S = A X W^V with respect to W^V under uniform attention,
//
//	‖∂S/∂W^V‖_F² = d_v ‖AX‖_F² = d_v n ‖x̄‖² = d_v C(X)/n,
//
// which does not depend on the weights (so it is also its expectation).
//
//sigprop:eq noci2022 eq6
func ExpGradWV(t Tokens) float64 {
	return float64(t.D) * t.C / float64(t.N)
}

// ExpGradWQ returns eq. (7) of Lemma 3.1, the expectation over W^K, W^V of
// the squared Frobenius norm of ∂S/∂W^Q under uniform attention,
//
//	E‖∂S/∂W^Q‖_F² = σ_v² σ_k² d_v ‖X‖_F² ‖P‖_F² / n²,
//
// from the per-draw identity GradNormWQUniform. It vanishes exactly when all
// tokens are identical (Thm 3.2). Multiply by τ² for the tempered softmax
// (eq. 46).
//
//sigprop:eq noci2022 eq7
func ExpGradWQ(t Tokens, l Layer) float64 {
	_, _, sk2, sv2 := l.resolve(t.D)
	n := float64(t.N)
	return sv2 * sk2 * float64(t.D) * t.SqNorm * t.PNorm2 / (n * n)
}

// ExpGradWK is the key counterpart of eq. (7): from the per-draw form
// ‖XW^Q‖²‖PW^V‖²/(d_k n²),
//
//	E‖∂S/∂W^K‖_F² = σ_q² σ_v² d_v ‖X‖_F² ‖P‖_F² / n²,
//
// equal to ExpGradWQ when σ_q = σ_k (lib/sources/noci2022.md#derived-jacobians (Lemma 3.1, exact), [derived]).
//
//sigprop:eq noci2022 eq7
func ExpGradWK(t Tokens, l Layer) float64 {
	_, sq2, _, sv2 := l.resolve(t.D)
	n := float64(t.N)
	return sq2 * sv2 * float64(t.D) * t.SqNorm * t.PNorm2 / (n * n)
}

// GradNormWQUniform returns the per-draw squared Frobenius norm of ∂S/∂W^Q
// under uniform attention (proof of Lemma 3.1),
//
//	‖∂S/∂W^Q‖_F² = ‖X‖_F² ‖W^{V⊤} P W^K‖_F² / (d_k n²),
//
// with x n×d_v, wk d_v×d_k and wv d_v×d_v. It panics on a shape mismatch.
func GradNormWQUniform(x, wk, wv mat.Matrix) float64 {
	t, p := tokensAndP(x)
	dv := t.D
	if r, c := wk.Dims(); r != dv {
		panic(fmt.Sprintf("rankcollapse: W^K is %d×%d, want %d rows", r, c, dv))
	}
	if r, c := wv.Dims(); r != dv || c != dv {
		panic(fmt.Sprintf("rankcollapse: W^V is %d×%d, want %d×%d", r, c, dv, dv))
	}
	_, dk := wk.Dims()
	var pk, vpk mat.Dense
	pk.Mul(p, wk)
	vpk.Mul(wv.T(), &pk)
	f := mat.Norm(&vpk, 2)
	n := float64(t.N)
	return t.SqNorm * f * f / (float64(dk) * n * n)
}

func tokensAndP(x mat.Matrix) (Tokens, *mat.Dense) {
	t := TokenStats(x)
	n, d := x.Dims()
	lx := mat.NewDense(n, d, nil)
	for j := 0; j < d; j++ {
		var m float64
		for i := 0; i < n; i++ {
			m += x.At(i, j)
		}
		m /= float64(n)
		for i := 0; i < n; i++ {
			lx.Set(i, j, x.At(i, j)-m)
		}
	}
	var p mat.Dense
	p.Mul(lx.T(), lx)
	return t, &p
}

// ExpGradX returns the exact expectation over the weights of the squared
// Frobenius norm of the input Jacobian ∂S/∂X under uniform attention (the
// corrected Lemma 3.1, lib/sources/noci2022.md#derived-jacobians (Lemma 3.1, exact)):
//
//	E‖∂S/∂X‖_F² = σ_q²σ_k²σ_v² [ d_v²‖P‖²/n + d_v²‖X‖²‖LX‖²/n² + 2 d_v‖P‖²/n² ] + d_v² σ_v².
//
// The three bracketed terms are E‖A₁‖², E‖A₂‖² and 2E⟨A₁,A₂⟩ of the
// decomposition ∂S/∂X = A₁ + A₂ + A₃ in eq. (25); cross terms with A₃ are
// odd in W^Q and vanish. The printed eq. (8) claims E‖A₂‖² = E‖A₁‖²; see
// PaperBoundGradX. It does not depend on d_k when σ_q, σ_k are given.
//
//sigprop:eq noci2022 eq8 erratum=lib/sources/noci2022.md#erratum-1
func ExpGradX(t Tokens, l Layer) float64 {
	_, sq2, sk2, sv2 := l.resolve(t.D)
	n, dv := float64(t.N), float64(t.D)
	s := sq2 * sk2 * sv2
	return s*(dv*dv*t.PNorm2/n+dv*dv*t.SqNorm*t.LXNorm2/(n*n)+2*dv*t.PNorm2/(n*n)) + dv*dv*sv2
}

// PaperBoundGradX returns the right side of eq. (8) as printed, with σ_q
// read as σ_k's counterpart (lib/sources/noci2022.md#initialisation):
//
//	8 σ_q²σ_k²σ_v² d_k d_v ‖P‖²/n + 2 d_v² σ_v².
//
// It is NOT an upper bound in general: the A₂ term of ExpGradX grows with
// the uncentred ‖X‖², so tokens sharing a large common mean violate it
// (lib/sources/noci2022.md#erratum-1; TestPaperBoundEq8Fails). Kept for comparison only.
//
//sigprop:eq noci2022 eq8 erratum=lib/sources/noci2022.md#erratum-1
func PaperBoundGradX(t Tokens, l Layer) float64 {
	dk, sq2, sk2, sv2 := l.resolve(t.D)
	n, dv := float64(t.N), float64(t.D)
	return 8*sq2*sk2*sv2*float64(dk)*dv*t.PNorm2/n + 2*dv*dv*sv2
}

// CollapseGap returns ‖LX‖_F²/‖X‖_F², the fraction of the token energy not
// in the mean token. It is 0 exactly when X = 1xᵀ (all tokens identical),
// which is Theorem 3.2's condition: then P = 0, eq. (7) vanishes and so do
// the query and key gradients (also with the true softmax, since M has
// constant rows and dM·L = 0). A rank-1 X = a xᵀ with unequal a_k is not
// collapsed in this sense (lib/sources/noci2022.md#erratum-9). It returns 0 for X = 0.
//
//sigprop:eq noci2022 thm3.2
func CollapseGap(t Tokens) float64 {
	if t.SqNorm == 0 {
		return 0
	}
	return t.LXNorm2 / t.SqNorm
}

// LogitVariance returns Lemma A.7's second moment of one attention logit
// M_ij = X_i W^Q W^{K⊤} X_jᵀ/√d_k (without τ), for tokens with squared norms
// xi2 = ‖X_i‖², xj2 = ‖X_j‖² (i = j allowed):
//
//	E[M_ij² | X] = σ_q² σ_k² ‖X_i‖² ‖X_j‖²                         (43)
//
// With the default σ_q² = σ_k² = 1/d_k and tokens of squared norm d_v σ_x²
// this is (d_v/d_k)² σ_x⁴, which is O(1), not small, at d_k = d_v and unit
// variance: Assumption 3.1 is then a poor approximation (lib/sources/noci2022.md#erratum-8).
//
//sigprop:eq noci2022 lemmaA.7
func LogitVariance(xi2, xj2 float64, dv int, l Layer) float64 {
	if dv < 1 || !(xi2 >= 0) || !(xj2 >= 0) {
		panic(fmt.Sprintf("rankcollapse: LogitVariance needs dv >= 1 and squared norms >= 0, got %d, %v, %v", dv, xi2, xj2))
	}
	_, sq2, sk2, _ := l.resolve(dv)
	return sq2 * sk2 * xi2 * xj2
}

// Sequence returns the n×d matrix whose rows are the given tokens, a
// convenience for fixed inputs such as the notes' (lib/sources/noci2022.md) X_a = [[1,0],[0,1],[1,1]].
// It panics on ragged or empty rows.
func Sequence(rows ...[]float64) *mat.Dense {
	if len(rows) == 0 || len(rows[0]) == 0 {
		panic("rankcollapse: Sequence needs at least one non-empty row")
	}
	d := len(rows[0])
	x := mat.NewDense(len(rows), d, nil)
	for i, r := range rows {
		if len(r) != d {
			panic(fmt.Sprintf("rankcollapse: Sequence row %d has %d entries, want %d", i, len(r), d))
		}
		x.SetRow(i, r)
	}
	return x
}

// UniformityGapSmallLogit returns the small-logit asymptote of the
// expected distance from uniform attention (Fig. 7; App. A.5; lib/sources/noci2022.md#erratum-8 [derived]):
// since A − 11ᵀ/n ≈ (1/n) M L for small logits M,
//
//	(1/n²) E_W ‖A − 11ᵀ/n‖_F² ≈ σ_q² σ_k² ‖X‖_F² ‖LX‖_F² / n⁴,
//
// which falls like 1/d_k² at fixed d_v under Glorot σ² = 2/(d_v+d_k)
// (Thm A.2). Multiply by τ² for a tempered softmax.
//
//sigprop:eq noci2022 thmA.2
func UniformityGapSmallLogit(t Tokens, l Layer) float64 {
	_, sq2, sk2, _ := l.resolve(t.D)
	n := float64(t.N)
	return sq2 * sk2 * t.SqNorm * t.LXNorm2 / (n * n * n * n)
}
