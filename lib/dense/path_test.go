package dense

import (
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/internal/mustpanic"
)

// paths returns the paths this machine can run, Portable first, and says
// in the test log which ones it cannot (those are skipped, not failed: an
// AVX-512 kernel cannot run on a CPU without AVX-512).
func paths(t testing.TB) []Path {
	for _, p := range []Path{AVX2, AVX512} {
		if !Available(p) {
			t.Logf("this CPU cannot run the %s path: it is not tested here", p)
		}
	}
	return Paths()
}

// onPath runs f with path p selected and restores the previous one.
func onPath(p Path, f func()) {
	defer SetPath(SetPath(p))
	f()
}

func pathName(p Path) string { return p.String() }

// TestSetAssembly: the switch reports the previous value, never turns on
// an assembly path on a CPU without it, and Assembly reflects it.
func TestSetAssembly(t *testing.T) {
	prev := SetPath(Portable)
	defer SetPath(prev)
	if Assembly() {
		t.Fatal("SetPath(Portable) left an assembly path on")
	}
	if p := SetAssembly(true); p {
		t.Error("SetAssembly returned true as the previous value after SetPath(Portable)")
	}
	if Assembly() != hasAsm {
		t.Errorf("after SetAssembly(true), Assembly() = %v, CPU support %v", Assembly(), hasAsm)
	}
	if got := CurrentPath(); got != best() {
		t.Errorf("after SetAssembly(true), path %v, want the best, %v", got, best())
	}
	if p := SetAssembly(false); p != hasAsm || CurrentPath() != Portable {
		t.Errorf("SetAssembly(false) returned %v and left %v", p, CurrentPath())
	}
}

// TestPaths: every path this CPU runs can be selected and is reported back,
// names round-trip through ParsePath, a path the CPU lacks panics, and the
// AVX-512 path is reported exactly when the CPU has AVX-512F.
func TestPaths(t *testing.T) {
	prev := CurrentPath()
	defer SetPath(prev)
	ps := Paths()
	if len(ps) == 0 || ps[0] != Portable {
		t.Fatalf("Paths() = %v, want Portable first", ps)
	}
	for _, p := range ps {
		if SetPath(p); CurrentPath() != p {
			t.Errorf("SetPath(%v) left %v", p, CurrentPath())
		}
		q, err := ParsePath(p.String())
		if err != nil || q != p {
			t.Errorf("ParsePath(%q) = %v, %v", p.String(), q, err)
		}
	}
	for _, p := range []Path{AVX2, AVX512} {
		if !Available(p) {
			mustpanic.WithPrefix(t, "SetPath("+p.String()+")", "dense:", func() { SetPath(p) })
		}
	}
	if _, err := ParsePath("avx1024"); err == nil || !strings.Contains(err.Error(), "avx512") {
		t.Errorf("ParsePath(avx1024): error %v, want one naming the allowed paths", err)
	}
	if Available(AVX512) && !Available(AVX2) {
		t.Error("AVX512 available without AVX2")
	}
	if cpuinfoHas("avx512f") != Available(AVX512) && cpuinfoHas("avx2") {
		t.Errorf("/proc/cpuinfo says avx512f = %v, Available(AVX512) = %v", cpuinfoHas("avx512f"), Available(AVX512))
	}
}

// cpuinfoHas reports whether Linux's /proc/cpuinfo lists flag (false
// where there is no such file).
func cpuinfoHas(flag string) bool {
	b, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return false
	}
	for _, line := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(line, "flags") {
			for _, f := range strings.Fields(line) {
				if f == flag {
					return true
				}
			}
			return false
		}
	}
	return false
}

// TestPathEnv: SIGPROP_DENSE_PATH selects each path this CPU runs when the
// package is initialised (checked in a child process, the test binary run
// again), and an unknown name stops the process with a message naming the
// variable and the allowed names.
func TestPathEnv(t *testing.T) {
	if os.Getenv("DENSE_TEST_PATHENV_CHILD") == "1" {
		fmt.Printf("path=%s\n", CurrentPath())
		return
	}
	exe, err := os.Executable()
	if err != nil {
		t.Skipf("cannot find the test binary: %v", err)
	}
	run := func(val string) (string, error) {
		cmd := exec.Command(exe, "-test.run=^TestPathEnv$", "-test.v")
		cmd.Env = append(os.Environ(), "DENSE_TEST_PATHENV_CHILD=1", PathEnv+"="+val)
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	for _, p := range Paths() {
		out, err := run(p.String())
		if err != nil || !strings.Contains(out, "path="+p.String()+"\n") {
			t.Errorf("%s=%s: child said %q (error %v)", PathEnv, p, out, err)
		}
	}
	out, err := run("avx1024")
	if err == nil || !strings.Contains(out, "dense: "+PathEnv) || !strings.Contains(out, "portable, avx2 or avx512") {
		t.Errorf("%s=avx1024: child said %q (error %v), want a dense: panic naming the allowed paths", PathEnv, out, err)
	}
}
