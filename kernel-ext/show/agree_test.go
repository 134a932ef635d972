package show

import (
	"math"
	"strings"
	"testing"
)

func TestMustValSeed(t *testing.T) {
	if v := Val(3, nil); v != 3 {
		t.Errorf("Val = %v", v)
	}
	if s := Seed(7); *s != 7 {
		t.Errorf("Seed = %v", *s)
	}
	defer func() {
		if recover() == nil {
			t.Error("Must(err) did not panic")
		}
	}()
	Must(errString("boom"))
}

type errString string

func (e errString) Error() string { return string(e) }

func TestMaxZAndKSAgreements(t *testing.T) {
	a := MaxZ(Agreement{Name: "z", Tol: 4, Basis: "SE from 3 runs"}, []float64{1, 2.5}, []float64{0.5, 0.5}, []float64{1.5, 2})
	m, err := a.Metric()
	if err != nil {
		t.Fatal(err)
	}
	if float64(m.Value) != 1 || m.Kind != TheoryVsSimulation || m.Basis != "max |z| over 2 points ≤ 4; SE from 3 runs" || !m.Pass {
		t.Errorf("MaxZ metric = %+v", m)
	}
	// A zero SE is refused: the value is NaN (a failure) and the note says why,
	// where the point used to be skipped and the check passed at z = 1.
	zero, _ := MaxZ(Agreement{Name: "z", Tol: 4, Basis: "b"}, []float64{1, 2.5, 3}, []float64{0.5, 0.5, 0}, []float64{1.5, 2, 9}).Metric()
	if !math.IsNaN(float64(zero.Value)) || zero.Pass || !strings.Contains(zero.Note, "point 2 of 3 has se = 0") {
		t.Errorf("zero SE: metric %+v, want NaN, failing, the point named", zero)
	}
	x, y := make([]float64, 40), make([]float64, 40)
	for i := range x {
		x[i], y[i] = float64(i), float64(100+i)
	}
	k, err := KS(Agreement{Name: "ks", Kind: SimulationVsSimulation}, x, y, 0.01).Metric()
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(float64(k.Value)-1) > 1e-12 || k.Pass || !strings.HasPrefix(k.Basis, "KS critical value at level 0.01 for 40 vs 40 samples") {
		t.Errorf("KS metric = %+v", k)
	}
}
