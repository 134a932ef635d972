package tokencheck

import (
	"fmt"
	"math"
	"testing"

	"gonum.org/v1/gonum/num/dual"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/tokengeom"
)

// anyPhi are the non-tanh MLPs checked against tokengeom's maps: GELU
// (shipped, not odd, unbounded) and a user's φ that no package ships,
// Mish, φ(h) = h tanh(ln(1 + eʰ)), with φ′ by dual numbers.
func anyPhi(t *testing.T) []activation.Func {
	t.Helper()
	user, err := activation.FromDual("mish", func(h dual.Number) dual.Number {
		return dual.Mul(h, dual.Tanh(dual.Log(dual.Add(dual.Number{Real: 1}, dual.Exp(h)))))
	}, activation.Props{})
	if err != nil {
		t.Fatal(err)
	}
	return []activation.Func{activation.GELU(), user}
}

// One block of the random transformer with a GELU or a user's MLP φ
// against tokengeom's composed map F for that φ (eq. 25 with the MLP map
// of App. C by quadrature): Monte Carlo over 16 independent networks of
// n = 256, d = 64 per case, from (q0, p0) = (d, d/2), at σ_w = 1 and 2.
// As for tanh (TestLayerCurvesOneBlock): q₁/d within 4 SE + AttBias (the
// O(1/d) attention term F leaves out), p₁/q₁ within 4 SE. The check has
// power: for each φ the simulation lies more than 4 SE from tanh's F at
// one σ_w at least, so it tells the φ apart.
func TestLayerCurvesAnyActivation(t *testing.T) {
	for i, f := range anyPhi(t) {
		var apart float64 // the largest |sim − F_tanh|/SE
		for j, sw := range []float64{1, 2} {
			m := tokengeom.NewModel(a8, a8, sw)
			m.Act = f
			cv, err := layerCurves(m, 1, 64, 32, 16, empirical.Rand(uint64(500+2*i+j), 1))
			if err != nil {
				t.Fatal(err)
			}
			zq := (cv.Sim.QOverD[1] - cv.Q[1]) / cv.Sim.QOverDSE[1]
			zc := (cv.Sim.Cos[1] - cv.Cos[1]) / cv.Sim.CosSE[1]
			t.Logf("%v σ_w = %g: q₁/d sim %.5f ± %.5f, theory %.5f (z = %.2f); p₁/q₁ sim %.5f ± %.5f, theory %.5f (z = %.2f)",
				f, sw, cv.Sim.QOverD[1], cv.Sim.QOverDSE[1], cv.Q[1], zq, cv.Sim.Cos[1], cv.Sim.CosSE[1], cv.Cos[1], zc)
			if d := math.Abs(cv.Sim.QOverD[1] - cv.Q[1]); d > 4*cv.Sim.QOverDSE[1]+cv.AttBias {
				t.Errorf("%v σ_w = %g: q₁/d sim %v ± %v, theory %v", f, sw, cv.Sim.QOverD[1], cv.Sim.QOverDSE[1], cv.Q[1])
			}
			if d := math.Abs(cv.Sim.Cos[1] - cv.Cos[1]); d > 4*cv.Sim.CosSE[1] {
				t.Errorf("%v σ_w = %g: p₁/q₁ sim %v ± %v, theory %v", f, sw, cv.Sim.Cos[1], cv.Sim.CosSE[1], cv.Cos[1])
			}
			m.Act = activation.Tanh()
			tr, err := tokengeom.Trajectory(m, 64, 32, 1)
			if err != nil {
				t.Fatal(err)
			}
			tq, tc := tokengeom.TrajectoryXY(m, tr)
			apart = math.Max(apart, math.Abs(cv.Sim.QOverD[1]-tq[1])/cv.Sim.QOverDSE[1])
			apart = math.Max(apart, math.Abs(cv.Sim.Cos[1]-tc[1])/cv.Sim.CosSE[1])
		}
		t.Logf("%v: largest |sim − tanh's F|/SE = %.1f", f, apart)
		if !(apart > 4) {
			t.Errorf("%v: the simulation is within 4 SE of tanh's map too (largest %.2f SE): the check cannot tell φ apart", f, apart)
		}
	}
}

// The simulated angle exponent of eq. (24) with a GELU or a user's MLP φ
// against its one-step theory tokengeom.LambdaAOneStep for that φ (Monte
// Carlo, 8 independent networks of n = 256, d = 64 per point, from
// (d, 0.99d)), at σ_w = 1 and 3: max |z| ≤ 4.5 over the points, as for
// tanh (TestAngleExponents).
func TestAngleExponentsAnyActivation(t *testing.T) {
	for i, f := range anyPhi(t) {
		ms := tokengeom.AlphaSigma.Column(a8, []float64{1, 3})
		for k := range ms {
			ms[k].Act = f
		}
		e, err := AngleExponents(ms, 8, Seeds{Seed: uint64(600 + 10*i), Stream: 1})
		if err != nil {
			t.Fatal(err)
		}
		for k, m := range ms {
			if want := tokengeom.LambdaAOneStep(m, 64, 0.99*64); e.Theory[k] != want {
				t.Errorf("%v σ_w = %g: theory %v, want LambdaAOneStep %v", f, m.SigmaW, e.Theory[k], want)
			}
		}
		var rows string
		for k := range ms {
			rows += fmt.Sprintf(" σ_w = %g: %.4f ± %.4f vs %.4f (z = %.2f);", ms[k].SigmaW, e.Mean[k], e.SE[k], e.Theory[k], (e.Mean[k]-e.Theory[k])/e.SE[k])
		}
		t.Logf("%v λ_a one step:%s", f, rows)
		if z, err := empirical.MaxZ(e.Mean, e.SE, e.Theory); err != nil || z > 4.5 {
			t.Errorf("%v: sim %v ± %v vs theory %v: max |z| = %v (%v)", f, e.Mean, e.SE, e.Theory, z, err)
		}
	}
}
