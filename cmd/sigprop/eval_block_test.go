package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/lib/compose"
)

// `sigprop eval compose.* --block FILE` evaluates the block of the file,
// the same as compose.ParseBlock's, with arguments overriding the file.
func TestEvalBlockFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "post-gelu.block")
	text := "# a post-LN GELU block\nnorm = post\nphi = gelu\nbranch_attn = 0.6\ndepth = 10\n"
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	b, err := compose.ParseBlock(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	tr, err := b.Trajectory(float64(b.D), 0.3*float64(b.D))
	if err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCLI("eval", "compose.rho_depth", "--block", path)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var got struct {
		Params map[string]any `json:"params"`
		Value  float64        `json:"value"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	if got.Value != tr[len(tr)-1].Rho() || got.Params["norm"] != "post" || got.Params["depth"] != 10.0 {
		t.Errorf("eval --block = %v %v, want ρ^L = %v of the file's block", got.Value, got.Params, tr[len(tr)-1].Rho())
	}
	code, out, _ = runCLI("eval", "compose.rho_depth", "--block="+path, "depth=3")
	if code != 0 || !strings.Contains(out, `"depth":3`) {
		t.Errorf("an argument does not override the file: exit %d, %s", code, out)
	}
	bad := filepath.Join(dir, "bad.block")
	os.WriteFile(bad, []byte("norm = post\nnorm = pre\n"), 0o644)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"eval", "compose.rho_depth", "--block", bad}, "line 2: norm given twice"},
		{[]string{"eval", "compose.rho_depth", "--block", filepath.Join(dir, "missing")}, "--block: open"},
		{[]string{"eval", "compose.rho_depth", "--block"}, "--block needs a file"},
		{[]string{"eval", "compose.rho_depth", "--block", path, "norm=sideways"}, `norm="sideways" out of range`},
	} {
		code, _, errOut := runCLI(tc.args...)
		if code != 2 || !strings.Contains(errOut, tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and %q", tc.args, code, errOut, tc.want)
		}
	}
}

// `sigprop sweep plan DIR eval compose.* --block FILE` holds the file's
// fields fixed under the axes: a phase diagram of a composed block, run
// locally here (a Slurm array runs the same `sweep run` per shard).
func TestSweepBlockFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "b.block")
	if err := os.WriteFile(path, []byte("norm = post\nphi = gelu\ndepth = 6\nsigma_w = 9\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	sw := filepath.Join(dir, "sweep")
	if code, _, errOut := runCLI("sweep", "plan", sw, "eval", "compose.rho_depth", "branch_mlp=0:1:2", "sigma_w=0.5:2:2", "--block", path); code != 0 {
		t.Fatalf("plan: exit %d: %s", code, errOut)
	}
	if code, _, errOut := runCLI("sweep", "run", sw); code != 0 {
		t.Fatalf("run: exit %d: %s", code, errOut)
	}
	for i := range 4 {
		raw, err := os.ReadFile(filepath.Join(sw, "i"+string(rune('0'+i))+".json"))
		if err != nil {
			t.Fatal(err)
		}
		var pt struct {
			Params map[string]any `json:"params"`
			Value  float64        `json:"value"`
		}
		if err := json.Unmarshal(raw, &pt); err != nil {
			t.Fatal(err)
		}
		if pt.Params["norm"] != "post" || pt.Params["depth"] != 6.0 || pt.Params["sigma_w"] == 9.0 {
			t.Errorf("point %d: params %v: the file is not held fixed under the axes", i, pt.Params)
		}
		b, err := compose.ParseBlock(strings.NewReader("norm = post\nphi = gelu\ndepth = 6\n" +
			"branch_mlp = " + fmtF(pt.Params["branch_mlp"]) + "\nsigma_w = " + fmtF(pt.Params["sigma_w"]) + "\n"))
		if err != nil {
			t.Fatal(err)
		}
		tr, _ := b.Trajectory(64, 0.3*64)
		if pt.Value != tr[len(tr)-1].Rho() {
			t.Errorf("point %d: %v, want %v", i, pt.Value, tr[len(tr)-1].Rho())
		}
	}
}

func fmtF(v any) string { b, _ := json.Marshal(v); return string(b) }
