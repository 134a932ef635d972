package shtanhtrain

import (
	"fmt"
	"io/fs"

	"github.com/sigprop/sigprop/lib/sweep"
)

// Seeds are the seeds of the stored runs (three, as the brief of the
// analogue asks; Murray et al.'s number of runs is not in the lecture).
var Seeds = []uint64{1, 2, 3}

// Stored are the settings of the stored runs.
type Stored struct {
	Settings  Settings
	Schedules []Schedule
	Seeds     []uint64
	Data      string // the data directory, relative to the repository root
}

// CurrentStored returns the settings the committed runs must have.
func CurrentStored() Stored {
	return Stored{Settings: Paper(), Schedules: Schedules(), Seeds: Seeds, Data: "notebooks/data/fashion-mnist-subset"}
}

// Provenance is provenance.json of the stored runs (sweep.Generated).
type Provenance struct {
	Invocation sweep.Invocation `json:"invocation"`
	Settings   Stored           `json:"settings"`
	Elapsed    string           `json:"elapsed"`
}

// ReadRuns reads runs.json and provenance.json of a directory written by
// `sigprop sweep generate murray-fig2`.
func ReadRuns(fsys fs.FS) ([]Run, Provenance, error) {
	var runs []Run
	var prov Provenance
	if err := sweep.ReadGenerated(fsys, "runs.json", &runs, &prov); err != nil {
		return nil, prov, fmt.Errorf("shtanhtrain: %w", err)
	}
	if len(runs) == 0 {
		return nil, prov, fmt.Errorf("shtanhtrain: runs.json holds no runs")
	}
	return runs, prov, nil
}
