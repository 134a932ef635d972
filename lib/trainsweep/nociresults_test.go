package trainsweep

import (
	"encoding/json"
	"math"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/sigprop/sigprop/lib/result"
)

// testNociSet: variants a (L = 2 and 4) and b (L = 2), three seeds each,
// curves of two windows and entropy of layer 1 at two records; the
// provenance of 100 steps, seeds 12–14, 500 test images, d = 32, Adam lr
// 1e-3.
func testNociSet(t *testing.T) NociSet {
	f := func(v float64) *float64 { return &v }
	var runs []NociRun
	for _, g := range []struct {
		v    string
		L    int
		loss [3]float64
	}{{"a", 2, [3]float64{1, 1.1, 1.2}}, {"b", 2, [3]float64{0.55, 0.6, 0.65}}, {"a", 4, [3]float64{0.9, 1.02, 1.08}}} {
		for k, l := range g.loss {
			runs = append(runs, NociRun{Variant: g.v, Layers: g.L, Seed: uint64(12 + k), Tau: 1, TestLoss: f(l), TestAccuracy: f(1 - l/2),
				Curve: []float64{2, l}, EntropyLayers: []int{0}, Entropy: [][]float64{{2.8, 2 + l}}})
		}
	}
	b, err := json.Marshal(runs)
	if err != nil {
		t.Fatal(err)
	}
	n, err := ReadNociSet(fstest.MapFS{"runs.json": {Data: b}, "provenance.json": {Data: []byte(`{"settings": {"data": "notebooks/data/fashion-mnist-subset", "n_val": 1000, "n_test": 500, "split_seed": 1, "steps": 100, "batch": 64, "adam_lr": 0.001, "sgd_lr": 0.01, "sgd_momentum": 0.9, "d": 32, "patch": 7, "depths": [2, 4], "seeds": [12, 13, 14]}, "elapsed": "1m"}`)}})
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// The curves average over seeds and sit at the steps every·(i+1), capped
// at NociSteps; entropy lines are named by short name and layer;
// DepthCurves keeps the order of n.Stats and the chosen variants, with
// the seed SD as bars; the tables read the seed statistics (b at L = 2:
// losses 0.55, 0.6, 0.65, mean 0.6, SD 0.05); the captions state what the
// provenance records, not the committed runs' numbers.
func TestNociSetResults(t *testing.T) {
	n := testNociSet(t)
	c := n.TrainingCurves([]string{"a", "b"}, 2)
	if l := c.Lines; c.Wellformed() != nil || len(l) != 2 || l[0].X[1] != float64(2*NociWindow) || math.Abs(l[0].Y[1]-1.1) > 1e-12 || l[1].Y[0] != 2 || l[0].Role != result.SimulatedLine {
		t.Errorf("curves %+v", l)
	}
	for _, w := range []string{"seeds 12, 13, 14", "d = 32, L = 2 ViT"} {
		if !strings.Contains(c.Caption, w) {
			t.Errorf("training curves' caption %q lacks %q", c.Caption, w)
		}
	}
	e := n.EntropyCurves([]string{"b"}, []string{"B"}, 2)
	if l := e.Lines; len(l) != 1 || l[0].Name != "B, layer 1" || l[0].X[1] != 2*NociEvery || math.Abs(l[0].Y[1]-2.6) > 1e-12 {
		t.Errorf("entropy %+v", l)
	}
	for _, w := range []string{"layers 1, every", "ln n = 2.833", "at lr 1e-3", "test on its 500"} {
		if !strings.Contains(e.Caption, w) {
			t.Errorf("entropy caption %q lacks %q", e.Caption, w)
		}
	}
	if s := n.ShapedCurves([]string{"a"}, 2); !strings.Contains(s.Caption, "d = 32, L = 2 ViT") || !strings.Contains(s.Caption, "Adam lr 1e-3") || !strings.Contains(s.Caption, "γ = 0.2") {
		t.Errorf("shaped caption %q", s.Caption)
	}
	d := n.DepthCurves([]string{"a"}, true)
	if l := d.Lines; d.Wellformed() != nil || len(l) != 1 || len(l[0].X) != 2 || l[0].X[1] != 4 || math.Abs(l[0].Y[0]-0.45) > 1e-12 || math.Abs(l[0].SE[0]-0.05) > 1e-12 || !d.Record.AtPaper {
		t.Errorf("depth curves %+v", l)
	}
	if !strings.Contains(d.Caption, "test accuracy after 100 steps") || !strings.Contains(d.Caption, "test on its 500") {
		t.Errorf("depth caption %q", d.Caption)
	}
	rows := n.CompareTable("c", "paper", []string{"b"}, []string{"0.5"}, 2)
	if rows.Wellformed() != nil || strings.Join(rows.Rows[0], "|") != "b|0.5|0.600 ± 0.050|0.700 ± 0.025|0 of 3" || rows.Header[1] != "paper" || !rows.Record.AtPaper {
		t.Errorf("compare table %+v", rows)
	}
	if r := n.RunsTable(); len(r.Rows) != 3 || r.Rows[2][1] != "4" || r.Rows[2][5] != "1.00" {
		t.Errorf("runs table %v", r.Rows)
	}
	if p := n.ProvenanceTable(); !strings.Contains(p.Rows[0][1], "d = 32, ℓ = 2 MLP, L ∈ [2 4]") || p.Rows[4][1] != "9, 1m on one core" {
		t.Errorf("provenance %v", p.Rows)
	}
	defer func() {
		if recover() == nil {
			t.Error("Stat of an absent variant did not panic")
		}
	}()
	n.Stat("c", 2)
}
