package activation

import "math"

// Computes reports whether f computes what g does, φ and φ′ alike, to
// 1e-15 (relative where |φ| > 1) at twelve points over [−4, 4], zero
// included. A simulator whose arithmetic is written for one φ (vit's
// tanh on lib/dense, rankblock's and seqtf's ReLU) asks it whether a
// Func it is handed is that φ: judged by what the function computes,
// never by its name (TestNoNameSwitches).
func (f Func) Computes(g func(h float64) (phi, dphi float64)) bool {
	if f.Phi == nil || f.DPhi == nil {
		return false
	}
	for _, h := range []float64{-4, -3, -1.2, -0.4, -1e-3, 0, 1e-3, 0.5, 1.1, 1.7, 2.7, 4} {
		q, e := g(h)
		p2, d2 := f.Both(h)
		for _, v := range [][2]float64{{f.Phi(h), f.DPhi(h)}, {p2, d2}} { // Phi and DPhi, and PhiDPhi where set
			if math.Abs(v[0]-q) > 1e-15*math.Max(1, math.Abs(q)) || math.Abs(v[1]-e) > 1e-15*math.Max(1, math.Abs(e)) {
				return false
			}
		}
	}
	return true
}

// TanhLaw, ReLULaw and LinearLaw are φ and φ′ of tanh, ReLU (φ′(0) = 0)
// and the identity, for Computes.
func TanhLaw(h float64) (phi, dphi float64) { t := math.Tanh(h); return t, 1 - t*t }

// ReLULaw is max(0, h) and its derivative, 0 at h = 0 (see TanhLaw).
func ReLULaw(h float64) (phi, dphi float64) {
	if h > 0 {
		return h, 1
	}
	return 0, 0
}

// LinearLaw is the identity and its derivative 1 (see TanhLaw).
func LinearLaw(h float64) (phi, dphi float64) { return h, 1 }
