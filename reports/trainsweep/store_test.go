package trainsweep

import (
	"os"
	"path/filepath"
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
