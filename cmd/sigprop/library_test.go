package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestLibraryOutsideRepo builds and runs examples/library, a module of its
// own that uses sigprop as a library (a user's activation defined by φ
// alone through FromDual and the stable softplus, then the mean-field edge
// of chaos), from a directory outside the repository, its replace directive
// pointed at this working tree: what the README's "sigprop as a library"
// tells a user to do. The printed point is checked against a quadrature
// done independently (Python, trapezoid on [−12, 12] with step 1e-3:
// σ_w² = 2.08732, σ_b² = 0.05582).
func TestLibraryOutsideRepo(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a module")
	}
	root, err := moduleRoot()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, f := range []string{"main.go", "go.mod", "go.sum"} {
		b, err := os.ReadFile(filepath.Join(root, "examples", "library", f))
		if err != nil {
			t.Fatal(err)
		}
		if f == "go.mod" {
			if !strings.Contains(string(b), "=> ../..") {
				t.Fatalf("examples/library/go.mod does not replace sigprop by the checkout:\n%s", b)
			}
			b = []byte(strings.Replace(string(b), "=> ../..", "=> "+root, 1))
		}
		if err := os.WriteFile(filepath.Join(dir, f), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "go", "run", ".")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=readonly")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go run in a module outside the repository: %v\n%s", err, out)
	}
	if want := "mish: edge of chaos with q* = 1 at σ_w² = 2.0873, σ_b² = 0.0558"; !strings.Contains(string(out), want) {
		t.Errorf("output %q, want %q", out, want)
	}
}
