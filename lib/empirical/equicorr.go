package empirical

import (
	"fmt"
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/mat"
)

// CheckEquicorrelated returns an error naming the parameter when (n, d,
// rho, sx2) is not a valid equicorrelated Gaussian model: n >= 2, d >= 1,
// ρ ∈ [−1/(n−1), 1] (the range where (1−ρ)I + ρ11ᵀ is positive
// semi-definite) and σ_x² finite and >= 0.
func CheckEquicorrelated(n, d int, rho, sx2 float64) error {
	switch {
	case n < 2:
		return fmt.Errorf("empirical: equicorrelated n = %d, want an integer >= 2", n)
	case d < 1:
		return fmt.Errorf("empirical: equicorrelated d = %d, want an integer >= 1", d)
	}
	if lo := -1 / float64(n-1); !(rho >= lo-1e-15 && rho <= 1) {
		return fmt.Errorf("empirical: equicorrelated rho = %v, want a correlation in [-1/(n-1), 1] = [%.6g, 1] for n = %d", rho, lo, n)
	}
	if !(sx2 >= 0) || math.IsInf(sx2, 0) {
		return fmt.Errorf("empirical: equicorrelated sigma_x2 = %v, want a finite value >= 0", sx2)
	}
	return nil
}

// Equicorrelated writes into dst (n×d, allocated if nil) one draw of the
// equicorrelated Gaussian tokens of Noci et al. 2022 §3.3 (lib/sources/noci2022.md#notation):
// columns independent, each N(0, σ_x²((1−ρ)I + ρ11ᵀ)). It uses
//
//	X = σ_x ( √(1−ρ) (G − 1ḡᵀ) + √(1+(n−1)ρ) 1ḡᵀ ),  ḡ = Gᵀ1/n,
//
// with G iid N(0,1) drawn row by row, valid on the whole range
// ρ ∈ [−1/(n−1), 1] (the centred and mean parts are independent with
// covariances L and 11ᵀ/n). It is the input law of the rank-collapse
// theory (package rankcollapse) and of its simulations (package
// rankblock). It panics on a bad parameter (CheckEquicorrelated), a dst of
// the wrong shape or a nil rng.
func Equicorrelated(dst *mat.Dense, rng *rand.Rand, n, d int, rho, sx2 float64) *mat.Dense {
	if err := CheckEquicorrelated(n, d, rho, sx2); err != nil {
		panic(err.Error())
	}
	if rng == nil {
		panic("empirical: Equicorrelated needs a non-nil *rand.Rand")
	}
	if dst == nil {
		dst = mat.NewDense(n, d, nil)
	} else if r, c := dst.Dims(); r != n || c != d {
		panic(fmt.Sprintf("empirical: Equicorrelated dst is %d×%d, want %d×%d", r, c, n, d))
	}
	fn := float64(n)
	s := math.Sqrt(sx2)
	a := s * math.Sqrt(1-rho)
	b := s * math.Sqrt(math.Max(0, 1+(fn-1)*rho))
	for i := 0; i < n; i++ {
		for j := 0; j < d; j++ {
			dst.Set(i, j, rng.NormFloat64())
		}
	}
	for j := 0; j < d; j++ {
		var m float64
		for i := 0; i < n; i++ {
			m += dst.At(i, j)
		}
		m /= fn
		for i := 0; i < n; i++ {
			dst.Set(i, j, a*(dst.At(i, j)-m)+b*m)
		}
	}
	return dst
}
