package provenance

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestGit: in a fresh repository with one commit, Git returns that commit,
// clean; after a tracked file changes, dirty; outside a repository, nothing.
func TestGit(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("git is not installed")
		}
		t.Skip("git is not installed")
	}
	ctx := context.Background()
	dir := t.TempDir()
	run := func(args ...string) string {
		t.Helper()
		c := exec.Command("git", args...)
		c.Dir = dir
		c.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@t", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@t")
		out, err := c.Output()
		if err != nil {
			t.Fatalf("git %v: %v", args, err)
		}
		return string(out)
	}
	if c, d := Git(ctx, dir); c != "" || d {
		t.Fatalf("outside a repository: %q, %v", c, d)
	}
	run("init", "-q")
	f := filepath.Join(dir, "a")
	if err := os.WriteFile(f, []byte("1"), 0o644); err != nil {
		t.Fatal(err)
	}
	run("add", "a")
	run("commit", "-qm", "one")
	want := run("rev-parse", "HEAD")
	c, d := Git(ctx, dir)
	if c+"\n" != want || d {
		t.Fatalf("clean: %q, %v; want %q, false", c, d, want)
	}
	if err := os.WriteFile(f, []byte("2"), 0o644); err != nil {
		t.Fatal(err)
	}
	if c, d := Git(ctx, dir); c+"\n" != want || !d {
		t.Fatalf("changed: %q, %v; want %q, true", c, d, want)
	}
}
