package vit

import (
	"errors"
	"fmt"
	"math"

	"github.com/sigprop/sigprop/lib/dense"
	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
)

// ErrNonFinite is wrapped by the error of a forward pass that produced a
// zero-norm token or a NaN/Inf (a diverged training run).
var ErrNonFinite = errors.New("vit: non-finite value in forward pass")

const lnEps = 1e-5 // LayerNorm ε, PyTorch's default

// checkBatch validates x (B images) and labels and returns B.
func (m *Model) checkBatch(x []float64, labels []int) int {
	px := m.cfg.Pixels()
	if len(x) == 0 || len(x)%px != 0 {
		panic(fmt.Sprintf("vit: input length %d is not a positive multiple of Rows·Cols = %d", len(x), px))
	}
	B := len(x) / px
	if len(labels) != B {
		panic(fmt.Sprintf("vit: %d labels for %d images", len(labels), B))
	}
	for i, y := range labels {
		if y < 0 || y >= m.cfg.Classes {
			panic(fmt.Sprintf("vit: label %d of example %d outside [0, %d)", y, i, m.cfg.Classes))
		}
	}
	return B
}

// Loss returns the mean cross-entropy of the model on the images x (B
// images of Rows·Cols pixels, row-major, image after image) with the given
// labels, and the number of correctly classified images (arg-max logit).
// It panics on a shape mismatch or a label outside [0, C) and returns an
// error wrapping ErrNonFinite if the forward pass is not finite.
func (m *Model) Loss(x []float64, labels []int) (loss float64, correct int, err error) {
	B := m.checkBatch(x, labels)
	return m.forward(x, labels, B)
}

// forward runs the whole model on B images and leaves the caches and the
// softmax probabilities (in m.logits) for backward. The embedding and the
// blocks run on m.workers goroutines, each on its own sequences; the error
// reported is that of the first failing block, and within it of the first
// failing worker (the first failing row, as on one worker).
func (m *Model) forward(x []float64, labels []int, B int) (float64, int, error) {
	m.ensure(B)
	m.batch = 0
	m.parallel(B, func(w, b0, b1 int) {
		m.errs[w] = blockErr{}
		m.embed(x, b0, b1)
		for l := range m.c {
			next := m.out
			if l+1 < len(m.c) {
				next = m.c[l+1].x
			}
			if err := m.blockForward(l, w, b0, b1, next); err != nil {
				m.errs[w] = blockErr{l, err}
				return
			}
		}
	})
	var first blockErr
	for _, e := range m.errs[:min(m.workers, B)] {
		if e.err != nil && (first.err == nil || e.l < first.l) {
			first = e
		}
	}
	if first.err != nil {
		return 0, 0, first.err
	}
	loss, correct, err := m.headForward(labels, B)
	if err != nil {
		return 0, 0, err
	}
	m.batch = B
	return loss, correct, nil
}

// Embed returns X⁰, the input of the first block, for the images x (B
// images of Rows·Cols pixels, as for Loss): B·n rows of d values,
// row-major, sequence after sequence, built by the same code as the
// forward pass (whose caches it reuses; Loss and LossGrad recompute
// them). It panics if len(x) is not a positive multiple of Rows·Cols.
func (m *Model) Embed(x []float64) []float64 {
	px := m.cfg.Pixels()
	if len(x) == 0 || len(x)%px != 0 {
		panic(fmt.Sprintf("vit: Embed input length %d is not a positive multiple of Rows·Cols = %d", len(x), px))
	}
	B := len(x) / px
	m.ensure(B)
	m.batch = 0
	m.parallel(B, func(_, b0, b1 int) { m.embed(x, b0, b1) })
	return append([]float64(nil), m.c[0].x.Data[:B*m.n*m.d]...)
}

// embed builds X⁰ for sequences [b0, b1): row 0 of each sequence is
// c + e_0, row j ≥ 1 is E x_j + b + e_j with x_j the j-th p×p patch in
// row-major patch order.
func (m *Model) embed(x []float64, b0, b1 int) {
	p, n, d := m.cfg.Patch, m.n, m.d
	R, C := m.cfg.Rows, m.cfg.Cols
	pc := C / p
	patches := rows(m.patches, b0*(n-1), b1*(n-1))
	for b := b0; b < b1; b++ {
		img := x[b*R*C : (b+1)*R*C]
		for j := 0; j < n-1; j++ {
			r0, c0 := (j/pc)*p, (j%pc)*p
			dst := m.patches.Data[(b*(n-1)+j)*m.p : (b*(n-1)+j+1)*m.p]
			for r := 0; r < p; r++ {
				copy(dst[r*p:(r+1)*p], img[(r0+r)*C+c0:(r0+r)*C+c0+p])
			}
		}
	}
	emb := rows(m.emb, b0*(n-1), b1*(n-1))
	dense.Gemm(blas.NoTrans, blas.Trans, 1, patches, m.w.E, 0, emb)
	x0 := m.c[0].x
	for b := b0; b < b1; b++ {
		for j := 0; j < n; j++ {
			dst := x0.Data[(b*n+j)*d : (b*n+j+1)*d]
			pos := m.w.pos.Data[j*d : (j+1)*d]
			if j == 0 {
				for k := range dst {
					dst[k] = m.w.cls.Data[k] + pos[k]
				}
				continue
			}
			e := m.emb.Data[(b*(n-1)+j-1)*d : (b*(n-1)+j)*d]
			for k := range dst {
				dst[k] = e[k] + m.w.b.Data[k] + pos[k]
			}
		}
	}
}

// normRows writes y_i = √d x_i/|x_i| and inv_i = 1/|x_i| (eq. 3) for the
// first len(inv) rows (y may be x); r0 is the index of row 0 in the
// batch, for the error message.
func normRows(y, x blas64.General, inv []float64, sqd float64, r0 int) error {
	d := x.Cols
	dense.OrderedRowDots(inv, x, x) // the squared norms, in order, held in inv until checked
	for i, s := range inv {
		if !(s > 0) || math.IsInf(s, 0) {
			return fmt.Errorf("%w: token row %d has squared norm %v", ErrNonFinite, r0+i, s)
		}
		iv := 1 / math.Sqrt(s)
		inv[i] = iv
		dense.Scale(y.Data[i*y.Stride:i*y.Stride+d], x.Data[i*x.Stride:i*x.Stride+d], sqd*iv)
	}
	return nil
}

// branchInput writes the branch input of x into y: Norm(x) with
// inv_i = 1/|x_i| for RMSNorm; for NoNorm and PostNorm y aliases x and
// only finiteness is checked. r0 is the batch index of row 0.
func (m *Model) branchInput(y, x blas64.General, inv []float64, r0 int) error {
	if m.cfg.Norm != RMSNorm {
		return checkFinite(x, len(inv), r0)
	}
	return normRows(y, x, inv, m.sqd, r0)
}

// blockForward applies block l (eq. 4, or its Config variant) to the
// sequences [b0, b1) of m.c[l].x and writes X^{l+1} into next, with
// worker w's scratch.
func (m *Model) blockForward(l, w, b0, b1 int, next blas64.General) error {
	wt, c := &m.w.blocks[l], &m.c[l]
	n := m.n
	r0, r1 := b0*n, b1*n
	x, y, xa, y2 := rows(c.x, r0, r1), rows(c.y, r0, r1), rows(c.xa, r0, r1), rows(c.y2, r0, r1)
	qy, ky, z, a := rows(c.qy, r0, r1), rows(c.ky, r0, r1), rows(c.z, r0, r1), rows(c.a, r0, r1)
	if err := m.branchInput(y, x, c.inv1[r0:r1], r0); err != nil {
		return fmt.Errorf("block %d attention: %w", l, err)
	}
	dense.Gemm(blas.NoTrans, blas.Trans, 1, y, wt.Q, 0, qy)
	dense.Gemm(blas.NoTrans, blas.Trans, 1, y, wt.K, 0, ky)
	shaped := m.cfg.Attention == Shaped
	for b := 0; b < b1-b0; b++ {
		ab, yb, zb := rows(a, b*n, (b+1)*n), rows(y, b*n, (b+1)*n), rows(z, b*n, (b+1)*n)
		dense.Gemm(blas.NoTrans, blas.Trans, m.lscale, rows(qy, b*n, (b+1)*n), rows(ky, b*n, (b+1)*n), 0, ab)
		if m.cfg.Causal {
			causalSoftmax(ab)
		} else {
			dense.SoftmaxRows(ab)
		}
		dense.Gemm(blas.NoTrans, blas.NoTrans, 1, ab, yb, 0, zb)
		if shaped && m.cfg.Causal { // Z = (I + S − C) Y
			prefixCenterAdd(zb, yb, m.mean[w])
		} else if shaped { // Z = (I + S − 11ᵀ/n) Y
			centerAdd(zb, yb, m.mean[w])
		}
	}
	for i, v := range x.Data {
		xa.Data[i] = m.tA * v
	}
	dense.Gemm(blas.NoTrans, blas.Trans, m.cfg.AlphaA, z, wt.V, 1, xa)
	post := m.cfg.Norm == PostNorm
	if post { // X^(A) = Norm(α̃X + α AYVᵀ) in place; y2 aliases xa
		if err := normRows(xa, xa, c.inv2[r0:r1], m.sqd, r0); err != nil {
			return fmt.Errorf("block %d attention output: %w", l, err)
		}
	} else if err := m.branchInput(y2, xa, c.inv2[r0:r1], r0); err != nil {
		return fmt.Errorf("block %d MLP: %w", l, err)
	}
	in := y2
	for k := range c.act {
		ak := rows(c.act[k], r0, r1)
		dense.Gemm(blas.NoTrans, blas.Trans, 1, in, wt.W[k], 0, ak)
		if m.cfg.Activation == ShapedReLU {
			shapedReLUSlice(ak.Data, m.actPos, m.actNeg)
		} else {
			dense.Tanh(ak.Data, ak.Data)
		}
		in = ak
	}
	nx := rows(next, r0, r1)
	for i, v := range xa.Data {
		nx.Data[i] = m.tM * v
	}
	dense.Gemm(blas.NoTrans, blas.Trans, m.cfg.AlphaM, in, wt.W[len(wt.W)-1], 1, nx)
	if post {
		if err := normRows(nx, nx, c.inv3[r0:r1], m.sqd, r0); err != nil {
			return fmt.Errorf("block %d output: %w", l, err)
		}
	}
	return nil
}

// causalSoftmax replaces each row i of the n×n logits a by the softmax of
// its first i+1 entries, zero beyond: token i attends to tokens j <= i.
func causalSoftmax(a blas64.General) {
	for i := 0; i < a.Rows; i++ {
		row := a.Data[i*a.Stride : i*a.Stride+a.Cols]
		dense.SoftmaxRow(row[:i+1])
		clear(row[i+1:])
	}
}

// headRow returns the token the head reads: the class token 0, or with
// Causal the last token n−1 (the only one that attends to every token).
func (m *Model) headRow() int {
	if m.cfg.Causal {
		return m.n - 1
	}
	return 0
}

// headForward applies the LayerNorm (μ, σ² over the d features, ε = 1e-5)
//
//	x̂ = (u − μ)/√(σ² + ε),  o = γ ⊙ x̂ + β
//
// to the class token u = X^L_0 of each sequence (with Causal, the last
// token u = X^L_{n−1}), the head z = H o + h and
// the cross-entropy −ln softmax(z)_y; m.logits ends up holding the softmax
// probabilities.
func (m *Model) headForward(labels []int, B int) (float64, int, error) {
	d, n, C := m.d, m.n, m.cfg.Classes
	xh, o, lg := rows(m.xhat, 0, B), rows(m.o, 0, B), rows(m.logits, 0, B)
	hr := m.headRow()
	for b := 0; b < B; b++ {
		u := m.out.Data[(b*n+hr)*d : (b*n+hr+1)*d]
		var mu float64
		for _, v := range u {
			mu += v
		}
		mu /= float64(d)
		var s2 float64
		for _, v := range u {
			s2 += (v - mu) * (v - mu)
		}
		r := 1 / math.Sqrt(s2/float64(d)+lnEps)
		m.rstd[b] = r
		xr, or := xh.Data[b*d:(b+1)*d], o.Data[b*d:(b+1)*d]
		for k, v := range u {
			xr[k] = (v - mu) * r
			or[k] = m.w.gamma.Data[k]*xr[k] + m.w.beta.Data[k]
		}
	}
	for b := 0; b < B; b++ {
		copy(lg.Data[b*C:(b+1)*C], m.w.h.Data)
	}
	dense.Gemm(blas.NoTrans, blas.Trans, 1, o, m.w.H, 1, lg)
	var loss float64
	correct := 0
	for b := 0; b < B; b++ {
		row := lg.Data[b*C : (b+1)*C]
		best := 0
		for k, v := range row {
			if v > row[best] {
				best = k
			}
		}
		if best == labels[b] {
			correct++
		}
		mx := row[best]
		var s float64
		for _, v := range row {
			s += math.Exp(v - mx)
		}
		loss += mx + math.Log(s) - row[labels[b]]
		is := 1 / s
		for k, v := range row {
			row[k] = math.Exp(v-mx) * is
		}
	}
	loss /= float64(B)
	if math.IsNaN(loss) || math.IsInf(loss, 0) {
		return 0, 0, fmt.Errorf("%w: loss %v", ErrNonFinite, loss)
	}
	return loss, correct, nil
}
