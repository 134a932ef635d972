package probedata

import (
	"fmt"
	"os"

	"github.com/sigprop/sigprop/internal/sweeprun/nocidata"
	ts "github.com/sigprop/sigprop/lib/trainsweep"
)

// The notebook's probe (notebooks/06-trainability.ipynb, its parameters
// ProbeSteps = trainsweep.NociSteps and ProbeDepth = ProbeDepth).
const (
	ProbeSeed  = 11 // initialisation and batch order; not a seed of the noci-training runs
	ProbeDepth = 16 // the noci-training runs' Table 1 depth
	ProbeEvery = 25 // steps between snapshots
)

// Settings are the stored run's settings.
func Settings() ts.ProbeSettings {
	return ts.ProbeSettings{Variant: "Adam, PRE-LN", Layers: ProbeDepth, Steps: ts.NociSteps, Batch: ts.NociBatch, Every: ProbeEvery,
		Seed: ProbeSeed, Split: nocidata.CurrentSettings().Split()}
}

// Len is the number of runs: one.
func Len() (int, error) { return 1, nil }

// Compute trains Settings() on the subset in the directory subset, the
// batch split over workers goroutines (the numbers do not depend on it).
// only may name the one run (index 0) or be empty.
func Compute(subset string, only []int, workers int) (ts.ProbeRecord, ts.ProbeSettings, error) {
	s := Settings()
	if len(only) > 1 || len(only) == 1 && only[0] != 0 {
		return ts.ProbeRecord{}, s, fmt.Errorf("probedata: the plan has one run (index 0), --only gave %v", only)
	}
	ds, err := nocidata.LoadData(os.DirFS(subset))
	if err != nil {
		return ts.ProbeRecord{}, s, err
	}
	p, r, err := s.Train(ds, workers)
	if err != nil {
		return ts.ProbeRecord{}, s, err
	}
	rec, err := ts.NewProbeRecord(p, r)
	return rec, s, err
}
