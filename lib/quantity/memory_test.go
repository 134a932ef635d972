package quantity

import (
	"strings"
	"testing"
	"time"
)

// TestSimMemoryRefused: a simulation whose estimated memory passes
// SimMemory is refused before it allocates, naming the parameter and the
// largest value that fits (issue 36: compose.compare d=999999 and
// tokennet.lambda_g_numeric depth=1e9 ended in "fatal error: out of
// memory"). The allowed values are those the estimates give at the other
// parameters' defaults; each refusal takes milliseconds.
func TestSimMemoryRefused(t *testing.T) {
	for _, tc := range []struct {
		name string
		args map[string]string
		want string
	}{
		{"compose.compare", map[string]string{"d": "999999"}, "parameter d = 999999 out of range"},
		{"compose.compare", map[string]string{"n": "1000000", "d": "4"}, "parameter n = 1000000 out of range"},
		{"compose.compare", map[string]string{"d": "1000", "workers": "1024", "nets": "16"}, "parameter workers = 1024 out of range"},
		{"tokennet.lambda_g_numeric", map[string]string{"depth": "1000000000"}, "parameter depth = 1000000000 out of range"},
		{"tokennet.lambda_a_numeric", map[string]string{"n": "100000"}, "parameter n = 100000 out of range"},
	} {
		t0 := time.Now()
		_, err := evalNamed(t, tc.name, tc.args)
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), " allowed; want ") {
			t.Errorf("%s %v: %v, want %q and the allowed value", tc.name, tc.args, err, tc.want)
		}
		if d := time.Since(t0); d > 5*time.Second {
			t.Errorf("%s %v: refused after %v", tc.name, tc.args, d)
		}
	}
}

// TestComposeRhoDepthBounded: the endless evaluation is refused
// at once, saying which bound it passes.
func TestComposeRhoDepthBounded(t *testing.T) {
	t0 := time.Now()
	_, err := evalNamed(t, "compose.rho_depth", map[string]string{"norm": "none", "no_attention": "true", "depth": "1", "q0": "1e8"})
	if err == nil || !strings.Contains(err.Error(), "MaxQuadratureVariance") {
		t.Errorf("compose.rho_depth q0=1e8: %v, want the quadrature bound", err)
	}
	if d := time.Since(t0); d > 5*time.Second {
		t.Errorf("refused after %v", d)
	}
}

// TestSimWorkRefused: a simulation whose estimated work passes SimWork
// (about 20 s at 10 Gflop/s; tokennet.lambda_g_numeric's default, 1.1e10,
// took 1.0 s here, networks=64 10.8 s) is refused before it starts, naming
// the parameter and the largest value that fits: the cases are the eight
// that ran past TestEvalRangesBudgeted's 30 s before.
func TestSimWorkRefused(t *testing.T) {
	for _, tc := range []struct {
		name string
		args map[string]string
		want string
	}{
		{"compose.compare", map[string]string{"nets": "100000"}, "parameter nets = 100000 out of range: the simulation needs an estimated 5.2e+12 floating-point operations of work"},
		{"tokennet.lambda_a_numeric", map[string]string{"d": "4096"}, "parameter d = 4096 out of range"},
		{"sde.correlation_stats", map[string]string{"m": "64"}, "parameter m = 64 out of range"},
		{"sde.correlation_stats", map[string]string{"paths": "10000000"}, "parameter paths = 10000000 out of range"},
		{"sde.correlation_stats", map[string]string{"step": "1e-7"}, "(or a larger step: 7.5e+06 steps of T = 0.75)"},
		{"tokennet.lambda_g_numeric", map[string]string{"networks": "1000000"}, "parameter networks = 1000000 out of range"},
		{"tokennet.lambda_a_numeric", map[string]string{"networks": "1000000", "n": "2000"}, "parameter networks = 1000000 out of range"},
	} {
		t0 := time.Now()
		_, err := evalNamed(t, tc.name, tc.args)
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), " allowed; want ") {
			t.Errorf("%s %v: %v, want %q and the allowed value", tc.name, tc.args, err, tc.want)
		}
		if d := time.Since(t0); d > 5*time.Second {
			t.Errorf("%s %v: refused after %v", tc.name, tc.args, d)
		}
	}
}
