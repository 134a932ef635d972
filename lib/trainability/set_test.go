package trainability

import (
	"encoding/json"
	"errors"
	"math"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/sigprop/sigprop/lib/sweep"
	"github.com/sigprop/sigprop/lib/trainsweep"
)

// sweepFS writes a trainability sweep directory of the grid of st in
// lib/sweep's format: provenance.json and one result file per point, the
// result of point i being res[i] (skipping the point named skip).
func sweepFS(t *testing.T, st trainsweep.Settings, res []trainsweep.Result, skip string) fstest.MapFS {
	t.Helper()
	set, err := json.Marshal(st)
	if err != nil {
		t.Fatal(err)
	}
	inv := sweep.Invocation{Command: []string{"sigprop", "sweep"}, Started: time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC), Workers: 2}
	prov, err := json.Marshal(sweep.Provenance{Settings: set, Invocations: []sweep.Invocation{inv}})
	if err != nil {
		t.Fatal(err)
	}
	fsys := fstest.MapFS{sweep.ProvenanceFile: {Data: prov}}
	pts, err := sweep.TrainabilityGrid(st.Alphas, st.SigmaWs).Points()
	if err != nil {
		t.Fatal(err)
	}
	if len(pts) != len(res) {
		t.Fatalf("%d results for %d points", len(res), len(pts))
	}
	for i, p := range pts {
		if p.Key == skip {
			continue
		}
		b, err := json.Marshal(res[i])
		if err != nil {
			t.Fatal(err)
		}
		fsys[sweep.DoneFile(p.Key)] = &fstest.MapFile{Data: b}
	}
	return fsys
}

// grid2x2 is a 2×2 grid's settings and its results for seed, in grid
// order (α outer, σ_w inner), with test losses loss.
func grid2x2(seed uint64, loss ...float64) (trainsweep.Settings, []trainsweep.Result) {
	st := trainsweep.Settings{Alphas: []float64{0.2, 0.6}, SigmaWs: []float64{1, 2}, D: 16, Layers: 4, Patch: 7, Steps: 10, Batch: 8, LR: 1e-3, Seed: seed}
	var res []trainsweep.Result
	for _, a := range st.Alphas {
		for _, s := range st.SigmaWs {
			res = append(res, trainsweep.Result{Alpha: a, SigmaW: s, Layers: 4, Seed: seed, TestLoss: loss[len(res)], TestAccuracy: 0.5})
		}
	}
	return st, res
}

// Read returns each seed's results in grid order and their seed mean as
// trainsweep.SeedMean computes it; it names a missing point, refuses
// sweeps that differ in more than the seed, and refuses no sweep at all.
func TestRead(t *testing.T) {
	st1, r1 := grid2x2(1, 1, 2, 3, 4)
	st2, r2 := grid2x2(2, 2, 2, 4, 6)
	set, err := Read(Source{"s1", sweepFS(t, st1, r1, "")}, Source{"s2", sweepFS(t, st2, r2, "")})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(set.Names, ",") != "s1,s2" || set.Settings[1].Seed != 2 || len(set.Invocations[0]) != 1 || set.Invocations[0][0].Workers != 2 {
		t.Errorf("names %v, settings %+v, invocations %+v", set.Names, set.Settings, set.Invocations)
	}
	for i := range r1 {
		if set.Runs[0][i] != r1[i] || set.Runs[1][i] != r2[i] {
			t.Errorf("point %d: read %+v, %+v; wrote %+v, %+v", i, set.Runs[0][i], set.Runs[1][i], r1[i], r2[i])
		}
	}
	// Means by hand: (1+2)/2, (2+2)/2, (3+4)/2, (4+6)/2; SDs |a−b|/√2.
	for i, want := range []float64{1.5, 2, 3.5, 5} {
		sd := math.Abs(r1[i].TestLoss-r2[i].TestLoss) / math.Sqrt2
		if math.Abs(set.Mean[i].TestLoss-want) > 1e-15 || math.Abs(set.SD[i]-sd) > 1e-15 {
			t.Errorf("point %d: mean %v, SD %v; want %v, %v", i, set.Mean[i].TestLoss, set.SD[i], want, sd)
		}
	}
	if eb := set.ErrBars(); len(eb) != 4 || eb[3] != set.SD[3] {
		t.Errorf("ErrBars = %v, want the SDs %v", eb, set.SD)
	}
	one, err := Read(Source{"s1", sweepFS(t, st1, r1, "")})
	if err != nil || one.ErrBars() != nil || !math.IsNaN(one.SD[0]) {
		t.Errorf("one seed: err %v, ErrBars %v, SD %v; want nil, nil, NaN", err, one.ErrBars(), one.SD)
	}

	if _, err := Read(Source{"s1", sweepFS(t, st1, r1, "a0.6000_s1.0000")}); !errors.Is(err, sweep.ErrIncomplete) || !strings.Contains(err.Error(), "a0.6000_s1.0000") {
		t.Errorf("incomplete sweep: error %v, want sweep.ErrIncomplete naming the point", err)
	}
	other := st2
	other.LR = 1e-2
	if _, err := Read(Source{"s1", sweepFS(t, st1, r1, "")}, Source{"lr", sweepFS(t, other, r2, "")}); err == nil || !strings.Contains(err.Error(), "lr and s1 differ in more than the seed") {
		t.Errorf("sweeps of another learning rate: error %v", err)
	}
	if _, err := Read(); err == nil {
		t.Error("Read of no sweeps: no error")
	}
}

func TestLowest(t *testing.T) {
	_, res := grid2x2(1, 3, 0.5, 0.5, 2)
	if i := Lowest(res); i != 1 {
		t.Errorf("Lowest = %d, want 1 (the first of two equal lowest)", i)
	}
}
