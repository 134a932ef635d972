package jacspectrum

import (
	"fmt"
	"math"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/freeprob"
)

// AtSigma0 returns the critical orthogonal network of depth L whose
// spectrum has variance σ²_{JJᵀ} = σ₀² (F25): Critical at
// q* = QStarForSigma0(f, L, sigma02). It panics as QStarForSigma0 does
// and returns its error.
func AtSigma0(f activation.Func, L int, sigma02 float64) (Network, error) {
	q, err := QStarForSigma0(f, L, sigma02)
	if err != nil {
		return Network{}, err
	}
	return Critical(f, Orthogonal, L, q), nil
}

// Approach measures how fast the networks AtSigma0 approach their
// universal limit law (F26–F28) between depths L/4 and L.
type Approach struct {
	Depth     int     // L
	KS        float64 // KSBetween(AtSigma0 at L, limit)
	KSQuarter float64 // KSBetween(AtSigma0 at L/4, limit)
	// Exponent is the observed rate ν of KS ∝ L^{−ν}:
	//	ν = log(KSQuarter/KS)/log 4,
	// 1 for Bernoulli laws of φ′ (hard tanh, shifted ReLU) and ½ for erf
	// (QStarForSigma0).
	Exponent float64
}

// ApproachLimit compares AtSigma0(f, L, sigma02) and AtSigma0(f, L/4,
// sigma02) with limit (which should be the limit law for sigma02,
// BernoulliLimit or SmoothLimit) by KSBetween over xs. It panics unless L
// is a multiple of 4 and returns the errors of QStarForSigma0 and
// KSBetween.
//
//sigprop:eq tanner2024 F28
func ApproachLimit(f activation.Func, limit Spectrum, L int, sigma02 float64, xs []float64, c freeprob.Continuation) (Approach, error) {
	if L < 4 || L%4 != 0 {
		panic(fmt.Sprintf("jacspectrum: ApproachLimit needs L a positive multiple of 4 (got %d)", L))
	}
	a := Approach{Depth: L}
	n, err := AtSigma0(f, L, sigma02)
	if err != nil {
		return Approach{}, err
	}
	n4, err := AtSigma0(f, L/4, sigma02)
	if err != nil {
		return Approach{}, err
	}
	if a.KS, err = KSBetween(n, limit, xs, c); err != nil {
		return Approach{}, err
	}
	if a.KSQuarter, err = KSBetween(n4, limit, xs, c); err != nil {
		return Approach{}, err
	}
	a.Exponent = math.Log(a.KSQuarter/a.KS) / math.Log(4)
	return a, nil
}
