package trainsweep

import (
	"fmt"
	"io/fs"
	"reflect"

	"github.com/sigprop/sigprop/lib/sweep"
	"github.com/sigprop/sigprop/lib/vit"
)

// PhaseTrainKey is what fixes the runs of a PhaseTrainSettings: every
// field but Workers (the runs do not depend on it), the block as its
// block file (compose.Block.Format, floats in their shortest exact
// form). It is the settings a stored training records
// (`sigprop sweep generate compose-training`).
type PhaseTrainKey struct {
	Block  string        `json:"block"`
	XKey   string        `json:"x_key"`
	YKey   string        `json:"y_key"`
	Points []PhasePoint  `json:"points"`
	Task   vit.ImageTask `json:"task"`
	Split  Split         `json:"split"`
	Steps  int           `json:"steps"`
	Batch  int           `json:"batch"`
	Every  int           `json:"every"`
	Seeds  []uint64      `json:"seeds"`
}

// Key returns s's PhaseTrainKey.
func (s PhaseTrainSettings) Key() PhaseTrainKey {
	return PhaseTrainKey{Block: s.Block.Format(), XKey: s.XKey, YKey: s.YKey, Points: s.Points, Task: s.Task, Split: s.Split,
		Steps: s.Steps, Batch: s.Batch, Every: s.Every, Seeds: s.Seeds}
}

// PhaseTrainRecord is a stored training (runs.json): Runs[i][j] is the
// run of point i from seed j, in the order of the key's Points and
// Seeds, floats kept exactly (Go's shortest round-trip form).
type PhaseTrainRecord struct {
	Runs [][]PhaseTrainRun `json:"runs"`
}

// Record returns the record of t's runs.
func (t *PhaseTraining) Record() PhaseTrainRecord {
	var rec PhaseTrainRecord
	for _, pt := range t.Points {
		rec.Runs = append(rec.Runs, pt.Runs)
	}
	return rec
}

// PhaseTrainProvenance is provenance.json of a stored training (the
// layout of sweep.Generated).
type PhaseTrainProvenance struct {
	Invocation sweep.Invocation `json:"invocation"`
	Settings   PhaseTrainKey    `json:"settings"`
	Elapsed    string           `json:"elapsed"`
}

// ReadPhaseTraining reads runs.json and provenance.json of a directory
// written by `sigprop sweep generate compose-training`; it errors if the
// runs do not match the recorded points and seeds (one run per point and
// seed, the seed in each run).
func ReadPhaseTraining(fsys fs.FS) (PhaseTrainRecord, PhaseTrainProvenance, error) {
	var rec PhaseTrainRecord
	var prov PhaseTrainProvenance
	if err := sweep.ReadGenerated(fsys, "runs.json", &rec, &prov); err != nil {
		return rec, prov, err
	}
	k := prov.Settings
	if len(rec.Runs) != len(k.Points) {
		return rec, prov, fmt.Errorf("trainsweep: runs.json has %d points, its settings %d", len(rec.Runs), len(k.Points))
	}
	for i, runs := range rec.Runs {
		if len(runs) != len(k.Seeds) {
			return rec, prov, fmt.Errorf("trainsweep: runs.json point %q has %d runs, its settings %d seeds", k.Points[i].Name, len(runs), len(k.Seeds))
		}
		for j, r := range runs {
			if r.Seed != k.Seeds[j] || len(r.Step) == 0 || len(r.TrainLoss) != len(r.Step) || len(r.TestLoss) != len(r.Step) || len(r.TestAccuracy) != len(r.Step) {
				return rec, prov, fmt.Errorf("trainsweep: runs.json point %q run %d: seed %d (settings %d), %d steps with %d, %d, %d values",
					k.Points[i].Name, j, r.Seed, k.Seeds[j], len(r.Step), len(r.TrainLoss), len(r.TestLoss), len(r.TestAccuracy))
			}
		}
	}
	return rec, prov, nil
}

// StoredOrRun returns the training stored in store (ReadPhaseTraining) if
// its key is s.Key(), assembled as Run assembles the runs it trains (the
// exponents computed here, the curves and final values from the stored
// runs); else it runs s on data (Run). The stored training at the
// notebook's settings is the one Run computes, bit for bit
// (internal/sweeprun/phasetraindata's test trains a slice again). stored
// says which.
func (s PhaseTrainSettings) StoredOrRun(store, data fs.FS) (t *PhaseTraining, stored bool, err error) {
	if err := s.Validate(); err != nil {
		return nil, false, err
	}
	rec, prov, err := ReadPhaseTraining(store)
	if err != nil {
		return nil, false, err
	}
	if reflect.DeepEqual(prov.Settings, s.Key()) {
		return s.assemble(rec.Runs), true, nil
	}
	t, err = s.Run(data)
	return t, false, err
}
