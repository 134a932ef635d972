package attnspec

import (
	"math"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/lib/result"
)

func check(t *testing.T, c result.Curves, name string) result.Check {
	t.Helper()
	for _, k := range c.Checks {
		if k.Name == name {
			return k
		}
	}
	t.Fatalf("no check %q in %v", name, c.Checks)
	return result.Check{}
}

// TestDepthCurves: at the notes' T = 256, d = 64, s = 1 the stacks claim
// their figure and every check applies and holds; at T = 32, d = 8 they
// claim nothing, the relative bands still apply and the centred claim is
// PaperOnly with the reason; at L = 2 the softmax ratio from layer 3 on
// does not exist and is not applicable (not a panic). The theory line is
// r_T^ℓ in closed form: √((e−1)/256)^ℓ.
func TestDepthCurves(t *testing.T) {
	r, err := DepthSettings{T: 256, D: 64, L: 6, S: 1, Seed: 110, Stream: 1}.Run()
	if err != nil {
		t.Fatal(err)
	}
	c := r.Curves()
	if err := c.Wellformed(); err != nil || !c.Record.AtPaper || c.Record.Seed != 110 || c.Record.Params["d"] != 64 || !strings.Contains(c.Caption, "T=256, s=1, d=64") {
		t.Fatalf("record %+v, caption %q, %v", c.Record, c.Caption, err)
	}
	if got, want := c.Lines[0].Y[3], math.Pow(math.Sqrt((math.E-1)/256), 3); math.Abs(got/want-1) > 1e-12 {
		t.Errorf("r_T^3 = %v, want %v", got, want)
	}
	for _, k := range c.Checks {
		held := math.Abs(k.Value) <= k.Tol
		if k.NotApplicable != "" || !held {
			t.Errorf("at the notes' settings: %q = %v (tol %v), not applicable %q", k.Name, k.Value, k.Tol, k.NotApplicable)
		}
	}
	r, _ = DepthSettings{T: 32, D: 8, L: 2, S: 0.5, Seed: 112, Stream: 1}.Run()
	c = r.Curves()
	if c.Record.AtPaper || !strings.Contains(c.Record.NotPaper, "here T = 32, d = 8, s = 0.5") {
		t.Errorf("T = 32: at paper %v, not paper %q", c.Record.AtPaper, c.Record.NotPaper)
	}
	if k := check(t, c, "softmax: max |residual ratio / r_T − 1|, layers 3..2"); k.NotApplicable == "" || !math.IsNaN(k.Value) {
		t.Errorf("L = 2: softmax ratio %+v, want not applicable", k)
	}
	if k := check(t, c, "centered: 1 − min residual"); !k.PaperOnly {
		t.Errorf("the centred claim is not PaperOnly")
	}
	if k := check(t, c, "centered: max |norm ratio / r_T − 1|"); k.NotApplicable != "" || k.PaperOnly {
		t.Errorf("the norm band applies at any settings: %+v", k)
	}
}

// TestWidthAndRadiusCurves: the slope checks read the lines they check.
// On r_T itself (a fake |λ₂| equal to the theory) the radius slope check
// is 0 to rounding and fails on |λ₂| ∝ T^{-1/4} (0.25 > 0.1); over a
// factor 2 in T it is not applicable. The width checks of a fake residual
// whose every layer multiplies by T^{-1/2} are 0, and fail for T^{-1/4}.
func TestWidthAndRadiusCurves(t *testing.T) {
	Ts := []int{16, 32, 128}
	l2 := make([]float64, len(Ts))
	bad := make([]float64, len(Ts))
	for i, T := range Ts {
		l2[i], bad[i] = BulkRadius(T, 1), math.Pow(float64(T), -0.25)
	}
	c := RadiusResult{Settings: RadiusSettings{Ts: Ts, S: 1, Seed: 100}, Lambda2: l2}.Curves()
	if k := c.Checks[0]; math.Abs(k.Value) > 1e-12 || k.NotApplicable != "" || !strings.Contains(k.Basis, "factor 8 in T") || c.Record.AtPaper {
		t.Errorf("radius on r_T: %+v, at paper %v", k, c.Record.AtPaper)
	}
	if k := (RadiusResult{Settings: RadiusSettings{Ts: Ts, S: 1}, Lambda2: bad}.Curves().Checks[0]); math.Abs(math.Abs(k.Value)-0.25) > 1e-12 || math.Abs(k.Value) <= k.Tol {
		t.Errorf("radius on T^{-1/4}: value %v, want ±0.25 > tol", k.Value)
	}
	if k := (RadiusResult{Settings: RadiusSettings{Ts: []int{16, 32}, S: 1}, Lambda2: l2[:2]}.Curves().Checks[0]); k.NotApplicable == "" {
		t.Errorf("radius over a factor 2 applies")
	}
	if !(RadiusResult{Settings: Radius(), Lambda2: []float64{1, 2, 3, 4}}.Curves().Record.AtPaper) {
		t.Errorf("Radius() does not claim its figure")
	}
	res := func(p float64) [][]float64 {
		out := make([][]float64, 3)
		for l := range out {
			for _, T := range Ts {
				out[l] = append(out[l], math.Pow(float64(T), p*float64(l+1)))
			}
		}
		return out
	}
	w := WidthResult{Settings: WidthSettings{Ts: Ts, D: 8, L: 3, S: 1, Seed: 120}, Residual: res(-0.5)}.Curves()
	if len(w.Checks) != 2 || w.Checks[0].Name != "slope(L=3) − slope(L=2) + 1/2" || w.Record.AtPaper || w.Lines[2].Name != "L=3 (slope -1.50)" {
		t.Fatalf("width: checks %v, lines %v", w.Checks, w.Lines)
	}
	for _, k := range w.Checks {
		if math.Abs(k.Value) > 1e-12 || k.NotApplicable != "" {
			t.Errorf("width on T^{-ℓ/2}: %+v", k)
		}
	}
	for _, k := range (WidthResult{Settings: WidthSettings{Ts: Ts}, Residual: res(-0.25)}.Curves().Checks) {
		if math.Abs(k.Value) <= k.Tol {
			t.Errorf("width on T^{-ℓ/4}: %q = %v passes", k.Name, k.Value)
		}
	}
	if k := (WidthResult{Settings: WidthSettings{Ts: []int{16, 32}}, Residual: [][]float64{{1, 2}, {1, 2}}}.Curves().Checks[0]); k.NotApplicable == "" {
		t.Errorf("width over a factor 2 applies")
	}
}
