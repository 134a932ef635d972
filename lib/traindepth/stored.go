package traindepth

import (
	"fmt"
	"io/fs"

	"github.com/sigprop/sigprop/lib/sweep"
)

// Stored are the settings of the stored grid.
type Stored struct {
	Settings Settings
	Data     string // the data directory, relative to the repository root
}

// CurrentStored returns the settings the committed grid must have.
func CurrentStored() Stored {
	return Stored{Settings: Paper(), Data: "notebooks/data/fashion-mnist-subset"}
}

// CurrentBudgetStored returns the settings the committed budget grid
// (notebooks/data/schoenholz-budget) must have.
func CurrentBudgetStored() Stored {
	return Stored{Settings: Budget(), Data: "notebooks/data/fashion-mnist-subset"}
}

// Provenance is provenance.json of the stored grid (sweep.Generated).
type Provenance struct {
	Invocation sweep.Invocation `json:"invocation"`
	Settings   Stored           `json:"settings"`
	Elapsed    string           `json:"elapsed"`
}

// Plan lists the cells of s: σ_w²-major, then depth, then seed.
func Plan(s Settings) []Cell {
	var cells []Cell
	for _, w := range s.SigmaW2 {
		for _, d := range s.Depths {
			for _, seed := range s.Seeds {
				cells = append(cells, Cell{SigmaW2: w, Depth: d, Seed: seed})
			}
		}
	}
	return cells
}

// ReadRuns reads runs.json and provenance.json of a directory written by
// `sigprop sweep generate schoenholz-depth` (or schoenholz-budget), and checks that the runs are
// the plan of the recorded settings, in order.
func ReadRuns(fsys fs.FS) ([]Run, Provenance, error) {
	var runs []Run
	var prov Provenance
	if err := sweep.ReadGenerated(fsys, "runs.json", &runs, &prov); err != nil {
		return nil, prov, fmt.Errorf("traindepth: %w", err)
	}
	plan := Plan(prov.Settings.Settings)
	if len(runs) != len(plan) {
		return nil, prov, fmt.Errorf("traindepth: runs.json holds %d runs, the recorded settings plan %d", len(runs), len(plan))
	}
	for i, c := range plan {
		if runs[i].Cell != c {
			return nil, prov, fmt.Errorf("traindepth: run %d is %+v, the plan says %+v", i, runs[i].Cell, c)
		}
	}
	return runs, prov, nil
}
