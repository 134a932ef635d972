package reversedata

import (
	"fmt"
	"io/fs"
	"time"

	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/seqtf"
	"github.com/sigprop/sigprop/lib/sweep"
)

// Seeds are the training seeds (the paper states none; Table 1 averages
// 5 runs, so 5 here).
var Seeds = []uint64{1, 2, 3, 4, 5}

// Job is one run of the plan.
type Job struct {
	Variant seqtf.ReverseVariant
	Seed    uint64
}

// Plan lists the runs: every variant from every seed, variant-major.
func Plan() []Job {
	var jobs []Job
	for _, v := range seqtf.ReverseVariants() {
		for _, s := range Seeds {
			jobs = append(jobs, Job{v, s})
		}
	}
	return jobs
}

// Len is the number of runs of Plan.
func Len() (int, error) { return len(Plan()), nil }

// CurrentSettings are the settings of Plan.
func CurrentSettings() seqtf.RunsSettings {
	s := seqtf.RunsSettings{Training: seqtf.Fig6Settings(), Seeds: Seeds}
	for _, v := range seqtf.ReverseVariants() {
		s.Variants = append(s.Variants, seqtf.VariantSetting{Name: v.Name, Config: v.Config})
	}
	return s
}

// Compute runs Plan (or its entries at the indices only, in that order)
// on workers goroutines, one run each.
func Compute(only []int, workers int, log func(string)) ([]seqtf.ReverseRun, seqtf.RunsSettings, error) {
	set := CurrentSettings()
	jobs, err := sweep.Select(Plan(), only)
	if err != nil {
		return nil, set, fmt.Errorf("reversedata: %w", err)
	}
	start := time.Now()
	runs, errs := make([]seqtf.ReverseRun, len(jobs)), make([]error, len(jobs))
	empirical.Each(len(jobs), workers, func(i int) {
		j := jobs[i]
		runs[i], errs[i] = seqtf.RunReverse(j.Variant.Config, set.Training, j.Seed)
		runs[i].Variant = j.Variant.Name
		if log != nil {
			log(fmt.Sprintf("%s seed %d: %.1f s (elapsed %s)", j.Variant.Name, j.Seed, runs[i].Seconds, time.Since(start).Round(time.Second)))
		}
	})
	for i, err := range errs {
		if err != nil {
			return nil, set, fmt.Errorf("run %s seed %d: %w", jobs[i].Variant.Name, jobs[i].Seed, err)
		}
	}
	return runs, set, nil
}

// Read reads runs.json and provenance.json from fsys (seqtf.ReadRuns).
func Read(fsys fs.FS) ([]seqtf.ReverseRun, seqtf.RunsProvenance, error) { return seqtf.ReadRuns(fsys) }
