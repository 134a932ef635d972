package meanfield

import (
	"errors"
	"strings"
	"testing"
)

// For ReLU with σ_w² < 2 the q-map is linear, V(q) = σ_w² q/2 + σ_b², so
// q* = σ_b²/(1 − σ_w²/2) and χ₁ = σ_w²/2 in closed form; Scan agrees with
// DepthScales point by point.
func TestScanSigmaW2(t *testing.T) {
	relu := mustAct(t, "relu")
	ws := []float64{0.5, 1, 1.5}
	s, err := ScanSigmaW2(relu, ws, 0.1)
	if err != nil {
		t.Fatal(err)
	}
	for i, w := range ws {
		if q := 0.1 / (1 - w/2); !near(s.QStar[i], q, 1e-12*q) || !near(s.Chi1[i], w/2, 1e-12) {
			t.Errorf("σ_w² = %v: q* = %v, χ₁ = %v; want %v, %v", w, s.QStar[i], s.Chi1[i], q, w/2)
		}
		st, err := Net{Phi: relu, SigmaW2: w, SigmaB2: 0.1}.DepthScales()
		if err != nil {
			t.Fatal(err)
		}
		row := s.Rows()[i]
		for j, want := range []float64{st.QStar, st.Chi1, st.CStar, st.XiC, st.XiQ} {
			if row[j] != want {
				t.Errorf("σ_w² = %v: Rows()[i][%d] = %v, DepthScales gives %v", w, j, row[j], want)
			}
		}
	}
	// σ_w² = 2.5 > 2: the ReLU q-map diverges.
	_, err = ScanSigmaW2(relu, []float64{1, 2.5}, 0.1)
	if !errors.Is(err, ErrDiverges) || !strings.Contains(err.Error(), "sigma_w2 = 2.5") {
		t.Errorf("σ_w² = 2.5: error %v, want ErrDiverges naming sigma_w2 = 2.5", err)
	}
}
