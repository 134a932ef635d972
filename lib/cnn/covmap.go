package cnn

import (
	"errors"
	"fmt"
	"math"

	"github.com/sigprop/sigprop/lib/activation"
)

// Init is the initialisation of the convolution kernels.
type Init int

const (
	// Gaussian kernels: every tap W_{β,ij} ∼ N(0, σ_w²/((2k+1)c)), so 𝒜
	// averages the 2k+1 shifted copies of 𝒞(Σ) uniformly.
	Gaussian Init = iota
	// DeltaOrthogonal kernels (Xiao et al. 2018): W_0 = σ_w O with O
	// Haar on O(c), every other tap zero, so 𝒜 is the identity.
	DeltaOrthogonal
)

func (i Init) String() string {
	switch i {
	case Gaussian:
		return "gaussian"
	case DeltaOrthogonal:
		return "delta-orthogonal"
	}
	return fmt.Sprintf("Init(%d)", int(i))
}

// Net is a deep 1-D CNN at initialisation: activation, weight and bias
// variances, kernel width Taps = 2k+1 (odd) and initialisation.
type Net struct {
	Phi     activation.Func
	SigmaW2 float64 // σ_w² > 0
	SigmaB2 float64 // σ_b² ≥ 0
	Taps    int     // 2k+1, odd and ≥ 1
	Init    Init
}

// ErrNonFinite reports a covariance that left the finite numbers.
var ErrNonFinite = errors.New("cnn: non-finite covariance")

func (n Net) validate() {
	if n.Phi.Phi == nil {
		panic("cnn: Net.Phi has no φ")
	}
	if !(n.SigmaW2 > 0) || math.IsInf(n.SigmaW2, 0) || !(n.SigmaB2 >= 0) || math.IsInf(n.SigmaB2, 0) {
		panic(fmt.Sprintf("cnn: need σ_w² > 0 and σ_b² ≥ 0 finite (got %g, %g)", n.SigmaW2, n.SigmaB2))
	}
	if n.Taps < 1 || n.Taps%2 == 0 {
		panic(fmt.Sprintf("cnn: Taps must be odd and ≥ 1 (got %d)", n.Taps))
	}
	if n.Init != Gaussian && n.Init != DeltaOrthogonal {
		panic(fmt.Sprintf("cnn: unknown Init %d", int(n.Init)))
	}
}

// weights returns v_β for β = −k..k (index β+k): uniform 1/(2k+1) for
// Gaussian kernels, δ_{β,0} for delta-orthogonal ones.
func (n Net) weights() []float64 {
	v := make([]float64, n.Taps)
	if n.Init == DeltaOrthogonal {
		v[n.Taps/2] = 1
		return v
	}
	for i := range v {
		v[i] = 1 / float64(n.Taps)
	}
	return v
}

func checkSquare(s [][]float64) int {
	p := len(s)
	if p == 0 {
		panic("cnn: empty covariance")
	}
	for _, r := range s {
		if len(r) != p {
			panic(fmt.Sprintf("cnn: covariance must be square (%d rows, a row of %d)", p, len(r)))
		}
	}
	return p
}

// spatial returns σ_w² 𝒜⋆k + σ_b² with circular indices:
//
//	[𝒜⋆k]_{αα′} = Σ_{|β|≤k} v_β k_{α+β, α′+β}.
func (n Net) spatial(k [][]float64) ([][]float64, error) {
	p := len(k)
	v, half := n.weights(), n.Taps/2
	out := make([][]float64, p)
	for a := range out {
		out[a] = make([]float64, p)
		for b := range out[a] {
			s := 0.0
			for j, w := range v {
				if w == 0 {
					continue
				}
				beta := j - half
				s += w * k[mod(a+beta, p)][mod(b+beta, p)]
			}
			out[a][b] = n.SigmaW2*s + n.SigmaB2
			if math.IsNaN(out[a][b]) || math.IsInf(out[a][b], 0) {
				return nil, fmt.Errorf("%w at (%d, %d)", ErrNonFinite, a, b)
			}
		}
	}
	return out, nil
}

func mod(a, p int) int { return ((a % p) + p) % p }

// FirstLayer returns Σ¹ = σ_w² 𝒜⋆K⁰ + σ_b², the covariance (over weights)
// of the first pre-activations given the input's Gram matrix
// K⁰_{αα′} = Σ_j x⁰_{α,j} x⁰_{α′,j}/c. It panics unless gram is square.
func (n Net) FirstLayer(gram [][]float64) ([][]float64, error) {
	n.validate()
	checkSquare(gram)
	return n.spatial(gram)
}

// CovMap returns Σ^{ℓ+1} = σ_w² 𝒜⋆𝒞(Σ^ℓ) + σ_b² (Xiao et al. 2018, eq.
// in one dimension), with [𝒞(Σ)]_{αα′} = E φ(h_α)φ(h_α′) for
// h ∼ N(0, Σ) (activation.Func.Kernel at variances Σ_αα, Σ_α′α′ and
// correlation Σ_αα′/√(Σ_αα Σ_α′α′)). It panics unless sigma is square
// with a positive diagonal; a non-finite result is an error.
func (n Net) CovMap(sigma [][]float64) ([][]float64, error) {
	n.validate()
	p := checkSquare(sigma)
	c := make([][]float64, p)
	for a := range c {
		c[a] = make([]float64, p)
		if !(sigma[a][a] > 0) || math.IsInf(sigma[a][a], 0) {
			panic(fmt.Sprintf("cnn: covariance diagonal must be positive and finite (Σ[%d][%d] = %g)", a, a, sigma[a][a]))
		}
	}
	for a := 0; a < p; a++ {
		for b := a; b < p; b++ {
			r := sigma[a][b] / math.Sqrt(sigma[a][a]*sigma[b][b])
			r = math.Max(-1, math.Min(1, r))
			c[a][b] = n.Phi.Kernel(sigma[a][a], sigma[b][b], r)
			c[b][a] = c[a][b]
		}
	}
	return n.spatial(c)
}

// Trajectory returns Σ¹, …, Σ^L from the input Gram matrix (FirstLayer,
// then CovMap L−1 times). It panics if L < 1.
func (n Net) Trajectory(gram [][]float64, L int) ([][][]float64, error) {
	if L < 1 {
		panic(fmt.Sprintf("cnn: Trajectory needs L >= 1 (got %d)", L))
	}
	s, err := n.FirstLayer(gram)
	if err != nil {
		return nil, err
	}
	out := [][][]float64{s}
	for l := 2; l <= L; l++ {
		if s, err = n.CovMap(s); err != nil {
			return nil, fmt.Errorf("cnn: layer %d: %w", l, err)
		}
		out = append(out, s)
	}
	return out, nil
}

// Corr returns the correlation Σ_{αα′}/√(Σ_αα Σ_α′α′) of a covariance.
func Corr(sigma [][]float64, a, b int) float64 {
	return sigma[a][b] / math.Sqrt(sigma[a][a]*sigma[b][b])
}

// LagCorr returns, for each layer of a trajectory of covariances, the
// correlation between positions a and a+lag (circularly).
func LagCorr(traj [][][]float64, a, lag int) []float64 {
	out := make([]float64, len(traj))
	for l, s := range traj {
		out[l] = Corr(s, a, mod(a+lag, len(s)))
	}
	return out
}
