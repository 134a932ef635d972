package randmlp

import (
	"fmt"
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/mat"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/dense"
	"github.com/sigprop/sigprop/lib/internal/enum"
	"github.com/sigprop/sigprop/lib/internal/param"
	"github.com/sigprop/sigprop/lib/randmat"
)

// WeightDist is the distribution of an MLP's weight matrices.
type WeightDist int

const (
	// GaussianWeights: W_ij ~ N(0, σ_w²/N) i.i.d. (fan-in scaling; lib/sources/tanner2024.md#errata
	// pitfall 6).
	GaussianWeights WeightDist = iota
	// OrthogonalWeights: W = σ_w O with O Haar on O(N), so WᵀW = σ_w² I.
	OrthogonalWeights
)

// String returns "gaussian" or "orthogonal".
func (w WeightDist) String() string { return enum.Name(w, "WeightDist", weightDistNames) }

var weightDistNames = []string{GaussianWeights: "gaussian", OrthogonalWeights: "orthogonal"}

// MLP is a finite-width random fully connected network of constant width
// N (Poole et al. 2016; Tanner lecture lib/sources/tanner2024.md#network):
//
//	h^ℓ = W^ℓ x^{ℓ−1} + b^ℓ,  x^ℓ = φ(h^ℓ),  ℓ = 1..Depth,
//
// with b_i ~ N(0, σ_b²) and W as in Weights. Inputs x⁰ have length N.
// Its mean-field limit N → ∞ is package meanfield: q^ℓ = ‖h^ℓ‖²/N follows
// the q-map, the correlation of two inputs' h^ℓ the covariance map.
type MLP struct {
	Width   int // N >= 1
	Depth   int // L >= 1 weight layers
	Phi     activation.Func
	SigmaW2 float64 // σ_w² > 0
	SigmaB2 float64 // σ_b² >= 0
	Weights WeightDist
}

// Validate returns ErrParam, naming the field and its range, for a width
// or depth below 1, an unset φ, σ_w² outside (0, +inf), σ_b² outside
// [0, +inf) or an unknown weight distribution. The settings' Run methods
// call it; the methods of MLP trust a validated MLP and panic with its
// error otherwise (a caller bug).
func (m MLP) Validate() error {
	if err := param.AtLeast(ErrParam, param.Min("MLP.Width", m.Width, 1), param.Min("MLP.Depth", m.Depth, 1)); err != nil {
		return err
	}
	switch {
	case m.Phi.Phi == nil:
		return paramErr("MLP.Phi", "unset", "an activation (activation.ByName)")
	case !(m.SigmaW2 > 0) || math.IsInf(m.SigmaW2, 1):
		return paramErr("MLP.SigmaW2", m.SigmaW2, "in (0, +inf)")
	case !(m.SigmaB2 >= 0) || math.IsInf(m.SigmaB2, 1):
		return paramErr("MLP.SigmaB2", m.SigmaB2, "in [0, +inf)")
	case m.Weights != GaussianWeights && m.Weights != OrthogonalWeights:
		return paramErr("MLP.Weights", int(m.Weights), "GaussianWeights or OrthogonalWeights")
	}
	return nil
}

// validate panics with Validate's error: below a settings' Run, a bad MLP
// is a caller bug.
func (m MLP) validate() {
	if err := m.Validate(); err != nil {
		panic(err.Error())
	}
}

// MLPTrace records a forward pass of B inputs through one random MLP.
// Layer index l = 0..Depth−1 refers to the pre-activations h^{l+1}.
type MLPTrace struct {
	// Q[l][a] = ‖h_a^{l+1}‖²/N, the empirical q of input a.
	Q [][]float64
	// Corr[l][a][b] = ⟨h_a, h_b⟩/(‖h_a‖‖h_b‖) at layer l+1 (1 on the
	// diagonal; 0 when a norm vanishes).
	Corr [][][]float64
	// Last is N×B: the last layer's pre-activations h^L, one column per
	// input.
	Last *mat.Dense
}

// Propagate draws one network (weights and biases of every layer, from
// rng) and propagates the B columns of x0 (N×B) through it. Same rng
// state, same result. It panics if x0 does not have Width rows.
func (m MLP) Propagate(x0 mat.Matrix, rng *rand.Rand) MLPTrace {
	m.validate()
	n, b := x0.Dims()
	if n != m.Width {
		panic(fmt.Sprintf("randmlp: MLP input has %d rows, want Width = %d", n, m.Width))
	}
	x := mat.DenseCopyOf(x0)
	h := mat.NewDense(n, b, nil)
	w := mat.NewDense(n, n, nil)
	bias := make([]float64, n)
	sw := math.Sqrt(m.SigmaW2)
	sb := math.Sqrt(m.SigmaB2)
	tr := MLPTrace{Q: make([][]float64, m.Depth), Corr: make([][][]float64, m.Depth)}
	wr := w.RawMatrix()
	hr := h.RawMatrix()
	xr := x.RawMatrix()
	for l := 0; l < m.Depth; l++ {
		switch m.Weights {
		case GaussianWeights:
			randmat.Normal(wr.Data, sw/math.Sqrt(float64(n)), rng)
		case OrthogonalWeights:
			randmat.HaarInto(w, rng)
			for i := range wr.Data {
				wr.Data[i] *= sw
			}
		}
		for i := range bias {
			bias[i] = sb * rng.NormFloat64()
		}
		// h = W x + b·1ᵀ
		for i := 0; i < n; i++ {
			row := hr.Data[i*hr.Stride : i*hr.Stride+b]
			for j := range row {
				row[j] = bias[i]
			}
		}
		dense.Gemm(blas.NoTrans, blas.NoTrans, 1, wr, xr, 1, hr)
		tr.Q[l], tr.Corr[l] = mlpGram(hr, n, b)
		if l == m.Depth-1 {
			break
		}
		phi := m.Phi.Phi
		for i := 0; i < n; i++ {
			hrow := hr.Data[i*hr.Stride : i*hr.Stride+b]
			xrow := xr.Data[i*xr.Stride : i*xr.Stride+b]
			for j, v := range hrow {
				xrow[j] = phi(v)
			}
		}
	}
	tr.Last = h
	return tr
}

// mlpGram returns the per-column ‖h_a‖²/N and the correlation matrix.
func mlpGram(h blas64.General, n, b int) ([]float64, [][]float64) {
	g := make([]float64, b*b)
	for i := 0; i < n; i++ {
		row := h.Data[i*h.Stride : i*h.Stride+b]
		for a, va := range row {
			for c := a; c < b; c++ {
				g[a*b+c] += va * row[c]
			}
		}
	}
	q := make([]float64, b)
	corr := make([][]float64, b)
	for a := 0; a < b; a++ {
		q[a] = g[a*b+a] / float64(n)
		corr[a] = make([]float64, b)
	}
	for a := 0; a < b; a++ {
		corr[a][a] = 1
		for c := a + 1; c < b; c++ {
			d := math.Sqrt(g[a*b+a] * g[c*b+c])
			v := 0.0
			if d > 0 {
				v = g[a*b+c] / d
			}
			corr[a][c], corr[c][a] = v, v
		}
	}
	return q, corr
}

// MLPInputPair returns an N×2 input whose columns x_a, x_b have
// ‖x‖²/N = r exactly and empirical correlation exactly c ∈ [−1, 1]: then
// the first layer has, in the mean-field limit, q¹ = σ_w² r + σ_b² and
// c¹ = (σ_w² r c + σ_b²)/q¹. The directions are random (from rng).
func MLPInputPair(n int, r, c float64, rng *rand.Rand) *mat.Dense {
	if n < 2 {
		panic(fmt.Sprintf("randmlp: MLPInputPair needs n >= 2, got %d", n))
	}
	if !(r >= 0) || math.IsInf(r, 1) {
		panic(fmt.Sprintf("randmlp: MLPInputPair r must be in [0, +inf), got %v", r))
	}
	if !(c >= -1 && c <= 1) {
		panic(fmt.Sprintf("randmlp: MLPInputPair c must be in [-1, 1], got %v", c))
	}
	// Two orthonormal random directions by Gram–Schmidt.
	u := make([]float64, n)
	v := make([]float64, n)
	for i := range u {
		u[i], v[i] = rng.NormFloat64(), rng.NormFloat64()
	}
	mlpNormalize(u)
	var dot float64
	for i := range u {
		dot += u[i] * v[i]
	}
	for i := range v {
		v[i] -= dot * u[i]
	}
	mlpNormalize(v)
	s := math.Sqrt(r * float64(n))
	sc := math.Sqrt((1 - c) * (1 + c))
	x := mat.NewDense(n, 2, nil)
	for i := 0; i < n; i++ {
		x.Set(i, 0, s*u[i])
		x.Set(i, 1, s*(c*u[i]+sc*v[i]))
	}
	return x
}

func mlpNormalize(u []float64) {
	var s float64
	for _, x := range u {
		s += x * x
	}
	s = 1 / math.Sqrt(s)
	for i := range u {
		u[i] *= s
	}
}
