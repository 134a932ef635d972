package phasetraindata

import (
	"math"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/sigprop/sigprop/internal/nbdefaults"
	ts "github.com/sigprop/sigprop/lib/trainsweep"
)

var (
	committed = filepath.Join("..", "..", "..", "notebooks", "data", "compose-training")
	subset    = filepath.Join("..", "..", "..", "notebooks", "data", "fashion-mnist-subset")
	notebook  = filepath.Join("..", "..", "..", "notebooks", "07-compose.ipynb")
)

// TestNotebookDefaults: the constants of this package are the defaults
// of the notebook's parameters cell, so that the cell reads the store at
// them (a changed default would train live, slowly but correctly; this
// test says so first).
func TestNotebookDefaults(t *testing.T) {
	nbdefaults.Equal(t, notebook, map[string]float64{"TrainWidth": TrainWidth, "TrainDepth": TrainDepth, "TrainAlpha": TrainAlpha,
		"TrainSigmaOrdered": TrainSigmaOrdered, "TrainSigmaEdge": TrainSigmaEdge, "TrainSigmaChaotic": TrainSigmaChaotic,
		"TrainSteps": TrainSteps, "TrainBatch": TrainBatch, "TrainEvery": TrainEvery, "TrainImages": TrainImages,
		"TestImages": TestImages, "TrainSeeds": TrainSeeds, "TrainSeed": TrainSeed})
}

// TestCommittedTraining: the committed training has the current settings
// (its key) and a complete provenance, and the first TrainEvery steps of
// its first two seeds at every point, trained again here (on two workers; the
// generator's count is in the provenance), give its first record (the
// mean mini-batch loss, the test loss and accuracy) to the last bit (JSON
// keeps every float64 exactly).
func TestCommittedTraining(t *testing.T) {
	if testing.Short() {
		t.Skip("trains 25 steps of a 6-block ViT from two seeds at three points (~4 CPU s)")
	}
	rec, prov, err := ts.ReadPhaseTraining(os.DirFS(committed))
	if err != nil {
		t.Fatal(err)
	}
	s, err := Settings(2)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(prov.Settings, s.Key()) {
		t.Fatalf("stored settings %+v, current %+v", prov.Settings, s.Key())
	}
	if inv := prov.Invocation; len(inv.Command) == 0 || len(inv.Revision) != 40 || inv.Modified != "false" || inv.Started.IsZero() {
		t.Errorf("provenance invocation incomplete or from a modified checkout: %+v", inv)
	}
	s.Steps, s.Seeds = s.Every, s.Seeds[:2]
	got, err := s.Run(os.DirFS(subset))
	if err != nil {
		t.Fatal(err)
	}
	for i, pt := range got.Points {
		for j, g := range pt.Runs {
			w := rec.Runs[i][j]
			if g.Seed != w.Seed || g.Step[0] != w.Step[0] || g.Diverged != "" {
				t.Errorf("%s: seed %d, first record after step %d (%q); stored seed %d, step %d", pt.Name, g.Seed, g.Step[0], g.Diverged, w.Seed, w.Step[0])
				continue
			}
			for _, c := range []struct {
				what      string
				got, want float64
			}{{"TrainLoss", g.TrainLoss[0], w.TrainLoss[0]}, {"TestLoss", g.TestLoss[0], w.TestLoss[0]}, {"TestAccuracy", g.TestAccuracy[0], w.TestAccuracy[0]}} {
				if math.Float64bits(c.got) != math.Float64bits(c.want) {
					t.Errorf("%s seed %d: %s after step %d = %v, stored %v", pt.Name, g.Seed, c.what, g.Step[0], c.got, c.want)
				}
			}
		}
	}
}
