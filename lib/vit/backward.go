package vit

import (
	"github.com/sigprop/sigprop/lib/dense"
	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
)

// LossGrad runs Loss on the batch and overwrites Grads() with the exact
// gradient of the mean cross-entropy with respect to every parameter,
// computed by a hand-written reverse pass (see the package doc). It
// returns the loss and the number of correct predictions; on an error
// (ErrNonFinite) the gradient is left zero.
func (m *Model) LossGrad(x []float64, labels []int) (loss float64, correct int, err error) {
	B := m.checkBatch(x, labels)
	for i := range m.grads {
		m.grads[i] = 0
	}
	loss, correct, err = m.forward(x, labels, B)
	if err != nil {
		return 0, 0, err
	}
	m.headBackward(labels, B)
	// The activation gradients of every block are row-local: each worker
	// carries its sequences through all blocks; then the weight gradients,
	// sums over the whole batch, split by rows of each weight.
	n := m.n
	m.parallel(B, func(w, b0, b1 int) {
		for l := len(m.c) - 1; l >= 0; l-- {
			m.blockBackwardRows(l, w, b0*n, b1*n)
		}
	})
	m.embedBackward(B)
	m.parallel(m.d, func(_, i0, i1 int) {
		for l := range m.c {
			m.blockWeightGrads(l, B, i0, i1)
		}
		m.embedWeightGrad(B, i0, i1)
	})
	return loss, correct, nil
}

// headBackward seeds m.gx = ∂loss/∂X^L from the cross-entropy, the head
// and the LayerNorm, and accumulates the head's gradients:
//
//	∂/∂z = (softmax(z) − onehot(y))/B,  ∂H = Σ_b ∂z_b o_bᵀ,  ∂h = Σ_b ∂z_b
//	∂o = Hᵀ∂z,  ∂γ = Σ_b ∂o ⊙ x̂,  ∂β = Σ_b ∂o
//	∂u = r (g − mean(g) − x̂ mean(g ⊙ x̂)),  g = γ ⊙ ∂o, r = 1/√(σ²+ε).
func (m *Model) headBackward(labels []int, B int) {
	d, n, C := m.d, m.n, m.cfg.Classes
	lg, o, xh, do := rows(m.logits, 0, B), rows(m.o, 0, B), rows(m.xhat, 0, B), rows(m.do, 0, B)
	inv := 1 / float64(B)
	for b := 0; b < B; b++ {
		row := lg.Data[b*C : (b+1)*C]
		for k := range row {
			row[k] *= inv
		}
		row[labels[b]] -= inv
		for k, v := range row {
			m.g.h.Data[k] += v
		}
	}
	dense.Gemm(blas.Trans, blas.NoTrans, 1, lg, o, 1, m.g.H)
	dense.Gemm(blas.NoTrans, blas.NoTrans, 1, lg, m.w.H, 0, do)
	gx := rows(m.gx, 0, B*n)
	for i := range gx.Data {
		gx.Data[i] = 0
	}
	hr := m.headRow()
	for b := 0; b < B; b++ {
		dr, xr := do.Data[b*d:(b+1)*d], xh.Data[b*d:(b+1)*d]
		var mg, mgx float64
		for k, v := range dr {
			m.g.gamma.Data[k] += v * xr[k]
			m.g.beta.Data[k] += v
			g := v * m.w.gamma.Data[k]
			mg += g
			mgx += g * xr[k]
		}
		mg /= float64(d)
		mgx /= float64(d)
		r := m.rstd[b]
		du := gx.Data[(b*n+hr)*d : (b*n+hr+1)*d]
		for k, v := range dr {
			du[k] = r * (v*m.w.gamma.Data[k] - mg - xr[k]*mgx)
		}
	}
}

// normBack adds to dx the pullback of dy through y = √d x/|x| (eq. 3):
//
//	dx_i += (√d/|x_i|)(dy_i − (dy_i·y_i) y_i/d)
//
// for the first len(inv) rows.
func normBack(dx, dy, y blas64.General, inv []float64, sqd float64) {
	d := y.Cols
	fd := float64(d)
	var dots [4]float64 // dy_i·y_i of four rows at a time, in order (dense.OrderedRowDots)
	for i0 := 0; i0 < len(inv); i0 += 4 {
		k := min(4, len(inv)-i0)
		dense.OrderedRowDots(dots[:k], rows(dy, i0, i0+k), rows(y, i0, i0+k))
		for r, s := range dots[:k] {
			i := i0 + r
			dense.RMSBack(dx.Data[i*dx.Stride:i*dx.Stride+d], dy.Data[i*dy.Stride:i*dy.Stride+d], y.Data[i*y.Stride:i*y.Stride+d], sqd*inv[i], s/fd, true)
		}
	}
}

// blockWeightGrads accumulates rows [i0, i1) of the gradients of block
// l's W⁰..W^ℓ, V, Q, K from the backward quantities of blockBackwardRows:
//
//	∂W^k = δ_kᵀ in_k (δ_k the pre-activation gradient, in_k the layer input)
//	∂V = α_A ∂X^(A)ᵀ (AY),  ∂Q = ∂(YQᵀ)ᵀ Y,  ∂K = ∂(YKᵀ)ᵀ Y,
//
// each a sum over the whole batch in one fixed order.
func (m *Model) blockWeightGrads(l, B, i0, i1 int) {
	gw, c, g := &m.g.blocks[l], &m.c[l], &m.gc[l]
	N, L := B*m.n, m.cfg.MLPLayers
	gm, ga := m.gin(l), g.gA // ∂ behind the output norm and behind the attention norm
	if m.cfg.Norm == PostNorm {
		gm, ga = g.gp, g.gs
	}
	in := func(k int) blas64.General { // input of W^k
		if k == 0 {
			return rows(c.y2, 0, N)
		}
		return rows(c.act[k-1], 0, N)
	}
	y, z := rows(c.y, 0, N), rows(c.z, 0, N)
	dense.Gemm(blas.Trans, blas.NoTrans, m.cfg.AlphaM, cols(rows(gm, 0, N), i0, i1), in(L), 1, rows(gw.W[L], i0, i1))
	for k := L - 1; k >= 0; k-- {
		dense.Gemm(blas.Trans, blas.NoTrans, 1, cols(rows(g.delta[k], 0, N), i0, i1), in(k), 1, rows(gw.W[k], i0, i1))
	}
	dense.Gemm(blas.Trans, blas.NoTrans, m.cfg.AlphaA, cols(rows(ga, 0, N), i0, i1), z, 1, rows(gw.V, i0, i1))
	dense.Gemm(blas.Trans, blas.NoTrans, 1, cols(rows(g.dq, 0, N), i0, i1), y, 1, rows(gw.Q, i0, i1))
	dense.Gemm(blas.Trans, blas.NoTrans, 1, cols(rows(g.dk, 0, N), i0, i1), y, 1, rows(gw.K, i0, i1))
}

// gin returns ∂/∂X^{l+1}, the gradient flowing into block l: the head's
// for the last block, else block l+1's input gradient.
func (m *Model) gin(l int) blas64.General {
	if l == len(m.c)-1 {
		return m.gx
	}
	return m.gc[l+1].gout
}

// blockBackwardRows computes the activation gradients of block l on rows
// [r0, r1) (whole sequences) with worker w's scratch, from m.gin(l) =
// ∂/∂X^{l+1}, into m.gc[l]: ∂/∂X^l, the MLP's δ_k, ∂X^(A), ∂(YQᵀ), ∂(YKᵀ)
// and, for PostNorm, the gradients behind the two norms. The activation
// pullbacks are those of tokennet.Transformer.Backward.
func (m *Model) blockBackwardRows(l, w, r0, r1 int) {
	wt, c, gc := &m.w.blocks[l], &m.c[l], &m.gc[l]
	n := m.n
	L := m.cfg.MLPLayers
	G, gA, Gout := rows(m.gin(l), r0, r1), rows(gc.gA, r0, r1), rows(gc.gout, r0, r1)
	y, y2, a := rows(c.y, r0, r1), rows(c.y2, r0, r1), rows(c.a, r0, r1)
	qy, ky := rows(c.qy, r0, r1), rows(c.ky, r0, r1)
	dz, dy, dq, dk := rows(m.dz, r0, r1), rows(m.dy, r0, r1), rows(gc.dq, r0, r1), rows(gc.dk, r0, r1)
	oth := rows(m.oth, r0, r1)
	post := m.cfg.Norm == PostNorm

	// MLP sub-block: X^{l+1} = α̃_M X^(A) + α_M W^ℓ φ(⋯) (PostNorm: Norm of it).
	if post {
		next := m.out
		if l+1 < len(m.c) {
			next = m.c[l+1].x
		}
		gp := rows(gc.gp, r0, r1)
		clear(gp.Data)
		normBack(gp, G, rows(next, r0, r1), c.inv3[r0:r1], m.sqd)
		G = gp
	}
	dense.Scale(gA.Data[:len(G.Data)], G.Data, m.tM)
	cur, alpha, wk := G, m.cfg.AlphaM, wt.W[L]
	for k := L - 1; k >= 0; k-- {
		dk := rows(gc.delta[k], r0, r1)
		dense.Gemm(blas.NoTrans, blas.NoTrans, alpha, cur, wk, 0, dk)
		act := rows(c.act[k], r0, r1)
		if m.cfg.Activation == ShapedReLU {
			shapedReLUBack(dk.Data, act.Data, m.actPos, m.actNeg)
		} else {
			dense.MulTanhPrime(dk.Data[:len(act.Data)], act.Data)
		}
		cur, alpha, wk = dk, 1, wt.W[k]
	}
	dense.Gemm(blas.NoTrans, blas.NoTrans, alpha, cur, wk, 0, oth)
	m.branchBack(gA, oth, y2, c.inv2[r0:r1])
	if post { // X^(A) = Norm(α̃_A X + ⋯)
		gs := rows(gc.gs, r0, r1)
		clear(gs.Data)
		normBack(gs, gA, y2, c.inv2[r0:r1], m.sqd)
		gA = gs
	}

	// Attention sub-block: X^(A) = α̃_A X + α_A (A Y) Vᵀ, Y = Norm X.
	dense.Scale(Gout.Data[:len(gA.Data)], gA.Data, m.tA)
	dense.Gemm(blas.NoTrans, blas.NoTrans, m.cfg.AlphaA, gA, wt.V, 0, dz)
	is := m.lscale
	shaped := m.cfg.Attention == Shaped
	dS := m.dS[w]
	for b := 0; b < (r1-r0)/n; b++ {
		s0, s1 := b*n, (b+1)*n
		ab, yb, dzb := rows(a, s0, s1), rows(y, s0, s1), rows(dz, s0, s1)
		dyb := rows(dy, s0, s1)
		dense.Gemm(blas.Trans, blas.NoTrans, 1, ab, dzb, 0, dyb) // dY = Sᵀ dZ
		if shaped && m.cfg.Causal {                              // dY += (I − C)ᵀ dZ
			prefixCenterAddT(dyb, dzb, m.mean[w])
		} else if shaped { // dY += (I − 11ᵀ/n)ᵀ dZ
			centerAdd(dyb, dzb, m.mean[w])
		}
		dense.Gemm(blas.NoTrans, blas.Trans, 1, dzb, yb, 0, dS) // dS = dZ Yᵀ (I, 11ᵀ/n are constant)
		// softmax pullback: dlogit_ij = s S_ij (dS_ij − Σ_k S_ik dS_ik),
		// s = τ/√d (Softmax) or 1/(τ₀d) (Shaped); a causal mask's S_ij = 0
		// gives dlogit_ij = 0.
		for i := 0; i < n; i++ {
			ar := ab.Data[i*ab.Stride : i*ab.Stride+n]
			gr := dS.Data[i*dS.Stride : i*dS.Stride+n]
			var s float64
			for j, v := range ar {
				s += v * gr[j]
			}
			for j, v := range ar {
				gr[j] = is * v * (gr[j] - s)
			}
		}
		dense.Gemm(blas.NoTrans, blas.NoTrans, 1, dS, rows(ky, s0, s1), 0, rows(dq, s0, s1))
		dense.Gemm(blas.Trans, blas.NoTrans, 1, dS, rows(qy, s0, s1), 0, rows(dk, s0, s1))
	}
	dense.Gemm(blas.NoTrans, blas.NoTrans, 1, dq, wt.Q, 1, dy)
	dense.Gemm(blas.NoTrans, blas.NoTrans, 1, dk, wt.K, 1, dy)
	m.branchBack(Gout, dy, y, c.inv1[r0:r1])
}

// branchBack adds to dx the pullback of dy through the branch input
// (branchInput): normBack for RMSNorm, dx += dy for NoNorm and PostNorm.
func (m *Model) branchBack(dx, dy, y blas64.General, inv []float64) {
	if m.cfg.Norm != RMSNorm {
		for i := range inv {
			out := dx.Data[i*dx.Stride : i*dx.Stride+dx.Cols]
			for j, v := range dy.Data[i*dy.Stride : i*dy.Stride+dy.Cols] {
				out[j] += v
			}
		}
		return
	}
	normBack(dx, dy, y, inv, m.sqd)
}

// embedBackward accumulates ∂c = Σ_b ∂X⁰_{b0}, ∂e_j = Σ_b ∂X⁰_{bj},
// ∂b = Σ_{b,j≥1} ∂X⁰_{bj} from ∂X⁰ (m.gc[0].gout) and leaves ∂X⁰'s patch
// rows in m.emb for embedWeightGrad.
func (m *Model) embedBackward(B int) {
	n, d := m.n, m.d
	G := rows(m.gc[0].gout, 0, B*n)
	emb := rows(m.emb, 0, B*(n-1))
	for b := 0; b < B; b++ {
		for j := 0; j < n; j++ {
			g := G.Data[(b*n+j)*d : (b*n+j+1)*d]
			pos := m.g.pos.Data[j*d : (j+1)*d]
			for k, v := range g {
				pos[k] += v
			}
			if j == 0 {
				for k, v := range g {
					m.g.cls.Data[k] += v
				}
				continue
			}
			copy(emb.Data[(b*(n-1)+j-1)*d:(b*(n-1)+j)*d], g)
			for k, v := range g {
				m.g.b.Data[k] += v
			}
		}
	}
}

// embedWeightGrad accumulates rows [i0, i1) of ∂E = Σ_{b,j≥1} ∂X⁰_{bj} x_jᵀ
// from the patch rows embedBackward left in m.emb.
func (m *Model) embedWeightGrad(B, i0, i1 int) {
	n := m.n
	emb, patches := rows(m.emb, 0, B*(n-1)), rows(m.patches, 0, B*(n-1))
	dense.Gemm(blas.Trans, blas.NoTrans, 1, cols(emb, i0, i1), patches, 1, rows(m.g.E, i0, i1))
}
