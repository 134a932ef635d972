package trainsweep

import (
	"fmt"
	"math"
)

// Saturated reports whether r carries no information about the exponents:
// it diverged, or its test loss is within Margin of the ceiling ln C
// (s's defaults: ln 10 and 0.05 nats). FitLoss and FitClipped leave the
// same points out of R² and the RMSEs.
func (s FitSettings) Saturated(r Result) bool {
	ceil, margin := s.levels()
	return r.Diverged || r.TestLoss >= ceil-margin
}

// SeedMean averages one grid trained from several seeds (runs[k][i]: seed
// k, point i, the same grid in the same order for every seed). Point i of
// mean is runs[0][i] with the test loss, training loss and test accuracy
// averaged over the seeds, a diverged run counting the ceiling ln C
// (s.Ceiling, default ln 10) as its test loss; it is Diverged only if every
// seed diverged. sd[i] is the seed-to-seed standard deviation of the test
// loss (n − 1; NaN with one seed). It returns an error if the runs are
// empty or differ in length.
func SeedMean(runs [][]Result, s FitSettings) (mean []Result, sd []float64, err error) {
	if len(runs) == 0 {
		return nil, nil, fmt.Errorf("trainsweep: SeedMean of no runs")
	}
	for k, run := range runs {
		if len(run) != len(runs[0]) {
			return nil, nil, fmt.Errorf("trainsweep: run %d has %d points, run 0 has %d", k, len(run), len(runs[0]))
		}
	}
	ceil, _ := s.levels()
	k := float64(len(runs))
	for i := range runs[0] {
		m := runs[0][i]
		var l, l2, tr, acc float64
		all := true
		for _, run := range runs {
			r := run[i]
			x := r.TestLoss
			if r.Diverged {
				x = ceil
			}
			l, l2, tr, acc = l+x, l2+x*x, tr+r.TrainLoss, acc+r.TestAccuracy
			all = all && r.Diverged
		}
		m.TestLoss, m.TrainLoss, m.TestAccuracy, m.Diverged = l/k, tr/k, acc/k, all
		mean = append(mean, m)
		v := math.NaN()
		if k > 1 {
			v = math.Sqrt(math.Max(0, (l2-l*l/k)/(k-1)))
		}
		sd = append(sd, v)
	}
	return mean, sd, nil
}
