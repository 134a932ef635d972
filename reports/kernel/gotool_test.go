//go:build unix

package kernel

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestGoWrapper: the go of goWrapperDir runs the go found on PATH (here a
// stand-in that prints its GOGC, GOMEMLIMIT and arguments) with toolGC and
// the arguments unchanged, and comes first on the kernel's PATH; a caller
// that sets GOGC or GOMEMLIMIT, in its environment or in Options.Env, gets
// no wrapper.
func TestGoWrapper(t *testing.T) {
	fakeDir := filepath.Join(t.TempDir(), "it's go") // a quote and a space in the path
	if err := os.MkdirAll(fakeDir, 0o755); err != nil {
		t.Fatal(err)
	}
	fake := "#!/bin/sh\necho \"$GOGC|$GOMEMLIMIT|$*\"\n"
	if err := os.WriteFile(filepath.Join(fakeDir, "go"), []byte(fake), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", fakeDir+string(os.PathListSeparator)+os.Getenv("PATH"))
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	os.Unsetenv("GOGC")
	os.Unsetenv("GOMEMLIMIT")

	tmp := t.TempDir()
	bin, err := goWrapperDir(tmp, []string{"OTHER=1"})
	if err != nil || bin != filepath.Join(tmp, "bin") {
		t.Fatalf("goWrapperDir = %q, %v; want %q", bin, err, filepath.Join(tmp, "bin"))
	}
	out, err := exec.Command(filepath.Join(bin, "go"), "build", "-o", "a b", "./x").Output()
	if want := "off|1GiB|build -o a b ./x\n"; err != nil || string(out) != want {
		t.Errorf("wrapper printed %q (%v), want %q", out, err, want)
	}
	var path string
	for _, kv := range kernelEnv(Options{Tools: Tools{Dir: "/tools"}}, tmp, bin, "m") {
		if strings.HasPrefix(kv, "PATH=") {
			path = kv[len("PATH="):]
		}
	}
	if want := bin + string(os.PathListSeparator) + "/tools" + string(os.PathListSeparator); !strings.HasPrefix(path, want) {
		t.Errorf("kernel PATH %q, want it to start with %q", path, want)
	}

	for _, v := range []string{"GOGC=200", "GOMEMLIMIT=2GiB"} {
		if bin, err := goWrapperDir(t.TempDir(), []string{v}); bin != "" || err != nil {
			t.Errorf("with %s in Options.Env: goWrapperDir = %q, %v; want no wrapper", v, bin, err)
		}
		name, value, _ := strings.Cut(v, "=")
		t.Setenv(name, value)
		if bin, err := goWrapperDir(t.TempDir(), nil); bin != "" || err != nil {
			t.Errorf("with %s in the environment: goWrapperDir = %q, %v; want no wrapper", v, bin, err)
		}
		os.Unsetenv(name)
	}
}
