package quantity

import (
	"encoding/json"
	"math"
	"strconv"
	"testing"

	"github.com/sigprop/sigprop/lib/freeprob"
)

// The jacspectrum, freeprob and attention quantities evaluate, encode as
// JSON and reproduce lib/sources/tanner2024.md#checks reference numbers: hard-tanh orthogonal
// q*=0.25 L=8 variance 0.3813538 and atoms (check 17), ReLU-orthogonal
// L=8 density at 0.5 = 0.093606 (check 22), ρ_MP(1) = √3/(2π) (check 2),
// r_T(256, 1) = 0.081927 (check 26), and erf at σ_b² = 0.148361 recovers
// q* = 1 (check 10).
func TestJacspectrumQuantities(t *testing.T) {
	get := func(name string, args map[string]string) any {
		t.Helper()
		v, err := evalNamed(t, name, args)
		if err != nil {
			t.Fatalf("%s %v: %v", name, args, err)
		}
		if _, err := json.Marshal(v); err != nil {
			t.Fatalf("%s: not JSON: %v", name, err)
		}
		return v
	}
	m := get("jacspectrum.moments", nil).(map[string]any)
	if math.Abs(m["var"].(float64)-0.3813538) > 1e-7 || math.Abs(m["m1"].(float64)-1) > 1e-12 {
		t.Errorf("moments %v", m)
	}
	// shtanh with width a = 1 is hard tanh (F31): the same row.
	if sh := get("jacspectrum.moments", map[string]string{"phi": "shtanh", "a": "1"}).(map[string]any); math.Abs(sh["var"].(float64)-0.3813538) > 1e-7 {
		t.Errorf("shtanh(a=1) moments %v", sh)
	}
	at := m["atoms"].([]jsAtom)
	if len(at) != 2 || math.Abs(at[1].Mass-0.6359979) > 1e-7 {
		t.Errorf("atoms %v", at)
	}
	d := get("jacspectrum.density", map[string]string{"phi": "relu", "depth": "8", "lambda": "0.5"}).(map[string]any)
	if math.Abs(d["density"].(float64)-0.093606) > 1e-6 {
		t.Errorf("relu density %v", d)
	}
	mp := get("freeprob.mp_density", nil).(map[string]any)
	if math.Abs(mp["density"].(float64)-math.Sqrt(3)/(2*math.Pi)) > 1e-14 {
		t.Errorf("mp %v", mp)
	}
	if r := get("attention.bulk_radius", nil).(float64); math.Abs(r-0.081927) > 1e-6 {
		t.Errorf("r_T %v", r)
	}
	e := get("jacspectrum.moments", map[string]string{"phi": "erf", "sigma_b": "0.38517658"}).(map[string]any)
	if math.Abs(e["qstar"].(float64)-1) > 1e-5 {
		t.Errorf("erf q* from sigma_b: %v", e["qstar"])
	}
	// Bad input: clear errors naming the parameter.
	for _, args := range []map[string]string{{"weights": "uniform"}, {"depth": "0"}, {"phi": "relu", "sigma_b": "0.1"}} {
		if _, err := evalNamed(t, "jacspectrum.moments", args); err == nil {
			t.Errorf("args %v: expected an error", args)
		}
	}
}

// TestJacspectrumDensitySmallLambda: jacspectrum.density below
// lambda = 1e6·eps narrows the Cauchy width to 1e-6·lambda. Linear network,
// Gaussian weights, L = 16 (the Fuss–Catalan law, freeprob.FussCatalan,
// an independent parametrisation) at lambda = 1e-12 and 1e-6 with the
// default eps = 1e-10: within 1e-4 relative of the closed form (the
// smoothing error a·δ·cot(π/17) ≈ 5e-6 at δ = 1e-6). With the width
// fixed at eps the density was 0.072 of the closed form at 1e-12 and
// 1.0005 of it at 1e-6.
func TestJacspectrumDensitySmallLambda(t *testing.T) {
	fc := freeprob.FussCatalan{L: 16}
	for _, l := range []float64{1e-12, 1e-6} {
		v, err := evalNamed(t, "jacspectrum.density", map[string]string{"phi": "linear", "weights": "gaussian", "depth": "16", "lambda": strconv.FormatFloat(l, 'g', -1, 64)})
		if err != nil {
			t.Fatal(err)
		}
		got, want := v.(map[string]any)["density"].(float64), fc.Density(l)
		if math.Abs(got-want) > 1e-4*want {
			t.Errorf("density at %g = %.8g, Fuss–Catalan %.8g (ratio %.6f)", l, got, want, got/want)
		}
	}
}
