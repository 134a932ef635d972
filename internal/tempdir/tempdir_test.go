package tempdir

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"testing"
	"time"
)

// TestRemoveStale: a directory whose owner was killed is removed; one
// whose owner runs, this process's own, one whose pid was recycled by a
// later process, and a young one without an owner file are kept as they
// should be (the recycled one is removed: its owner is gone).
func TestRemoveStale(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	const prefix = "sigprop-test-"

	mine, err := New(prefix)
	if err != nil {
		t.Fatal(err)
	}
	// A child that makes its own directory and is then killed with
	// SIGKILL, as `kill -9` of a report would.
	child := exec.Command(os.Args[0])
	child.Env = append(os.Environ(), "SIGPROP_TEMPDIR_HELPER=1")
	out, err := child.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := child.Start(); err != nil {
		t.Fatal(err)
	}
	var dead string
	if _, err := fmt.Fscanln(out, &dead); err != nil {
		t.Fatal(err)
	}
	// A live process other than this one: sleep.
	alive := exec.Command("sleep", "60")
	if err := alive.Start(); err != nil {
		t.Fatal(err)
	}
	defer alive.Process.Kill()
	aliveStart, _ := startTime(alive.Process.Pid)
	mk := func(name, owner string, age time.Duration) string {
		d := filepath.Join(tmp, prefix+name)
		os.Mkdir(d, 0o700)
		if owner != "" {
			os.WriteFile(filepath.Join(d, ownerFile), []byte(owner), 0o600)
		}
		old := time.Now().Add(-age)
		os.Chtimes(d, old, old)
		return d
	}
	liveDir := mk("live", fmt.Sprintf("%d %d\n", alive.Process.Pid, aliveStart), 0)
	recycled := mk("recycled", fmt.Sprintf("%d %d\n", alive.Process.Pid, aliveStart+1), 0)
	young := mk("young-no-owner", "", time.Hour)
	old := mk("old-no-owner", "", 48*time.Hour)
	other := filepath.Join(tmp, "unrelated-dir")
	os.Mkdir(other, 0o700)

	// Before the kill: the abandoned and the recycled-pid directories go,
	// the child's stays.
	if got := RemoveStale(prefix); !sameSet(got, []string{old, recycled}) {
		t.Errorf("first pass removed %v, want %v", got, []string{old, recycled})
	}
	child.Process.Kill()
	child.Wait()
	if got := RemoveStale(prefix); !sameSet(got, []string{dead}) {
		t.Errorf("after the kill removed %v, want %v", got, []string{dead})
	}
	for _, d := range []string{mine, liveDir, young, other} {
		if _, err := os.Stat(d); err != nil {
			t.Errorf("%s was removed: %v", d, err)
		}
	}
	for _, d := range []string{dead, old, recycled} {
		if _, err := os.Stat(d); err == nil {
			t.Errorf("%s was kept", d)
		}
	}
}

func sameSet(a, b []string) bool {
	a, b = append([]string(nil), a...), append([]string(nil), b...)
	sort.Strings(a)
	sort.Strings(b)
	return fmt.Sprint(a) == fmt.Sprint(b)
}

// TestMain doubles as the child process of TestRemoveStale: with
// SIGPROP_TEMPDIR_HELPER=1 it creates a directory, prints it and waits to
// be killed.
func TestMain(m *testing.M) {
	if os.Getenv("SIGPROP_TEMPDIR_HELPER") == "1" {
		d, err := New("sigprop-test-")
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		fmt.Println(d)
		time.Sleep(time.Minute)
		os.Exit(0)
	}
	os.Exit(m.Run())
}
