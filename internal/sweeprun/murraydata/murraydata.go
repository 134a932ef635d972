package murraydata

import (
	"fmt"
	"os"
	"time"

	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/shtanhtrain"
	"github.com/sigprop/sigprop/lib/sweep"
)

// Job is one run of the plan.
type Job struct {
	Schedule shtanhtrain.Schedule
	Seed     uint64
}

// Plan lists the runs: every schedule from every seed, schedule-major.
func Plan() []Job {
	var jobs []Job
	for _, c := range shtanhtrain.Schedules() {
		for _, s := range shtanhtrain.Seeds {
			jobs = append(jobs, Job{c, s})
		}
	}
	return jobs
}

// Len is the number of runs of Plan.
func Len() (int, error) { return len(Plan()), nil }

// Compute runs Plan (or its entries at the indices only) on workers
// goroutines; dataDir overrides the stored data directory (relative to the
// working directory) when not empty.
func Compute(dataDir string, only []int, workers int, log func(string)) ([]shtanhtrain.Run, shtanhtrain.Stored, error) {
	set := shtanhtrain.CurrentStored()
	if dataDir == "" {
		dataDir = set.Data
	}
	jobs, err := sweep.Select(Plan(), only)
	if err != nil {
		return nil, set, fmt.Errorf("murraydata: %w", err)
	}
	train, test, err := shtanhtrain.LoadData(os.DirFS(dataDir), set.Settings)
	if err != nil {
		return nil, set, fmt.Errorf("murraydata: %w", err)
	}
	start := time.Now()
	runs, errs := make([]shtanhtrain.Run, len(jobs)), make([]error, len(jobs))
	empirical.Each(len(jobs), workers, func(i int) {
		j := jobs[i]
		runs[i], errs[i] = shtanhtrain.Train(set.Settings, j.Schedule, j.Seed, train, test)
		if log != nil {
			log(fmt.Sprintf("%s seed %d done (elapsed %s)", j.Schedule.Name, j.Seed, time.Since(start).Round(time.Second)))
		}
	})
	for i, err := range errs {
		if err != nil {
			return nil, set, fmt.Errorf("run %s seed %d: %w", jobs[i].Schedule.Name, jobs[i].Seed, err)
		}
	}
	return runs, set, nil
}
