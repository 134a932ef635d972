package trainsweep

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	sweep "github.com/sigprop/sigprop/lib/trainsweep"
)

func TestDirStoreRoundTripAndResume(t *testing.T) {
	dir := t.TempDir()
	s, err := NewDirStore(filepath.Join(dir, "res"))
	if err != nil {
		t.Fatal(err)
	}
	ps := sweep.Grid{Alphas: []float64{0.1, 0.5}, SigmaWs: []float64{1, 2}}.Points()
	calls := 0
	task := func(p sweep.Point) (sweep.Result, error) {
		calls++
		return sweep.Result{Alpha: p.Alpha, SigmaW: p.SigmaW, TestLoss: 0.1 + p.Alpha, LambdaA: -0.25}, nil
	}
	if _, err := sweep.Run(ps, task, s, sweep.RunSettings{}); err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(s.Dir, "*.json"))
	if len(files) != 4 || calls != 4 {
		t.Fatalf("%d files and %d calls, want 4 and 4", len(files), calls)
	}
	// Simulate an interruption: one result lost, a stray temp file left.
	os.Remove(s.path(ps[2].Key()))
	os.WriteFile(filepath.Join(s.Dir, ps[2].Key()+".123.tmp"), []byte("{"), 0o644)
	calls = 0
	res, err := sweep.Run(ps, task, s, sweep.RunSettings{})
	if err != nil || calls != 1 {
		t.Fatalf("resume: %d calls, err %v; want 1, nil", calls, err)
	}
	if res[3].TestLoss != 0.6 || res[3].LambdaA != -0.25 {
		t.Errorf("round trip lost data: %+v", res[3])
	}
	// A corrupt result file is an error naming the file, not a silent rerun.
	os.WriteFile(s.path(ps[0].Key()), []byte("{not json"), 0o644)
	if _, err := sweep.Run(ps, task, s, sweep.RunSettings{}); err == nil {
		t.Error("corrupt result file accepted")
	}
}

func TestReadSweep(t *testing.T) {
	dir := t.TempDir()
	s := Settings{Alphas: []float64{0.1, 0.5}, SigmaWs: []float64{1, 2}, Steps: 3}
	if _, _, err := ReadSweep(dir); err == nil {
		t.Error("directory without provenance.json accepted")
	}
	if err := WriteProvenance(dir, s, NewInvocation(1)); err != nil {
		t.Fatal(err)
	}
	store := &DirStore{Dir: dir}
	ps := sweep.Grid{Alphas: s.Alphas, SigmaWs: s.SigmaWs}.Points()
	// Saved out of order; ReadSweep must return grid order.
	for _, i := range []int{3, 0, 2} {
		if err := store.Save(ps[i].Key(), sweep.Result{Alpha: ps[i].Alpha, SigmaW: ps[i].SigmaW, TestLoss: float64(i)}); err != nil {
			t.Fatal(err)
		}
	}
	_, res, err := ReadSweep(dir)
	if !errors.Is(err, ErrIncomplete) || len(res) != 3 || !strings.Contains(err.Error(), ps[1].Key()) {
		t.Fatalf("one point missing: got %d results, err %v; want 3 and ErrIncomplete naming %s", len(res), err, ps[1].Key())
	}
	store.Save(ps[1].Key(), sweep.Result{Alpha: ps[1].Alpha, SigmaW: ps[1].SigmaW, TestLoss: 1})
	p, res, err := ReadSweep(dir)
	if err != nil || len(res) != 4 || p.Settings.Steps != 3 {
		t.Fatalf("complete sweep: %d results, settings %+v, err %v", len(res), p.Settings, err)
	}
	for i, r := range res {
		if r.TestLoss != float64(i) {
			t.Errorf("result %d has loss %v: not in grid order", i, r.TestLoss)
		}
	}
}
