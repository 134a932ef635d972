package shapednet

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/psd"
)

// Readout draws the output of Eq. (21) of Noci et al. 2023 for each
// terminal covariance in final (row-major m×m blocks, one per network or
// per SDE path, as Run.Final and sde.Result.Final hold them): with the
// readout X_out = W_out X_d/√n, W_out ∈ ℝ^{n_out×n} of i.i.d. N(0, 1)
// entries independent of X_d,
//
//	X_out | X_d ∼ N(0, V ⊗ I_{n_out}),   V = X_d X_dᵀ/n,
//
// exactly at every width, and in the limit V = V_T: unconditionally a
// Gaussian scale mixture over the law of V_T. Readout returns one output
// unit (n_out = 1; further units are conditionally independent copies) per
// block, out[i][α] for token α, drawn as L z with L Lᵀ = V (a
// semi-definite Cholesky factor) and z ∼ N(0, I_m) from rng, which is the
// law of W_out X_d/√n given X_d without forming X_d. Errors: a block that is
// not numerically PSD. It panics unless len(final) is a positive multiple
// of m².
//
//sigprop:eq noci2023 eq21
func Readout(final []float64, m int, rng *rand.Rand) ([][]float64, error) {
	mm := m * m
	if m < 1 || len(final) == 0 || len(final)%mm != 0 {
		panic(fmt.Sprintf("shapednet: Readout needs blocks of %d×%d (got %d values)", m, m, len(final)))
	}
	n := len(final) / mm
	out := make([][]float64, n)
	l := make([]float64, mm)
	z := make([]float64, m)
	for i := range out {
		if !psd.CholeskySemi(l, final[i*mm:(i+1)*mm], m, 1e-13) {
			return nil, fmt.Errorf("shapednet: Readout: covariance %d is not PSD", i)
		}
		for k := range z {
			z[k] = rng.NormFloat64()
		}
		out[i] = make([]float64, m)
		for a := 0; a < m; a++ {
			s := 0.0
			for b := 0; b <= a; b++ {
				s += l[a*m+b] * z[b]
			}
			out[i][a] = s
		}
	}
	return out, nil
}

// MixtureDensity returns the density at each x of the Gaussian scale
// mixture of Eq. (21) for token a: the mean over the blocks of final of
// the N(0, V^{aa}) density, the unconditional law of one output unit when
// final holds samples of V_T. It panics as Readout does or unless
// 0 ≤ a < m; blocks with V^{aa} = 0 contribute no density.
//
//sigprop:eq noci2023 eq21
func MixtureDensity(final []float64, m, a int, xs []float64) []float64 {
	mm := m * m
	if m < 1 || a < 0 || a >= m || len(final) == 0 || len(final)%mm != 0 {
		panic(fmt.Sprintf("shapednet: MixtureDensity needs blocks of %d×%d and 0 ≤ a < m (got %d values, a = %d)", m, m, len(final), a))
	}
	n := len(final) / mm
	out := make([]float64, len(xs))
	for i := 0; i < n; i++ {
		v := final[i*mm+a*m+a]
		if !(v > 0) {
			continue
		}
		for k, x := range xs {
			out[k] += math.Exp(-x*x/(2*v)) / math.Sqrt(2*math.Pi*v)
		}
	}
	for k := range out {
		out[k] /= float64(n)
	}
	return out
}

// Column returns out[i][a] over i: token a's outputs.
func Column(out [][]float64, a int) []float64 {
	c := make([]float64, len(out))
	for i, r := range out {
		c[i] = r[a]
	}
	return c
}

// FourthMoment returns the sample mean of x⁴ with its standard error and
// the sample mean of x²: under Eq. (21), E X⁴ = 3E[V²] for one output
// unit, against 3(E X²)² = 3(E V)² were the output Gaussian.
func FourthMoment(x []float64) (m4, se4, m2 float64) {
	x4, x2 := make([]float64, len(x)), make([]float64, len(x))
	for i, v := range x {
		x2[i], x4[i] = v*v, v*v*v*v
	}
	m4, se4 = empirical.MeanSE(x4)
	m2, _ = empirical.MeanSE(x2)
	return m4, se4, m2
}

// SquaredMoment returns 3 × the sample mean of v² with its standard
// error: the fourth moment 3E[V²] of the scale mixture over the samples v
// of V^{aa}.
func SquaredMoment(v []float64) (m, se float64) {
	s := make([]float64, len(v))
	for i, x := range v {
		s[i] = 3 * x * x
	}
	return empirical.MeanSE(s)
}
