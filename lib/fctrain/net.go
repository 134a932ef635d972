package fctrain

import (
	"fmt"
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/mat"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/randmat"
)

// Init describes a network and its random initialisation.
type Init struct {
	Depth   int     // hidden layers L (Width × Width)
	Width   int     // hidden width N
	SigmaW2 float64 // weight variance σ_w² (entries σ_w²/fan-in, or σ_w × Haar)
	SigmaB2 float64 // bias variance σ_b² ≥ 0
	// QStar is the fixed point q* of the q-map at (φ, σ_w², σ_b²): it sets
	// the read-out's variance 1/(Width·(q* − σ_b²)/σ_w²).
	QStar float64
	// Orthogonal draws the hidden weights as σ_w times a Haar orthogonal
	// matrix; otherwise Gaussian with entries of variance σ_w²/Width.
	Orthogonal bool
}

// validate panics on a caller bug (callers validate user settings first).
func (c Init) validate(in int) {
	if c.Depth < 1 || c.Width < 1 || in < 1 || !(c.SigmaW2 > 0) || !(c.SigmaB2 >= 0) || !(c.QStar > c.SigmaB2) ||
		math.IsInf(c.SigmaW2, 1) || math.IsInf(c.QStar, 1) {
		panic(fmt.Sprintf("fctrain: Init %+v with input size %d out of range (Depth, Width, in ≥ 1; σ_w² > 0; q* > σ_b² ≥ 0, finite)", c, in))
	}
}

// Net holds the parameters: W[0] is Width × in, W[1..Depth] Width × Width,
// W[Depth+1] Classes × Width; b likewise.
type Net struct {
	W []*mat.Dense
	b [][]float64
}

// New draws a network for inputs of size in from rng: W⁰ and b⁰, then each
// hidden layer's weights and bias in turn, then the read-out (zero bias).
// It panics if c or in is out of range.
func New(c Init, in int, rng *rand.Rand) *Net {
	c.validate(in)
	n := &Net{}
	// E φ(h)² at the fixed point is (q* − σ_b²)/σ_w² (eq. F2), so the
	// read-out's entries of variance 1/(Width·E φ²) give logits of unit
	// variance at initialisation.
	mean2 := (c.QStar - c.SigmaB2) / c.SigmaW2
	sw, sb := math.Sqrt(c.SigmaW2), math.Sqrt(c.SigmaB2)
	gauss := func(r, k int, sd float64) *mat.Dense {
		m := mat.NewDense(r, k, nil)
		raw := m.RawMatrix().Data
		for i := range raw {
			raw[i] = sd * rng.NormFloat64()
		}
		return m
	}
	bias := func(k int, sd float64) []float64 {
		v := make([]float64, k)
		for i := range v {
			v[i] = sd * rng.NormFloat64()
		}
		return v
	}
	n.W = append(n.W, gauss(c.Width, in, sw/math.Sqrt(float64(in))))
	n.b = append(n.b, bias(c.Width, sb))
	for l := 0; l < c.Depth; l++ {
		var w *mat.Dense
		if c.Orthogonal {
			w = randmat.Haar(c.Width, rng)
			w.Scale(sw, w)
		} else {
			w = gauss(c.Width, c.Width, sw/math.Sqrt(float64(c.Width)))
		}
		n.W = append(n.W, w)
		n.b = append(n.b, bias(c.Width, sb))
	}
	n.W = append(n.W, gauss(Classes, c.Width, 1/math.Sqrt(float64(c.Width)*mean2)))
	n.b = append(n.b, make([]float64, Classes))
	return n
}

// forward computes the pre-activations H[ℓ] (batch × width, ℓ = 0 … Depth) and
// the logits for the rows of x (batch × in).
func (n *Net) forward(x blas64.General, f activation.Func) (h []blas64.General, logits blas64.General) {
	cur := x
	for l, w := range n.W {
		wr := w.RawMatrix()
		out := blas64.General{Rows: cur.Rows, Cols: wr.Rows, Stride: wr.Rows, Data: make([]float64, cur.Rows*wr.Rows)}
		for i := 0; i < out.Rows; i++ {
			copy(out.Data[i*out.Stride:(i+1)*out.Stride], n.b[l])
		}
		blas64.Gemm(blas.NoTrans, blas.Trans, 1, cur, wr, 1, out)
		if l == len(n.W)-1 {
			return h, out
		}
		h = append(h, out)
		act := blas64.General{Rows: out.Rows, Cols: out.Cols, Stride: out.Stride, Data: make([]float64, len(out.Data))}
		for i, v := range out.Data {
			act.Data[i] = f.Phi(v)
		}
		cur = act
	}
	panic("fctrain: unreachable")
}

// lossGrad returns the mean cross-entropy of the batch, the number correct
// and, if grad, the gradients of the mean loss (same layout as n).
func (n *Net) lossGrad(x blas64.General, labels []int, f activation.Func, grad bool) (loss float64, correct int, g *Net) {
	h, z := n.forward(x, f)
	B := x.Rows
	dz := blas64.General{Rows: B, Cols: Classes, Stride: Classes, Data: make([]float64, B*Classes)}
	for i := 0; i < B; i++ {
		row := z.Data[i*Classes : (i+1)*Classes]
		m, arg := math.Inf(-1), 0
		for k, v := range row {
			if v > m {
				m, arg = v, k
			}
		}
		if arg == labels[i] {
			correct++
		}
		s := 0.0
		for _, v := range row {
			s += math.Exp(v - m)
		}
		lse := m + math.Log(s)
		loss += lse - row[labels[i]]
		for k, v := range row {
			p := math.Exp(v - lse)
			if k == labels[i] {
				p--
			}
			dz.Data[i*Classes+k] = p / float64(B)
		}
	}
	loss /= float64(B)
	if !grad {
		return loss, correct, nil
	}
	g = &Net{W: make([]*mat.Dense, len(n.W)), b: make([][]float64, len(n.b))}
	delta := dz
	var dphi []float64
	for l := len(n.W) - 1; l >= 0; l-- {
		var in blas64.General
		if l == 0 {
			in = x
		} else {
			hp := h[l-1]
			in = blas64.General{Rows: hp.Rows, Cols: hp.Cols, Stride: hp.Stride, Data: make([]float64, len(hp.Data))}
			dphi = make([]float64, len(hp.Data))
			for i, v := range hp.Data {
				in.Data[i], dphi[i] = f.Both(v)
			}
		}
		wr := n.W[l].RawMatrix()
		gw := mat.NewDense(wr.Rows, wr.Cols, nil)
		blas64.Gemm(blas.Trans, blas.NoTrans, 1, delta, in, 0, gw.RawMatrix())
		g.W[l] = gw
		gb := make([]float64, wr.Rows)
		for i := 0; i < B; i++ {
			for k := range gb {
				gb[k] += delta.Data[i*delta.Stride+k]
			}
		}
		g.b[l] = gb
		if l == 0 {
			break
		}
		prev := blas64.General{Rows: B, Cols: wr.Cols, Stride: wr.Cols, Data: make([]float64, B*wr.Cols)}
		blas64.Gemm(blas.NoTrans, blas.NoTrans, 1, delta, wr, 0, prev)
		for i, d := range dphi {
			switch {
			case d == 0: // a clipped unit passes nothing (not even 0·Inf)
				prev.Data[i] = 0
			case d != 1:
				prev.Data[i] *= d
			}
		}
		delta = prev
	}
	return loss, correct, g
}

func rows(e Examples, idx []int, buf []float64) (blas64.General, []int) {
	in := len(e.X) / e.Len()
	lab := make([]int, len(idx))
	for r, i := range idx {
		copy(buf[r*in:(r+1)*in], e.X[i*in:(i+1)*in])
		lab[r] = e.Labels[i]
	}
	return blas64.General{Rows: len(idx), Cols: in, Stride: in, Data: buf[:len(idx)*in]}, lab
}

// evaluate returns the mean loss and accuracy on e, in chunks.
func (n *Net) evaluate(e Examples, f activation.Func) (loss, acc float64) {
	const chunk = 250
	in := len(e.X) / e.Len()
	correct := 0
	for lo := 0; lo < e.Len(); lo += chunk {
		hi := min(lo+chunk, e.Len())
		x := blas64.General{Rows: hi - lo, Cols: in, Stride: in, Data: e.X[lo*in : hi*in]}
		l, c, _ := n.lossGrad(x, e.Labels[lo:hi], f, false)
		loss += l * float64(hi-lo)
		correct += c
	}
	return loss / float64(e.Len()), float64(correct) / float64(e.Len())
}
