package rankcollapse

import (
	"fmt"
	"math"

	"github.com/sigprop/sigprop/lib/internal/param"
)

// ErrParam is wrapped by every parameter error (n < 2, ρ outside
// [−1/(n−1), 1], a negative variance, d < 1, a negative α̃), which names the
// parameter and its allowed range, so callers can test errors.Is(err,
// ErrParam). Shape mismatches of matrix arguments are caller bugs and panic
// with a "rankcollapse:" prefix.
var ErrParam = param.New("rankcollapse")

func paramErr(name string, got any, allowed string) error {
	return param.Err(ErrParam, name, got, allowed)
}

// firstErr returns the first non-nil error of a list of parameter checks
// (the checks are pure, and those after a failed one are ignored).
func firstErr(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// The ranges of the package's parameters, declared once: the checks
// below use them and lib/quantity's rankcollapse parameters take their
// bounds from them.
var (
	NRange        = param.Range{Min: 2, Max: math.Inf(1), Integer: true} // tokens n
	WidthRange    = param.Range{Min: 1, Max: math.Inf(1), Integer: true} // widths d, d_k
	VarianceRange = param.Range{Min: 0, Max: math.Inf(1), MaxOpen: true} // variances, moments, α̃
	// CorrelationRange holds the correlations of two tokens, the widest:
	// checkRho narrows its lower bound to −1/(n−1) for n tokens.
	CorrelationRange = param.Range{Min: -1, Max: 1}
	DepthRange       = param.Range{Min: 1, Max: math.Inf(1), Integer: true} // blocks L
)

func checkN(n int) error { return NRange.CheckInt(ErrParam, "n", n) }

func checkD(name string, d int) error { return WidthRange.CheckInt(ErrParam, name, d) }

// checkRho requires ρ ∈ [−1/(n−1), 1], the range of correlations for which
// (1−ρ)I + ρ11ᵀ is positive semi-definite. n must already be valid.
func checkRho(name string, n int, rho float64) error {
	lo := -1 / float64(n-1)
	if !(rho >= lo-1e-15 && rho <= CorrelationRange.Max) {
		return paramErr(name, rho, fmt.Sprintf("a correlation in [-1/(n-1), 1] = [%.6g, 1] for n = %d", lo, n))
	}
	return nil
}

func checkNonNeg(name string, x float64) error { return VarianceRange.Check(ErrParam, name, x) }

func checkFinite(name string, x float64) error {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return paramErr(name, x, "a finite real number")
	}
	return nil
}

func finite(what string, x float64) (float64, error) {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return x, fmt.Errorf("rankcollapse: %s is not finite (%v); the parameters overflow float64", what, x)
	}
	return x, nil
}
