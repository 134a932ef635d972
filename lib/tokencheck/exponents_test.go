package tokencheck

import (
	"math"
	"testing"

	"github.com/sigprop/sigprop/internal/mustpanic"
	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/tokengeom"
)

// The simulated eq. (24) follows its one-step theory (Monte Carlo, 8
// networks of n = 256, d = 64 per point, lib/sources/cowsik2024.md#protocol-lambda-a), on both sides of the
// edge of chaos σ_w = 1.6631, where the one-step exponent changes sign.
func TestAngleExponents(t *testing.T) {
	ms := tokengeom.AlphaSigma.Column(a8, []float64{1, 3})
	e, err := AngleExponents(ms, 8, Seeds{Seed: 40, Stream: 1})
	if err != nil {
		t.Fatal(err)
	}
	for i, m := range ms {
		if want := tokengeom.LambdaAOneStep(m, 64, 0.99*64); e.Theory[i] != want {
			t.Errorf("σ_w = %g: theory %v, want LambdaAOneStep %v", m.SigmaW, e.Theory[i], want)
		}
	}
	if !(e.Theory[0] < 0 && e.Theory[1] > 0) {
		t.Errorf("one-step theory %v, want negative at σ_w = 1, positive at 3", e.Theory)
	}
	// P(|t₇| > 4.5) ≈ 0.3% per point.
	if z, err := empirical.MaxZ(e.Mean, e.SE, e.Theory); err != nil || z > 4.5 {
		t.Errorf("sim %v ± %v vs theory %v: max |z| = %v", e.Mean, e.SE, e.Theory, z)
	}
	if e.Printed != nil {
		t.Errorf("AngleExponents set Printed %v", e.Printed)
	}
	if e.Seeds != (Seeds{Seed: 40, Stream: 1}) {
		t.Errorf("AngleExponents recorded seeds %+v, want the ones run", e.Seeds)
	}
}

// At lib/sources/cowsik2024.md#protocol-lambda-g's first point the simulated λ_g (Monte Carlo, 8 networks of
// n = 256, d = 64, L = 16) agrees with the corrected theory within 4 SE +
// FiniteWidthOffset and rejects the printed form by more than that.
func TestGradientExponents(t *testing.T) {
	m := ErrataModels()[0]
	e, err := GradientExponents([]tokengeom.Model{m}, 16, 8, Seeds{Seed: 41, Stream: 1})
	if err != nil {
		t.Fatal(err)
	}
	if e.Theory[0] != tokengeom.LambdaG(m, 16, tokengeom.Corrected) || e.Printed[0] != tokengeom.LambdaG(m, 16, tokengeom.Paper) {
		t.Errorf("theory %v, printed %v", e.Theory, e.Printed)
	}
	if e.Seeds != (Seeds{Seed: 41, Stream: 1}) {
		t.Errorf("GradientExponents recorded seeds %+v, want the ones run", e.Seeds)
	}
	allow := 4*e.SE[0] + FiniteWidthOffset
	if d := math.Abs(e.Mean[0] - e.Theory[0]); d > allow {
		t.Errorf("sim %v ± %v, corrected %v: |Δ| = %v > %v", e.Mean[0], e.SE[0], e.Theory[0], d, allow)
	}
	if d := math.Abs(e.Mean[0] - e.Printed[0]); d <= allow {
		t.Errorf("sim %v ± %v, printed %v: |Δ| = %v does not exceed %v", e.Mean[0], e.SE[0], e.Printed[0], d, allow)
	}
}

// The corrected λ_g^(16) at the errata points against lib/sources/cowsik2024.md#protocol-lambda-g's table
// (printed to 3–4 decimals).
func TestErrataModels(t *testing.T) {
	ms := ErrataModels()
	want := []float64{-0.1155, -0.0534, -0.290, 0.032, 0.419}
	tol := []float64{5e-5, 5e-5, 5e-4, 5e-4, 5e-4}
	if len(ms) != len(want) {
		t.Fatalf("%d models, want %d", len(ms), len(want))
	}
	for i, m := range ms {
		if l := tokengeom.LambdaG(m, 16, tokengeom.Corrected); math.Abs(l-want[i]) > tol[i] {
			t.Errorf("point %d (%v, %v, %v): corrected λ_g^(16) = %.4f, want %v", i+1, m.AlphaA, m.AlphaM, m.SigmaW, l, want[i])
		}
	}
}

// SliceAgreement judges each point against its own SE with the t quantile
// of its networks: t = TQuantile2(0.01/3, 2) ≈ 17.3 for 3 points of 3
// networks. A point 0.04 off with SE 0.001 passes (0.04/0.0473 ≈ 0.85),
// 0.08 off fails (≈ 1.7). Under the old rule (4 × the largest SE, here
// 0.05, + 0.03 = 0.23 for every point) both passed.
func TestSliceAgreement(t *testing.T) {
	e := Exponents{Networks: 3, Mean: []float64{1, 2, 3.04}, SE: []float64{0.05, 0.05, 0.001}, Theory: []float64{1, 2, 3}}
	worst, tq := SliceAgreement(0.01, e)
	if want := empirical.TQuantile2(0.01/3, 2); tq != want || math.Abs(worst-0.04/(want*0.001+FiniteWidthOffset)) > 1e-12 || worst > 1 {
		t.Errorf("worst %v t %v, want t %v and a pass", worst, tq, want)
	}
	e.Mean[2] = 3.08
	if worst, _ := SliceAgreement(0.01, e); !(worst > 1) {
		t.Errorf("a point 0.08 off with SE 0.001: worst %v, want > 1 (4 × the largest SE + 0.03 = 0.23 passed it)", worst)
	}
	mustpanic.WithPrefix(t, "one network", "tokencheck: SliceAgreement", func() {
		SliceAgreement(0.01, Exponents{Networks: 1, Mean: []float64{1}, SE: []float64{1}, Theory: []float64{1}})
	})
}
