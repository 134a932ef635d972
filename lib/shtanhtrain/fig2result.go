package shtanhtrain

import (
	"fmt"
	"io/fs"
	"strings"

	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/result"
)

// This file is the Murray Fig. 2 analogue as an experiment on the stored
// runs (`sigprop sweep generate murray-fig2`): read them, compare the two
// schedules, and give the comparison as lib/result kinds drawn by
// kernel-ext/render.

// StoredRuns are the runs and provenance of a directory of stored runs.
type StoredRuns struct {
	Runs []Run
	Prov Provenance
}

// ReadStored reads the runs and provenance of fsys (ReadRuns).
func ReadStored(fsys fs.FS) (StoredRuns, error) {
	runs, prov, err := ReadRuns(fsys)
	return StoredRuns{runs, prov}, err
}

// Fig2Result is the comparison of the stored schedules (Fig2Stored): the
// first (fixed a) against the second (decaying a).
type Fig2Result struct {
	Stored StoredRuns
	Compare
}

// Fig2 compares the stored schedules (Fig2Stored).
func (m StoredRuns) Fig2() (Fig2Result, error) {
	c, err := Fig2Stored(m.Runs, m.Prov)
	return Fig2Result{m, c}, err
}

// DecayAlpha is the two-sided level of the claim's threshold: the paired
// difference must reach the 1 − DecayAlpha/2 quantile of Student's t with
// seeds − 1 degrees of freedom, in SEs.
const DecayAlpha = 0.05

// Provenance is the table of what the stored runs are: data, model,
// schedules, training, seeds, runs and the command that made them (it
// claims no paper figure: Record.NoPaperFigure).
func (r Fig2Result) Provenance() result.Table {
	st, inv := r.Stored.Prov.Settings, r.Stored.Prov.Invocation
	s := st.Settings
	var sc []string
	for _, c := range st.Schedules {
		sc = append(sc, fmt.Sprintf("%s (a: %g → %g, linear in the step)", c.Name, c.A0, c.A1))
	}
	return result.Table{Caption: "Provenance of the stored Shtanh runs (notebooks/data/murray-fig2)", Header: []string{"", ""}, Rows: [][]string{
		{"data", fmt.Sprintf("Fashion-MNIST (%s): the first %d training and %d test images, pixels in [−1, 1]; the lecture's is CIFAR-10", st.Data, s.NTrain, s.NTest)},
		{"model", fmt.Sprintf("784 → %d (Gaussian), %d hidden Shtanh layers of width %d with Haar-orthogonal weights, σ_b² = %g, on the edge of chaos of the schedule's initial a; linear read-out to 10 classes (unit-variance logits at initialisation)", s.Width, s.Depth, s.Width, s.SigmaB2)},
		{"schedules", strings.Join(sc, "; ")},
		{"training", fmt.Sprintf("plain SGD, lr %g, %d steps of %d images drawn with replacement, softmax cross-entropy; recorded every %d steps on the test images", s.LR, s.Steps, s.Batch, s.EvalEvery)},
		{"seeds", fmt.Sprintf("%v: initialisation PCG(seed, 1), minibatches PCG(seed, 2), the same for both schedules", st.Seeds)},
		{"runs", fmt.Sprintf("%d, %s on one core", len(r.Stored.Runs), r.Stored.Prov.Elapsed)},
		{"command", inv.Summary()},
	}, Record: result.Record{NoPaperFigure: true}}
}

func (r Fig2Result) record() result.Record {
	s := r.Stored.Prov.Settings.Settings
	return result.Record{Params: map[string]float64{"depth": float64(s.Depth), "width": float64(s.Width), "sigma_b2": s.SigmaB2, "lr": s.LR, "batch": float64(s.Batch), "steps": float64(s.Steps)},
		AtPaper: s == Paper()}
}

// Curves is test accuracy against the SGD step for each schedule, mean ±
// SE over the seeds, with the lecture's claim (Claim) as its check. It
// claims Murray Fig. 2 when the stored runs ran at Paper().
func (r Fig2Result) Curves() result.Curves {
	s := r.Stored.Prov.Settings.Settings
	line := func(cv Curve, pair int) result.Line {
		x := make([]float64, len(cv.Step))
		for i, v := range cv.Step {
			x[i] = float64(v)
		}
		return result.Line{Name: cv.Schedule, Role: result.SimulatedLine, X: x, Y: cv.Acc, SE: cv.AccSE, Pair: pair}
	}
	return result.Curves{
		Caption: fmt.Sprintf("A %d-layer fully connected Shtanh network of width %d (orthogonal weights, edge of chaos at σ_b² = %g) trained by SGD on Fashion-MNIST: test accuracy on %d images against the step, a fixed against a decaying linearly during training; mean ± SE over %d seeds. Data: notebooks/data/murray-fig2.",
			s.Depth, s.Width, s.SigmaB2, s.NTest, r.Seeds),
		X: result.Axis{Label: "SGD step"}, Y: result.Axis{Label: "test accuracy"},
		Lines:  []result.Line{line(r.Fixed, 1), line(r.Decay, 3)},
		Checks: []result.Check{r.Claim()},
		Record: r.record(),
	}
}

// Claim is the lecture's claim on Murray Fig. 2 ("Best performance is
// observed with a ∼ 3, or preferably a decreasing from about 5 to 2 during
// training"; "Improved accuracy with dynamic linearity decay",
// papers.TannerMurrayDecay) as a Claim check: the final test accuracy of
// the decaying schedule minus the fixed one's, paired by seed, in SEs over
// the seeds, at least the 1 − DecayAlpha/2 quantile of Student's t with
// seeds − 1 degrees of freedom. It is a known disagreement
// (MurrayDecayDisagreement, whose Paper quotes the claim in place of a
// Statement; its DataSeeds the runs' seeds).
func (r Fig2Result) Claim() result.Check {
	c := r.Compare
	return result.Check{Name: "Murray Fig. 2 (analogue): a decaying from 5 to 2 during training ends with a higher test accuracy than a fixed at 3 (paired difference/SE)", Kind: result.Claim,
		Value: c.Diff / c.DiffSE, Tol: empirical.TQuantile2(DecayAlpha, c.Seeds-1), Rule: result.AtLeast, Central: true,
		Basis: fmt.Sprintf("final test accuracy paired by seed (the same minibatches), the mean difference at least the 97.5%% quantile of t with %d dof in SEs over %d seeds", c.Seeds-1, c.Seeds),
		Note: fmt.Sprintf("final test accuracy: %s %.4f ± %.4f, %s %.4f ± %.4f; paired difference %.4f ± %.4f",
			c.Decay.Schedule, mean(c.Decay.FinalAcc), last(c.Decay.AccSE), c.Fixed.Schedule, mean(c.Fixed.FinalAcc), last(c.Fixed.AccSE), c.Diff, c.DiffSE),
		Disagreement: MurrayDecayDisagreement.WithDataSeeds(c.Fixed.Seeds...)}
}

func mean(x []float64) float64 {
	s := 0.0
	for _, v := range x {
		s += v
	}
	return s / float64(len(x))
}

// last is the last entry of a per-record curve (the final record's).
func last(x []float64) float64 { return x[len(x)-1] }
