package rankcollapse

import "math"

// DepthScaled is, for N tokens of input correlation Rho0, ρ^L at the
// last layer of networks of depth L under the scaling α₁² = α̃₁/L of
// Thm 3.3 (α̃₁ = At), for each depth of Depths (RhoDepth), and its limit
// L → ∞, eq. (15) (Limit, RhoLimit with SqrtL). ρ^L − Limit is O(1/L).
type DepthScaled struct {
	N      int
	Rho0   float64
	At     float64
	Depths []int
	Rho    []float64
	Limit  float64
}

// RhoDepthScaled returns DepthScaled for n tokens of input correlation
// rho0 and α̃₁ = at >= 0 at each depth of depths (each >= 1). Errors as
// RhoDepth and RhoLimit, and a depth < 1 or a negative at (ErrParam).
func RhoDepthScaled(n int, rho0, at float64, depths []int) (DepthScaled, error) {
	if !(at >= 0) || math.IsInf(at, 0) {
		return DepthScaled{}, paramErr("at", at, "finite and >= 0")
	}
	out := DepthScaled{N: n, Rho0: rho0, At: at, Depths: depths}
	for _, L := range depths {
		if L < 1 {
			return DepthScaled{}, paramErr("depth", L, "an integer >= 1")
		}
		r, err := RhoDepth(n, rho0, at/float64(L), L)
		if err != nil {
			return DepthScaled{}, err
		}
		out.Rho = append(out.Rho, r)
	}
	var err error
	out.Limit, err = RhoLimit(n, rho0, math.Sqrt(at), SqrtL)
	return out, err
}

// GradsVsN returns eq. (17) (v) and eq. (18) in its exact form (q) at
// each sequence length of ns for equicorrelated tokens of width d,
// correlation rho and entry variance sx2: the theory lines of the
// gradient-versus-n figure (App. B.3). Errors as GradV.
func GradsVsN(ns []int, d int, rho, sx2 float64) (v, q []float64, err error) {
	for _, n := range ns {
		gv, err := GradV(n, d, rho, sx2)
		if err != nil {
			return nil, nil, err
		}
		gq, _ := GradQ(n, d, rho, sx2, FormExact) // same parameter checks as GradV
		v, q = append(v, gv), append(q, gq)
	}
	return v, q, nil
}
