package rankcollapse

// RhoProfile returns ρ^ℓ of RhoDepth for every layer ℓ = 0..L of one
// network (the theory curve of Figs. 3a, 8 and 10 under uniform attention
// and linear FF). For a depth-L network under 1/√L scaling pass
// a1sq = α̃₁/L. Errors as RhoDepth.
func RhoProfile(n int, rho0, a1sq float64, L int) ([]float64, error) {
	if L < 0 {
		return nil, paramErr("depth", L, "an integer >= 0")
	}
	out := make([]float64, L+1)
	for l := range out {
		r, err := RhoDepth(n, rho0, a1sq, l)
		if err != nil {
			return nil, err
		}
		out[l] = r
	}
	return out, nil
}

// NormProfile returns E‖X^ℓ‖_F² of Lemma 3.3 (eq. 12, Propagate) for every
// layer ℓ = 0..L of one network, from the input moments C(X) = c0 and
// ‖X‖_F² = n0 (Fig. 8 left, Fig. 11). Errors as Propagate.
func NormProfile(n int, c0, n0, a1sq, a2sq float64, L int) ([]float64, error) {
	if L < 0 {
		return nil, paramErr("depth", L, "an integer >= 0")
	}
	out := make([]float64, L+1)
	for l := range out {
		_, en, err := Propagate(n, c0, n0, a1sq, a2sq, l)
		if err != nil {
			return nil, err
		}
		out[l] = en
	}
	return out, nil
}

// EquicorrGrads returns eqs. (17) and (18), exact and as printed, at each
// correlation of rhos for equicorrelated tokens (n, d, σ_x² = sx2): the
// theory curves of the gradient-versus-correlation figures. Errors as
// GradV.
func EquicorrGrads(n, d int, rhos []float64, sx2 float64) (v, qExact, qPaper []float64, err error) {
	for _, r := range rhos {
		gv, err := GradV(n, d, r, sx2)
		if err != nil {
			return nil, nil, nil, err
		}
		qe, _ := GradQ(n, d, r, sx2, FormExact) // same parameter checks as GradV
		qp, _ := GradQ(n, d, r, sx2, FormPaper)
		v, qExact, qPaper = append(v, gv), append(qExact, qe), append(qPaper, qp)
	}
	return v, qExact, qPaper, nil
}
