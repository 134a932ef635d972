package trainsweep

import (
	"encoding/json"
	"io/fs"
	"math/rand/v2"
	"reflect"
	"testing"
	"testing/fstest"
)

// noData is a file system whose every Open panics "trained": what
// StoredOrRun reads the training data from when it must not train.
type noData struct{}

func (noData) Open(string) (fs.File, error) { panic("trained") }

// TestPhaseTrainStore: a training stored as `sigprop sweep generate
// compose-training` writes it (its record and key through JSON) is
// returned by StoredOrRun at its settings without training, at any
// Workers, equal to the trained one (runs, curves, final values and
// exponents, bit for bit); at other settings StoredOrRun trains (it opens
// the data). A record whose runs do not match its key is refused.
func TestPhaseTrainStore(t *testing.T) {
	s := tinyPhase()
	cfg := tinyViT()
	rng := rand.New(rand.NewPCG(1, 1))
	ds := Data{Train: synthetic(cfg, 60, rng), Test: synthetic(cfg, 20, rng)}
	want, err := s.run(ds)
	if err != nil {
		t.Fatal(err)
	}
	dir := func(rec PhaseTrainRecord, k PhaseTrainKey) fstest.MapFS {
		b, err := json.Marshal(rec)
		if err != nil {
			t.Fatal(err)
		}
		set, err := json.Marshal(k)
		if err != nil {
			t.Fatal(err)
		}
		return fstest.MapFS{"runs.json": {Data: b}, "provenance.json": {Data: []byte(`{"invocation": {}, "settings": ` + string(set) + `, "elapsed": "1s"}`)}}
	}
	store := dir(want.Record(), s.Key())
	s.Workers = 2
	got, stored, err := s.StoredOrRun(store, noData{})
	if err != nil || !stored {
		t.Fatalf("StoredOrRun at the stored settings: stored %v, %v", stored, err)
	}
	for i, pt := range want.Points { // the Blocks hold funcs, which DeepEqual does not compare
		g := got.Points[i]
		g.Block, pt.Block = pt.Block, g.Block
		if g.Block.Format() != pt.Block.Format() || !reflect.DeepEqual(g.PhasePoint, pt.PhasePoint) || g.Config != pt.Config ||
			g.LambdaA != pt.LambdaA || g.LambdaG != pt.LambdaG || g.TheoryErr != pt.TheoryErr || !reflect.DeepEqual(g.Runs, pt.Runs) ||
			!reflect.DeepEqual(g.TrainLoss, pt.TrainLoss) || !reflect.DeepEqual(g.TestLoss, pt.TestLoss) || !reflect.DeepEqual(g.TestAccuracy, pt.TestAccuracy) ||
			g.FinalLoss != pt.FinalLoss || g.FinalLossSE != pt.FinalLossSE || g.FinalAccuracy != pt.FinalAccuracy || g.FinalAccuracySE != pt.FinalAccuracySE || g.Finished != pt.Finished {
			t.Errorf("%s: stored training read back as %+v, trained %+v", pt.Name, g, pt)
		}
	}

	for name, edit := range map[string]func(*PhaseTrainSettings){
		"seed":  func(o *PhaseTrainSettings) { o.Seeds = []uint64{3, 5} },
		"point": func(o *PhaseTrainSettings) { o.Points = []PhasePoint{{"ordered", 0.8, 1.5}, {"chaotic", 0.8, 3.4}} },
		"block": func(o *PhaseTrainSettings) { o.Block.Attn.SigmaA2 = 2 },
		"steps": func(o *PhaseTrainSettings) { o.Steps = 9 },
		"split": func(o *PhaseTrainSettings) { o.Split.Seed = 2 },
	} {
		o := tinyPhase()
		edit(&o)
		func() {
			defer func() {
				if v := recover(); v != "trained" {
					t.Errorf("StoredOrRun with another %s did not train (recovered %v)", name, v)
				}
			}()
			_, _, _ = o.StoredOrRun(store, noData{})
		}()
	}

	short := want.Record()
	short.Runs[1] = short.Runs[1][:1]
	if _, _, err := ReadPhaseTraining(dir(short, s.Key())); err == nil {
		t.Error("a record with a point short of a seed was read")
	}
	swapped := want.Record()
	swapped.Runs[0] = []PhaseTrainRun{swapped.Runs[0][1], swapped.Runs[0][0]}
	if _, _, err := ReadPhaseTraining(dir(swapped, s.Key())); err == nil {
		t.Error("a record whose runs are not in the order of its seeds was read")
	}
}
