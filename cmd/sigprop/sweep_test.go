package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The sweep commands end to end on a small eval plane: λ_a over
// α = α_A = α_M (one axis, two parameters) × σ_w.
func TestSweepPlanRunStatus(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "la")
	code, out, errOut := runCLI("sweep", "plan", dir, "eval", "tokengeom.lambda_a", "alpha_a,alpha_m=0.1:0.9:3", "sigma_w=0.5,1.5", "mlp_layers=2")
	if code != 0 || !strings.Contains(out, "planned "+dir+": eval tokengeom.lambda_a, 6 points") {
		t.Fatalf("plan: exit %d\n%s%s", code, out, errOut)
	}
	if code, out, _ = runCLI("sweep", "plan", dir, "eval", "tokengeom.lambda_a", "alpha_a,alpha_m=0.1:0.9:3", "sigma_w=0.5,1.5", "mlp_layers=2"); code != 0 || !strings.Contains(out, "already planned") {
		t.Errorf("same plan again: exit %d, %q", code, out)
	}
	if code, _, errOut = runCLI("sweep", "status", dir); code != 1 || !strings.Contains(errOut, "6 of 6 points not done") {
		t.Errorf("status before running: exit %d, %q", code, errOut)
	}
	if code, _, errOut = runCLI("sweep", "run", dir, "--workers", "2", "--shard", "1/2"); code != 0 || !strings.Contains(errOut, "shard 1/2: 3 of 3 points done") {
		t.Fatalf("run shard 1/2: exit %d\n%s", code, errOut)
	}
	if code, _, errOut = runCLI("sweep", "run", "--workers=1", dir); code != 0 || !strings.Contains(errOut, "(3 resumed, 0 failed)") {
		t.Fatalf("run the rest: exit %d\n%s", code, errOut)
	}
	code, out, _ = runCLI("sweep", "status", dir, "--json")
	var rep struct {
		Totals struct{ Points, Done int }
		Points []struct {
			Key    string
			Params map[string]string
			State  string
		}
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil || code != 0 {
		t.Fatalf("status --json: exit %d, %v\n%s", code, err, out)
	}
	if rep.Totals.Points != 6 || rep.Totals.Done != 6 || rep.Points[3].Params["alpha_m"] != "0.5" || rep.Points[3].Params["sigma_w"] != "1.5" {
		t.Errorf("status %+v", rep)
	}
	b, err := os.ReadFile(filepath.Join(dir, "i3.json"))
	if err != nil || !strings.Contains(string(b), `"name":"tokengeom.lambda_a"`) {
		t.Errorf("point file %s, %v", b, err)
	}
}

func TestSweepBadInput(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"sweep"}, "missing subcommand"},
		{[]string{"sweep", "plan", dir}, "needs a directory and a kind"},
		{[]string{"sweep", "plan", dir, "grid"}, `unknown sweep kind "grid"`},
		{[]string{"sweep", "plan", dir, "eval", "tokengeom.lambda_a", "sigma_w=0.5:200:3"}, "parameter sigma_w=100.25 out of range: real in [1e-06, 100]"}, // the first value out of range
		{[]string{"sweep", "plan", dir, "eval", "tokengeom.lambda_a", "sigma_w=1:2:x"}, "bad range"},
		{[]string{"sweep", "plan", dir, "eval", "tokengeom.lambda_a", "sigma_w=1,2", "--alphas", "0.1"}, "--alphas applies to trainability sweeps only"},
		{[]string{"sweep", "plan", dir, "trainability", "--alphas", "0.1,1.2"}, "--alphas: trainsweep: parameter out of range: Settings.Alphas[1] = 1.2, want in [0, 1]"},
		{[]string{"sweep", "plan", dir, "trainability", "--patch", "5"}, "--patch: trainsweep: parameter out of range: Settings.Patch = 5"},
		{[]string{"sweep", "run", dir, "--shard", "2/2"}, "--shard"},
		{[]string{"sweep", "run", dir}, "is not a sweep directory"},
		{[]string{"sweep", "submit", dir}, "--slurm is required"},
	} {
		code, _, errOut := runCLI(tc.args...)
		if code != 2 || !strings.Contains(errOut, tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and %q", tc.args, code, errOut, tc.want)
		}
	}
}
