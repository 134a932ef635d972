package kernel

import (
	"bytes"
	"io"
	"regexp"
	"strings"
	"sync"
	"time"
)

// Timing says where the time of one execute request went.
type Timing struct {
	// Wall is the time from sending the request to its completion (the
	// reply and the kernel's idle status).
	Wall time.Duration

	// CPU is the processor time (user and system) of gonb's process tree
	// meanwhile: gonb itself and every process it started and reaped
	// before it answered (goimports, go get, go build with the compiler
	// and linker it runs, the cell's program, a shell command's
	// processes). It is the change of utime+stime+cutime+cstime of the
	// gonb process (/proc/PID/stat) from the request to its completion;
	// a process still running then (gopls) is not counted. CPUKnown is
	// false where /proc cannot be read (not Linux).
	CPU      time.Duration
	CPUKnown bool

	// Compile is the time gonb spent making the cell's program before
	// running it: from the start of its cell execution (after the
	// special commands, %% and !, are parsed) to the end of go build,
	// so goimports, go get and go build; GoBuild is the go build alone.
	// Compiled is false, and both zero, when gonb compiled nothing (a
	// cell of shell commands or magics only) or when the kernel was
	// started without Options.Timing. A cell whose build fails counts
	// its whole time as Compile.
	Compile, GoBuild time.Duration
	Compiled         bool
}

// Run is the part of Wall that is not Compile: the cell's program (or
// shell commands) and the messages around it.
func (t Timing) Run() time.Duration { return t.Wall - t.Compile }

// Steps of gonb's cell execution, as its log names them (gonb v0.11.1,
// internal/goexec/execcode.go, logged at verbosity 2 when gonb runs
// with --vmodule=execcode=2; see timingArgs).
const (
	stepStart   = "start"    // "ExecuteCell(): CellIsTest=..." at the start of executeCellImpl
	stepGoBuild = "go build" // "Executing /path/go build -o ..." in State.Compile
	stepBuilt   = "built"    // "ExecuteCell: after s.Compile()"
)

// timingArgs are the gonb flags that make it log the steps of each cell
// it compiles (klog, on its stderr).
var timingArgs = []string{"--vmodule=execcode=2"}

// klogLine parses a klog line of gonb's execcode.go: severity, then the
// message after "file:line] ", which gonb prefixes with its coloured
// instance id.
var klogLine = regexp.MustCompile(`^([IWEF])\d{4} [0-9:.]+\s+\d+ execcode\.go:\d+\] (?:\x1b\[[0-9;]*m\[[^\]]*\]\x1b\[[0-9;]*m )?(.*)$`)

// verboseMessages are the starts of the messages execcode.go logs at
// verbosity 1 and 2 only (so never without timingArgs): the step writer
// keeps them out of the kernel's log.
var verboseMessages = []string{"ExecuteCell: ", "ExecuteCell(): ", "GoImports():", "GoImports(): ", "Executing ", "PostExecuteCell(): ", "\tFiltering stderr: "}

// step is a step of gonb's cell execution and when its log line arrived.
type step struct {
	name string
	at   time.Time
}

// maxSteps bounds the steps a kernel keeps (three per compiled cell; a
// Timing reads those of its own request, right after it completes).
const maxSteps = 512

// stepWriter passes gonb's output on to next, line by line, except the
// verbose lines of execcode.go, whose steps it records with their time of
// arrival.
type stepWriter struct {
	next   io.Writer
	record func(step)

	mu  sync.Mutex
	buf []byte
}

func (w *stepWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	now := time.Now()
	w.buf = append(w.buf, p...)
	for {
		i := bytes.IndexByte(w.buf, '\n')
		if i < 0 {
			break
		}
		line := w.buf[:i+1]
		if name, verbose := parseStep(string(line[:i])); verbose {
			if name != "" {
				w.record(step{name, now})
			}
		} else {
			w.next.Write(line)
		}
		w.buf = w.buf[i+1:]
	}
	if len(w.buf) > 1<<20 { // no newline for a megabyte: not a log line
		w.next.Write(w.buf)
		w.buf = nil
	}
	w.buf = append([]byte(nil), w.buf...)
	return len(p), nil
}

// parseStep reports whether line is a verbose log line of execcode.go
// and, if it marks a step, which.
func parseStep(line string) (name string, verbose bool) {
	m := klogLine.FindStringSubmatch(strings.TrimSuffix(line, "\r"))
	if m == nil || m[1] != "I" {
		return "", false
	}
	msg := m[2]
	switch {
	case strings.HasPrefix(msg, "ExecuteCell(): CellIsTest="):
		return stepStart, true
	case strings.HasPrefix(msg, "Executing ") && strings.Contains(msg, " build -o "):
		return stepGoBuild, true
	case msg == "ExecuteCell: after s.Compile()":
		return stepBuilt, true
	}
	for _, v := range verboseMessages {
		if strings.HasPrefix(msg, v) {
			return "", true
		}
	}
	return "", false
}

// recordStep keeps s for the Timing of the request it belongs to.
func (k *Kernel) recordStep(s step) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if len(k.steps) >= maxSteps {
		k.steps = append(k.steps[:0], k.steps[maxSteps/2:]...)
	}
	k.steps = append(k.steps, s)
}

// stepsBetween returns the steps recorded from t0 to t1.
func (k *Kernel) stepsBetween(t0, t1 time.Time) []step {
	k.mu.Lock()
	defer k.mu.Unlock()
	var out []step
	for _, s := range k.steps {
		if !s.at.Before(t0) && !s.at.After(t1) {
			out = append(out, s)
		}
	}
	return out
}

// Timing says where the request's time went (see Timing). Before the
// execution is complete, Wall and CPU run to the time of the call.
// gonb executes one cell at a time: with two execute requests in flight
// at once, the compilation steps are each counted in both.
func (e *Execution) Timing() Timing {
	end, cpu1, ok1 := e.endTime()
	t := Timing{Wall: end.Sub(e.sent)}
	if e.cpuKnown && ok1 {
		t.CPU, t.CPUKnown = cpu1-e.cpu0, true
	}
	var start, gobuild, built time.Time
	for _, s := range e.k.stepsBetween(e.sent, end) {
		switch s.name {
		case stepStart:
			start = s.at
		case stepGoBuild:
			gobuild = s.at
		case stepBuilt:
			built = s.at
		}
	}
	if start.IsZero() {
		return t
	}
	t.Compiled = true
	if built.IsZero() || built.Before(start) {
		built = end // the build failed: the cell never ran
	}
	t.Compile = built.Sub(start)
	if !gobuild.IsZero() && !gobuild.Before(start) && !gobuild.After(built) {
		t.GoBuild = built.Sub(gobuild)
	}
	return t
}

// endTime is when the execution completed and the CPU time of gonb's tree
// then, or now and now's when it has not completed.
func (e *Execution) endTime() (time.Time, time.Duration, bool) {
	select {
	case <-e.done:
		return e.doneAt, e.cpu1, e.cpu1Known
	default:
		cpu, ok := e.k.CPU()
		return time.Now(), cpu, ok
	}
}

// CPU returns the processor time gonb's process tree has used since it
// started (see Timing.CPU), and false where it cannot be read.
func (k *Kernel) CPU() (time.Duration, bool) {
	if k.cmd == nil || k.cmd.Process == nil {
		return 0, false
	}
	return treeCPU(k.cmd.Process.Pid)
}
