package meanfield

import (
	"fmt"
	"math"
)

// State summarises the mean-field behaviour of a Net at its fixed point.
type State struct {
	QStar  float64 // q*, F2
	Chi1   float64 // χ₁ = σ_w² μ₁(q*), F7
	ChiQ   float64 // χ_q = V′(q*), F6
	CStar  float64 // c*, the stable fixed point of R (1 in the ordered phase)
	ChiC   float64 // χ_{c*} = R′(c*), F8
	XiQ    float64 // ξ_q = −1/log χ_q
	XiC    float64 // ξ_c = −1/log χ_{c*}
	XiGrad float64 // ξ_∇ = −1/log χ₁ (negative in the chaotic phase: growth length)
}

// depthScale is −1/log χ with the conventions of Schoenholz et al. 2017:
// +Inf at χ = 1 (critical), 0 at χ = 0.
func depthScale(name string, chi float64) (float64, error) {
	switch {
	case math.IsNaN(chi) || chi < 0:
		return 0, fmt.Errorf("meanfield: %s = %v is negative, the depth scale −1/log %s is undefined", name, chi, name)
	case chi == 1:
		return math.Inf(1), nil
	case chi == 0:
		return 0, nil
	}
	return -1 / math.Log(chi), nil
}

// DepthScales computes q*, c*, the slopes χ₁, χ_q, χ_{c*} and the depth
// scales (F9 of lib/sources/tanner2024.md#formulas, recalled from Schoenholz et al. 2017,
// arXiv:1611.01232):
//
//	ξ_q = −1/log χ_q,  ξ_c = −1/log χ_{c*},  ξ_∇ = −1/log χ₁.
//
// In the ordered phase c* = 1 and χ_{c*} = χ₁. ξ_c diverges on the edge
// of chaos while ξ_q stays finite. At χ = 1 exactly the scale is +Inf.
//
//sigprop:eq tanner2024 F9
func (n Net) DepthScales() (State, error) {
	var s State
	fp, err := n.FixedPoint()
	if err != nil {
		return s, err
	}
	q := fp.Q
	s.QStar = q
	s.Chi1 = n.Chi1At(q)
	s.ChiQ = fp.ChiQ // n.ChiQ(q)
	if s.CStar, err = n.cStarAt(q); err != nil {
		return s, err
	}
	if s.CStar == 1 {
		s.ChiC = s.Chi1
	} else {
		s.ChiC = n.ChiC(q, s.CStar)
	}
	if s.XiQ, err = depthScale("χ_q", s.ChiQ); err != nil {
		return s, err
	}
	if s.XiC, err = depthScale("χ_c*", s.ChiC); err != nil {
		return s, err
	}
	if s.XiGrad, err = depthScale("χ₁", s.Chi1); err != nil {
		return s, err
	}
	return s, nil
}
