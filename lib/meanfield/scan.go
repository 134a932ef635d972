package meanfield

import (
	"fmt"

	"github.com/sigprop/sigprop/lib/activation"
)

// Scan holds the mean-field state (Net.DepthScales) of a network along a
// sweep of σ_w² at fixed φ and σ_b²: entry i is at SigmaW2[i].
type Scan struct {
	SigmaW2, QStar, Chi1, CStar, XiC, XiQ []float64
	// Phi and SigmaB2 are the activation and bias variance σ_b² the scan
	// ran at, for a caption to state.
	Phi     activation.Func
	SigmaB2 float64
}

// ScanSigmaW2 computes DepthScales at each σ_w² of sigmaW2, in order.
//
// Errors: the first point's error of DepthScales, naming its σ_w².
//
//sigprop:eq tanner2024 F2-9
func ScanSigmaW2(phi activation.Func, sigmaW2 []float64, sigmaB2 float64) (Scan, error) {
	s := Scan{SigmaW2: sigmaW2, Phi: phi, SigmaB2: sigmaB2}
	for _, w := range sigmaW2 {
		st, err := Net{Phi: phi, SigmaW2: w, SigmaB2: sigmaB2}.DepthScales()
		if err != nil {
			return Scan{}, fmt.Errorf("meanfield: ScanSigmaW2 at sigma_w2 = %v: %w", w, err)
		}
		s.QStar, s.Chi1, s.CStar = append(s.QStar, st.QStar), append(s.Chi1, st.Chi1), append(s.CStar, st.CStar)
		s.XiC, s.XiQ = append(s.XiC, st.XiC), append(s.XiQ, st.XiQ)
	}
	return s, nil
}

// Rows returns the states as a table, one row (q*, χ₁, c*, ξ_c, ξ_q) per σ_w².
func (s Scan) Rows() [][]float64 {
	rows := make([][]float64, len(s.SigmaW2))
	for i := range rows {
		rows[i] = []float64{s.QStar[i], s.Chi1[i], s.CStar[i], s.XiC[i], s.XiQ[i]}
	}
	return rows
}
