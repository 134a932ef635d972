package execute

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sigprop/sigprop/reports/kernel"
)

// TestRunEndsStaleAtEveryStart: a cell's program left running by a
// report killed with kill -9 (its kernel's TMPDIR names an owner that is
// gone and records the marker the program carries) is ended by the next
// Run even when that run executes nothing (issue 36: it survived a fully
// cached report). Here the one notebook does not load, so no kernel
// starts.
func TestRunEndsStaleAtEveryStart(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	stale := filepath.Join(tmp, kernel.TempPrefix+"killed")
	if err := os.Mkdir(stale, 0o700); err != nil {
		t.Fatal(err)
	}
	marker := "stale-test-" + strings.Repeat("7", 16)
	os.WriteFile(filepath.Join(stale, ".owner"), []byte("2147483646 1\n"), 0o600) // no such pid: the owner is gone
	os.WriteFile(filepath.Join(stale, ".marker"), []byte(marker+"\n"), 0o600)
	orphan := exec.Command("sleep", "60")
	orphan.Env = append(os.Environ(), kernel.MarkerEnv+"="+marker)
	if err := orphan.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- orphan.Wait() }()
	defer orphan.Process.Kill()

	bad := filepath.Join(t.TempDir(), "bad.ipynb")
	os.WriteFile(bad, []byte(`{"cells": [`), 0o644)
	var log strings.Builder
	res, err := Run(context.Background(), []string{bad}, Options{NoCache: true, Progress: &log})
	if err != nil {
		t.Fatal(err)
	}
	if res[0].Status != StatusFailed {
		t.Fatalf("malformed notebook: %+v", res[0])
	}
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatalf("the orphan (pid %d) survived a run that executed nothing; progress:\n%s", orphan.Process.Pid, log.String())
	}
	if _, err := os.Stat(stale); !os.IsNotExist(err) {
		t.Errorf("the killed run's TMPDIR %s is still there: %v", stale, err)
	}
	if !strings.Contains(log.String(), "ended process") {
		t.Errorf("progress does not say what it ended:\n%s", log.String())
	}
}
