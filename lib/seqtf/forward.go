package seqtf

import (
	"errors"
	"fmt"
	"math"
)

// ErrNonFinite is returned when the loss or an activation is NaN or ±Inf.
var ErrNonFinite = errors.New("seqtf: non-finite value")

// layerCache keeps one block's activations for a batch of B sequences
// (rows b·n+i).
type layerCache struct {
	x         []float64 // block input, Bn×d
	q, k, v   []float64 // projections, Bn×d
	s         []float64 // attention probabilities, B×n×n
	h         []float64 // A V: S V, plus (I − C)V when shaped; Bn×d
	a         []float64 // attention output H O + bO, Bn×d
	xh1, inv1 []float64 // LN₁: normalised rows, 1/σ per row
	x1        []float64 // X^(A), Bn×d
	z         []float64 // X^(A) W1 + b1, Bn×FF
	r         []float64 // φ(z)
	f         []float64 // feed-forward output, Bn×d
	xh2, inv2 []float64
	n1, n2    []float64 // PreLN: the normalised branch inputs LN₁(X), LN₂(X^(A))
}

type fwdCache struct {
	B      int
	layers []layerCache
	out    []float64 // X^L, Bn×d
	prob   []float64 // softmax of the logits, Bn×V
	tokens []int
	target []int
}

func (m *Model) ensure(B int) *fwdCache {
	if m.cache != nil && m.cache.B == B {
		return m.cache
	}
	n, d, ff, V := m.cfg.Len, m.cfg.D, m.cfg.FF, m.cfg.Vocab
	R := B * n
	c := &fwdCache{B: B, layers: make([]layerCache, m.cfg.Layers), out: make([]float64, R*d), prob: make([]float64, R*V)}
	for l := range c.layers {
		c.layers[l] = layerCache{
			x: make([]float64, R*d), q: make([]float64, R*d), k: make([]float64, R*d), v: make([]float64, R*d),
			s: make([]float64, B*n*n), h: make([]float64, R*d), a: make([]float64, R*d),
			xh1: make([]float64, R*d), inv1: make([]float64, R), x1: make([]float64, R*d),
			z: make([]float64, R*ff), r: make([]float64, R*ff), f: make([]float64, R*d),
			xh2: make([]float64, R*d), inv2: make([]float64, R),
		}
		if m.cfg.Norm == PreLN {
			c.layers[l].n1, c.layers[l].n2 = make([]float64, R*d), make([]float64, R*d)
		}
	}
	m.cache = c
	return c
}

func (m *Model) checkBatch(tokens, target []int) int {
	n, V := m.cfg.Len, m.cfg.Vocab
	if len(tokens) == 0 || len(tokens)%n != 0 || len(target) != len(tokens) {
		panic(fmt.Sprintf("seqtf: need B·n tokens and as many targets (n = %d), got %d and %d", n, len(tokens), len(target)))
	}
	for i, t := range tokens {
		if t < 0 || t >= V || target[i] < 0 || target[i] >= V {
			panic(fmt.Sprintf("seqtf: token %d or target %d at %d outside [0, %d)", t, target[i], i, V))
		}
	}
	return len(tokens) / n
}

// Loss returns the mean per-position cross-entropy of predicting target
// from tokens (B sequences of n, concatenated) and the number of positions
// predicted right (arg-max). It returns an error wrapping ErrNonFinite if
// an activation or the loss is not finite.
func (m *Model) Loss(tokens, target []int) (loss float64, correct int, err error) {
	B := m.checkBatch(tokens, target)
	return m.forward(tokens, target, B)
}

func (m *Model) forward(tokens, target []int, B int) (float64, int, error) {
	c := m.ensure(B)
	c.tokens, c.target = tokens, target
	n, d, ff, V := m.cfg.Len, m.cfg.D, m.cfg.FF, m.cfg.Vocab
	R := B * n
	x := c.layers[0].x
	for r := 0; r < R; r++ {
		copy(x[r*d:(r+1)*d], m.embed.v[tokens[r]*d:(tokens[r]+1)*d])
		pe := m.pe[(r%n)*d : (r%n+1)*d]
		for j := range pe {
			x[r*d+j] += pe[j]
		}
	}
	scale := m.cfg.logitScale()
	skip := m.cfg.skip()
	causal, shaped := m.cfg.Causal, m.cfg.Attention == Shaped
	sr, sl := m.cfg.reluSlopes()
	for l := range m.blocks {
		b, lc := &m.blocks[l], &c.layers[l]
		next := c.out
		if l+1 < len(m.blocks) {
			next = c.layers[l+1].x
		}
		in1 := lc.x
		if m.cfg.Norm == PreLN {
			copy(lc.n1, lc.x)
			if err := layerNorm(lc.n1, lc.xh1, lc.inv1, b.g1.v, b.b1.v, R, d, m.cfg.eps()); err != nil {
				return math.NaN(), 0, fmt.Errorf("block %d LN₁: %w", l, err)
			}
			in1 = lc.n1
		}
		for _, p := range []struct{ dst, w, bias []float64 }{{lc.q, b.wq.v, b.bq.v}, {lc.k, b.wk.v, b.bk.v}, {lc.v, b.wv.v, b.bv.v}} {
			zero(p.dst)
			mulAdd(p.dst, in1, p.w, R, d, d)
			addRows(p.dst, p.bias, R, d)
		}
		zero(lc.h)
		for s := 0; s < B; s++ {
			o := s * n * d
			S := lc.s[s*n*n : (s+1)*n*n]
			zero(S)
			mulTBAdd(S, lc.q[o:o+n*d], lc.k[o:o+n*d], n, n, d)
			for i := 0; i < n; i++ {
				row := S[i*n : (i+1)*n]
				if causal {
					zero(row[i+1:]) // S_ij = 0 for j > i
					row = row[:i+1]
				}
				mx := math.Inf(-1)
				for j := range row {
					row[j] *= scale
					mx = math.Max(mx, row[j])
				}
				sum := 0.0
				for j := range row {
					row[j] = math.Exp(row[j] - mx)
					sum += row[j]
				}
				for j := range row {
					row[j] /= sum
				}
			}
			mulAdd(lc.h[o:o+n*d], S, lc.v[o:o+n*d], n, n, d)
			if shaped {
				centreAdd(lc.h[o:o+n*d], lc.v[o:o+n*d], n, d, causal, 1)
			}
		}
		zero(lc.a)
		mulAdd(lc.a, lc.h, b.wo.v, R, d, d)
		addRows(lc.a, b.bo.v, R, d)
		a1, a2 := b.a1.v[0], b.a2.v[0]
		for i := range lc.x1 {
			lc.x1[i] = skip*lc.x[i] + a1*lc.a[i]
		}
		if m.cfg.Norm == PostLN {
			if err := layerNorm(lc.x1, lc.xh1, lc.inv1, b.g1.v, b.b1.v, R, d, m.cfg.eps()); err != nil {
				return math.NaN(), 0, fmt.Errorf("block %d LN₁: %w", l, err)
			}
		}
		in2 := lc.x1
		if m.cfg.Norm == PreLN {
			copy(lc.n2, lc.x1)
			if err := layerNorm(lc.n2, lc.xh2, lc.inv2, b.g2.v, b.b2.v, R, d, m.cfg.eps()); err != nil {
				return math.NaN(), 0, fmt.Errorf("block %d LN₂: %w", l, err)
			}
			in2 = lc.n2
		}
		zero(lc.z)
		mulAdd(lc.z, in2, b.w1.v, R, d, ff)
		addRows(lc.z, b.c1.v, R, ff)
		if m.cfg.Activation == ShapedReLU {
			for i, v := range lc.z {
				lc.r[i] = sr * v
				if v < 0 {
					lc.r[i] = sl * v
				}
			}
		} else {
			for i, v := range lc.z {
				lc.r[i] = math.Max(v, 0)
			}
		}
		zero(lc.f)
		mulAdd(lc.f, lc.r, b.w2.v, R, ff, d)
		addRows(lc.f, b.c2.v, R, d)
		for i := range next {
			next[i] = skip*lc.x1[i] + a2*lc.f[i]
		}
		if m.cfg.Norm == PostLN {
			if err := layerNorm(next, lc.xh2, lc.inv2, b.g2.v, b.b2.v, R, d, m.cfg.eps()); err != nil {
				return math.NaN(), 0, fmt.Errorf("block %d LN₂: %w", l, err)
			}
		} else if err := finite(next); err != nil {
			return math.NaN(), 0, fmt.Errorf("block %d: %w", l, err)
		}
	}
	zero(c.prob)
	mulAdd(c.prob, c.out, m.head.v, R, d, V)
	addRows(c.prob, m.headB.v, R, V)
	loss, correct := 0.0, 0
	for r := 0; r < R; r++ {
		row := c.prob[r*V : (r+1)*V]
		mx, arg := math.Inf(-1), 0
		for j, v := range row {
			if v > mx {
				mx, arg = v, j
			}
		}
		sum := 0.0
		for j := range row {
			row[j] = math.Exp(row[j] - mx)
			sum += row[j]
		}
		for j := range row {
			row[j] /= sum
		}
		loss -= math.Log(row[target[r]])
		if arg == target[r] {
			correct++
		}
	}
	loss /= float64(R)
	if math.IsNaN(loss) || math.IsInf(loss, 0) {
		return loss, correct, fmt.Errorf("loss %v: %w", loss, ErrNonFinite)
	}
	return loss, correct, nil
}

// layerNorm normalises each row of u in place to γ x̂ + β, x̂ = (u − ū)/σ,
// σ = √(var u + ε) (biased variance, as PyTorch), keeping x̂ and 1/σ.
func layerNorm(u, xh, inv, g, beta []float64, R, d int, eps float64) error {
	for r := 0; r < R; r++ {
		row := u[r*d : (r+1)*d]
		mean := 0.0
		for _, v := range row {
			mean += v
		}
		mean /= float64(d)
		vr := 0.0
		for _, v := range row {
			vr += (v - mean) * (v - mean)
		}
		is := 1 / math.Sqrt(vr/float64(d)+eps)
		if math.IsNaN(is) || math.IsInf(is, 0) || math.IsNaN(mean) || math.IsInf(mean, 0) {
			return ErrNonFinite
		}
		inv[r] = is
		for j, v := range row {
			h := (v - mean) * is
			xh[r*d+j] = h
			row[j] = g[j]*h + beta[j]
		}
	}
	return nil
}

func finite(x []float64) error {
	for _, v := range x {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return ErrNonFinite
		}
	}
	return nil
}

// centreAdd adds sign·(I − C)V to h (n×d, one sequence): the identity and
// centring terms of the shaped attention A = I + S − C, with C = (1/n)11ᵀ,
// or C_ij = 1/(i+1) for j <= i under a causal mask (eq. 9 of Noci et al.
// 2023 and its masked form). sign = 1 in the forward pass; the reverse
// pass uses centreAddT.
func centreAdd(h, v []float64, n, d int, causal bool, sign float64) {
	mean := make([]float64, d)
	if !causal {
		for r := 0; r < n; r++ {
			for j := range mean {
				mean[j] += v[r*d+j] / float64(n)
			}
		}
	}
	for i := 0; i < n; i++ {
		if causal { // the running mean of v_0..v_i
			for j := range mean {
				mean[j] += (v[i*d+j] - mean[j]) / float64(i+1)
			}
		}
		for j := range mean {
			h[i*d+j] += sign * (v[i*d+j] - mean[j])
		}
	}
}

// centreAddT adds (I − C)ᵀ dh to dv (the pullback of centreAdd).
func centreAddT(dv, dh []float64, n, d int, causal bool) {
	for i := 0; i < n; i++ {
		for j := 0; j < d; j++ {
			dv[i*d+j] += dh[i*d+j]
		}
	}
	if !causal {
		for j := 0; j < d; j++ {
			s := 0.0
			for r := 0; r < n; r++ {
				s += dh[r*d+j]
			}
			for r := 0; r < n; r++ {
				dv[r*d+j] -= s / float64(n)
			}
		}
		return
	}
	// (Cᵀ dh)_r = Σ_{i >= r} dh_i/(i+1): a suffix sum.
	acc := make([]float64, d)
	for r := n - 1; r >= 0; r-- {
		for j := 0; j < d; j++ {
			acc[j] += dh[r*d+j] / float64(r+1)
			dv[r*d+j] -= acc[j]
		}
	}
}
