package probedata

import (
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/sigprop/sigprop/internal/sweeprun/nocidata"
	ts "github.com/sigprop/sigprop/lib/trainsweep"
	"github.com/sigprop/sigprop/lib/vit"
)

var (
	committed = filepath.Join("..", "..", "..", "notebooks", "data", "noci-probe")
	subset    = filepath.Join("..", "..", "..", "notebooks", "data", "fashion-mnist-subset")
)

// TestCommittedProbe: the committed run has the current settings and a
// complete provenance, and its first ProbeEvery steps trained again here
// (on two workers; the generator's count is in the provenance) give its
// first snapshot (every layer's gradient norms and effective learning
// rates) and its first losses to the last bit (JSON keeps every float64
// exactly).
func TestCommittedProbe(t *testing.T) {
	if testing.Short() {
		t.Skip("trains 25 steps of a 16-block ViT (~10 s)")
	}
	rec, prov, err := ts.ReadProbe(os.DirFS(committed))
	if err != nil {
		t.Fatal(err)
	}
	if prov.Settings != Settings() {
		t.Fatalf("stored settings %+v, current %+v", prov.Settings, Settings())
	}
	if inv := prov.Invocation; len(inv.Command) == 0 || len(inv.Revision) != 40 || inv.Modified != "false" || inv.Started.IsZero() {
		t.Errorf("provenance invocation incomplete or from a modified checkout: %+v", inv)
	}
	s := Settings()
	s.Steps = s.Every
	ds, err := nocidata.LoadData(os.DirFS(subset))
	if err != nil {
		t.Fatal(err)
	}
	// Train ends by evaluating the model on ds.Test; the stored test loss
	// and accuracy are the full run's, not this ProbeEvery-step model's,
	// so one test image is enough for that call (training reads ds.Train
	// only) and saves a 16-block forward pass over 2000 images.
	ds.Test = vit.Examples{X: ds.Test.X[:len(ds.Test.X)/ds.Test.Len()], Labels: ds.Test.Labels[:1]}
	p, r, err := s.Train(ds, 2)
	if err != nil || r.Err != nil {
		t.Fatal(err, r.Err)
	}
	same := func(what string, got, want []float64) {
		t.Helper()
		if len(got) != len(want) {
			t.Fatalf("%s: %d values, stored %d", what, len(got), len(want))
		}
		for i := range got {
			if math.Float64bits(got[i]) != math.Float64bits(want[i]) {
				t.Errorf("%s[%d] = %v, stored %v", what, i, got[i], want[i])
			}
		}
	}
	got, want := p.Snapshots[0], rec.Snapshots[0]
	if got.Step != want.Step {
		t.Errorf("first snapshot after step %d, stored %d", got.Step, want.Step)
	}
	same("GradQ", got.GradQ, want.GradQ)
	same("GradK", got.GradK, want.GradK)
	same("GradV", got.GradV, want.GradV)
	same("LRQ", got.LRQ, want.LRQ)
	same("LRV", got.LRV, want.LRV)
	same("TrainLoss", r.TrainLoss, rec.TrainLoss[:s.Steps])
}
