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
// KSBetween. It is ApproachOf with the networks of ApproachNetworks and
// their supports.
//
//sigprop:eq tanner2024 F28
func ApproachLimit(f activation.Func, limit Spectrum, L int, sigma02 float64, xs []float64, c freeprob.Continuation) (Approach, error) {
	n, n4, err := ApproachNetworks(f, L, sigma02)
	if err != nil {
		return Approach{}, err
	}
	sup, err := Support(n, c)
	if err != nil {
		return Approach{}, err
	}
	sup4, err := Support(n4, c)
	if err != nil {
		return Approach{}, err
	}
	return ApproachOf(n, n4, sup, sup4, limit, xs, c)
}

// ApproachNetworks returns the networks ApproachLimit compares with the
// limit law: AtSigma0(f, L, sigma02) and AtSigma0(f, L/4, sigma02). It
// panics unless L is a positive multiple of 4 and returns the errors of
// QStarForSigma0.
func ApproachNetworks(f activation.Func, L int, sigma02 float64) (n, n4 Network, err error) {
	if L < 4 || L%4 != 0 {
		panic(fmt.Sprintf("jacspectrum: ApproachLimit needs L a positive multiple of 4 (got %d)", L))
	}
	if n, err = AtSigma0(f, L, sigma02); err != nil {
		return Network{}, Network{}, err
	}
	if n4, err = AtSigma0(f, L/4, sigma02); err != nil {
		return Network{}, Network{}, err
	}
	return n, n4, nil
}

// ApproachOf is ApproachLimit for the networks n and n4 of
// ApproachNetworks given with their supports sup = Support(n, c) and
// sup4 = Support(n4, c), for a caller that needs those supports for
// other checks too (the bisection of the support's edges is most of the
// cost): KS = KSBetween(n, limit) and KSQuarter = KSBetween(n4, limit)
// over xs, with the limit's support and CDF computed once for both. It
// panics unless n4's depth is a quarter of n's.
func ApproachOf(n, n4 Network, sup, sup4 []Interval, limit Spectrum, xs []float64, c freeprob.Continuation) (Approach, error) {
	if n.Depth < 4 || n4.Depth*4 != n.Depth {
		panic(fmt.Sprintf("jacspectrum: ApproachOf needs depths L and L/4 (got %d and %d)", n.Depth, n4.Depth))
	}
	fn, err := CDF(n, xs, sup, c)
	if err != nil {
		return Approach{}, err
	}
	supLim, err := Support(limit, c)
	if err != nil {
		return Approach{}, err
	}
	fl, err := CDF(limit, xs, supLim, c)
	if err != nil {
		return Approach{}, err
	}
	fn4, err := CDF(n4, xs, sup4, c)
	if err != nil {
		return Approach{}, err
	}
	a := Approach{Depth: n.Depth, KS: maxAbsDiff(fn, fl), KSQuarter: maxAbsDiff(fn4, fl)}
	a.Exponent = math.Log(a.KSQuarter/a.KS) / math.Log(4)
	return a, nil
}
