package block

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/blas/blas64"

	"github.com/sigprop/sigprop/lib/dense"
)

// Spec parameterises one transformer block (Forward): where its norm sits
// and which, its attention sub-block (Attend) and its feed-forward
// sub-block (FeedForward), each with its own residual weights and scales.
type Spec struct {
	Norm Norm    // NoNorm, PreLN, PostLN or PreRMS
	Eps  float64 // ε of the norm (dense.NormalizeRow)
	// SqrtD computes PreRMS as √d x/|x| with one sequential sum, and
	// returns an error on a token of zero or non-finite norm (tokennet),
	// instead of dense.NormalizeRow's x/rms(x) (shapednet); the two differ
	// in rounding only.
	SqrtD bool
	// NoAttention, NoMLP leave out a sub-block (shapednet's Blocks).
	NoAttention, NoMLP bool
	Attn               AttnParams
	FF                 FFParams
}

// Weights are one block's W^Q, W^K, W^V and the feed-forward W⁰..W^ℓ.
type Weights struct {
	Q, K, V blas64.General
	F       []blas64.General
}

// Cache holds one block's activations for the reverse passes: the input X,
// the norms N1 (of X before attention, or of the attention sum after it
// with PostLN) and N2 (of the MLP input, or of the output with PostLN)
// with their 1/σ per token (Inv1, Inv2; nil: not kept), the attention
// buffers, the attention sum Z and the feed-forward buffers. Z may be X
// itself (the block then works in place).
type Cache struct {
	X, N1, N2  blas64.General
	Inv1, Inv2 []float64
	Attn       AttnBuffers
	Z          blas64.General
	FF         FFBuffers
}

// Forward runs one block on c.X and writes its output into out (out may be
// c.X when c.Z is too):
//
//	NoNorm          Z = X + f_A(X),     out = Z + f_M(Z)
//	PreLN, PreRMS   Z = X + f_A(N X),   out = Z + f_M(N Z)
//	PostLN          Z = N(X + f_A(X)),  out = N(Z + f_M(Z))
//
// with the residual weights in s.Attn and s.FF. The only error is a token
// of zero or non-finite norm with s.SqrtD.
func Forward(c *Cache, out blas64.General, w Weights, s Spec) error {
	h := c.X
	if !s.NoAttention {
		u, err := s.branch(c.N1, h, c.Inv1)
		if err != nil {
			return fmt.Errorf("attention: %w", err)
		}
		Attend(c.Attn, c.Z, h, u, w.Q, w.K, w.V, s.Attn)
		if s.Norm == PostLN {
			dense.NormalizeRows(c.N1, c.Z, c.Inv1, true, s.Eps)
			copyRows(c.Z, c.N1)
		}
		h = c.Z
	}
	if s.NoMLP {
		if &h.Data[0] != &out.Data[0] {
			copyRows(out, h)
		}
		return nil
	}
	u, err := s.branch(c.N2, h, c.Inv2)
	if err != nil {
		return fmt.Errorf("MLP: %w", err)
	}
	FeedForward(c.FF, out, h, u, w.F, s.FF)
	if s.Norm == PostLN {
		dense.NormalizeRows(c.N2, out, c.Inv2, true, s.Eps)
		copyRows(out, c.N2)
	}
	return nil
}

// branch returns the branch input of x: x itself, or its pre-norm in y.
func (s Spec) branch(y, x blas64.General, inv []float64) (blas64.General, error) {
	switch s.Norm {
	case NoNorm, PostLN:
		return x, nil
	case PreLN:
		dense.NormalizeRows(y, x, inv, true, s.Eps)
	case PreRMS:
		if s.SqrtD {
			return y, sqrtDRows(y, x, inv)
		}
		dense.NormalizeRows(y, x, inv, false, s.Eps)
	default:
		panic(fmt.Sprintf("block: Forward: unknown norm %v", s.Norm))
	}
	return y, nil
}

// sqrtDRows writes y_i = √d x_i/|x_i| and inv_i = 1/|x_i| (the squared
// norms in order, dense.OrderedRowDots, first held in inv).
func sqrtDRows(y, x blas64.General, inv []float64) error {
	sqd := math.Sqrt(float64(x.Cols))
	dense.OrderedRowDots(inv[:x.Rows], x, x)
	for i, s := range inv[:x.Rows] {
		if !(s > 0) || math.IsInf(s, 0) {
			return fmt.Errorf("block: token %d has squared norm %v; the norm needs a finite nonzero token", i, s)
		}
		iv := 1 / math.Sqrt(s)
		inv[i] = iv
		dense.Scale(row(y, i), row(x, i), sqd*iv)
	}
	return nil
}

// Stack runs Forward through the blocks of a network: block l reads c[l].X
// and writes c[l+1].X, the last block writes out. With finite, a block
// whose output holds a NaN or ±Inf stops the pass with an error naming it.
func Stack(c []Cache, out blas64.General, w []Weights, s Spec, finite bool) error {
	for l := range c {
		next := out
		if l+1 < len(c) {
			next = c[l+1].X
		}
		if err := Forward(&c[l], next, w[l], s); err != nil {
			return fmt.Errorf("block %d %w", l, err)
		}
		if !finite {
			continue
		}
		for i := 0; i < next.Rows; i++ {
			for _, v := range row(next, i) {
				if math.IsNaN(v) || math.IsInf(v, 0) {
					return fmt.Errorf("block %d output is not finite", l)
				}
			}
		}
	}
	return nil
}

// NormBack writes into dst (add: adds to dst) the pullback of g through
// the norm of s, y = Norm(x) row by row with inv its 1/σ per token as
// Forward keeps them (Cache.N1, Inv1 or N2, Inv2):
//
//	PreLN, PostLN  dx = (g − mean(g) − y mean(g⊙y))/σ
//	PreRMS         dx = (g − y (g·y)/d)/σ,  1/σ = √d inv with SqrtD
//
// exact with ε too. The row sums mean(g) and g·y are dense.Sum and
// dense.Dot (four interleaved partial sums, the same bits on every path
// of lib/dense). dst may be g itself when add is false. It panics on
// NoNorm.
func NormBack(dst, g, y blas64.General, inv []float64, s Spec, add bool) {
	d := float64(y.Cols)
	switch s.Norm {
	case PreLN, PostLN:
		for i := 0; i < y.Rows; i++ {
			gr, yr := row(g, i), row(y, i)
			mg := dense.Sum(gr) / d
			mgy := dense.Dot(gr, yr) / d
			out := row(dst, i)
			if add {
				for j := range out {
					out[j] += (gr[j] - mg - yr[j]*mgy) * inv[i]
				}
				continue
			}
			for j := range out {
				out[j] = (gr[j] - mg - yr[j]*mgy) * inv[i]
			}
		}
	case PreRMS:
		sqd := 1.0
		if s.SqrtD {
			sqd = math.Sqrt(d)
		}
		i := 0
		for ; i+4 <= y.Rows; i += 4 { // four rows' sums overlap (dense.Dot4: Dot's bits)
			gr := [4][]float64{row(g, i), row(g, i+1), row(g, i+2), row(g, i+3)}
			yr := [4][]float64{row(y, i), row(y, i+1), row(y, i+2), row(y, i+3)}
			sums := dense.Dot4(&gr, &yr)
			for r, sum := range sums {
				dense.RMSBack(row(dst, i+r), gr[r], yr[r], sqd*inv[i+r], sum/d, add)
			}
		}
		for ; i < y.Rows; i++ {
			gr, yr := row(g, i), row(y, i)
			f := sqd * inv[i]
			sum := dense.Dot(gr, yr) / d
			dense.RMSBack(row(dst, i), gr, yr, f, sum, add)
		}
	default:
		panic(fmt.Sprintf("block: NormBack: %v has no pullback", s.Norm))
	}
}
