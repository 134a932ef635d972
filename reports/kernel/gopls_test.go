package kernel

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// markedGopls returns the processes carrying the kernel's marker whose
// command is gopls.
func markedGopls(k *Kernel) []int {
	var out []int
	for _, pid := range MarkedProcesses(k.Marker()) {
		if b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/comm"); err == nil && strings.TrimSpace(string(b)) == "gopls" {
			out = append(out, pid)
		}
	}
	return out
}

// TestGoplsEndsWithKernel: a kernel whose Tools.GoplsDir holds gopls (built
// by BuildGopls at the pinned version) starts it (gonb looks it up on PATH;
// the kernel's log no longer says "gopls is not installed"), and gopls,
// which gonb starts in a process group of its own, is gone after a
// graceful Shutdown and after Kill, with nothing left in TMPDIR.
// (Completion and hover through Jupyter: TestJupyterCompletionAndHover in
// cmd/sigprop.)
func TestGoplsEndsWithKernel(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds gopls on a fresh machine")
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	dir, err := BuildGopls(context.Background(), root, "")
	if err != nil {
		t.Fatal(err)
	}
	for _, graceful := range []bool{true, false} {
		var log syncLog
		tools := testTools(t)
		tools.GoplsDir = dir
		tmp := t.TempDir()
		k, err := Start(context.Background(), Options{Tools: tools, Dir: tmp, TempRoot: tmp, Log: &log})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(k.Kill)
		deadline := time.Now().Add(time.Minute)
		for len(markedGopls(k)) == 0 {
			if time.Now().After(deadline) {
				t.Fatalf("no gopls process of the kernel after a minute; kernel log:\n%s", log.String())
			}
			time.Sleep(100 * time.Millisecond)
		}
		t.Logf("graceful=%v: gopls running as %v", graceful, markedGopls(k))
		if graceful {
			if err := k.Shutdown(context.Background()); err != nil {
				t.Fatal(err)
			}
		} else {
			k.Kill()
		}
		checkGone(t, k, tmp)
		if strings.Contains(log.String(), "gopls is not installed") {
			t.Errorf("the kernel's log says gopls is not installed:\n%s", log.String())
		}
	}
}

// syncLog is a strings.Builder safe for the kernel's log writer.
type syncLog struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncLog) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncLog) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
