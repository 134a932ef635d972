package shapedview

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/lib/sde"
	"github.com/sigprop/sigprop/lib/shapednet"
)

// A made-up run of 4 networks and 4 SDE paths with V^{00}_T ∈ {1, 1, 3,
// 3}: the moment checks equal the hand computation (sample SE with n − 1),
// the KS distance of equal samples is 0, the Gaussian curve has variance
// E V_T = 2, and caption and Params come from the run and the SDE.
func TestEq21Output(t *testing.T) {
	final := []float64{1, 0, 0, 1, 1, 0, 0, 1, 3, 0, 0, 3, 3, 0, 0, 3}
	run := &shapednet.Run{M: 2, Nets: 4, Depth: 10, Config: shapednet.Config{Width: 50, Depth: 10, Gamma: 1 / math.Sqrt2}, V0: []float64{2, 0.6, 0.6, 2}, Final: final, Seed: 2100}
	r := &sde.Result{M: 2, Paths: 4, T: 0.2, Final: final, Seed: 2200}
	x := []float64{1, -1, 2, -2}
	v := eq21View(shapednet.Outputs{Net: run, SDE: r, XNet: x, XSDE: x})
	f := v.Figures()[0]
	want := map[string]float64{"n": 50, "d": 10, "gamma": 1 / math.Sqrt2, "rho0": 0.3, "nets": 4, "paths": 4}
	if fmt.Sprint(f.Params) != fmt.Sprint(want) || f.Seed == nil || *f.Seed != 2100 ||
		!strings.HasPrefix(f.Caption, "One output unit of 4 shaped-ReLU ResNets (γ = 1/√2, width 50, T = 0.20) against the Gaussian scale mixture over 4 SDE paths") {
		t.Errorf("figure: %+v", f)
	}
	if g := f.Series[2]; math.Abs(g.Y[60]-1/math.Sqrt(4*math.Pi)) > 1e-15 || g.X[60] != 0 {
		t.Errorf("N(0, E V_T) at %v: %v, want 1/√(4π)", g.X[60], g.Y[60])
	}
	as := v.Agreements()
	if len(as) != 3 || as[0].Value != 0 {
		t.Fatalf("checks: %+v", as)
	}
	// E X⁴ = 8.5 with SE √75/2; 3E[V²] = 15 with SE √192/2; E X² = 2.5.
	se4, st4 := math.Sqrt(75)/2, math.Sqrt(192)/2
	if z := (8.5 - 15) / math.Hypot(se4, st4); math.Abs(as[1].Value-z) > 1e-12 || !strings.Contains(as[1].Basis, "(4 networks, 4 paths)") {
		t.Errorf("E X⁴ check: %v, want %v (basis %q)", as[1].Value, z, as[1].Basis)
	}
	if z := (8.5 - 3*2.5*2.5) / se4; math.Abs(as[2].Value-z) > 1e-12 {
		t.Errorf("mixture check: %v, want %v", as[2].Value, z)
	}
}
