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
// softmax probabilities (in m.logits) for backward.
func (m *Model) forward(x []float64, labels []int, B int) (float64, int, error) {
	m.ensure(B)
	m.batch = 0
	m.embed(x, B)
	for l := range m.c {
		next := m.out
		if l+1 < len(m.c) {
			next = m.c[l+1].x
		}
		if err := m.blockForward(l, B, next); err != nil {
			return 0, 0, err
		}
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
	m.embed(x, B)
	return append([]float64(nil), m.c[0].x.Data[:B*m.n*m.d]...)
}

// embed builds X⁰: row 0 of each sequence is c + e_0, row j ≥ 1 is
// E x_j + b + e_j with x_j the j-th p×p patch in row-major patch order.
func (m *Model) embed(x []float64, B int) {
	p, n, d := m.cfg.Patch, m.n, m.d
	R, C := m.cfg.Rows, m.cfg.Cols
	pc := C / p
	patches := rows(m.patches, 0, B*(n-1))
	for b := 0; b < B; b++ {
		img := x[b*R*C : (b+1)*R*C]
		for j := 0; j < n-1; j++ {
			r0, c0 := (j/pc)*p, (j%pc)*p
			dst := patches.Data[(b*(n-1)+j)*m.p : (b*(n-1)+j+1)*m.p]
			for r := 0; r < p; r++ {
				copy(dst[r*p:(r+1)*p], img[(r0+r)*C+c0:(r0+r)*C+c0+p])
			}
		}
	}
	emb := rows(m.emb, 0, B*(n-1))
	dense.Gemm(blas.NoTrans, blas.Trans, 1, patches, m.w.E, 0, emb)
	x0 := m.c[0].x
	for b := 0; b < B; b++ {
		for j := 0; j < n; j++ {
			dst := x0.Data[(b*n+j)*d : (b*n+j+1)*d]
			pos := m.w.pos.Data[j*d : (j+1)*d]
			if j == 0 {
				for k := range dst {
					dst[k] = m.w.cls.Data[k] + pos[k]
				}
				continue
			}
			e := emb.Data[(b*(n-1)+j-1)*d : (b*(n-1)+j)*d]
			for k := range dst {
				dst[k] = e[k] + m.w.b.Data[k] + pos[k]
			}
		}
	}
}

// normRows writes y_i = √d x_i/|x_i| and inv_i = 1/|x_i| (eq. 3) for the
// first len(inv) rows.
func normRows(y, x blas64.General, inv []float64, sqd float64) error {
	d := x.Cols
	for i := range inv {
		row := x.Data[i*x.Stride : i*x.Stride+d]
		var s float64
		for _, v := range row {
			s += v * v
		}
		if !(s > 0) || math.IsInf(s, 0) {
			return fmt.Errorf("%w: token row %d has squared norm %v", ErrNonFinite, i, s)
		}
		iv := 1 / math.Sqrt(s)
		inv[i] = iv
		f := sqd * iv
		out := y.Data[i*y.Stride : i*y.Stride+d]
		for j, v := range row {
			out[j] = f * v
		}
	}
	return nil
}

// branchInput writes the branch input of x into y: Norm(x) with
// inv_i = 1/|x_i| for RMSNorm; for NoNorm y aliases x and only finiteness
// is checked.
func (m *Model) branchInput(y, x blas64.General, inv []float64) error {
	if m.cfg.Norm == NoNorm {
		return checkFinite(x, len(inv))
	}
	return normRows(y, x, inv, m.sqd)
}

// blockForward applies block l (eq. 4, or its Config variant) to the B
// sequences in m.c[l].x and writes X^{l+1} into next.
func (m *Model) blockForward(l, B int, next blas64.General) error {
	w, c := &m.w.blocks[l], &m.c[l]
	n, N := m.n, B*m.n
	x, y, xa, y2 := rows(c.x, 0, N), rows(c.y, 0, N), rows(c.xa, 0, N), rows(c.y2, 0, N)
	qy, ky, z, a := rows(c.qy, 0, N), rows(c.ky, 0, N), rows(c.z, 0, N), rows(c.a, 0, N)
	if err := m.branchInput(y, x, c.inv1[:N]); err != nil {
		return fmt.Errorf("block %d attention: %w", l, err)
	}
	dense.Gemm(blas.NoTrans, blas.Trans, 1, y, w.Q, 0, qy)
	dense.Gemm(blas.NoTrans, blas.Trans, 1, y, w.K, 0, ky)
	shaped := m.cfg.Attention == Shaped
	for b := 0; b < B; b++ {
		ab, yb, zb := rows(a, b*n, (b+1)*n), rows(y, b*n, (b+1)*n), rows(z, b*n, (b+1)*n)
		dense.Gemm(blas.NoTrans, blas.Trans, m.lscale, rows(qy, b*n, (b+1)*n), rows(ky, b*n, (b+1)*n), 0, ab)
		dense.SoftmaxRows(ab)
		dense.Gemm(blas.NoTrans, blas.NoTrans, 1, ab, yb, 0, zb)
		if shaped { // Z = (I + S − 11ᵀ/n) Y
			centerAdd(zb, yb, m.mean)
		}
	}
	for i, v := range x.Data {
		xa.Data[i] = m.tA * v
	}
	dense.Gemm(blas.NoTrans, blas.Trans, m.cfg.AlphaA, z, w.V, 1, xa)
	if err := m.branchInput(y2, xa, c.inv2[:N]); err != nil {
		return fmt.Errorf("block %d MLP: %w", l, err)
	}
	in := y2
	for k := range c.act {
		ak := rows(c.act[k], 0, N)
		dense.Gemm(blas.NoTrans, blas.Trans, 1, in, w.W[k], 0, ak)
		if m.cfg.Activation == ShapedReLU {
			shapedReLUSlice(ak.Data, m.actPos, m.actNeg)
		} else {
			dense.Tanh(ak.Data, ak.Data)
		}
		in = ak
	}
	nx := rows(next, 0, N)
	for i, v := range xa.Data {
		nx.Data[i] = m.tM * v
	}
	dense.Gemm(blas.NoTrans, blas.Trans, m.cfg.AlphaM, in, w.W[len(w.W)-1], 1, nx)
	return nil
}

// headForward applies the LayerNorm (μ, σ² over the d features, ε = 1e-5)
//
//	x̂ = (u − μ)/√(σ² + ε),  o = γ ⊙ x̂ + β
//
// to the class token u = X^L_0 of each sequence, the head z = H o + h and
// the cross-entropy −ln softmax(z)_y; m.logits ends up holding the softmax
// probabilities.
func (m *Model) headForward(labels []int, B int) (float64, int, error) {
	d, n, C := m.d, m.n, m.cfg.Classes
	xh, o, lg := rows(m.xhat, 0, B), rows(m.o, 0, B), rows(m.logits, 0, B)
	for b := 0; b < B; b++ {
		u := m.out.Data[b*n*d : b*n*d+d]
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
