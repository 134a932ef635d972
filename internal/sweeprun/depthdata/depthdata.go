package depthdata

import (
	"fmt"
	"os"
	"time"

	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/fctrain"
	"github.com/sigprop/sigprop/lib/sweep"
	"github.com/sigprop/sigprop/lib/traindepth"
)

// Len is the number of runs of the plan.
func Len() (int, error) { return len(traindepth.Plan(traindepth.Paper())), nil }

// BudgetLen is the number of runs of the budget grid's plan.
func BudgetLen() (int, error) { return len(traindepth.Plan(traindepth.Budget())), nil }

// Compute trains the plan (or its entries at the indices only) on workers
// goroutines; dataDir overrides the stored data directory (relative to the
// working directory) when not empty.
func Compute(dataDir string, only []int, workers int, log func(string)) ([]traindepth.Run, traindepth.Stored, error) {
	return ComputeStored(traindepth.CurrentStored(), dataDir, only, workers, log)
}

// ComputeBudget is Compute for the budget grid (traindepth.Budget(),
// `sigprop sweep generate schoenholz-budget`).
func ComputeBudget(dataDir string, only []int, workers int, log func(string)) ([]traindepth.Run, traindepth.Stored, error) {
	return ComputeStored(traindepth.CurrentBudgetStored(), dataDir, only, workers, log)
}

// ComputeStored trains the plan of set (or its entries at the indices
// only), as Compute.
func ComputeStored(set traindepth.Stored, dataDir string, only []int, workers int, log func(string)) ([]traindepth.Run, traindepth.Stored, error) {
	if dataDir == "" {
		dataDir = set.Data
	}
	cells, err := sweep.Select(traindepth.Plan(set.Settings), only)
	if err != nil {
		return nil, set, fmt.Errorf("depthdata: %w", err)
	}
	s := set.Settings
	train, test, err := fctrain.LoadData(os.DirFS(dataDir), s.NTrain, s.NTest)
	if err != nil {
		return nil, set, fmt.Errorf("depthdata: %w", err)
	}
	start := time.Now()
	runs, errs := make([]traindepth.Run, len(cells)), make([]error, len(cells))
	empirical.Each(len(cells), workers, func(i int) {
		runs[i], errs[i] = traindepth.Train(s, cells[i], train, test)
		if log != nil {
			log(fmt.Sprintf("σ_w² = %g, L = %d, seed %d: final test accuracy %.3f (elapsed %s)", cells[i].SigmaW2, cells[i].Depth, cells[i].Seed, runs[i].Final(), time.Since(start).Round(time.Second)))
		}
	})
	for i, err := range errs {
		if err != nil {
			return nil, set, fmt.Errorf("cell %+v: %w", cells[i], err)
		}
	}
	return runs, set, nil
}
