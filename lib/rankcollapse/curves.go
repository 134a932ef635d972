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
		if !DepthRange.Contains(float64(L)) {
			return DepthScaled{}, DepthRange.CheckInt(ErrParam, "depth", L)
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

// TypoGrowth returns, for the curve's α̃₁, the main text's α₁ = √α̃₁ and
// the factor e^{α₁}/e^{α̃₁} by which the growth of eq. (15) as printed in
// the main text (e^{α₁}) differs from the derivation's e^{α̃₁} (RhoLimit's
// erratum, lib/sources/noci2022.md#erratum-6): the factor is 1 only at
// α̃₁ = 0 and 1.
//
//sigprop:eq noci2022 eq15 erratum=lib/sources/noci2022.md#erratum-6
func (c DepthScaled) TypoGrowth() (alpha1, factor float64) {
	return math.Sqrt(c.At), math.Exp(math.Sqrt(c.At)) / math.Exp(c.At)
}

// GradDecades returns the log10 change of the gradient norms ‖∂S/∂W^Q‖
// (eq. (18), FormPaper) and ‖∂S/∂W^V‖ (eq. (17)) when the correlation of
// a block's n input tokens moves from rhoFirst to rhoLast, at σ_x² = 1:
//
//	q = ½ log10 [GradQ(ρ_last)/GradQ(ρ_first)] = log10 [(1−ρ_last)/(1−ρ_first)],
//	v = ½ log10 [GradV(ρ_last)/GradV(ρ_first)] = ½ log10 [(1+ρ_last(n−1))/(1+ρ_first(n−1))],
//
// the change from the first block to the last that Table 2 and Fig. 9
// read at the correlations of the blocks' inputs (the width d cancels).
// Errors as GradQ and GradV (ErrParam).
//
//sigprop:eq noci2022 eq17,18
func GradDecades(n int, rhoFirst, rhoLast float64) (q, v float64, err error) {
	const d = 32 // cancels in the ratios
	q0, err0 := GradQ(n, d, rhoFirst, 1, FormPaper)
	q1, err1 := GradQ(n, d, rhoLast, 1, FormPaper)
	v0, err2 := GradV(n, d, rhoFirst, 1)
	v1, err3 := GradV(n, d, rhoLast, 1)
	if err := firstErr(err0, err1, err2, err3); err != nil {
		return 0, 0, err
	}
	return 0.5 * math.Log10(q1/q0), 0.5 * math.Log10(v1/v0), nil
}
