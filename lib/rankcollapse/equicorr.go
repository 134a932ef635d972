package rankcollapse

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/internal/enum"
	"gonum.org/v1/gonum/mat"
)

// Form selects between the paper's printed eq. (18) and its exact value.
type Form int

const (
	// FormExact is the exact expectation, eq. (18) × (1 + 4(1−ρ)/(nd)).
	FormExact Form = iota
	// FormPaper is eq. (18) as printed, which assumes ‖X‖² and ‖P‖²
	// uncorrelated.
	FormPaper
)

func (f Form) String() string {
	return enum.Name(f, "Form", []string{FormExact: "exact", FormPaper: "paper"})
}

// CheckEquicorr returns ErrParam naming the first of n, d, ρ and σ_x²
// outside the range of the equicorrelated input law: n >= 2, d >= 1,
// ρ ∈ [−1/(n−1), 1] (the correlations for which the token covariance is
// positive semi-definite) and σ_x² >= 0.
func CheckEquicorr(n, d int, rho, sx2 float64) error { return checkEquicorr(n, d, rho, sx2) }

// CheckRho returns ErrParam naming name when rho is not a correlation of n
// equicorrelated tokens, ρ ∈ [−1/(n−1), 1], or n when n < 2.
func CheckRho(name string, n int, rho float64) error {
	return firstErr(checkN(n), checkRho(name, n, rho))
}

func checkEquicorr(n, d int, rho, sx2 float64) error {
	return firstErr(checkN(n), checkD("d", d), checkRho("rho", n, rho), checkNonNeg("sigma_x2", sx2))
}

// GradV returns eq. (17), the expected squared Frobenius norm of ∂S/∂W^V
// under uniform attention for equicorrelated Gaussian tokens (lib/sources/noci2022.md#notation) with
// d = d_v = d_k, entry variance σ_x² = sx2 and pairwise correlation ρ:
//
//	E‖∂S/∂W^V‖_F² = σ_x² d² (1 + ρ(n−1)).
//
// It is exact (Var x̄_i = σ_x²(1+ρ(n−1))/n, then eq. 6). Endpoints: ρ = 1
// gives σ_x²d²n, ρ = 0 gives σ_x²d², ρ = −1/(n−1) gives 0. It errors if
// n < 2, d < 1, ρ ∉ [−1/(n−1), 1] or σ_x² < 0.
//
//sigprop:eq noci2022 eq17
func GradV(n, d int, rho, sx2 float64) (float64, error) {
	if err := checkEquicorr(n, d, rho, sx2); err != nil {
		return 0, err
	}
	fd := float64(d)
	return sx2 * fd * fd * math.Max(0, 1+rho*float64(n-1)), nil
}

// GradQ returns the expected squared Frobenius norm of ∂S/∂W^Q (and of
// ∂S/∂W^K) under uniform attention for equicorrelated Gaussian tokens:
//
//	FormPaper:  σ_x⁶ (n−1)/n (1−ρ)² d (n+d)                          (18)
//	FormExact:  (18) × (1 + 4(1−ρ)/(nd))
//
// The exact factor comes from E[‖X‖²‖P‖²] = σ_x⁶(1−ρ)²d(n−1)(n+d)(nd+4(1−ρ))
// (lib/sources/noci2022.md#derived-jacobians (eq. 18, exact)), while (18) replaces it by E‖X‖²·E‖P‖²; at n = 4, d = 3,
// ρ = 0.2 the printed form is 27% low. Both vanish at ρ = 1 (Thm 3.2).
// Multiply by τ² for the tempered softmax (eq. 46).
//
//sigprop:eq noci2022 eq18 erratum=lib/sources/noci2022.md#erratum-2
func GradQ(n, d int, rho, sx2 float64, f Form) (float64, error) {
	if err := checkEquicorr(n, d, rho, sx2); err != nil {
		return 0, err
	}
	fn, fd := float64(n), float64(d)
	q := sx2 * sx2 * sx2 * (fn - 1) / fn * (1 - rho) * (1 - rho) * fd * (fn + fd)
	switch f {
	case FormPaper:
		return q, nil
	case FormExact:
		return q * (1 + 4*(1-rho)/(fn*fd)), nil
	}
	return 0, paramErr("form", f, "exact or paper")
}

// CentredGramMoment returns E‖P‖_F² = σ_x⁴(1−ρ)² d (n−1)(n+d) for
// equicorrelated Gaussian tokens, the Isserlis computation of App. A.2
// (exact: P/(σ_x²(1−ρ)) is Wishart with n−1 degrees of freedom).
func CentredGramMoment(n, d int, rho, sx2 float64) (float64, error) {
	if err := checkEquicorr(n, d, rho, sx2); err != nil {
		return 0, err
	}
	fn, fd := float64(n), float64(d)
	return sx2 * sx2 * (1 - rho) * (1 - rho) * fd * (fn - 1) * (fn + fd), nil
}

// Tau returns the inverse temperature of eq. (47) that makes the tempered
// query gradient τ²·GradQ (eq. 46) equal to the value gradient GradV:
//
//	τ² = d n (1 + ρ(n−1)) / ( σ_x⁴ (1−ρ)² (n+d)(n−1) )           (FormPaper, eq. 47)
//
// and the same divided by 1 + 4(1−ρ)/(nd) for FormExact. It needs ρ < 1
// and σ_x² > 0 (τ diverges as ρ → 1 or σ_x² → 0); ρ = −1/(n−1) gives 0.
//
//sigprop:eq noci2022 eq47
func Tau(n, d int, rho, sx2 float64, f Form) (float64, error) {
	if err := checkEquicorr(n, d, rho, sx2); err != nil {
		return 0, err
	}
	if !(rho < 1) {
		return 0, paramErr("rho", rho, fmt.Sprintf("< 1 for the inverse temperature (τ diverges as ρ → 1); range [%.6g, 1)", -1/float64(n-1)))
	}
	if !(sx2 > 0) {
		return 0, paramErr("sigma_x2", sx2, "> 0 for the inverse temperature (τ diverges as σ_x² → 0)")
	}
	v, _ := GradV(n, d, rho, sx2)
	q, err := GradQ(n, d, rho, sx2, f)
	if err != nil {
		return 0, err
	}
	return finite("tau", math.Sqrt(v/q))
}

// LogRatioQV returns ln(GradQ/GradV), the statistic of Figs. 13–14 read as
// the natural log of the ratio of squared norms (lib/sources/noci2022.md#figures):
//
//	ln [ σ_x⁴ (n−1)(1−ρ)²(n+d) / (n d (1+ρ(n−1))) ]   (FormPaper).
//
// It needs −1/(n−1) < ρ < 1 and σ_x² > 0 so that both norms are positive.
func LogRatioQV(n, d int, rho, sx2 float64, f Form) (float64, error) {
	if err := checkEquicorr(n, d, rho, sx2); err != nil {
		return 0, err
	}
	v, _ := GradV(n, d, rho, sx2)
	q, err := GradQ(n, d, rho, sx2, f)
	if err != nil {
		return 0, err
	}
	if !(v > 0 && q > 0) {
		return 0, paramErr("rho", rho, "strictly inside (-1/(n-1), 1) with sigma_x2 > 0 for a finite log ratio")
	}
	return math.Log(q / v), nil
}

// SampleEquicorrelated writes into dst (n×d, allocated if nil) one draw of
// the equicorrelated Gaussian model of §3.3 (columns independent, each
// N(0, σ_x²((1−ρ)I + ρ11ᵀ))); the sampler lives in package empirical
// (empirical.Equicorrelated, same draws). It panics on a bad parameter
// (use GradV's checks first for user input) or a nil rng.
func SampleEquicorrelated(dst *mat.Dense, rng *rand.Rand, n, d int, rho, sx2 float64) *mat.Dense {
	if err := checkEquicorr(n, d, rho, sx2); err != nil {
		panic(err.Error())
	}
	if rng == nil {
		panic("rankcollapse: SampleEquicorrelated needs a non-nil *rand.Rand")
	}
	return empirical.Equicorrelated(dst, rng, n, d, rho, sx2)
}
