package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A sweep over the MLP's φ of a token-geometry quantity: phi= takes a list
// of activation names like any string parameter, and each point's value
// is what `sigprop eval` gives at its parameters (and differs between φ).
func TestSweepOverPhi(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "phi")
	code, out, errOut := runCLI("sweep", "plan", dir, "eval", "tokengeom.lambda_a", "phi=tanh,gelu,leaky_relu", "slope=0.2", "sigma_w=1.5")
	if code != 0 || !strings.Contains(out, "3 points") {
		t.Fatalf("plan: exit %d\n%s%s", code, out, errOut)
	}
	if code, _, errOut = runCLI("sweep", "run", "--workers=1", dir); code != 0 {
		t.Fatalf("run: exit %d\n%s", code, errOut)
	}
	seen := map[float64]bool{}
	for i, phi := range []string{"tanh", "gelu", "leaky_relu"} {
		b, err := os.ReadFile(filepath.Join(dir, fmt.Sprintf("i%d.json", i)))
		if err != nil {
			t.Fatal(err)
		}
		var pt struct {
			Params map[string]any
			Value  float64
		}
		if err := json.Unmarshal(b, &pt); err != nil {
			t.Fatal(err)
		}
		if pt.Params["phi"] != phi {
			t.Errorf("point %d has phi %v, want %s", i, pt.Params["phi"], phi)
		}
		code, out, errOut := runCLI("eval", "tokengeom.lambda_a", "phi="+phi, "slope=0.2", "sigma_w=1.5")
		var ev struct{ Value float64 }
		if code != 0 || json.Unmarshal([]byte(out), &ev) != nil {
			t.Fatalf("eval phi=%s: exit %d\n%s%s", phi, code, out, errOut)
		}
		if ev.Value != pt.Value {
			t.Errorf("phi=%s: sweep point %v, eval %v", phi, pt.Value, ev.Value)
		}
		seen[pt.Value] = true
	}
	if len(seen) != 3 {
		t.Errorf("the three φ give %d distinct λ_a: phi= does not reach the model", len(seen))
	}
}
