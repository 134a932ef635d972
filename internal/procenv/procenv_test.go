package procenv

import (
	"fmt"
	"os"
	"os/exec"
	"slices"
	"testing"
	"time"
)

// A child started with the marker is found while it runs, and not after
// it has exited; a marker that is only a prefix of the child's entry is
// not found.
func TestFind(t *testing.T) {
	if _, err := os.Stat("/proc/self/environ"); err != nil {
		t.Skip("no /proc")
	}
	kv := fmt.Sprintf("SIGPROP_PROCENV_TEST=%d", os.Getpid())
	cmd := exec.Command("sleep", "30")
	cmd.Env = append(os.Environ(), kv+"x")
	if err := cmd.Start(); err != nil {
		t.Skip(err)
	}
	defer cmd.Process.Kill()
	other := exec.Command("sleep", "30")
	other.Env = append(os.Environ(), kv)
	if err := other.Start(); err != nil {
		t.Fatal(err)
	}
	// Start can return before the child's /proc/PID/environ shows the
	// environment it was started with (in two CI runs of 2026-12-04:
	// Find = [] right after Start), so wait for the child to appear, for
	// at most 5 s, before comparing.
	got := Find(kv)
	for end := time.Now().Add(5 * time.Second); !slices.Contains(got, other.Process.Pid) && time.Now().Before(end); got = Find(kv) {
		time.Sleep(10 * time.Millisecond)
	}
	if !slices.Equal(got, []int{other.Process.Pid}) {
		t.Errorf("Find = %v, want [%d] (the child with %s, not the one with %sx)", got, other.Process.Pid, kv, kv)
	}
	other.Process.Kill()
	other.Wait()
	if got := Find(kv); len(got) != 0 {
		t.Errorf("after the child exited: Find = %v", got)
	}
}
