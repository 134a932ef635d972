package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/sigprop/sigprop/reports/execute"
	"github.com/sigprop/sigprop/reports/ipynb"
	"github.com/sigprop/sigprop/reports/render"
)

// TestJupyterAgrees executes notebooks/00-overview.ipynb twice: in real
// Jupyter (`jupyter nbconvert --execute`, Debian's packages, through the
// kernel `sigprop kernel install` registers) and with sigprop's executor.
// Both must succeed and produce the same figure data and metrics.
func TestJupyterAgrees(t *testing.T) {
	const jupyter = "/usr/bin/jupyter"
	if _, err := os.Stat(jupyter); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("CI is set but %s is missing: .ci/run must install jupyter-nbconvert", jupyter)
		}
		t.Skipf("%s not installed (apt-get install jupyter-nbconvert python3-nbclient); CI runs this test", jupyter)
	}
	if testing.Short() {
		t.Skip("runs Jupyter")
	}
	root, err := moduleRoot()
	if err != nil {
		t.Fatal(err)
	}
	dataDir := t.TempDir()
	t.Setenv("JUPYTER_DATA_DIR", dataDir)
	if code, out, errOut := runCLI("kernel", "install"); code != 0 {
		t.Fatalf("kernel install: exit %d: %s%s", code, out, errOut)
	}
	if _, err := os.Stat(filepath.Join(dataDir, "kernels", "gonb", "kernel.json")); err != nil {
		t.Fatal(err)
	}
	nbPath := filepath.Join(root, "notebooks", "00-overview.ipynb")
	outDir := t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, jupyter, "nbconvert", "--to", "notebook", "--execute",
		"--ExecutePreprocessor.kernel_name=gonb", "--ExecutePreprocessor.timeout=240",
		"--output-dir", outDir, nbPath)
	cmd.Env = append(os.Environ(), "JUPYTER_DATA_DIR="+dataDir, "JUPYTER_RUNTIME_DIR="+t.TempDir())
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("jupyter nbconvert --execute: %v\n%s", err, out)
	}
	jnb, err := ipynb.Load(filepath.Join(outDir, "00-overview.ipynb"))
	if err != nil {
		t.Fatal(err)
	}
	results, err := execute.Run(ctx, []string{nbPath}, execute.Options{RepoRoot: root, NoCache: true})
	if err != nil {
		t.Fatal(err)
	}
	if results[0].Status != execute.StatusOK {
		t.Fatalf("sigprop execution failed: %s %+v", results[0].Err, results[0].Cells)
	}
	jf, jm, jt, err := render.Collect(jnb)
	if err != nil {
		t.Fatal(err)
	}
	sf, sm, st, err := render.Collect(results[0].Notebook)
	if err != nil {
		t.Fatal(err)
	}
	if len(jf) == 0 || len(jm) == 0 || len(jt) == 0 {
		t.Fatalf("Jupyter's run lacks outputs: %d figures, %d metrics, %d tables", len(jf), len(jm), len(jt))
	}
	if len(jf) != len(sf) || len(jm) != len(sm) || len(jt) != len(st) {
		t.Fatalf("Jupyter: %d/%d/%d figures/metrics/tables, sigprop: %d/%d/%d", len(jf), len(jm), len(jt), len(sf), len(sm), len(st))
	}
	for i := range jf {
		if jf[i].Hash() != sf[i].Hash() {
			t.Errorf("figure %s: Jupyter's and sigprop's data differ", jf[i].ID)
		}
	}
	for i := range jm {
		if jm[i] != sm[i] {
			t.Errorf("metric %s: Jupyter %+v, sigprop %+v", jm[i].Name, jm[i], sm[i])
		}
	}
}
