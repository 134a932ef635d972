package quantity

import (
	"math"
	"strings"
	"testing"
)

func sdeEval(t *testing.T, name string, args map[string]string) (map[string]any, error) {
	t.Helper()
	out, err := evalNamed(t, name, args)
	if err != nil {
		return nil, err
	}
	return out.(map[string]any), nil
}

// TestSDEQuantities: the registered quantities reproduce lib/sources/noci2023.md#check-4
// (γ = τ₀ = 1 at V₀ = [[1,.2],[.2,1]]: b = 0.16 V₀, Σ^{00,00} = 2.256,
// Σ^{00,01} = 0.2976; exact decimals, 1e-12), and the Fig. 1 correlation
// statistics are close to the notes' (lib/sources/noci2023.md) high-precision SDE reference (mean
// 0.186, median 0.216; 4096 paths, se 0.006, tolerance 0.03).
func TestSDEQuantities(t *testing.T) {
	out, err := sdeEval(t, "sde.drift", map[string]string{"gamma": "1"})
	if err != nil {
		t.Fatal(err)
	}
	b := out["drift"].([][]float64)
	if math.Abs(b[0][0]-0.16) > 1e-12 || math.Abs(b[0][1]-0.032) > 1e-12 {
		t.Errorf("drift = %v", b)
	}
	out, err = sdeEval(t, "sde.diffusion", map[string]string{"gamma": "1"})
	if err != nil {
		t.Fatal(err)
	}
	s := out["sigma"].([][]float64)
	if math.Abs(s[0][0]-2.256) > 1e-12 || math.Abs(s[0][1]-0.2976) > 1e-12 {
		t.Errorf("sigma = %v", s)
	}
	if o := out["order"].([]string); strings.Join(o, ",") != "00,01,11" {
		t.Errorf("order = %v", o)
	}
	out, err = sdeEval(t, "sde.correlation_stats", map[string]string{})
	if err != nil {
		t.Fatal(err)
	}
	mean := out["mean"].(float64)
	med := out["quantiles"].(map[string]float64)["q50"]
	if math.Abs(mean-0.186) > 0.03 || math.Abs(med-0.216) > 0.03 {
		t.Errorf("correlation stats mean %v median %v", mean, med)
	}
	for _, tc := range []struct {
		args map[string]string
		want string
	}{
		{map[string]string{"m": "1"}, "m=1 out of range"},
		{map[string]string{"m": "3", "rho": "-0.9"}, "PSD only for rho"},
		{map[string]string{"T": "-1"}, "T=-1 out of range"},
		{map[string]string{"model": "vanilla"}, "one of attention"},
		{map[string]string{"tau0": "0"}, "tau0=0 out of range"},
	} {
		name := "sde.correlation_stats"
		_, err := sdeEval(t, name, tc.args)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: err = %v, want %q", tc.args, err, tc.want)
		}
	}
}
