package sweeprun

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sigprop/sigprop/lib/sweep"
)

// fakeSlurm stands in for sbatch, squeue and sacct: sbatch prints the
// next job id, squeue prints queue (one "id|STATE|reason" line per task,
// or "Invalid job id" when empty, as Slurm does for a job it has
// forgotten), sacct fails as on a cluster without accounting.
type fakeSlurm struct {
	mu     sync.Mutex
	nextID int
	queue  []string
	calls  [][]string
}

func (f *fakeSlurm) run(_ context.Context, name string, args ...string) ([]byte, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.calls = append(f.calls, append([]string{name}, args...))
	switch name {
	case "sbatch":
		f.nextID++
		return []byte(fmt.Sprintf("%d\n", f.nextID)), nil
	case "squeue":
		if len(f.queue) == 0 {
			return nil, errors.New("squeue: exit status 1: slurm_load_jobs error: Invalid job id specified")
		}
		return []byte(strings.Join(f.queue, "\n") + "\n"), nil
	case "sacct":
		return nil, errors.New("sacct: exit status 1: Slurm accounting storage is disabled")
	}
	return nil, fmt.Errorf("unexpected command %s", name)
}

// fakeBinary is an executable file standing in for sigprop.
func fakeBinary(t *testing.T) string {
	p := filepath.Join(t.TempDir(), "sigprop")
	if err := os.WriteFile(p, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestSubmitWritesTheArrayAndRecordsTheJob(t *testing.T) {
	dir := withKind(t, &fakeKind{}) // 8 points, i0 … i7
	// Shards of 4: shard 1 = {i1, i5} already done, so only 0, 2, 3 go.
	for _, k := range []string{"i1", "i5"} {
		writeJSON(filepath.Join(dir, sweep.DoneFile(k)), doneRecord(k))
	}
	f := &fakeSlurm{nextID: 40}
	bin := fakeBinary(t)
	sub, err := Submit(context.Background(), dir, SubmitOptions{ArraySize: 4, Binary: bin, Exec: f.run,
		SbatchArgs: []string{"--time=5", "--partition=debug"}})
	if err != nil {
		t.Fatal(err)
	}
	if sub.JobID != "41" || sub.Tasks != "0,2-3" || sub.ArraySize != 4 {
		t.Errorf("submission %+v, want job 41, tasks 0,2-3 of 4", sub)
	}
	script, _ := os.ReadFile(sub.Script)
	abs, _ := filepath.Abs(dir)
	for _, want := range []string{"#SBATCH --array=0,2-3\n", "exec '" + bin + "' sweep run '" + abs + "' --shard \"${SLURM_ARRAY_TASK_ID}/4\" --workers \"${SLURM_CPUS_PER_TASK:-1}\"\n"} {
		if !strings.Contains(string(script), want) {
			t.Errorf("script lacks %q:\n%s", want, script)
		}
	}
	if got := f.calls[len(f.calls)-1]; strings.Join(got, " ") != "sbatch --parsable --output="+filepath.Join(abs, "slurm", "%A_%a.out")+" --job-name=sweep-"+filepath.Base(abs)+" --time=5 --partition=debug "+sub.Script {
		t.Errorf("sbatch call %q", got)
	}
	subs, _ := readSubmissions(dir)
	if len(subs) != 1 || subs[0].JobID != "41" {
		t.Errorf("slurm.json holds %+v", subs)
	}

	// While job 41 is in the queue, a resubmission is refused.
	f.queue = []string{"41_2|RUNNING|None"}
	if _, err := Submit(context.Background(), dir, SubmitOptions{Binary: bin, Exec: f.run}); err == nil || !strings.Contains(err.Error(), "job 41 of this sweep is still queued") {
		t.Errorf("resubmission while running: %v", err)
	}
	// Gone from the queue: the resubmission reuses N = 4, and with every
	// point of shards 0 and 3 done only shard 2 goes.
	f.queue = nil
	for _, k := range []string{"i0", "i4", "i3", "i7"} {
		writeJSON(filepath.Join(dir, sweep.DoneFile(k)), doneRecord(k))
	}
	sub, err = Submit(context.Background(), dir, SubmitOptions{Binary: bin, Exec: f.run})
	if err != nil || sub.Tasks != "2" || sub.ArraySize != 4 || sub.JobID != "42" || !strings.HasSuffix(sub.Script, "submit-2.sbatch") {
		t.Errorf("resubmission %+v, %v; want job 42 with task 2 of 4 in submit-2.sbatch", sub, err)
	}
	for _, k := range []string{"i2", "i6"} {
		writeJSON(filepath.Join(dir, sweep.DoneFile(k)), doneRecord(k))
	}
	if _, err := Submit(context.Background(), dir, SubmitOptions{Binary: bin, Exec: f.run}); !errors.Is(err, ErrNothingToDo) {
		t.Errorf("everything done: %v, want ErrNothingToDo", err)
	}
}

func TestSubmitRefusesBadBinariesAndSizes(t *testing.T) {
	dir := withKind(t, &fakeKind{})
	f := &fakeSlurm{}
	goRun := filepath.Join(t.TempDir(), "go-build123", "b001", "exe", "sigprop")
	os.MkdirAll(filepath.Dir(goRun), 0o755)
	os.WriteFile(goRun, []byte("#!/bin/sh\n"), 0o755)
	for _, tc := range []struct {
		opt  SubmitOptions
		want string
	}{
		{SubmitOptions{Binary: goRun}, "temporary one of `go run`"},
		{SubmitOptions{Binary: filepath.Join(t.TempDir(), "none")}, "is not an executable file"},
		{SubmitOptions{Binary: fakeBinary(t), ArraySize: 9}, "--array-size=9 out of range: integer in [1, 8]"},
	} {
		tc.opt.Exec = f.run
		if _, err := Submit(context.Background(), dir, tc.opt); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: %v, want %q", tc.opt, err, tc.want)
		}
	}
	for _, c := range f.calls {
		if c[0] == "sbatch" {
			t.Errorf("sbatch called for a refused submission: %q", c)
		}
	}
}

func TestSubmitWait(t *testing.T) {
	dir := withKind(t, &fakeKind{})
	f := &fakeSlurm{}
	polls, submitted := 0, false
	ex := func(ctx context.Context, name string, args ...string) ([]byte, error) {
		submitted = submitted || name == "sbatch"
		if name == "squeue" && submitted {
			polls++
			if polls <= 2 {
				f.mu.Lock()
				f.queue = []string{"1_0|RUNNING|None"}
				f.mu.Unlock()
			} else {
				f.mu.Lock()
				f.queue = nil
				f.mu.Unlock()
			}
		}
		return f.run(ctx, name, args...)
	}
	if _, err := Submit(context.Background(), dir, SubmitOptions{Binary: fakeBinary(t), Exec: ex, Wait: time.Minute, Poll: time.Millisecond}); err != nil || polls != 3 {
		t.Errorf("wait: %v after %d polls; want nil after 3", err, polls)
	}
	dir2 := withKind(t, &fakeKind{})
	stuck := &fakeSlurm{}
	stuckEx := func(ctx context.Context, name string, args ...string) ([]byte, error) {
		if name == "squeue" && len(stuck.calls) > 0 {
			stuck.queue = []string{"1_0|PENDING|Resources"}
		}
		return stuck.run(ctx, name, args...)
	}
	if _, err := Submit(context.Background(), dir2, SubmitOptions{Binary: fakeBinary(t), Exec: stuckEx, Wait: 50 * time.Millisecond, Poll: time.Millisecond}); err == nil || !strings.Contains(err.Error(), "still queued or running after 50ms") {
		t.Errorf("wait timeout: %v", err)
	}
}

// Status tells a live claim from a stale one: by pid on this host, by
// squeue for a Slurm task.
func TestStatusClaims(t *testing.T) {
	dir := withKind(t, &fakeKind{})
	dead := exec.Command("true")
	if err := dead.Run(); err != nil {
		t.Fatal(err)
	}
	host := hostname()
	claims := map[string]sweep.Claim{
		"i0": {Host: host, PID: os.Getpid()},         // this test: alive
		"i1": {Host: host, PID: dead.Process.Pid},    // exited
		"i2": {Host: "node7", PID: 1, Slurm: "41_2"}, // squeue: running
		"i3": {Host: "node8", PID: 1, Slurm: "41_3"}, // squeue: gone (scancel)
		"i4": {Host: "node9", PID: 1},                // another host, no job: cannot tell, running
	}
	for k, c := range claims {
		writeJSON(filepath.Join(dir, sweep.ClaimFile(k)), c)
	}
	writeJSON(filepath.Join(dir, sweep.DoneFile("i5")), sweep.Record{Key: "i5", Index: 5, Params: map[string]any{"x": 5.0}, Value: json.RawMessage("5")}) // its point's result (verifyDone)
	writeJSON(filepath.Join(dir, sweep.SlurmFile), slurmRecord{Submissions: []Submission{{JobID: "41", ArraySize: 4, Tasks: "0-3"}}})
	f := &fakeSlurm{queue: []string{"41_2|RUNNING|None", "41_1|PENDING|Resources"}}
	rep, err := Status(context.Background(), dir, f.run)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]sweep.State{"i0": sweep.Running, "i1": sweep.Missing, "i2": sweep.Running, "i3": sweep.Missing,
		"i4": sweep.Running, "i5": sweep.Done, "i6": sweep.Missing, "i7": sweep.Missing}
	for _, p := range rep.Points {
		if p.State != want[p.Key] {
			t.Errorf("%s is %s, want %s", p.Key, p.State, want[p.Key])
		}
		if stale := p.Key == "i1" || p.Key == "i3"; p.Stale != stale {
			t.Errorf("%s stale = %v", p.Key, p.Stale)
		}
	}
	if rep.Totals != (Totals{Points: 8, Done: 1, Running: 3, Missing: 4}) {
		t.Errorf("totals %+v", rep.Totals)
	}
	if rep.Slurm == nil || len(rep.Slurm.Queue) != 2 || !strings.Contains(rep.Slurm.SacctError, "accounting storage is disabled") {
		t.Errorf("slurm section %+v", rep.Slurm)
	}
	b, err := json.Marshal(rep)
	if err != nil || !strings.Contains(string(b), `"state":"running"`) || !strings.Contains(string(b), `"stale":true`) {
		t.Errorf("JSON %s, %v", b, err)
	}
}

func TestCompactRanges(t *testing.T) {
	for _, tc := range []struct {
		in   []int
		want string
	}{{[]int{0}, "0"}, {[]int{0, 1, 2, 3}, "0-3"}, {[]int{0, 2, 3, 5, 7, 8}, "0,2-3,5,7-8"}} {
		if got := compactRanges(tc.in); got != tc.want {
			t.Errorf("%v: %q, want %q", tc.in, got, tc.want)
		}
	}
}

// doneRecord is the fake eval kind's result of point iN (x = N), as
// verifyDone accepts it.
func doneRecord(key string) sweep.Record {
	i, _ := strconv.Atoi(strings.TrimPrefix(key, "i"))
	return sweep.Record{Key: key, Index: i, Params: map[string]any{"x": float64(i)}, Value: json.RawMessage(strconv.Itoa(i))}
}
