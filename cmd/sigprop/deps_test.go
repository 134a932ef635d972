package main

import (
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// notebookDisplay are the import paths (prefixes) of the notebook-display
// code: what a notebook's Display calls go through. The report generator
// and the contract it shares with notebooks (kernel-ext/bundle, the schema;
// kernel-ext/picture, the pure renderers) must not depend on them.
var notebookDisplay = []string{
	"github.com/janpfeifer/gonb/gonbui",
	"github.com/janpfeifer/gonb/common",
	"github.com/sigprop/sigprop/kernel-ext/show",
}

// TestNoNotebookDisplay: `go list -deps` of the CLI, of every package of
// reports/ and of the contract's two packages names none of the notebook
// display's packages.
func TestNoNotebookDisplay(t *testing.T) {
	checkDeps(t, []string{".", "../../reports/...", "../../kernel-ext/bundle", "../../kernel-ext/picture"}, notebookDisplay)
}

// TestDataFlowsOneWay: nothing in lib/ or kernel-ext/ depends on reports/
// or on the CLI's sweep runner (the README's layout).
func TestDataFlowsOneWay(t *testing.T) {
	checkDeps(t, []string{"../../lib/...", "../../kernel-ext/..."},
		[]string{"github.com/sigprop/sigprop/reports", "github.com/sigprop/sigprop/internal/sweeprun", "github.com/sigprop/sigprop/cmd"})
}

// checkDeps fails for every package in `go list -deps pkgs` that is one of
// bad or lies below one.
func checkDeps(t *testing.T, pkgs, bad []string) {
	t.Helper()
	goBin, err := exec.LookPath("go")
	if err != nil {
		goBin = filepath.Join(runtime.GOROOT(), "bin", "go")
	}
	for _, pkg := range pkgs {
		out, err := exec.Command(goBin, "list", "-deps", pkg).Output()
		if err != nil {
			t.Fatalf("go list -deps %s: %v", pkg, err)
		}
		deps := strings.Fields(string(out))
		if len(deps) < 10 {
			t.Fatalf("go list -deps %s listed only %q", pkg, deps)
		}
		for _, d := range deps {
			for _, b := range bad {
				if d == b || strings.HasPrefix(d, b+"/") {
					t.Errorf("go list -deps %s includes %s", pkg, d)
				}
			}
		}
	}
}
