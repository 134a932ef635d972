package kernel

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBuildLogSaysWhatItBuilds: BuildTools and BuildGopls announce each
// tool they have to build, once, and nothing when it is already built. A stand-in
// `go` on PATH (it answers `go env GOVERSION` and writes the -o file) keeps
// the test from building gonb.
func TestBuildLogSaysWhatItBuilds(t *testing.T) {
	bin := t.TempDir()
	fake := "#!/bin/sh\nif [ \"$1\" = env ]; then echo go1.99-fake; exit 0; fi\n" +
		"while [ $# -gt 0 ]; do if [ \"$1\" = -o ]; then : > \"$2\"; fi; shift; done\n"
	if err := os.WriteFile(filepath.Join(bin, "go"), []byte(fake), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	repo := t.TempDir()
	gomod := "module example.com/x\n\ngo 1.22\n\nrequire (\n\tgithub.com/janpfeifer/gonb v0.11.1\n\tgolang.org/x/tools v0.52.0\n)\n"
	if err := os.WriteFile(filepath.Join(repo, "go.mod"), []byte(gomod), 0o644); err != nil {
		t.Fatal(err)
	}
	var log bytes.Buffer
	old := BuildLog
	BuildLog = &log
	defer func() { BuildLog = old }()
	cache := t.TempDir()
	if _, err := BuildTools(context.Background(), repo, cache); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(log.String()), "\n")
	if len(lines) != 2 || !strings.Contains(lines[0], "building gonb v0.11.1") || !strings.Contains(lines[1], "building goimports v0.52.0") {
		t.Fatalf("first build logged %q, want one line each for gonb v0.11.1 and goimports v0.52.0", log.String())
	}
	log.Reset()
	if _, err := BuildTools(context.Background(), repo, cache); err != nil {
		t.Fatal(err)
	}
	if log.Len() != 0 {
		t.Errorf("tools already built, but logged %q", log.String())
	}

	// gopls, pinned by a module of its own.
	goplsDir := filepath.Join(repo, filepath.FromSlash(GoplsModule))
	if err := os.MkdirAll(goplsDir, 0o755); err != nil {
		t.Fatal(err)
	}
	goplsMod := "module example.com/x/gopls\n\ngo 1.26\n\ntool golang.org/x/tools/gopls\n\nrequire golang.org/x/tools/gopls v0.23.0\n"
	if err := os.WriteFile(filepath.Join(goplsDir, "go.mod"), []byte(goplsMod), 0o644); err != nil {
		t.Fatal(err)
	}
	for i := range 2 {
		log.Reset()
		dir, err := BuildGopls(context.Background(), repo, cache)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := os.Stat(filepath.Join(dir, "gopls")); err != nil {
			t.Errorf("BuildGopls: %v", err)
		}
		if got := log.String(); (i == 0) != strings.Contains(got, "building gopls v0.23.0") || strings.Count(got, "\n") != 1-i {
			t.Errorf("BuildGopls call %d logged %q; want the one line \"building gopls v0.23.0\" the first time only", i+1, got)
		}
	}
}
