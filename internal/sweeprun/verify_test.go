package sweeprun

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/lib/sweep"
)

// TestRunRepairsForeignResults: a point's result file that is not its
// result — {"v":1}, null, another point's record, a record of other
// parameters or without a value — counts as not done in status and is
// computed again by run (issue 36: they counted as done and run never
// repaired them). The points' files are the fake kind's records.
func TestRunRepairsForeignResults(t *testing.T) {
	dir := withKind(t, &fakeKind{})
	if sum, err := Run(context.Background(), dir, RunOptions{Workers: 2}); err != nil || sum.Computed != 8 {
		t.Fatalf("first run: %+v, %v", sum, err)
	}
	other, _ := os.ReadFile(filepath.Join(dir, sweep.DoneFile("i5")))
	foreign := map[string]string{
		"i0": `{"v":1}`,
		"i1": `null`,
		"i2": string(other),
		"i3": `{"key":"i3","index":3,"params":{"x":7},"value":3}`,
		"i4": `{"key":"i4","index":4,"params":{"x":4},"value":null}`,
	}
	for k, b := range foreign {
		os.WriteFile(filepath.Join(dir, sweep.DoneFile(k)), []byte(b), 0o644)
	}
	rep, err := Status(context.Background(), dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Totals.Done != 3 {
		t.Errorf("status counts %d points done, want 3 (5 files are not their point's result)", rep.Totals.Done)
	}
	var log strings.Builder
	sum, err := Run(context.Background(), dir, RunOptions{Workers: 2, Progress: &log})
	if err != nil || sum.DoneBefore != 3 || sum.Computed != 5 {
		t.Fatalf("second run: %+v, %v; want 3 done before, 5 computed again\n%s", sum, err, log.String())
	}
	if !strings.Contains(log.String(), "i1.json is not the result of point i1") {
		t.Errorf("the run does not say why it computes i1 again:\n%s", log.String())
	}
	points, states := readStates(t, dir)
	for i, p := range points {
		b, _ := os.ReadFile(filepath.Join(dir, sweep.DoneFile(p.Key)))
		if states[i] != sweep.Done || checkResult(sweep.KindEval, b, p) != nil {
			t.Errorf("point %s after the repair: %s %s", p.Key, states[i], b)
		}
	}
}

func readStates(t *testing.T, dir string) ([]sweep.Point, []sweep.State) {
	t.Helper()
	_, points, err := readPoints(dir)
	if err != nil {
		t.Fatal(err)
	}
	names, err := listNames(dir)
	if err != nil {
		t.Fatal(err)
	}
	return points, sweep.Scan(names, points)
}
