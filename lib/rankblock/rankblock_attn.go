package rankblock

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/sigprop/sigprop/lib/block"
	"github.com/sigprop/sigprop/lib/dense"
	"github.com/sigprop/sigprop/lib/empirical"
	"gonum.org/v1/gonum/mat"
)

// LayerStats are the token statistics of one layer used by Noci et al.
// 2022: SqNorm = ‖X‖_F², C = ‖Σ_k X_k‖² (the sum of all token inner
// products, Lemma 3.2) and MeanCos, the mean pairwise cosine
// (1/(n(n−1))) Σ_{k≠k'} cos θ_kk' that the paper's figures plot. The
// correlation ρ of eqs. (5), (14) is a ratio of expectations over draws,
// estimated from the means of C and SqNorm (rankcollapse.RhoFromMoments),
// not the mean of MeanCos.
type LayerStats struct {
	SqNorm, C, MeanCos float64
}

// Stats returns the LayerStats of x (tokens as rows). It panics on
// fewer than 2 tokens or a zero token.
func Stats(x mat.Matrix) LayerStats {
	n, _ := x.Dims()
	q, p := empirical.TokenGeometry(x)
	fn := float64(n)
	var s float64
	cs := empirical.PairCosines(x)
	for _, v := range cs {
		s += v
	}
	return LayerStats{SqNorm: fn * q, C: fn*q + fn*(fn-1)*p, MeanCos: s / float64(len(cs))}
}

// rbAttnParts holds one single-head attention evaluation S = A X W^V.
type rbAttnParts struct {
	q, k, v, a, s *mat.Dense
	c             float64 // τ/√d_k
}

func rbAttnEval(x, wq, wk, wv mat.Matrix, tau float64, uniform bool) rbAttnParts {
	n, dv := x.Dims()
	if r, c := wq.Dims(); r != dv {
		panic(fmt.Sprintf("rankblock: W^Q is %d×%d, want %d rows", r, c, dv))
	}
	_, dk := wq.Dims()
	if r, c := wk.Dims(); r != dv || c != dk {
		panic(fmt.Sprintf("rankblock: W^K is %d×%d, want %d×%d", r, c, dv, dk))
	}
	if r, c := wv.Dims(); r != dv || c != dv {
		panic(fmt.Sprintf("rankblock: W^V is %d×%d, want %d×%d", r, c, dv, dv))
	}
	if math.IsNaN(tau) || math.IsInf(tau, 0) {
		panic(fmt.Sprintf("rankblock: tau must be finite, got %v", tau))
	}
	p := rbAttnParts{q: mat.NewDense(n, dk, nil), k: mat.NewDense(n, dk, nil),
		v: mat.NewDense(n, dv, nil), a: mat.NewDense(n, n, nil), s: mat.NewDense(n, dv, nil),
		c: tau / math.Sqrt(float64(dk))}
	p.q.Mul(x, wq)
	p.k.Mul(x, wk)
	p.v.Mul(x, wv)
	kind := block.Softmax
	if uniform {
		kind = block.Uniform
	} else {
		p.a.Mul(p.q, p.k.T())
	}
	block.AttentionRows(p.a.RawMatrix().Data, p.a.RawMatrix().Data, n, kind, p.c, false)
	p.s.Mul(p.a, p.v)
	return p
}

// AttentionForward returns S = A X W^V and A for one single-head attention
// layer, A = softmax(τ X W^Q (X W^K)ᵀ/√d_k) row-wise (eqs. 1, 19), or
// A = 11ᵀ/n if uniform (Assumption 3.1). x is n×d_v, wq and wk d_v×d_k, wv
// d_v×d_v. It panics on a shape mismatch or a non-finite τ.
//
//sigprop:eq noci2022 eq1,19
func AttentionForward(x, wq, wk, wv mat.Matrix, tau float64, uniform bool) (s, a *mat.Dense) {
	p := rbAttnEval(x, wq, wk, wv, tau, uniform)
	return p.s, p.a
}

// rbJ returns J_i = diag(A_i) − A_i A_iᵀ, the softmax Jacobian block (23)
// of row i (at uniform A it is (1/n) L, eq. 24).
func rbJ(a *mat.Dense, i int) *mat.Dense {
	n, _ := a.Dims()
	j := mat.NewDense(n, n, nil)
	for p := 0; p < n; p++ {
		for q := 0; q < n; q++ {
			v := -a.At(i, p) * a.At(i, q)
			if p == q {
				v += a.At(i, p)
			}
			j.Set(p, q, v)
		}
	}
	return j
}

// rbJTimes writes J V into dst for the softmax Jacobian J = diag(a) − aaᵀ of
// one attention row a (Σ_q a_q = 1), in the centred form
//
//	(J V)_p = a_p Σ_q a_q (V_p − V_q),
//
// which equals a_p V_p − a_p Σ_q a_q V_q and is exactly zero when all rows
// of V are identical (Thm 3.2 then holds exactly in floating point).
//
// Each entry is summed over q in order from 0 and then scaled by a_p; the
// loop keeps four entries of a row in registers over q rather than the
// whole row in memory (the same operations on each entry, so the same
// bits: TestJTimesBits).
func rbJTimes(dst *mat.Dense, a []float64, v *mat.Dense) {
	n, d := v.Dims()
	vr, dr := v.RawMatrix(), dst.RawMatrix()
	a = a[:n]
	for p := 0; p < n; p++ {
		out := dr.Data[p*dr.Stride : p*dr.Stride+d]
		vp := vr.Data[p*vr.Stride : p*vr.Stride+d]
		j := 0
		for ; j+4 <= d; j += 4 {
			v0, v1, v2, v3 := vp[j], vp[j+1], vp[j+2], vp[j+3]
			var s0, s1, s2, s3 float64
			for q, aq := range a {
				vq := vr.Data[q*vr.Stride+j : q*vr.Stride+j+4 : q*vr.Stride+j+4]
				s0 += aq * (v0 - vq[0])
				s1 += aq * (v1 - vq[1])
				s2 += aq * (v2 - vq[2])
				s3 += aq * (v3 - vq[3])
			}
			out[j], out[j+1], out[j+2], out[j+3] = s0*a[p], s1*a[p], s2*a[p], s3*a[p]
		}
		for ; j < d; j++ {
			var s0 float64
			for q, aq := range a {
				s0 += aq * (vp[j] - vr.Data[q*vr.Stride+j])
			}
			out[j] = s0 * a[p]
		}
	}
}

// AttnJacobianNorms returns the exact squared Frobenius norms of the
// Jacobians of S = A X W^V with respect to W^Q, W^K and W^V for the true
// softmax (or, if uniform, under Assumption 3.1), lib/sources/noci2022.md#derived-jacobians [derived]:
//
//	‖∂S/∂W^Q‖² = (τ²/d_k) Σ_i ‖X_i‖² ‖Kᵀ J_i V‖_F²,   K = X W^K, V = X W^V
//	‖∂S/∂W^K‖² = (τ²/d_k) Σ_i ‖(X W^Q)_i‖² ‖Xᵀ J_i V‖_F²
//	‖∂S/∂W^V‖² = d_v ‖A X‖_F²
//
// with J_i the softmax Jacobian (23) of row i. Under uniform attention the
// first is Lemma 3.1's ‖X‖²‖W^{V⊤}PW^K‖²/(d_k n²) (eq. 7) and the last is
// d_v n‖x̄‖² (eq. 6). For identical tokens the first two are exactly 0 also
// with the true softmax (Thm 3.2). Cost O(n(n²d + n d²)).
//
//sigprop:eq noci2022 lemma3.1
//sigprop:eq noci2022 eq6,7
func AttnJacobianNorms(x, wq, wk, wv mat.Matrix, tau float64, uniform bool) (gq, gk, gv float64) {
	p := rbAttnEval(x, wq, wk, wv, tau, uniform)
	n, dv := x.Dims()
	_, dk := wq.Dims()
	var kjv, xjv mat.Dense
	jv := mat.NewDense(n, dv, nil)
	xrow := make([]float64, dv)
	for i := 0; i < n; i++ {
		rbJTimes(jv, p.a.RawRowView(i), p.v)
		kjv.Mul(p.k.T(), jv)
		xjv.Mul(x.T(), jv)
		xi := dense.SumSq(mat.Row(xrow, i, x))
		qi := dense.SumSq(p.q.RawRowView(i))
		gq += xi * rbSq(&kjv)
		gk += qi * rbSq(&xjv)
	}
	s := tau * tau / float64(dk)
	gq *= s
	gk *= s
	var ax mat.Dense
	ax.Mul(p.a, x)
	gv = float64(dv) * rbSq(&ax)
	return
}

// AttnInputJacobian returns the full Jacobian ∂vec_r(S)/∂vec_r(X)
// (n·d_v × n·d_v, row-major vectorisation, lib/sources/noci2022.md#conventions) of one attention
// layer, built column by column by forward-mode differentiation of
// S = A(X) X W^V:
//
//	dS = dA V + A dX W^V,  dA_i = dM_i J_i,
//	dM = (τ/√d_k)(dX W^Q Kᵀ + Q (dX W^K)ᵀ),
//
// with J_i the softmax Jacobian (23), or (1/n)L under uniform attention
// (eq. 24). Its squared Frobenius norm is the quantity that eq. (8) of
// Lemma 3.1 claims to bound. Cost O((n d_v)·(n² d_k + n d_v²)); meant for
// small n, d_v.
//
//sigprop:eq noci2022 eq8 erratum=lib/sources/noci2022.md#erratum-1
func AttnInputJacobian(x, wq, wk, wv mat.Matrix, tau float64, uniform bool) *mat.Dense {
	p := rbAttnEval(x, wq, wk, wv, tau, uniform)
	n, dv := x.Dims()
	js := make([]*mat.Dense, n)
	for i := range js {
		js[i] = rbJ(p.a, i)
	}
	jac := mat.NewDense(n*dv, n*dv, nil)
	dx := mat.NewDense(n, dv, nil)
	for b := 0; b < n; b++ {
		for a := 0; a < dv; a++ {
			dx.Zero()
			dx.Set(b, a, 1)
			var dq, dk, dm, t mat.Dense
			dq.Mul(dx, wq)
			dk.Mul(dx, wk)
			dm.Mul(&dq, p.k.T())
			t.Mul(p.q, dk.T())
			dm.Add(&dm, &t)
			dm.Scale(p.c, &dm)
			da := mat.NewDense(n, n, nil)
			for i := 0; i < n; i++ {
				da.RowView(i).(*mat.VecDense).MulVec(js[i], dm.RowView(i)) // J_i symmetric
			}
			var dS, dxv, adv mat.Dense
			dS.Mul(da, p.v)
			dxv.Mul(dx, wv)
			adv.Mul(p.a, &dxv)
			dS.Add(&dS, &adv)
			col := b*dv + a
			for i := 0; i < n; i++ {
				for j := 0; j < dv; j++ {
					jac.Set(i*dv+j, col, dS.At(i, j))
				}
			}
		}
	}
	return jac
}

// UniformityGap returns (1/n²)‖A − 11ᵀ/n‖_F², the distance of an n×n
// attention matrix from uniform attention plotted in Fig. 7 of Noci et al.
// 2022 (App. A.5).
func UniformityGap(a mat.Matrix) float64 {
	n, c := a.Dims()
	if n != c || n < 1 {
		panic(fmt.Sprintf("rankblock: UniformityGap needs a square matrix, got %d×%d", n, c))
	}
	var s float64
	u := 1 / float64(n)
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			d := a.At(i, j) - u
			s += d * d
		}
	}
	return s / float64(n*n)
}

// UniformityGapMC returns the mean and standard error over draws of
// UniformityGap(softmax(τ X W^Q (X W^K)ᵀ/√d_k)) at fixed x (n×d_v),
// with W^Q, W^K iid N(0, s2) of width d_k (Glorot s2 = 2/(d_v+d_k) in
// App. A.5). It samples X W^Q directly: its d_k columns are iid
// N(0, s2 X Xᵀ), drawn as R G with R Rᵀ = s2 X Xᵀ (symmetric eigen
// factor), which costs O(n² d_k) per draw instead of O(n d_v d_k) (lib/sources/noci2022.md#derived-jacobians,
// "cheaper Q/K sampling").
func UniformityGapMC(x mat.Matrix, dk int, s2, tau float64, draws int, rng *rand.Rand) (mean, se float64) {
	n, _ := x.Dims()
	if dk < 1 || !(s2 >= 0) || math.IsInf(s2, 0) || math.IsNaN(tau) || draws < 2 || rng == nil {
		panic(fmt.Sprintf("rankblock: UniformityGapMC needs dk >= 1, finite s2 >= 0, finite tau, draws >= 2, non-nil rng; got dk=%d s2=%v tau=%v draws=%d", dk, s2, tau, draws))
	}
	gram := mat.NewSymDense(n, nil)
	gram.SymOuterK(s2, x)
	var eig mat.EigenSym
	if !eig.Factorize(gram, true) {
		panic("rankblock: UniformityGapMC: eigendecomposition of X Xᵀ failed")
	}
	var u mat.Dense
	eig.VectorsTo(&u)
	vals := eig.Values(nil)
	r := mat.NewDense(n, n, nil)
	for j, l := range vals {
		sq := math.Sqrt(math.Max(l, 0))
		for i := 0; i < n; i++ {
			r.Set(i, j, u.At(i, j)*sq)
		}
	}
	g := mat.NewDense(n, dk, nil)
	q, k := mat.NewDense(n, dk, nil), mat.NewDense(n, dk, nil)
	a := mat.NewDense(n, n, nil)
	out := make([]float64, draws)
	c := tau / math.Sqrt(float64(dk))
	for d := range out {
		rbFill(g, rng, 1)
		q.Mul(r, g)
		rbFill(g, rng, 1)
		k.Mul(r, g)
		a.Mul(q, k.T())
		block.AttentionRows(a.RawMatrix().Data, a.RawMatrix().Data, n, block.Softmax, c, false)
		out[d] = UniformityGap(a)
	}
	return empirical.MeanSE(out)
}
