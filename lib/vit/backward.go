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
	for l := len(m.c) - 1; l >= 0; l-- {
		m.blockBackward(l, B)
	}
	m.embedBackward(B)
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
		du := gx.Data[b*n*d : b*n*d+d]
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
	for i := range inv {
		gy := dy.Data[i*dy.Stride : i*dy.Stride+d]
		yy := y.Data[i*y.Stride : i*y.Stride+d]
		var s float64
		for j, v := range gy {
			s += v * yy[j]
		}
		f := sqd * inv[i]
		s /= fd
		out := dx.Data[i*dx.Stride : i*dx.Stride+d]
		for j, v := range gy {
			out[j] += f * (v - s*yy[j])
		}
	}
}

// blockBackward replaces m.gx = ∂/∂X^{l+1} by ∂/∂X^l and accumulates the
// gradients of block l's Q, K, V, W⁰..W^ℓ. The activation pullbacks are
// those of tokennet.Transformer.Backward; the weight gradients are
//
//	∂W^k = δ_kᵀ in_k (δ_k the pre-activation gradient, in_k the layer input)
//	∂V = α_A ∂X^(A)ᵀ (AY),  ∂Q = ∂(YQᵀ)ᵀ Y,  ∂K = ∂(YKᵀ)ᵀ Y.
func (m *Model) blockBackward(l, B int) {
	w, gw, c := &m.w.blocks[l], &m.g.blocks[l], &m.c[l]
	n, N := m.n, B*m.n
	L := m.cfg.MLPLayers
	G, gA := rows(m.gx, 0, N), rows(m.gA, 0, N)
	y, y2, z, a := rows(c.y, 0, N), rows(c.y2, 0, N), rows(c.z, 0, N), rows(c.a, 0, N)
	qy, ky := rows(c.qy, 0, N), rows(c.ky, 0, N)
	dz, dy, dq, dk := rows(m.dz, 0, N), rows(m.dy, 0, N), rows(m.dq, 0, N), rows(m.dk, 0, N)
	cur, oth := rows(m.cur, 0, N), rows(m.oth, 0, N)

	// MLP sub-block: X^{l+1} = α̃_M X^(A) + α_M W^ℓ φ(⋯).
	for i, v := range G.Data {
		gA.Data[i] = m.tM * v
	}
	in := func(k int) blas64.General { // input of W^k
		if k == 0 {
			return y2
		}
		return rows(c.act[k-1], 0, N)
	}
	dense.Gemm(blas.Trans, blas.NoTrans, m.cfg.AlphaM, G, in(L), 1, gw.W[L])
	dense.Gemm(blas.NoTrans, blas.NoTrans, m.cfg.AlphaM, G, w.W[L], 0, cur)
	for k := L - 1; k >= 0; k-- {
		act := rows(c.act[k], 0, N)
		if m.cfg.Activation == ShapedReLU {
			shapedReLUBack(cur.Data, act.Data, m.actPos, m.actNeg)
		} else {
			for i, v := range act.Data {
				cur.Data[i] *= 1 - v*v
			}
		}
		dense.Gemm(blas.Trans, blas.NoTrans, 1, cur, in(k), 1, gw.W[k])
		dense.Gemm(blas.NoTrans, blas.NoTrans, 1, cur, w.W[k], 0, oth)
		cur, oth = oth, cur
	}
	m.branchBack(gA, cur, y2, c.inv2[:N])

	// Attention sub-block: X^(A) = α̃_A X + α_A (A Y) Vᵀ, Y = Norm X.
	for i, v := range gA.Data {
		G.Data[i] = m.tA * v
	}
	dense.Gemm(blas.Trans, blas.NoTrans, m.cfg.AlphaA, gA, z, 1, gw.V)
	dense.Gemm(blas.NoTrans, blas.NoTrans, m.cfg.AlphaA, gA, w.V, 0, dz)
	is := m.lscale
	shaped := m.cfg.Attention == Shaped
	dS := m.dS
	for b := 0; b < B; b++ {
		r0, r1 := b*n, (b+1)*n
		ab, yb, dzb := rows(a, r0, r1), rows(y, r0, r1), rows(dz, r0, r1)
		dyb := rows(dy, r0, r1)
		dense.Gemm(blas.Trans, blas.NoTrans, 1, ab, dzb, 0, dyb) // dY = Sᵀ dZ
		if shaped {                                              // dY += (I − 11ᵀ/n)ᵀ dZ
			centerAdd(dyb, dzb, m.mean)
		}
		dense.Gemm(blas.NoTrans, blas.Trans, 1, dzb, yb, 0, dS) // dS = dZ Yᵀ (I, 11ᵀ/n are constant)
		// softmax pullback: dlogit_ij = s S_ij (dS_ij − Σ_k S_ik dS_ik),
		// s = τ/√d (Softmax) or 1/(τ₀d) (Shaped)
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
		dense.Gemm(blas.NoTrans, blas.NoTrans, 1, dS, rows(ky, r0, r1), 0, rows(dq, r0, r1))
		dense.Gemm(blas.Trans, blas.NoTrans, 1, dS, rows(qy, r0, r1), 0, rows(dk, r0, r1))
	}
	dense.Gemm(blas.Trans, blas.NoTrans, 1, dq, y, 1, gw.Q)
	dense.Gemm(blas.Trans, blas.NoTrans, 1, dk, y, 1, gw.K)
	dense.Gemm(blas.NoTrans, blas.NoTrans, 1, dq, w.Q, 1, dy)
	dense.Gemm(blas.NoTrans, blas.NoTrans, 1, dk, w.K, 1, dy)
	m.branchBack(G, dy, y, c.inv1[:N])
}

// branchBack adds to dx the pullback of dy through the branch input
// (branchInput): normBack for RMSNorm, dx += dy for NoNorm.
func (m *Model) branchBack(dx, dy, y blas64.General, inv []float64) {
	if m.cfg.Norm == NoNorm {
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
// ∂b = Σ_{b,j≥1} ∂X⁰_{bj} and ∂E = Σ_{b,j≥1} ∂X⁰_{bj} x_jᵀ from m.gx.
func (m *Model) embedBackward(B int) {
	n, d := m.n, m.d
	G := rows(m.gx, 0, B*n)
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
	dense.Gemm(blas.Trans, blas.NoTrans, 1, emb, rows(m.patches, 0, B*(n-1)), 1, m.g.E)
}
