package sweeprun

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sigprop/sigprop/lib/sweep"
)

// mcSettings is a small Monte Carlo eval sweep: the terminal-correlation
// statistics of Noci et al. 2023's attention SDE (sde.correlation_stats,
// 64 paths, T = 0.2) over 4 γ × 3 ρ, the seed left to the sweep.
func mcSettings() sweep.EvalSettings {
	return sweep.EvalSettings{Quantity: "sde.correlation_stats", Seed: 7,
		Axes: []sweep.Axis{
			{Names: []string{"gamma"}, Values: []string{"0.2", "0.4", "0.6", "0.8"}},
			{Names: []string{"rho"}, Values: []string{"0", "0.3", "0.6"}},
		},
		Fixed: map[string]string{"paths": "64", "T": "0.2", "m": "2"}}
}

func planEval(t *testing.T, dir string, s sweep.EvalSettings) sweep.EvalSettings {
	t.Helper()
	s, created, err := PlanEval(dir, s, NewInvocation("plan", 0))
	if err != nil || !created {
		t.Fatalf("plan: created %v, %v", created, err)
	}
	return s
}

func readSweep(t *testing.T, dir string) *sweep.Sweep {
	t.Helper()
	s, err := sweep.Read(os.DirFS(dir))
	if err != nil && !errors.Is(err, sweep.ErrIncomplete) {
		t.Fatal(err)
	}
	return s
}

// A point's result is the same with 1 worker as with three shards of 2
// workers run at the same time in one directory, and the three runs'
// invocations all reach provenance.json (appended under its lock).
func TestRunDeterministicAcrossWorkersAndShards(t *testing.T) {
	one, three := t.TempDir(), t.TempDir()
	s := planEval(t, one, mcSettings())
	planEval(t, three, mcSettings())
	if s.SeedParam != "seed" {
		t.Fatalf("SeedParam = %q, want seed (sde.correlation_stats takes a seed the plan leaves free)", s.SeedParam)
	}
	if sum, err := Run(context.Background(), one, RunOptions{Workers: 1}); err != nil || sum.Computed != 12 || sum.Incomplete() {
		t.Fatalf("1 worker: %+v, %v", sum, err)
	}
	var wg sync.WaitGroup
	errs := make([]error, 3)
	for i := range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = Run(context.Background(), three, RunOptions{Workers: 2, Shard: sweep.Shard{I: i, N: 3}})
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		t.Fatal(err)
	}
	a, b := readSweep(t, one), readSweep(t, three)
	seeds := map[string]bool{}
	for i := range a.Points {
		if a.States[i] != sweep.Done || !bytes.Equal(a.Values[i], b.Values[i]) {
			t.Errorf("point %s: %s %s vs %s %s", a.Points[i].Key, a.States[i], a.Values[i], b.States[i], b.Values[i])
		}
		var r sweep.Record
		raw, _ := os.ReadFile(filepath.Join(one, sweep.DoneFile(a.Points[i].Key)))
		json.Unmarshal(raw, &r)
		seeds[fmt.Sprint(r.Params["seed"])] = true
	}
	if len(seeds) != 12 {
		t.Errorf("%d distinct seeds over 12 points, want 12 (one derived per point)", len(seeds))
	}
	var runs []string
	for _, inv := range b.Provenance.Invocations {
		if inv.Action == "run" {
			runs = append(runs, inv.Shard)
			if inv.Finished == nil || inv.Computed != 4 {
				t.Errorf("invocation %+v: want finished with 4 points computed", inv)
			}
		}
	}
	if len(runs) != 3 {
		t.Errorf("run invocations for shards %v, want all three", runs)
	}
}

func TestRunResumesOnlyMissing(t *testing.T) {
	dir := t.TempDir()
	planEval(t, dir, mcSettings())
	if _, err := Run(context.Background(), dir, RunOptions{Workers: 2}); err != nil {
		t.Fatal(err)
	}
	before := readSweep(t, dir)
	// An interrupted sweep: two results lost, one of them with the stale
	// claim and the temporary file a killed process leaves behind.
	for _, k := range []string{"i03", "i07"} {
		os.Remove(filepath.Join(dir, sweep.DoneFile(k)))
	}
	writeJSON(filepath.Join(dir, sweep.ClaimFile("i07")), sweep.Claim{Host: "elsewhere", PID: 1})
	os.WriteFile(filepath.Join(dir, "i07.json.123.tmp"), []byte(`{"key":`), 0o644)
	var progress bytes.Buffer
	sum, err := Run(context.Background(), dir, RunOptions{Workers: 2, Progress: &progress})
	if err != nil || sum.Computed != 2 || sum.DoneBefore != 10 {
		t.Fatalf("resume: %+v, %v; want 2 computed, 10 done before", sum, err)
	}
	if !strings.Contains(progress.String(), "12/12 (10 resumed, 0 failed)") {
		t.Errorf("progress lacks the final count:\n%s", progress.String())
	}
	after := readSweep(t, dir)
	for i := range before.Values {
		if !bytes.Equal(before.Values[i], after.Values[i]) {
			t.Errorf("point %d recomputed differently: %s vs %s", i, before.Values[i], after.Values[i])
		}
	}
	if _, err := os.Stat(filepath.Join(dir, sweep.ClaimFile("i07"))); err == nil {
		t.Error("the stale claim survived the point's completion")
	}
	// A finished sweep: nothing to do, provenance.json untouched.
	prov, _ := os.ReadFile(filepath.Join(dir, sweep.ProvenanceFile))
	if sum, err := Run(context.Background(), dir, RunOptions{}); err != nil || sum.Computed != 0 || sum.Incomplete() {
		t.Errorf("rerun of a finished sweep: %+v, %v", sum, err)
	}
	if again, _ := os.ReadFile(filepath.Join(dir, sweep.ProvenanceFile)); !bytes.Equal(prov, again) {
		t.Error("a run with nothing to do changed provenance.json")
	}
}

// ρ = −0.6 is inside sde.correlation_stats' declared range [−1, 1], so the
// plan accepts it, but V is not PSD for ρ < −1/(m−1) = −0.5 at m = 3: the
// quantity returns an error, which becomes the point's failure record.
func TestRunRecordsFailuresAndRetries(t *testing.T) {
	dir := t.TempDir()
	s := mcSettings()
	s.Fixed["m"] = "3"
	s.Axes[1].Values = []string{"-0.6", "0.3"}
	planEval(t, dir, s)
	sum, err := Run(context.Background(), dir, RunOptions{Workers: 2})
	if err != nil || sum.Computed != 4 || sum.Failed != 4 || !sum.Incomplete() {
		t.Fatalf("%+v, %v; want 4 computed, 4 failed, incomplete", sum, err)
	}
	rep, err := Status(context.Background(), dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Totals != (Totals{Points: 8, Done: 4, Failed: 4}) {
		t.Errorf("totals %+v", rep.Totals)
	}
	for _, p := range rep.Points {
		if (p.Params["rho"] == "-0.6") != (p.State == sweep.Failed) {
			t.Errorf("%s (ρ=%s) is %s", p.Key, p.Params["rho"], p.State)
		}
		if p.State == sweep.Failed && !strings.Contains(p.Error, "rho=-0.6 out of range") {
			t.Errorf("%s: error %q does not name the parameter", p.Key, p.Error)
		}
	}
	var text bytes.Buffer
	rep.WriteText(&text, false)
	if !strings.Contains(text.String(), "4 done, 0 running, 4 failed, 0 missing (of 8)") || !strings.Contains(text.String(), "i0 (gamma=0.2 rho=-0.6): sde: parameter rho=-0.6 out of range") {
		t.Errorf("status text:\n%s", text.String())
	}
	if sum, _ := Run(context.Background(), dir, RunOptions{}); sum.Computed+sum.Failed != 0 || sum.FailedBefore != 4 {
		t.Errorf("rerun without --retry-failed: %+v; want the failures left alone", sum)
	}
	if sum, _ := Run(context.Background(), dir, RunOptions{RetryFailed: true}); sum.Failed != 4 || sum.Computed != 0 {
		t.Errorf("rerun with --retry-failed: %+v; want the 4 failures recomputed (and failing again)", sum)
	}
}

// fakeKind computes {"i": index} for a fake eval sweep; it panics on the
// keys in panics and, on block, signals started and waits for release.
type fakeKind struct {
	panics           map[string]bool
	block            string
	started, release chan struct{}
	clash            string // a point whose result file name this kind occupies with a directory
	dir              string
}

func (k *fakeKind) prepare(io.Writer) error { return nil }
func (k *fakeKind) compute(p sweep.Point) ([]byte, error) {
	if k.panics[p.Key] {
		panic("fake: caller bug at " + p.Key)
	}
	if p.Key == k.block {
		close(k.started)
		<-k.release
	}
	if p.Key == k.clash {
		os.MkdirAll(filepath.Join(k.dir, sweep.DoneFile(p.Key), "x"), 0o755)
	}
	params := map[string]any{}
	for n, v := range p.Params {
		x, _ := strconv.ParseFloat(v, 64)
		params[n] = x
	}
	return json.Marshal(sweep.Record{Key: p.Key, Index: p.Index, Params: params, Value: json.RawMessage(fmt.Sprint(p.Index))})
}
func (k *fakeKind) summary([]byte) string { return "" }

func withKind(t *testing.T, k kind) string {
	t.Helper()
	old := kindFor
	kindFor = func(sweep.Provenance) (kind, error) { return k, nil }
	t.Cleanup(func() { kindFor = old })
	dir := t.TempDir()
	set, _ := json.Marshal(sweep.EvalSettings{Quantity: "fake", Axes: []sweep.Axis{{Names: []string{"x"}, Values: strings.Split("0,1,2,3,4,5,6,7", ",")}}})
	if err := writeJSON(filepath.Join(dir, sweep.ProvenanceFile), sweep.Provenance{Kind: sweep.KindEval, Settings: set}); err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestRunTurnsAPanicIntoAFailure(t *testing.T) {
	dir := withKind(t, &fakeKind{panics: map[string]bool{"i5": true}})
	sum, err := Run(context.Background(), dir, RunOptions{Workers: 3})
	if err != nil || sum.Computed != 7 || sum.Failed != 1 {
		t.Fatalf("%+v, %v", sum, err)
	}
	b, _ := os.ReadFile(filepath.Join(dir, sweep.FailedFile("i5")))
	if !strings.Contains(string(b), "panic: fake: caller bug at i5") {
		t.Errorf("failure record %s", b)
	}
}

// Cancelling the context (SIGTERM from scancel) returns at once, keeps
// the finished points, removes the claim of the point in flight and
// records the invocation as interrupted; the next run computes the rest.
func TestRunInterrupted(t *testing.T) {
	old := claimDelay
	claimDelay = 0 // claim every point at once
	t.Cleanup(func() { claimDelay = old })
	k := &fakeKind{block: "i3", started: make(chan struct{}), release: make(chan struct{})}
	dir := withKind(t, k)
	ctx, cancel := context.WithCancel(context.Background())
	claimed := make(chan bool, 1)
	go func() {
		<-k.started
		deadline := time.Now().Add(5 * time.Second)
		_, err := os.Stat(filepath.Join(dir, sweep.ClaimFile("i3")))
		for err != nil && time.Now().Before(deadline) {
			time.Sleep(time.Millisecond)
			_, err = os.Stat(filepath.Join(dir, sweep.ClaimFile("i3")))
		}
		claimed <- err == nil
		cancel()
	}()
	done := make(chan struct{})
	var sum RunSummary
	var err error
	go func() {
		sum, err = Run(ctx, dir, RunOptions{Workers: 1})
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("Run did not return after cancel while a point was in flight")
	}
	if !<-claimed {
		t.Error("the point in flight was never claimed")
	}
	if !errors.Is(err, ErrInterrupted) || !sum.Interrupted || sum.Computed != 3 {
		t.Fatalf("%+v, %v; want ErrInterrupted after 3 points", sum, err)
	}
	if _, err := os.Stat(filepath.Join(dir, sweep.ClaimFile("i3"))); err == nil {
		t.Error("the claim of the abandoned point is still there")
	}
	p, _ := readProvenance(dir)
	if inv := p.Invocations[len(p.Invocations)-1]; !inv.Interrupted || inv.Computed != 3 {
		t.Errorf("invocation %+v, want interrupted with 3 computed", inv)
	}
	close(k.release) // the abandoned computation ends; its result may land or not
	k2 := &fakeKind{}
	kindFor = func(sweep.Provenance) (kind, error) { return k2, nil }
	sum, err = Run(context.Background(), dir, RunOptions{Workers: 2})
	if err != nil || sum.DoneBefore+sum.Computed != 8 || sum.DoneBefore < 3 {
		t.Errorf("resume: %+v, %v", sum, err)
	}
}

// A file that cannot be written stops the run with an error naming the
// point (rather than being recorded as the point's failure).
func TestRunStopsOnWriteError(t *testing.T) {
	// A non-empty directory appears where i2's result should go: the
	// rename fails (for root too, unlike a read-only directory).
	k := &fakeKind{clash: "i2"}
	dir := withKind(t, k)
	k.dir = dir
	sum, err := Run(context.Background(), dir, RunOptions{Workers: 1})
	if err == nil || !strings.Contains(err.Error(), "point i2") {
		t.Errorf("got %v, want an error naming point i2", err)
	}
	// i0 and i1 were done; with one worker nothing after i2 starts.
	if sum.Computed != 2 {
		t.Errorf("%d points computed, want 2", sum.Computed)
	}
	for _, k := range []string{"i3", "i4", "i5", "i6", "i7"} {
		if _, err := os.Stat(filepath.Join(dir, sweep.DoneFile(k))); err == nil {
			t.Errorf("%s computed after the error stopped the hand-out", k)
		}
	}
}
