package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"

	"github.com/sigprop/sigprop/reports/diff"
)

// The tests of `sigprop diff` on git revisions (TestDiffRevisions,
// TestDiffFaults) each hold a copy of the module, and a diff builds each
// revision's sigprop with -trimpath (reports/diff), whose packages the
// test binary's own build does not share. The two tests run in parallel:
// on a build cache without -trimpath packages (a fresh CI machine) each
// compiled the module and all its dependencies at the same time, the same
// packages twice (51 CPU-s each on a 2-core Xeon). They now share one
// build, trimpathSigprop: the first to ask builds it, the other waits, and
// every later -trimpath build of the same sources (a revision's, in
// either test) finds its packages in the cache.

// moduleDirs are the directories of the module a copy needs to build and
// run sigprop: every package cmd/sigprop imports, with their embedded
// files and test data.
var moduleDirs = []string{"cmd", "internal", "lib", "kernel-ext", "reports"}

// copyModule copies the module at root into dir (an existing directory):
// moduleDirs, go.mod and go.sum, without the generated sites under
// reports (site, diff-site).
func copyModule(root, dir string) error {
	for _, d := range moduleDirs {
		if out, err := exec.Command("cp", "-r", filepath.Join(root, d), dir).CombinedOutput(); err != nil {
			return fmt.Errorf("cp: %v: %s", err, out)
		}
	}
	for _, f := range []string{"go.mod", "go.sum"} {
		b, err := os.ReadFile(filepath.Join(root, f))
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dir, f), b, 0o644); err != nil {
			return err
		}
	}
	os.RemoveAll(filepath.Join(dir, "reports", "site")) // generated output, if any
	os.RemoveAll(filepath.Join(dir, "reports", "diff-site"))
	return nil
}

// trimpath is the shared build: its directory (removed by TestMain after
// the tests), the binary and the error of building it.
var trimpath struct {
	once     sync.Once
	dir, bin string
	err      error
}

// trimpathSigprop returns sigprop built as a diff builds each revision's
// (diff.RevisionBuildFlags: -trimpath, -ldflags=-s), from a copy of the
// module: built by the first test that asks, once per test binary.
func trimpathSigprop(t *testing.T) string {
	t.Helper()
	trimpath.once.Do(func() {
		root, err := moduleRoot()
		if err != nil {
			trimpath.err = err
			return
		}
		if trimpath.dir, err = os.MkdirTemp("", "sigprop-trimpath-"); err != nil {
			trimpath.err = err
			return
		}
		src := filepath.Join(trimpath.dir, "module")
		if err := os.Mkdir(src, 0o755); err != nil {
			trimpath.err = err
			return
		}
		if err := copyModule(root, src); err != nil {
			trimpath.err = err
			return
		}
		trimpath.bin = filepath.Join(trimpath.dir, "sigprop")
		build := exec.Command("go", append(append([]string{"build"}, diff.RevisionBuildFlags()...), "-o", trimpath.bin, "./cmd/sigprop")...)
		build.Dir = src
		if out, err := build.CombinedOutput(); err != nil {
			trimpath.err = fmt.Errorf("go build -trimpath: %v\n%s", err, out)
		}
	})
	if trimpath.err != nil {
		t.Fatal(trimpath.err)
	}
	return trimpath.bin
}

// removeTrimpath removes the shared build's directory, for TestMain after
// the tests.
func removeTrimpath() {
	if trimpath.dir != "" {
		os.RemoveAll(trimpath.dir)
	}
}
