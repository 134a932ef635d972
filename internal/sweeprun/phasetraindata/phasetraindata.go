package phasetraindata

import (
	"fmt"
	"os"
	"strings"

	"github.com/sigprop/sigprop/lib/compose"
	ts "github.com/sigprop/sigprop/lib/trainsweep"
	"github.com/sigprop/sigprop/lib/vit"
)

// The defaults of notebooks/07-compose.ipynb's parameters cell that fix
// section 6's training (the test reads them from the notebook).
const (
	TrainWidth        = 16   // d
	TrainDepth        = 6    // L
	TrainAlpha        = 0.8  // α of the three points
	TrainSigmaOrdered = 1.5  // σ_w of the ordered point
	TrainSigmaEdge    = 2.15 // σ_w at the λ_a edge
	TrainSigmaChaotic = 3.5  // σ_w of the chaotic point
	TrainSteps        = 200  // Adam steps
	TrainBatch        = 32   // images per step
	TrainEvery        = 25   // steps between test evaluations
	TrainImages       = 3000 // training images
	TestImages        = 500  // test images
	TrainSeeds        = 4    // seeds TrainSeed, TrainSeed+1, ...
	TrainSeed         = 11   // the first seed, and the split's
)

// Workers is the batch split of the generator's runs (the runs do not
// depend on it).
const Workers = 2

// Settings are the stored training's settings, as the notebook's cell
// builds them, on workers goroutines.
func Settings(workers int) (ts.PhaseTrainSettings, error) {
	task := vit.PaperTask()
	b, err := compose.ParseBlock(strings.NewReader(fmt.Sprintf("n = %d\nd = %d\ndepth = %d\nnorm = none\nattn = softmax\nphi = tanh\nmlp_layers = 2",
		task.Tokens(), TrainWidth, TrainDepth)))
	if err != nil {
		return ts.PhaseTrainSettings{}, err
	}
	seeds := make([]uint64, TrainSeeds)
	for i := range seeds {
		seeds[i] = TrainSeed + uint64(i)
	}
	return ts.PhaseTrainSettings{Block: b, XKey: "alpha", YKey: "sigma_ff",
		Points: []ts.PhasePoint{{Name: "ordered", X: TrainAlpha, Y: TrainSigmaOrdered}, {Name: "edge", X: TrainAlpha, Y: TrainSigmaEdge},
			{Name: "chaotic", X: TrainAlpha, Y: TrainSigmaChaotic}},
		Task: task, Split: ts.Split{Train: TrainImages, Test: TestImages, Seed: TrainSeed},
		Steps: TrainSteps, Batch: TrainBatch, Every: TrainEvery, Seeds: seeds, Workers: workers}, nil
}

// Len is the number of entries of the plan: one (the whole training).
func Len() (int, error) { return 1, nil }

// Compute trains Settings(workers) on the subset in the directory subset
// and returns its record and key. only may name the one entry (index 0)
// or be empty.
func Compute(subset string, only []int, workers int) (ts.PhaseTrainRecord, ts.PhaseTrainKey, error) {
	s, err := Settings(workers)
	if err != nil {
		return ts.PhaseTrainRecord{}, ts.PhaseTrainKey{}, err
	}
	if len(only) > 1 || len(only) == 1 && only[0] != 0 {
		return ts.PhaseTrainRecord{}, s.Key(), fmt.Errorf("phasetraindata: the plan has one entry (index 0), --only gave %v", only)
	}
	t, err := s.Run(os.DirFS(subset))
	if err != nil {
		return ts.PhaseTrainRecord{}, s.Key(), err
	}
	return t.Record(), s.Key(), nil
}
