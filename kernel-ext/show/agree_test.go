package show

import (
	"math"
	"strings"
	"testing"
)

func TestZMetric(t *testing.T) {
	// z = |1.3 − 1|/0.1 = 3 at the first point, |9 − 8.9|/0.5 = 0.2 at the second.
	m := ZMetric("z", []float64{1.3, 9}, []float64{0.1, 0.5}, []float64{1, 8.9}, 5, "")
	if math.Abs(float64(m.Value)-3) > 1e-12 || !m.Pass {
		t.Errorf("ZMetric = %+v, want value 3, pass", m)
	}
	if m := ZMetric("z", []float64{2}, []float64{0.1}, []float64{1}, 5, ""); m.Pass {
		t.Errorf("z = 10 passed: %+v", m)
	}
}

func TestKSMetric(t *testing.T) {
	// Disjoint samples of 20: D = 1, above 1.949·√(2/20) ≈ 0.616 at α = 0.001.
	x, y := make([]float64, 20), make([]float64, 20)
	for i := range x {
		x[i], y[i] = float64(i), float64(100+i)
	}
	m := KSMetric("ks", x, y, 0.001, "disjoint")
	if math.Abs(float64(m.Value)-1) > 1e-15 || m.Pass { // gonum sums 1/n steps: D = 1 to rounding
		t.Errorf("KSMetric = %+v, want value 1, fail", m)
	}
	if want := 1.949 * math.Sqrt(0.1); math.Abs(float64(m.Tolerance)-want) > 1e-15 {
		t.Errorf("tolerance %v, want %v", m.Tolerance, want)
	}
	if !strings.HasPrefix(m.Note, "disjoint; KS distance, tolerance = 0.1% critical value for 20 vs 20 samples") {
		t.Errorf("note %q", m.Note)
	}
}

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
	if zm := ZMetric("z", []float64{1}, []float64{0}, []float64{1}, 4, "n"); zm.Pass || !strings.Contains(zm.Note, "n; empirical: MaxZ") {
		t.Errorf("ZMetric with zero SE: %+v", zm)
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
