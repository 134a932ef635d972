package sweeprun

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sigprop/sigprop/lib/sweep"
	"github.com/sigprop/sigprop/lib/trainsweep"
)

// The tests in this file submit sweeps to a real Slurm cluster through
// the sigprop binary: .ci/run starts a single-node one with
// .ci/slurm-up.sh and exports SLURM_CONF. Without a cluster they skip,
// except under CI, where they fail.

func needSlurm(t *testing.T) {
	t.Helper()
	why := ""
	if _, err := exec.LookPath("sbatch"); err != nil {
		why = "sbatch not found"
	} else if os.Getenv("SLURM_CONF") == "" {
		why = "SLURM_CONF is not set"
	} else if out, err := exec.Command("sinfo", "-h", "-o", "%T").CombinedOutput(); err != nil {
		why = fmt.Sprintf("sinfo: %v: %s", err, out)
	}
	if why == "" {
		return
	}
	if os.Getenv("CI") != "" {
		t.Fatalf("CI is set but there is no Slurm cluster (%s): .ci/run starts one with .ci/slurm-up.sh", why)
	}
	t.Skipf("no Slurm cluster (%s); start one with: export SLURM_CONF=$(sudo bash .ci/slurm-up.sh)", why)
}

// buildSigprop builds cmd/sigprop once for the tasks to run.
func buildSigprop(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "sigprop")
	out, err := exec.Command("go", "build", "-o", bin, "github.com/sigprop/sigprop/cmd/sigprop").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// sp runs the sigprop binary and returns its exit code and output.
func sp(t *testing.T, bin string, args ...string) (int, string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	var buf bytes.Buffer
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Stdout, cmd.Stderr = &buf, &buf
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); ok {
		return ee.ExitCode(), buf.String()
	}
	if err != nil {
		t.Fatalf("%s %q: %v\n%s", bin, args, err, buf.String())
	}
	return 0, buf.String()
}

// must runs sigprop and fails the test unless it exits with code.
func must(t *testing.T, code int, bin string, args ...string) string {
	t.Helper()
	got, out := sp(t, bin, args...)
	if got != code {
		t.Fatalf("sigprop %s: exit %d, want %d\n%s", strings.Join(args, " "), got, code, out)
	}
	return out
}

// cancelJobs scancels what a failed test left in the queue.
func cancelJobs(t *testing.T, dir string) {
	t.Cleanup(func() {
		subs, _ := readSubmissions(dir)
		for _, s := range subs {
			exec.Command("scancel", s.JobID).Run()
		}
		if t.Failed() {
			logs, _ := filepath.Glob(filepath.Join(dir, "slurm", "*.out"))
			for _, l := range logs {
				b, _ := os.ReadFile(l)
				t.Logf("%s:\n%s", l, b)
			}
		}
	})
}

func TestSlurm(t *testing.T) {
	needSlurm(t)
	bin := buildSigprop(t)
	t.Run("trainability", func(t *testing.T) { slurmTrainability(t, bin) })
	t.Run("eval-cancel-resubmit", func(t *testing.T) { slurmEvalCancelResubmit(t, bin) })
}

// A 2×2 tiny trainability sweep as a 2-task array gives, bit for bit,
// the results of the same sweep run locally.
func slurmTrainability(t *testing.T, bin string) {
	needFashionMNIST(t)
	local, cluster := t.TempDir(), t.TempDir()
	cancelJobs(t, cluster)
	plan := []string{"trainability", "--alphas", "0.2,0.8", "--sigmas", "0.5,2", "--d", "8", "--layers", "2", "--steps", "10",
		"--batch", "8", "--lr", "1e-3", "--train", "64", "--val", "32", "--test", "64", "--seed", "3"}
	for _, d := range []string{local, cluster} {
		must(t, 0, bin, append([]string{"sweep", "plan", d}, plan...)...)
	}
	must(t, 0, bin, "sweep", "run", local, "--workers", "2")
	out := must(t, 0, bin, "sweep", "submit", cluster, "--slurm", "--array-size", "2", "--binary", bin, "--wait", "3m")
	if !strings.Contains(out, "array 0-1 of 2") || !strings.Contains(out, "4 done, 0 running, 0 failed, 0 missing") {
		t.Errorf("submit output:\n%s", out)
	}
	var res [2][]trainsweep.Result
	for k, d := range []string{local, cluster} {
		s, err := sweep.Read(os.DirFS(d))
		if err != nil {
			t.Fatal(err)
		}
		if res[k], err = sweep.Decode[trainsweep.Result](s); err != nil {
			t.Fatal(err)
		}
		if k == 1 {
			var tasks []string
			for _, inv := range s.Provenance.Invocations {
				if inv.Action == "run" {
					tasks = append(tasks, inv.Slurm+" ran shard "+inv.Shard)
				}
			}
			if len(tasks) != 2 || !strings.HasSuffix(tasks[0], "shard 0/2") && !strings.HasSuffix(tasks[1], "shard 0/2") {
				t.Errorf("run invocations %q, want two Slurm tasks, shards 0/2 and 1/2", tasks)
			}
		}
	}
	for i := range res[0] {
		if !sameExceptSeconds(res[0][i], res[1][i]) {
			t.Errorf("point %d: local %+v, Slurm %+v", i, res[0][i], res[1][i])
		}
	}
}

// A 20×20 eval sweep (a Monte Carlo quantity, its seed derived per point)
// as a 4-task array: one task is cancelled with scancel mid-run, the
// array is resubmitted, and the result has no lost, duplicated or torn
// point and equals the local run bit for bit; the 20 points of an
// invalid ρ fail with their error while the rest complete.
//
// ρ = −0.52 passes the quantity's declared range [−1, 1] but V is PSD
// only for ρ ≥ −1/(m−1) = −0.5 at m = 3, so those points fail at run time.
func slurmEvalCancelResubmit(t *testing.T, bin string) {
	local, cluster := t.TempDir(), t.TempDir()
	cancelJobs(t, cluster)
	plan := []string{"eval", "sde.correlation_stats", "gamma=0.1:0.9:20", "rho=-0.52:0.9:20", "m=3", "paths=512", "T=0.5"}
	for _, d := range []string{local, cluster} {
		must(t, 0, bin, append([]string{"sweep", "plan", d}, plan...)...)
	}
	must(t, 1, bin, "sweep", "run", local, "--workers", "2") // exit 1: 20 failed points

	must(t, 0, bin, "sweep", "submit", cluster, "--slurm", "--array-size", "4", "--binary", bin)
	subs, err := readSubmissions(cluster)
	if err != nil || len(subs) != 1 {
		t.Fatalf("submissions %+v, %v", subs, err)
	}
	job := subs[0].JobID
	// Cancel task 1 once it has finished a few of its 100 points.
	shardDone := func(shard int) (done int) {
		names, _ := listNames(cluster)
		for _, n := range names {
			if k, ok := strings.CutSuffix(n, ".json"); ok && strings.HasPrefix(k, "i") && !strings.HasSuffix(k, ".failed") {
				if i, err := strconv.Atoi(k[1:]); err == nil && i%4 == shard {
					done++
				}
			}
		}
		return done
	}
	deadline := time.Now().Add(2 * time.Minute)
	for shardDone(1) < 3 {
		if time.Now().After(deadline) {
			t.Fatal("task 1 finished no point within 2 minutes")
		}
		time.Sleep(20 * time.Millisecond)
	}
	if out, err := exec.Command("scancel", job+"_1").CombinedOutput(); err != nil {
		t.Fatalf("scancel: %v: %s", err, out)
	}
	if err := waitJob(context.Background(), DefaultRunner, job, 3*time.Minute, 200*time.Millisecond); err != nil {
		t.Fatal(err)
	}
	mid, err := Status(context.Background(), cluster, nil)
	if err != nil {
		t.Fatal(err)
	}
	inShard1 := 0
	for _, p := range mid.Points {
		if p.Index%4 == 1 && p.State != sweep.Done && p.State != sweep.Failed {
			inShard1++
		}
	}
	if inShard1 == 0 || mid.Totals.Running != 0 {
		t.Fatalf("after scancel: %d points of shard 1 not done, %d running; want some not done, none running (task 1 finished before it was cancelled?)", inShard1, mid.Totals.Running)
	}
	before := mid.Totals
	cancelled := false
	prov, _ := readProvenance(cluster)
	for _, inv := range prov.Invocations {
		if inv.Slurm == job+"_1" {
			cancelled = inv.Interrupted
		}
	}
	if !cancelled {
		t.Errorf("task %s_1 is not recorded as interrupted: SIGTERM from scancel did not reach sweep run", job)
	}

	// Resubmit: only task 1 has work. Exit 1: the failed points remain.
	out := must(t, 1, bin, "sweep", "submit", cluster, "--slurm", "--binary", bin, "--wait", "3m")
	if !strings.Contains(out, "array 1 of 4") {
		t.Errorf("resubmission did not submit just task 1:\n%s", out)
	}
	code, js := sp(t, bin, "sweep", "status", cluster, "--json")
	var rep StatusReport
	if err := json.Unmarshal([]byte(js[:strings.LastIndex(js, "}")+1]), &rep); err != nil || code != 1 {
		t.Fatalf("status --json: exit %d, %v\n%s", code, err, js)
	}
	if rep.Totals != (Totals{Points: 400, Done: 380, Failed: 20}) {
		t.Errorf("totals %+v, want 380 done and 20 failed of 400", rep.Totals)
	}
	for _, p := range rep.Points {
		if (p.Params["rho"] == "-0.52") != (p.State == sweep.Failed) || p.State == sweep.Failed && !strings.Contains(p.Error, "rho=-0.52 out of range") {
			t.Errorf("%s (ρ=%s): %s %q", p.Key, p.Params["rho"], p.State, p.Error)
		}
	}
	if rep.Slurm == nil || len(rep.Slurm.Submissions) != 2 || len(rep.Slurm.Queue) != 0 {
		t.Errorf("slurm section %+v", rep.Slurm)
	}

	// No torn point: exactly one whole file per point and nothing else
	// (no claim, no temporary file), every value equal to the local run's.
	names, _ := listNames(cluster)
	want := map[string]bool{sweep.ProvenanceFile: true, sweep.SlurmFile: true, "slurm": true}
	for _, p := range rep.Points {
		if p.State == sweep.Done {
			want[sweep.DoneFile(p.Key)] = true
		} else {
			want[sweep.FailedFile(p.Key)] = true
		}
	}
	for _, n := range names {
		if !want[n] {
			t.Errorf("unexpected file %s", n)
		}
		delete(want, n)
	}
	for n := range want {
		t.Errorf("missing file %s", n)
	}
	a, errA := sweep.Read(os.DirFS(local))
	b, errB := sweep.Read(os.DirFS(cluster))
	if a == nil || b == nil {
		t.Fatalf("read back: %v, %v", errA, errB)
	}
	for i := range a.Points {
		if a.States[i] != b.States[i] || !bytes.Equal(a.Values[i], b.Values[i]) || a.Errors[i] != b.Errors[i] {
			t.Errorf("point %s: local %s %s %q, Slurm %s %s %q", a.Points[i].Key, a.States[i], a.Values[i], a.Errors[i],
				b.States[i], b.Values[i], b.Errors[i])
		}
	}
	// No lost or duplicated point: the resubmission computed exactly the
	// points that were not done after the cancel.
	computed, failed := 0, 0
	for _, inv := range b.Provenance.Invocations {
		if inv.Action == "run" && strings.HasPrefix(inv.Slurm, rep.Slurm.Submissions[1].JobID+"_") {
			computed += inv.Computed
			failed += inv.Failed
		}
	}
	if computed != 380-before.Done || failed != 20-before.Failed {
		t.Errorf("the resubmission computed %d and failed %d points; %d and %d were left after the cancel",
			computed, failed, 380-before.Done, 20-before.Failed)
	}
}
