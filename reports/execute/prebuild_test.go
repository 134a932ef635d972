package execute

import (
	"context"
	"strings"
	"testing"
)

// TestPrebuild: the notebooks' packages are built and said so; a package
// that does not build is left to its cells, with a warning, and never
// fails the run (prebuild returns nothing).
func TestPrebuild(t *testing.T) {
	var out strings.Builder
	prog := &progress{w: &out}
	prebuild(context.Background(), "../..", []string{"github.com/sigprop/sigprop/lib/internal/param"}, prog)
	if !strings.Contains(out.String(), "prebuilt the notebooks' 1 packages") {
		t.Errorf("a package that builds: progress %q", out.String())
	}
	out.Reset()
	prebuild(context.Background(), "../..", []string{"github.com/sigprop/sigprop/no/such/package"}, prog)
	if !strings.Contains(out.String(), "prebuilding the notebooks' packages failed") || !strings.Contains(out.String(), "left to their cells") {
		t.Errorf("a package that does not build: progress %q", out.String())
	}
}
