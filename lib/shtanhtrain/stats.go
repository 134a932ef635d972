package shtanhtrain

import (
	"fmt"

	"github.com/sigprop/sigprop/lib/empirical"
)

// Curve is one schedule's test accuracy and loss at each recorded step,
// mean and standard error over its seeds.
type Curve struct {
	Schedule       string
	Step           []int
	A              []float64
	Acc, AccSE     []float64
	Loss, LossSE   []float64 // test loss
	Seeds          []uint64
	SigmaW2, QStar []float64 // per seed (they depend only on A0 and σ_b²)
	FinalAcc       []float64 // per seed, at the last record
}

// Compare is the Fig. 2 comparison of two schedules.
type Compare struct {
	Fixed, Decay Curve
	// Diff is the final test accuracy of the decaying schedule minus the
	// fixed one's, paired by seed (both see the same minibatches:
	// PCG(seed, 2)); DiffSE its standard error over the seeds.
	Diff, DiffSE float64
	Seeds        int
}

// Curves returns the curve of the runs of schedule name (in the order
// stored). It returns an error if there are fewer than 2 runs or their
// records differ in steps.
func Curves(runs []Run, name string) (Curve, error) {
	c := Curve{Schedule: name}
	var sel []Run
	for _, r := range runs {
		if r.Schedule == name {
			sel = append(sel, r)
		}
	}
	if len(sel) < 2 {
		return c, fmt.Errorf("shtanhtrain: schedule %q has %d runs, need ≥ 2 for a standard error", name, len(sel))
	}
	k := len(sel[0].Step)
	for _, r := range sel {
		if len(r.Step) != k || len(r.TestAcc) != k || len(r.TestLoss) != k || r.Step[k-1] != sel[0].Step[k-1] {
			return c, fmt.Errorf("shtanhtrain: runs of %q are recorded at different steps", name)
		}
		c.Seeds = append(c.Seeds, r.Seed)
		c.SigmaW2 = append(c.SigmaW2, r.SigmaW2)
		c.QStar = append(c.QStar, r.QStar)
		c.FinalAcc = append(c.FinalAcc, r.TestAcc[k-1])
	}
	c.Step, c.A = sel[0].Step, sel[0].A
	col := make([]float64, len(sel))
	for i := 0; i < k; i++ {
		for j, r := range sel {
			col[j] = r.TestAcc[i]
		}
		m, se := empirical.MeanSE(col)
		c.Acc, c.AccSE = append(c.Acc, m), append(c.AccSE, se)
		for j, r := range sel {
			col[j] = r.TestLoss[i]
		}
		m, se = empirical.MeanSE(col)
		c.Loss, c.LossSE = append(c.Loss, m), append(c.LossSE, se)
	}
	return c, nil
}

// Fig2 compares the stored runs of the schedules fixed and decay, paired
// by seed; it returns an error unless both have the same seeds.
func Fig2(runs []Run, fixed, decay string) (Compare, error) {
	f, err := Curves(runs, fixed)
	if err != nil {
		return Compare{}, err
	}
	d, err := Curves(runs, decay)
	if err != nil {
		return Compare{}, err
	}
	if fmt.Sprint(f.Seeds) != fmt.Sprint(d.Seeds) {
		return Compare{}, fmt.Errorf("shtanhtrain: schedules %q and %q have seeds %v and %v: cannot pair", fixed, decay, f.Seeds, d.Seeds)
	}
	diff := make([]float64, len(f.Seeds))
	for i := range diff {
		diff[i] = d.FinalAcc[i] - f.FinalAcc[i]
	}
	m, se := empirical.MeanSE(diff)
	return Compare{Fixed: f, Decay: d, Diff: m, DiffSE: se, Seeds: len(diff)}, nil
}

// Fig2Stored is Fig2 of stored runs whose provenance prov names the two
// schedules, fixed first and decaying second (Schedules); it returns an
// error unless prov stores exactly two, or as Fig2.
func Fig2Stored(runs []Run, prov Provenance) (Compare, error) {
	sc := prov.Settings.Schedules
	if len(sc) != 2 {
		return Compare{}, fmt.Errorf("shtanhtrain: murray-fig2 stores %d schedules, want 2 (fixed, decaying)", len(sc))
	}
	return Fig2(runs, sc[0].Name, sc[1].Name)
}
