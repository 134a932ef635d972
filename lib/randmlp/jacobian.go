package randmlp

import (
	"fmt"
	"math"
	"math/rand/v2"
	"sort"

	"gonum.org/v1/gonum/mat"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/dense"
	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/randmat"
	"gonum.org/v1/gonum/blas"
)

// JacobianSim samples the input–output Jacobian
//
//	J = D^L W^L ⋯ D^1 W^1,  D^ℓ = diag φ′(h^ℓ),  h^ℓ = W^ℓ x^{ℓ−1} + b^ℓ
//
// of a width-N, depth-L random MLP (P18 eq 2, last layer on the left;
// lib/sources/tanner2024.md#monte-carlo "Jacobian at the fixed point"): the input is x⁰ = φ(h⁰) with
// h⁰_i ~ N(0, q*), rescaled so that q¹ = σ_w²‖x⁰‖²/N + σ_b² = q* exactly
// (when q* > σ_b²), weights are Gaussian N(0, σ_w²/N) or
// σ_w·Haar, biases N(0, σ_b²). With IndependentD the D^ℓ are instead drawn
// i.i.d. as φ′(√q* z) and not coupled to W (the cheaper variant of lib/sources/tanner2024.md#monte-carlo;
// same limit law). With CholeskyHaar, orthogonal layers are applied as
// Z R^{−1} (ZᵀZ = RᵀR, see cholHaar) from the same random numbers: the
// same Haar matrices to about 1e-9, at about a third of the cost at
// N = 1000 (the default forms each one by Householder QR).
type JacobianSim struct {
	Width, Depth     int
	Phi              activation.Func
	SigmaW2, SigmaB2 float64
	Weights          WeightDist
	QStar            float64
	IndependentD     bool
	CholeskyHaar     bool
	// Workers is the number of goroutines PooledEigs spreads the singular
	// value decompositions over (0 or 1: one); the Jacobians are drawn in
	// order on one goroutine, so the result does not depend on it.
	Workers int
}

func (s JacobianSim) validate() {
	switch {
	case s.Width < 1 || s.Depth < 1:
		panic(fmt.Sprintf("randmlp: JacobianSim needs Width, Depth >= 1, got %d, %d", s.Width, s.Depth))
	case s.Phi.Phi == nil || s.Phi.DPhi == nil:
		panic("randmlp: JacobianSim needs an activation (Phi)")
	case !(s.SigmaW2 > 0) || math.IsInf(s.SigmaW2, 0):
		panic(fmt.Sprintf("randmlp: JacobianSim needs sigma_w^2 > 0, got %v", s.SigmaW2))
	case !(s.SigmaB2 >= 0) || math.IsInf(s.SigmaB2, 0):
		panic(fmt.Sprintf("randmlp: JacobianSim needs sigma_b^2 >= 0, got %v", s.SigmaB2))
	case !(s.QStar >= 0) || math.IsInf(s.QStar, 0):
		panic(fmt.Sprintf("randmlp: JacobianSim needs q* >= 0, got %v", s.QStar))
	case s.Workers < 0:
		panic(fmt.Sprintf("randmlp: JacobianSim needs Workers >= 0, got %d", s.Workers))
	}
}

// jacWeights draws one weight matrix.
func (s JacobianSim) jacWeights(w *mat.Dense, rng *rand.Rand) {
	sw := math.Sqrt(s.SigmaW2)
	switch s.Weights {
	case GaussianWeights:
		randmat.Normal(w.RawMatrix().Data, sw/math.Sqrt(float64(s.Width)), rng)
	case OrthogonalWeights:
		randmat.HaarInto(w, rng)
		w.Scale(sw, w)
	default:
		panic(fmt.Sprintf("randmlp: unknown weight distribution %d", int(s.Weights)))
	}
}

// Eigs returns the N eigenvalues λ = s² of JJᵀ for one draw, in increasing
// order, from the singular values of J (more accurate than an
// eigendecomposition of JJᵀ for small values). Singular values below 1e-8
// are returned as exact zeros (Bernoulli D gives exact rank loss).
func (s JacobianSim) Eigs(rng *rand.Rand) ([]float64, error) {
	s.validate()
	j, err := s.jacobian(rng)
	if err != nil {
		return nil, err
	}
	return jacEigs(j, s.Depth)
}

// jacobian draws one network and returns its input–output Jacobian.
func (s JacobianSim) jacobian(rng *rand.Rand) (*mat.Dense, error) {
	n := s.Width
	x := make([]float64, n)
	sq := math.Sqrt(s.QStar)
	norm2 := 0.0
	for i := range x {
		x[i] = s.Phi.Phi(sq * rng.NormFloat64())
		norm2 += x[i] * x[i]
	}
	// Normalise so that q¹ = σ_w²‖x⁰‖²/N + σ_b² = q* exactly. Near the EoC
	// with small σ_b² the q-map relaxes slowly (ξ_q ≫ L), so an O(N^{-1/2})
	// error in q¹ persists through every layer and biases χ₁ in the same
	// direction each time: at N = 500, L = 8 (erf, q* = 0.103) an unnormalised
	// input moved m₁ by ±8%.
	if target := (s.QStar - s.SigmaB2) * float64(n) / s.SigmaW2; target > 0 && norm2 > 0 {
		f := math.Sqrt(target / norm2)
		for i := range x {
			x[i] *= f
		}
	}
	j := mat.NewDense(n, n, nil)
	for i := 0; i < n; i++ {
		j.Set(i, i, 1)
	}
	w := mat.NewDense(n, n, nil)
	tmp := mat.NewDense(n, n, nil)
	h := make([]float64, n)
	sb := math.Sqrt(s.SigmaB2)
	var ch *cholHaar
	if s.CholeskyHaar && s.Weights == OrthogonalWeights {
		ch = newCholHaar(n)
	}
	for l := 0; l < s.Depth; l++ {
		if ch != nil {
			copy(h, x)
			if err := ch.apply(rng, math.Sqrt(s.SigmaW2), j.RawMatrix(), tmp.RawMatrix(), h); err != nil {
				return nil, err
			}
			for i := range h {
				h[i] *= math.Sqrt(s.SigmaW2)
			}
		} else {
			s.jacWeights(w, rng)
			hv := mat.NewVecDense(n, h)
			hv.MulVec(w, mat.NewVecDense(n, x))
		}
		for i := range h {
			h[i] += sb * rng.NormFloat64()
		}
		if ch == nil {
			dense.Gemm(blas.NoTrans, blas.NoTrans, 1, w.RawMatrix(), j.RawMatrix(), 0, tmp.RawMatrix())
		}
		raw := tmp.RawMatrix()
		for i := 0; i < n; i++ {
			var d float64
			if s.IndependentD {
				d = s.Phi.DPhi(sq * rng.NormFloat64())
			} else {
				x[i], d = s.Phi.Both(h[i])
			}
			row := raw.Data[i*raw.Stride : i*raw.Stride+n]
			for k := range row {
				row[k] *= d
			}
		}
		j, tmp = tmp, j
	}
	return j, nil
}

// jacEigs returns the eigenvalues of j jᵀ as Eigs does.
func jacEigs(j *mat.Dense, depth int) ([]float64, error) {
	n, _ := j.Dims()
	var svd mat.SVD
	if !svd.Factorize(j, mat.SVDNone) {
		return nil, fmt.Errorf("randmlp: SVD of the Jacobian failed")
	}
	sv := svd.Values(nil)
	out := make([]float64, n)
	for i, v := range sv {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, fmt.Errorf("randmlp: non-finite singular value %v (depth %d too large for this σ_w?)", v, depth)
		}
		if v >= 1e-8 {
			out[i] = v * v
		}
	}
	sort.Float64s(out)
	return out, nil
}

// PooledEigs concatenates Eigs over draws independent draws.
func (s JacobianSim) PooledEigs(draws int, rng *rand.Rand) ([]float64, error) {
	if draws < 1 {
		panic(fmt.Sprintf("randmlp: PooledEigs needs draws >= 1, got %d", draws))
	}
	s.validate()
	eigs := make([][]float64, draws)
	errs := make([]error, draws)
	type slot struct {
		j   *mat.Dense
		err error
	}
	empirical.DrawRun(draws, s.Workers, func() *slot { return new(slot) },
		func(sl *slot, k int) { sl.j, sl.err = s.jacobian(rng) },
		func(sl *slot, k int) {
			if sl.err != nil {
				errs[k] = sl.err
				return
			}
			eigs[k], errs[k] = jacEigs(sl.j, s.Depth)
		})
	var all []float64
	for k := range eigs {
		if errs[k] != nil {
			return nil, errs[k]
		}
		all = append(all, eigs[k]...)
	}
	sort.Float64s(all)
	return all, nil
}

// SingularValueHistogram returns the bin centres and the histogram density
// of the singular values s = √λ of eigs over the given increasing bin
// edges, normalised by the total count (so exact zeros, an atom, reduce
// the area below 1 instead of appearing as a spike).
func SingularValueHistogram(eigs, edges []float64) (centres, dens []float64) {
	if len(edges) < 2 {
		panic("randmlp: SingularValueHistogram needs at least two edges")
	}
	counts := make([]float64, len(edges)-1)
	for _, l := range eigs {
		if l <= 0 {
			continue
		}
		s := math.Sqrt(l)
		k := sort.SearchFloat64s(edges, s) - 1
		if s == edges[0] {
			k = 0
		}
		if k >= 0 && k < len(counts) {
			counts[k]++
		}
	}
	centres = make([]float64, len(counts))
	dens = make([]float64, len(counts))
	for i := range counts {
		centres[i] = (edges[i] + edges[i+1]) / 2
		dens[i] = counts[i] / (float64(len(eigs)) * (edges[i+1] - edges[i]))
	}
	return centres, dens
}
