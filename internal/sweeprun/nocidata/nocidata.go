package nocidata

import (
	"fmt"
	"io/fs"
	"os"
	"slices"
	"time"

	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/sweep"
	ts "github.com/sigprop/sigprop/lib/trainsweep"
)

// Seeds are the training seeds (initialisation and batch order); 12 and 13
// are the single seeds the live cells used before.
var Seeds = []uint64{12, 13, 14}

// Depths are Fig. 5's depths; Table 1 is the row L = 16 (the sweep's
// model depth), where the variants that Fig. 5 does not show run alone.
var Depths = []int{2, 4, 8, 16}

// TableDepth is the depth of both Table 1 analogues.
const TableDepth = 16

// Job is one run of the plan.
type Job struct {
	Variant ts.NociVariant
	Layers  int
	Seed    uint64
}

// Fig5 names the variants run at every depth of Depths.
var Fig5 = []string{"Adam, PRE-LN", "SGD, POST-LN", "SGD, res-scale 1/√L", "SGD, res-scale 1/√L + τ"}

// Plan lists the runs: Fig. 5's variants at every depth of Depths, the
// others (Adam POST-LN, shaped and vanilla) at TableDepth;
// each from every seed.
func Plan() []Job {
	var jobs []Job
	for _, v := range ts.NociVariants {
		depths := []int{TableDepth}
		if slices.Contains(Fig5, v.Name) {
			depths = Depths
		}
		for _, L := range depths {
			for _, s := range Seeds {
				jobs = append(jobs, Job{v, L, s})
			}
		}
	}
	return jobs
}

// CurrentSettings are the settings of Plan.
func CurrentSettings() ts.NociSettings {
	c := ts.NociShape(1)
	return ts.NociSettings{Data: "notebooks/data/fashion-mnist-subset", NTrain: 0, NVal: 1000, NTest: 2000, SplitSeed: 1,
		Steps: ts.NociSteps, Batch: ts.NociBatch, AdamLR: 3e-4, SGDLR: ts.NociSGDLR, Momentum: ts.NociMom,
		D: c.D, Patch: c.Patch, Depths: Depths, Seeds: Seeds, TableDepth: TableDepth}
}

// LoadData reads the subset the runs use (5000 training, 2000 test images).
func LoadData(subset fs.FS) (ts.Data, error) {
	s := CurrentSettings()
	return ts.LoadData(subset, s.NTrain, s.NVal, s.NTest, s.SplitSeed)
}

// Len is the number of runs of Plan.
func Len() (int, error) { return len(Plan()), nil }

// Compute runs Plan (or, when only is not empty, the runs of Plan at
// those indices, in that order) on workers goroutines (one run each, every
// run on one core) on the subset in the directory subset; `sigprop sweep
// generate noci-training` writes them as runs.json beside provenance.json
// (read back by trainsweep.ReadNoci).
func Compute(subset string, only []int, workers int, log func(string)) ([]ts.NociRun, ts.NociSettings, error) {
	set := CurrentSettings()
	jobs, err := sweep.Select(Plan(), only)
	if err != nil {
		return nil, set, fmt.Errorf("nocidata: %w", err)
	}
	ds, err := LoadData(os.DirFS(subset))
	if err != nil {
		return nil, set, err
	}
	start := time.Now()
	runs, errs := make([]ts.NociRun, len(jobs)), make([]error, len(jobs))
	empirical.Each(len(jobs), workers, func(i int) {
		j := jobs[i]
		runs[i], errs[i] = ts.RunNoci(j.Variant, j.Layers, j.Seed, ds, 1)
		if log != nil {
			log(fmt.Sprintf("%s L=%d seed %d: %.1f s (elapsed %s)", j.Variant.Name, j.Layers, j.Seed, runs[i].Seconds, time.Since(start).Round(time.Second)))
		}
	})
	for i, err := range errs {
		if err != nil {
			return nil, set, fmt.Errorf("run %+v: %w", jobs[i], err)
		}
	}
	return runs, set, nil
}

// Read reads runs.json and provenance.json from fsys (trainsweep.ReadNoci).
func Read(fsys fs.FS) ([]ts.NociRun, ts.NociProvenance, error) { return ts.ReadNoci(fsys) }
