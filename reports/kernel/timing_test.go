package kernel

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestStatCPU parses /proc/PID/stat lines: fields 14 to 17 in USER_HZ
// ticks, counted from the last ')' (a command name may hold both).
func TestStatCPU(t *testing.T) {
	for _, tc := range []struct {
		line string
		want time.Duration
		ok   bool
	}{
		// utime 150, stime 50, cutime 1000, cstime 300 ticks = 15 s.
		{"4242 (gonb) S 1 4242 4242 0 -1 4194560 100 200 0 0 150 50 1000 300 20 0 12 0 99 0 0", 15 * time.Second, true},
		{"7 (a) b) (c) R 1 7 7 0 -1 0 0 0 0 0 1 2 3 4 20 0 1 0 5 0 0", 100 * time.Millisecond, true},
		{"7 (gonb) S 1 7 7 0 -1 0 0 0 0 0 1 2", 0, false},
		{"7 gonb S", 0, false},
		{"7 (gonb) S 1 7 7 0 -1 0 0 0 0 0 1 x 3 4 20", 0, false},
	} {
		got, ok := parseStatCPU([]byte(tc.line))
		if got != tc.want || ok != tc.ok {
			t.Errorf("%q: %v, %v; want %v, %v", tc.line, got, ok, tc.want, tc.ok)
		}
	}
}

// TestStepWriter: the verbose lines of gonb's execcode.go are consumed,
// the three that mark steps recorded; every other line, including
// execcode.go's own failures, goes on whole, however the writes split it.
func TestStepWriter(t *testing.T) {
	const id = "\x1b[7;39;32m[0a1b2c3d]\x1b[0m "
	lines := []string{
		"I1202 02:54:11.100000   12345 execcode.go:80] " + id + `ExecuteCell: ["%%" "fmt.Println(1)"]` + "\n",
		"I1202 02:54:11.100100   12345 execcode.go:82] " + id + "ExecuteCell(): CellIsTest=false, CellIsWasm=false\n",
		"I1202 02:54:11.200000   12345 execcode.go:288] " + id + "Executing /tmp/x/goimports -w /tmp/gonb_1/main.go\n",
		"I1202 02:54:11.300000   12345 execcode.go:340] " + id + "Executing /usr/local/go/bin/go get\n",
		"I1202 02:54:11.400000   12345 execcode.go:255] " + id + "Executing /usr/local/go/bin/go build -o /tmp/gonb_1/gonb_1\n",
		"I1202 02:54:12.000000   12345 execcode.go:119] " + id + "ExecuteCell: after s.Compile()\n",
		"I1202 02:54:12.000000   12345 execcode.go:115] " + id + "goexec.ExecuteCell() failed to compile cell: boom\n",
		"E1202 02:54:12.000000   12345 execcode.go:258] " + id + "Failed \"go build\":\n",
		"I1202 02:54:12.000000   12345 kernel.go:10] " + id + "Executing something else\n",
		"plain output of gonb\n",
	}
	var out bytes.Buffer
	var got []string
	w := &stepWriter{next: &out, record: func(s step) { got = append(got, s.name) }}
	all := strings.Join(lines, "")
	for i := 0; i < len(all); i += 7 { // split mid-line
		w.Write([]byte(all[i:min(i+7, len(all))]))
	}
	if want := []string{stepStart, stepGoBuild, stepBuilt}; strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("steps %q, want %q", got, want)
	}
	if want := strings.Join(lines[6:], ""); out.String() != want {
		t.Errorf("passed on:\n%q\nwant:\n%q", out.String(), want)
	}
}

// TestTiming runs cells in a kernel started with Options.Timing. The
// independent references are the cell program's own measurements: its
// CPU time (getrusage of itself, spun to at least 200 ms) is at most the
// CPU counted for gonb's tree, which also holds goimports, go get and go
// build; the 200 ms it slept are at most the wall time that is not
// compilation. A shell cell compiles nothing; a cell that does not build
// is all compilation. These are inequalities, whatever the machine's
// load. gonb's verbose lines stay out of Options.Log.
func TestTiming(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("starts gonb")
	}
	var log syncBuffer
	k, _ := startKernel(t, Options{Timing: true, Log: &log})
	const spin = "%%\n" +
		"var ru syscall.Rusage\n" +
		"own := func() int64 { syscall.Getrusage(syscall.RUSAGE_SELF, &ru); return ru.Utime.Nano() + ru.Stime.Nano() }\n" +
		"for x := 1.0; own() < 200e6; x = math.Sqrt(x + 1) {}\n" +
		"time.Sleep(200 * time.Millisecond)\n" +
		"fmt.Println(own())"
	e, r := run(t, k, spin, 2*time.Minute)
	if r.Status != "ok" {
		t.Fatalf("cell: %+v", r)
	}
	own, err := strconv.ParseInt(strings.TrimSpace(streamText(t, e, "stdout")), 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	tm := e.Timing()
	t.Logf("program's own CPU %v; timing %+v", time.Duration(own), tm)
	if !tm.CPUKnown {
		t.Fatal("CPU not measured on Linux")
	}
	// 10 ms: one tick of /proc's USER_HZ clock, which rounds down.
	if tm.CPU+10*time.Millisecond < time.Duration(own) {
		t.Errorf("CPU of gonb's tree %v < the program's own %v", tm.CPU, time.Duration(own))
	}
	if !tm.Compiled || tm.GoBuild <= 0 || tm.GoBuild > tm.Compile || tm.Compile >= tm.Wall {
		t.Errorf("compiled %v, go build %v, compile %v, wall %v: want 0 < go build <= compile < wall", tm.Compiled, tm.GoBuild, tm.Compile, tm.Wall)
	}
	if tm.Run() < 200*time.Millisecond {
		t.Errorf("run time %v (wall %v - compile %v) < the 200 ms the program slept", tm.Run(), tm.Wall, tm.Compile)
	}

	e, r = run(t, k, "!echo hi", time.Minute)
	if tm := e.Timing(); r.Status != "ok" || tm.Compiled || tm.Compile != 0 || tm.Wall <= 0 {
		t.Errorf("shell cell: status %q, timing %+v; want no compilation", r.Status, tm)
	}
	e, r = run(t, k, "%%\nundefinedFunction()", time.Minute)
	if tm := e.Timing(); r.Status != "error" || !tm.Compiled || tm.Compile <= 0 || tm.Compile > tm.Wall {
		t.Errorf("compile error: status %q, timing %+v; want error, 0 < compile <= wall", r.Status, tm)
	}
	if l := log.String(); strings.Contains(l, "ExecuteCell: after") || strings.Contains(l, "CellIsTest") || !strings.Contains(l, "failed to compile cell") {
		t.Errorf("Options.Log has gonb's verbose lines or lacks its failure:\n%s", log.String())
	}
}

// syncBuffer is a bytes.Buffer safe for the kernel's writer goroutine and
// the test.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestCellsLinkWithoutSymbols: a cell's program is linked without DWARF
// and without the ELF symbol table (cellGoFlags), and its stack traces
// still name its function, file and line; the cell's program runs with
// Go's default garbage collector (toolGC is for the toolchain alone,
// which runs through the kernel's go wrapper); a GOFLAGS that sets -ldflags
// itself is kept as it is.
func TestCellsLinkWithoutSymbols(t *testing.T) {
	if testing.Short() {
		t.Skip("starts gonb")
	}
	k, _ := startKernel(t, Options{})
	e, r := run(t, k, "%%\n"+
		"exe, _ := os.Executable()\n"+
		"f, err := elf.Open(exe)\n"+
		"if err != nil { panic(err) }\n"+
		"pc, file, line, _ := runtime.Caller(0)\n"+
		"fmt.Println(f.Section(\".debug_info\") == nil, f.Section(\".symtab\") == nil, f.Section(\".gopclntab\") != nil, "+
		"strings.HasSuffix(file, \"main.go\"), line > 0, runtime.FuncForPC(pc).Name() == \"main.main\", os.Getenv(\"GOGC\") == \"\" && os.Getenv(\"GOMEMLIMIT\") == \"\")", 2*time.Minute)
	if got := strings.TrimSpace(streamText(t, e, "stdout")); r.Status != "ok" || got != "true true true true true true true" {
		t.Errorf("cell: status %q, stdout %q (stderr %q); want no DWARF, no symbol table, a pclntab, main.go, a line, main.main and no GOGC or GOMEMLIMIT", r.Status, got, streamText(t, e, "stderr"))
	}
	if runtime.GOOS != "windows" && os.Getenv("GOGC") == "" && os.Getenv("GOMEMLIMIT") == "" {
		e, r := run(t, k, "!command -v go", time.Minute)
		if got, want := strings.TrimSpace(streamText(t, e, "stdout")), filepath.Join(k.TempDir(), "bin", "go"); r.Status != "ok" || got != want {
			t.Errorf("the kernel's go is %q (status %q), want the wrapper %q", got, r.Status, want)
		}
	}
	for _, tc := range []struct{ user, want string }{
		{"", "GOFLAGS=-ldflags=-s"},
		{"-mod=mod", "GOFLAGS=-mod=mod -ldflags=-s"},
		{"-ldflags=-w", "GOFLAGS=-ldflags=-w"},
	} {
		t.Setenv("GOFLAGS", tc.user)
		n := 0
		for _, kv := range kernelEnv(Options{}, "/tmp/x", "", "m") {
			if strings.HasPrefix(kv, "GOFLAGS=") {
				n++
				if kv != tc.want {
					t.Errorf("GOFLAGS %q: kernel has %q, want %q", tc.user, kv, tc.want)
				}
			}
		}
		if n != 1 {
			t.Errorf("GOFLAGS %q: %d GOFLAGS in the kernel's environment", tc.user, n)
		}
	}
}
