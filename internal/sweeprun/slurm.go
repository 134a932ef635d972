package sweeprun

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/sigprop/sigprop/internal/atomicfile"
	"github.com/sigprop/sigprop/lib/sweep"
)

// Runner runs a command and returns its standard output; an error carries
// the exit status and standard error. The Slurm code calls sbatch,
// squeue, sacct through one, so that tests can stand in for Slurm.
type Runner func(ctx context.Context, name string, args ...string) ([]byte, error)

// DefaultRunner runs the real command, with a 60 s limit.
func DefaultRunner(ctx context.Context, name string, args ...string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(ctx, 60*time.Second)
	defer cancel()
	var stdout, stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			msg = strings.TrimSpace(stdout.String())
		}
		return stdout.Bytes(), fmt.Errorf("%s: %w: %s", name, err, msg)
	}
	return stdout.Bytes(), nil
}

// Submission is one `sigprop sweep submit --slurm`, recorded in
// DIR/slurm.json.
type Submission struct {
	JobID      string    // the array's job id
	ArraySize  int       // N: task i runs shard i/N
	Tasks      string    // the array indices submitted (shards with work), e.g. "0-3" or "1,3"
	Script     string    // the sbatch script
	SbatchArgs []string  // extra sbatch arguments
	Submitted  time.Time // UTC
	Command    []string  // the submit command
}

type slurmRecord struct {
	Submissions []Submission
}

func readSubmissions(dir string) ([]Submission, error) {
	b, err := os.ReadFile(filepath.Join(dir, sweep.SlurmFile))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var r slurmRecord
	if err := json.Unmarshal(b, &r); err != nil {
		return nil, fmt.Errorf("%s: %w", filepath.Join(dir, sweep.SlurmFile), err)
	}
	return r.Submissions, nil
}

// SlurmTask is what Slurm says about one job or array task.
type SlurmTask struct {
	JobID    string `json:"job_id"` // "41_3", or "41_[4-7]" for pending tasks as squeue groups them
	State    string `json:"state"`  // RUNNING, PENDING, COMPLETED, FAILED, CANCELLED, …
	ExitCode string `json:"exit_code,omitempty"`
	Reason   string `json:"reason,omitempty"`
	Source   string `json:"source"` // "squeue" or "sacct"
}

// SlurmStatus is the Slurm part of a status report.
type SlurmStatus struct {
	Submissions []Submission `json:"submissions"`
	Queue       []SlurmTask  `json:"queue"`   // squeue: pending and running tasks
	History     []SlurmTask  `json:"history"` // sacct: every task's final state, when accounting is on
	SqueueError string       `json:"squeue_error,omitempty"`
	SacctError  string       `json:"sacct_error,omitempty"`
}

// running reports whether squeue lists the task (e.g. "41_3") as running
// or about to run.
func (s *SlurmStatus) running(task string) bool {
	for _, t := range s.Queue {
		if t.JobID == task && (t.State == "RUNNING" || t.State == "COMPLETING" || t.State == "CONFIGURING") {
			return true
		}
	}
	return false
}

// queued reports whether squeue lists any task of job.
func (s *SlurmStatus) queued(job string) bool {
	for _, t := range s.Queue {
		if baseJob(t.JobID) == job {
			return true
		}
	}
	return false
}

// baseJob strips the array index: "41_3" → "41".
func baseJob(id string) string {
	b, _, _ := strings.Cut(id, "_")
	return b
}

// querySlurm asks squeue (live tasks, one line per array task) and sacct
// (finished ones; fails when accounting storage is disabled) about jobs.
func querySlurm(ctx context.Context, ex Runner, jobs []string) *SlurmStatus {
	ids := strings.Join(jobs, ",")
	s := querySlurmQueue(ctx, ex, ids)
	out, err := ex(ctx, "sacct", "-n", "-P", "-X", "-j", ids, "-o", "JobID,State,ExitCode")
	if err != nil {
		s.SacctError = err.Error()
		return s
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		if f := strings.Split(line, "|"); len(f) == 3 {
			s.History = append(s.History, SlurmTask{JobID: f[0], State: f[1], ExitCode: f[2], Source: "sacct"})
		}
	}
	return s
}

func (s *SlurmStatus) writeText(w io.Writer) {
	for _, sub := range s.Submissions {
		fmt.Fprintf(w, "slurm job %s: array %s of %d, submitted %s\n", sub.JobID, sub.Tasks, sub.ArraySize, sub.Submitted.Format("2006-01-02 15:04:05Z"))
	}
	count := func(ts []SlurmTask) string {
		c := map[string]int{}
		var order []string
		for _, t := range ts {
			if c[t.State] == 0 {
				order = append(order, t.State)
			}
			c[t.State]++
		}
		var parts []string
		for _, st := range order {
			parts = append(parts, fmt.Sprintf("%d %s", c[st], st))
		}
		if len(parts) == 0 {
			return "none"
		}
		return strings.Join(parts, ", ")
	}
	if s.SqueueError != "" {
		fmt.Fprintf(w, "  squeue: %s\n", s.SqueueError)
	} else {
		fmt.Fprintf(w, "  squeue: %s\n", count(s.Queue))
	}
	if s.SacctError != "" {
		fmt.Fprintf(w, "  sacct: %s\n", firstLines(s.SacctError, 1))
		return
	}
	fmt.Fprintf(w, "  sacct: %s\n", count(s.History))
	for _, t := range s.History {
		if t.State != "COMPLETED" && t.State != "RUNNING" && t.State != "PENDING" {
			fmt.Fprintf(w, "    %s %s exit %s\n", t.JobID, t.State, t.ExitCode)
		}
	}
}

// SubmitOptions configures Submit.
type SubmitOptions struct {
	// ArraySize is N, the number of shards: array task i runs shard i/N.
	// Zero: the previous submission's N, or else min(points with work, 16).
	ArraySize   int
	SbatchArgs  []string      // passed to sbatch before the script (e.g. --time=1:00:00, --partition=…)
	Binary      string        // the sigprop binary the tasks run; on a shared file system (default: this one)
	Workers     int           // per task; zero: $SLURM_CPUS_PER_TASK, else 1
	RetryFailed bool          // also rerun points recorded as failed
	Wait        time.Duration // wait up to this long for the array to leave the queue (0: return at once)
	Poll        time.Duration // squeue polling interval while waiting (zero: 1 s)
	Exec        Runner        // nil: the real commands
	Command     []string      // recorded with the submission (os.Args)
}

// ErrNothingToDo is returned by Submit when every shard is done (or
// failed, without RetryFailed).
var ErrNothingToDo = errors.New("nothing to submit: every point is done or failed (--retry-failed reruns failed ones)")

// Submit writes an sbatch script for a job array over the sweep in dir,
// one task per shard that still has points to compute, submits it with
// sbatch and records the job in DIR/slurm.json. Resubmitting after tasks
// were cancelled, failed or timed out therefore runs only what is
// missing. It refuses while an earlier submission of this directory is
// still in squeue (two arrays would compute the same points). With
// opt.Wait it then polls squeue until the array has left the queue, and
// returns an error if that takes longer than opt.Wait.
func Submit(ctx context.Context, dir string, opt SubmitOptions) (Submission, error) {
	var sub Submission
	ex := opt.Exec
	if ex == nil {
		ex = DefaultRunner
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return sub, err
	}
	prov, points, err := readPoints(abs)
	if err != nil {
		return sub, err
	}
	prev, err := readSubmissions(abs)
	if err != nil {
		return sub, err
	}
	if len(prev) > 0 {
		var ids []string
		for _, s := range prev {
			ids = append(ids, s.JobID)
		}
		st := querySlurm(ctx, ex, ids)
		if st.SqueueError != "" {
			return sub, fmt.Errorf("cannot tell whether earlier jobs are still queued: %s", st.SqueueError)
		}
		for _, id := range ids {
			if st.queued(id) {
				return sub, fmt.Errorf("job %s of this sweep is still queued or running (squeue); wait for it or scancel %s, then resubmit", id, id)
			}
		}
	}
	names, err := listNames(abs)
	if err != nil {
		return sub, err
	}
	states := sweep.Scan(names, points)
	verifyDone(abs, prov.KindName(), points, states) // a file that is not its point's result is work
	work := func(i int) bool {
		return states[i] != sweep.Done && (states[i] != sweep.Failed || opt.RetryFailed)
	}
	n := opt.ArraySize
	if n == 0 && len(prev) > 0 {
		n = prev[len(prev)-1].ArraySize
	}
	if n == 0 {
		k := 0
		for i := range points {
			if work(i) {
				k++
			}
		}
		n = max(1, min(k, 16))
	}
	if n < 1 || n > len(points) {
		return sub, fmt.Errorf("--array-size=%d out of range: integer in [1, %d] (the number of points)", n, len(points))
	}
	var tasks []int
	has := make([]bool, n)
	for i := range points {
		if work(i) {
			has[i%n] = true
		}
	}
	for i, h := range has {
		if h {
			tasks = append(tasks, i)
		}
	}
	if len(tasks) == 0 {
		return sub, ErrNothingToDo
	}
	bin := opt.Binary
	if bin == "" {
		if bin, err = os.Executable(); err != nil {
			return sub, err
		}
	}
	if bin, err = filepath.Abs(bin); err != nil {
		return sub, err
	}
	if strings.Contains(bin, string(filepath.Separator)+"go-build") {
		return sub, fmt.Errorf("the binary %s is a temporary one of `go run`, gone when this command exits: build it once on the shared file system (go build -o bin/sigprop ./cmd/sigprop) and submit with it, or pass --binary", bin)
	}
	if st, err := os.Stat(bin); err != nil || st.IsDir() || st.Mode()&0o111 == 0 {
		return sub, fmt.Errorf("--binary %s is not an executable file", bin)
	}
	if err := checkSlurmPath("sweep directory", abs); err != nil {
		return sub, err
	}
	if err := checkSlurmPath("--binary", bin); err != nil {
		return sub, err
	}
	sdir := filepath.Join(abs, "slurm")
	if err := os.MkdirAll(sdir, 0o755); err != nil {
		return sub, err
	}
	sub = Submission{ArraySize: n, Tasks: compactRanges(tasks), SbatchArgs: opt.SbatchArgs,
		Submitted: time.Now().UTC(), Command: opt.Command,
		Script: filepath.Join(sdir, fmt.Sprintf("submit-%d.sbatch", len(prev)+1))}
	if err := atomicfile.Write(sub.Script, []byte(Script(abs, bin, sub, opt.Workers, opt.RetryFailed))); err != nil {
		return sub, err
	}
	// The paths go to sbatch as arguments, never through the script's
	// #SBATCH lines, which sbatch splits at blanks without shell quoting.
	args := append(append([]string{"--parsable", "--output=" + slurmOutput(abs), "--job-name=" + jobName(abs)}, opt.SbatchArgs...), sub.Script)
	out, err := ex(ctx, "sbatch", args...)
	if err != nil {
		return sub, err
	}
	id, _, _ := strings.Cut(strings.TrimSpace(string(out)), ";") // "id;cluster" on multi-cluster sites
	if _, err := strconv.ParseUint(id, 10, 64); err != nil {
		return sub, fmt.Errorf("sbatch printed %q, not a job id", out)
	}
	sub.JobID = id
	path := filepath.Join(abs, sweep.SlurmFile)
	if err := withLock(path, func() error {
		subs, err := readSubmissions(abs)
		if err != nil {
			return err
		}
		return writeJSON(path, slurmRecord{Submissions: append(subs, sub)})
	}); err != nil {
		return sub, fmt.Errorf("job %s submitted but not recorded: %w", id, err)
	}
	if opt.Wait > 0 {
		return sub, waitJob(ctx, ex, id, opt.Wait, opt.Poll)
	}
	return sub, nil
}

// waitJob polls squeue until job has left the queue, for at most limit.
func waitJob(ctx context.Context, ex Runner, job string, limit, poll time.Duration) error {
	if poll <= 0 {
		poll = time.Second
	}
	ctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	for {
		st := querySlurmQueue(ctx, ex, job)
		if st.SqueueError == "" && !st.queued(job) {
			return nil
		}
		select {
		case <-ctx.Done():
			if st.SqueueError != "" {
				return fmt.Errorf("waiting for job %s: %s", job, st.SqueueError)
			}
			return fmt.Errorf("job %s still queued or running after %s (it keeps running; `sigprop sweep status` follows it)", job, limit)
		case <-time.After(poll):
		}
	}
}

// querySlurmQueue asks squeue about jobs (comma-separated ids), one line
// per array task.
func querySlurmQueue(ctx context.Context, ex Runner, jobs string) *SlurmStatus {
	s := &SlurmStatus{}
	out, err := ex(ctx, "squeue", "-h", "-r", "-j", jobs, "-o", "%i|%T|%r")
	switch {
	case err != nil && strings.Contains(err.Error(), "Invalid job id"):
	case err != nil:
		s.SqueueError = err.Error()
	default:
		for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
			if f := strings.Split(line, "|"); len(f) == 3 {
				s.Queue = append(s.Queue, SlurmTask{JobID: f[0], State: f[1], Reason: f[2], Source: "squeue"})
			}
		}
	}
	return s
}

// Script is the sbatch script of a submission: a job array whose task i
// runs `sigprop sweep run DIR --shard i/N` with the task's CPUs as
// workers. Submit gives sbatch its output file, DIR/slurm/JOB_TASK.out,
// and job name as arguments (see its comment line); every path in the
// script is quoted for bash, and in its comments printed as a Go string,
// so no character of a path (a blank, a quote, a $, a newline) can become
// a command or a directive.
func Script(dir, bin string, sub Submission, workers int, retryFailed bool) string {
	w := `"${SLURM_CPUS_PER_TASK:-1}"`
	if workers > 0 {
		w = strconv.Itoa(workers)
	}
	retry := ""
	if retryFailed {
		retry = " --retry-failed"
	}
	return fmt.Sprintf(`#!/bin/bash
# Written by sigprop sweep submit at %s.
# Array task i runs shard i/%d of the sweep in %s;
# every point is one file there, so a cancelled task loses at most the
# points it was computing, and resubmitting runs only what is missing.
# Submitted as: sbatch %s %s [SBATCH_ARGS] SCRIPT
#SBATCH --array=%s
exec %s sweep run %s --shard "${SLURM_ARRAY_TASK_ID}/%d" --workers %s%s
`, sub.Submitted.Format(time.RFC3339), sub.ArraySize, strconv.Quote(dir),
		oneLine(shellQuote("--output="+slurmOutput(dir))), oneLine(shellQuote("--job-name="+jobName(dir))), sub.Tasks,
		shellQuote(bin), shellQuote(dir), sub.ArraySize, w, retry)
}

// slurmOutput is the --output pattern of the tasks of the sweep in dir.
func slurmOutput(dir string) string { return filepath.Join(dir, "slurm", "%A_%a.out") }

// jobName is the Slurm job name of the sweep in dir: "sweep-" and its
// base name, with anything but letters, digits, '.', '_' and '-' as '_'.
func jobName(dir string) string {
	return "sweep-" + strings.Map(func(r rune) rune {
		if r < 128 && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '.' || r == '_' || r == '-') {
			return r
		}
		return '_'
	}, filepath.Base(dir))
}

// oneLine replaces the line breaks of s (for a comment line).
func oneLine(s string) string { return strings.NewReplacer("\n", `\n`, "\r", `\r`).Replace(s) }

// checkSlurmPath refuses a path sbatch cannot take as given: '%' and '\'
// (--output is a filename pattern: %A, %a, ... are replaced and a
// backslash turns the replacement off) and control characters (a
// newline, a tab: names no log line or comment shows faithfully).
func checkSlurmPath(what, p string) error {
	for _, r := range p {
		if r == '%' || r == '\\' || r < 0x20 || r == 0x7f {
			return fmt.Errorf("%s %s: holds %q, which Slurm would not take as part of a file name (a %% starts an sbatch filename pattern, a backslash disables them, control characters are refused); rename it", what, strconv.Quote(p), r)
		}
	}
	return nil
}

// shellQuote quotes s for bash.
func shellQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

// compactRanges renders sorted indices as Slurm's --array list: "0-3,5,7-8".
func compactRanges(xs []int) string {
	var parts []string
	for i := 0; i < len(xs); {
		j := i
		for j+1 < len(xs) && xs[j+1] == xs[j]+1 {
			j++
		}
		if j == i {
			parts = append(parts, strconv.Itoa(xs[i]))
		} else {
			parts = append(parts, fmt.Sprintf("%d-%d", xs[i], xs[j]))
		}
		i = j + 1
	}
	return strings.Join(parts, ",")
}
