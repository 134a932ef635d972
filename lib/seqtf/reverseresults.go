package seqtf

import (
	"fmt"
	"io/fs"
	"math"
	"strings"

	"github.com/sigprop/sigprop/lib/result"
)

// Stored is the directory of stored runs on Noci et al. 2022's
// sequence-reversal task (`sigprop sweep generate noci-reverse`): the
// runs and their provenance. Its figures and tables are lib/result kinds
// (drawn by kernel-ext/render); the stored runs are the analogue's
// settings, so they claim their paper figure.
type Stored struct {
	Runs []ReverseRun
	Prov RunsProvenance
}

// ReadStored reads the runs and provenance of fsys (ReadRuns).
func ReadStored(fsys fs.FS) (Stored, error) {
	runs, prov, err := ReadRuns(fsys)
	return Stored{runs, prov}, err
}

// variant returns the stored runs of name and its recorded configuration,
// or an error if there are none.
func (r Stored) variant(name string) ([]ReverseRun, Config, error) {
	runs := Select(r.Runs, name)
	for _, v := range r.Prov.Settings.Variants {
		if v.Name == name && len(runs) > 0 {
			return runs, v.Config, nil
		}
	}
	return nil, Config{}, fmt.Errorf("seqtf: no stored reversal runs of %q", name)
}

// Fig6 returns Fig. 6's statistics over the stored POST-LN runs.
func (r Stored) Fig6() (Fig6, error) {
	runs, _, err := r.variant(PostLNName)
	if err != nil {
		return Fig6{}, err
	}
	return Fig6Stats(runs)
}

// Fig15 returns Fig. 15's statistics over the stored no-LN runs with
// trainable α (ResScaleName), from their recorded initial α₁, α₂.
func (r Stored) Fig15() (Fig15, error) {
	runs, c, err := r.variant(ResScaleName)
	if err != nil {
		return Fig15{}, err
	}
	return Fig15Stats(runs, c.Alpha1, c.Alpha2)
}

// ProvenanceTable is where the stored runs came from: the task, model,
// variants, training, seeds, number of runs and the command.
func (r Stored) ProvenanceTable() result.Table {
	s, inv := r.Prov.Settings, r.Prov.Invocation
	c := s.Variants[0].Config
	var vs []string
	for _, v := range s.Variants {
		vs = append(vs, v.Name)
	}
	tr := s.Training
	return result.Table{Caption: "Provenance of the stored reversal runs (notebooks/data/noci-reverse)", Header: []string{"", ""}, Rows: [][]string{
		{"task", fmt.Sprintf("reverse %d digits 0–%d (Noci et al. 2022, App. C.1); fresh sequences every step", c.Len, c.Vocab-1)},
		{"model", fmt.Sprintf("embedding %d (variance 1) + sinusoidal positions, %d encoder blocks, one head, ReLU feed-forward of width %d, linear read-out per position", c.D, c.Layers, c.FF)},
		{"variants", strings.Join(vs, "; ")},
		{"training", fmt.Sprintf("Adam lr %g, β = (0.9, 0.999), ε = 1e-8, no weight decay; %d steps of %d sequences; recorded every %d steps on %d held-out sequences", tr.LR, tr.Steps, tr.Batch, tr.LogEvery, tr.EvalSeqs)},
		{"seeds", fmt.Sprintf("%v: initialisation PCG(seed, 1), training sequences PCG(seed, 2), held-out sequences PCG(seed, 3)", s.Seeds)},
		{"runs", fmt.Sprintf("%d, %s on one core", len(r.Runs), r.Prov.Elapsed)},
		{"command", inv.Summary()},
	}, Record: result.Record{NoPaperFigure: true}}
}

// SolveAccuracy is the held-out token accuracy at which ReZeroTable counts
// a run as having solved the task.
const SolveAccuracy = 0.99

// meanSD is the mean and the sample standard deviation (n − 1) of x; SD
// 0 for fewer than two values.
func meanSD(x []float64) (m, sd float64) {
	for _, v := range x {
		m += v / float64(len(x))
	}
	if len(x) < 2 {
		return m, 0
	}
	for _, v := range x {
		sd += (v - m) * (v - m)
	}
	return m, math.Sqrt(sd / float64(len(x)-1))
}

// ReZeroTable is, for every stored variant, the step at which the
// held-out token accuracy first reaches SolveAccuracy (SolveStep; mean ±
// SD over the seeds that reach it, and how many do), and the held-out
// exact-match rate and training loss at the last record, mean ± SD over
// the seeds: the analogue of Noci et al. 2022's Table 1 ReZero row.
func (r Stored) ReZeroTable() result.Table {
	var rows [][]string
	for _, v := range r.Prov.Settings.Variants {
		runs := Select(r.Runs, v.Name)
		var steps, exact, loss []float64
		for _, run := range runs {
			if s := SolveStep(run, SolveAccuracy); s >= 0 {
				steps = append(steps, float64(s))
			}
			exact = append(exact, run.ExactMatch[len(run.ExactMatch)-1])
			loss = append(loss, run.TrainLoss[len(run.TrainLoss)-1])
		}
		st := "—"
		if len(steps) > 0 {
			m, sd := meanSD(steps)
			st = fmt.Sprintf("%.0f ± %.0f", m, sd)
		}
		me, se := meanSD(exact)
		ml, sl := meanSD(loss)
		rows = append(rows, []string{v.Name, st, fmt.Sprintf("%d of %d", len(steps), len(runs)), fmt.Sprintf("%.3f ± %.3f", me, se), fmt.Sprintf("%.2g ± %.2g", ml, sl)})
	}
	last := r.Prov.Settings.Training.Steps
	return result.Table{
		Caption: fmt.Sprintf("Reversal task, Adam lr %g: steps to %.0f%% held-out token accuracy, and held-out exact-match rate and training loss at step %d; mean ± SD over the seeds (analogue of Table 1's ReZero row beside Adam POST-LN: the task, not IWSLT'14 BLEU)", r.Prov.Settings.Training.LR, 100*SolveAccuracy, last),
		Header:  []string{"variant", fmt.Sprintf("steps to %.0f%% accuracy", 100*SolveAccuracy), "seeds reaching it", fmt.Sprintf("exact match, step %d", last), "training loss"},
		Rows:    rows, Record: result.Record{AtPaper: true}}
}

// stored is the Record of a figure of the stored runs: the analogue's
// own settings, so at the paper figure's.
var stored = result.Record{AtPaper: true}

// Curves are Adam's effective learning rate of W^Q (a line per block)
// and of W^V (dashed, in the same colour, without a legend entry of its
// own) against the step: 10 to the seed means of log₁₀ (geometric means
// over the seeds).
func (f Fig6) Curves() result.Curves {
	x := make([]float64, len(f.Step))
	for i, s := range f.Step {
		x[i] = float64(s)
	}
	pow := func(y []float64) []float64 {
		out := make([]float64, len(y))
		for i, v := range y {
			out[i] = math.Pow(10, v)
		}
		return out
	}
	c := result.Curves{Caption: fmt.Sprintf("Adam's effective learning rate η/(√v̂ + ε), averaged over the entries of W^Q (solid) and W^V (dashed) of each of the %d POST-LN blocks, while the encoder learns to reverse sequences of digits; geometric mean over %d seeds. Data: notebooks/data/noci-reverse.", len(f.Q), f.Seeds),
		X: result.Axis{Label: "step"}, Y: result.Axis{Label: "effective learning rate", Log: true}, Record: stored}
	for l := range f.Q {
		// W^V is drawn dashed over W^Q (the Reference role's style), unnamed: no second legend entry
		c.Lines = append(c.Lines, result.Line{Name: fmt.Sprintf("layer %d", l+1), Role: result.SimulatedTrace, X: x, Y: pow(f.Q[l]), Pair: 2*l + 1},
			result.Line{Key: fmt.Sprintf("W^V, layer %d", l+1), Role: result.Reference, X: x, Y: pow(f.V[l]), Pair: 2*l + 1})
	}
	return c
}

// blockAxis is 1, …, n: the blocks as the figures number them.
func blockAxis(n int) []float64 {
	x := make([]float64, n)
	for i := range x {
		x[i] = float64(i + 1)
	}
	return x
}

// perBlock is the line of the means ± SE m against the block 1, …, L.
func perBlock(name string, m []MeanSE, role result.Role) result.Line {
	y, e := make([]float64, len(m)), make([]float64, len(m))
	for i, v := range m {
		y[i], e[i] = v.Mean, v.SE
	}
	return result.Line{Name: name, Role: role, X: blockAxis(len(m)), Y: y, SE: e}
}

// GapCurves are the gap of Fig. 6 per block, log₁₀(effective LR of W^Q /
// of W^V), over the whole run and over its first and last thirds, mean ±
// SE over the seeds.
func (f Fig6) GapCurves() result.Curves {
	return result.Curves{Caption: fmt.Sprintf("The gap of Fig. 6 per block: log₁₀ of W^Q's effective learning rate over W^V's, mean over the records after step 1 and over the first and last thirds of them; mean ± SE over %d seeds.", f.Seeds),
		X: result.Axis{Label: "layer"}, Y: result.Axis{Label: "log₁₀(eff. LR W^Q / eff. LR W^V)"}, Record: stored,
		Lines: []result.Line{perBlock("whole run", f.Gap, result.SimulatedLine), perBlock("first third", f.Early, result.Simulated), perBlock("last third", f.Late, result.Simulated)}}
}

// Curves are Fig. 15's three panels per block, mean ± SE over the seeds:
// the mean token cosine and the token norm at initialisation and after
// training, and the trained α₁, α₂ beside their initial value (a
// horizontal line, known exactly).
func (f Fig15) Curves() (cosine, alpha, norm result.Curves) {
	L := len(f.Cos)
	src := fmt.Sprintf("no-LN encoder with trainable α₁, α₂ (from 1/√L), Adam, on the reversal task; mean ± SE over %d seeds (analogue: the paper's model is its best IWSLT'14 translation transformer).", f.Seeds)
	cosine = result.Curves{Caption: "Mean cosine between the tokens of a sequence after each block, at initialisation and after training; " + src,
		X: result.Axis{Label: "layer"}, Y: result.Axis{Label: "mean token cosine"}, Record: stored,
		Lines: []result.Line{perBlock("initialisation", f.Cos0, result.SimulatedLine), perBlock("trained", f.Cos, result.SimulatedLine)}}
	alpha = result.Curves{Caption: "Trained residual weights α₁ (attention) and α₂ (feed-forward) of each block and their common initial value; " + src,
		X: result.Axis{Label: "layer"}, Y: result.Axis{Label: "α"}, Record: stored,
		Lines: []result.Line{perBlock("α₁ trained", f.Alpha1, result.SimulatedLine), perBlock("α₂ trained", f.Alpha2, result.SimulatedLine),
			{Name: "initial", Role: result.Theory, X: []float64{1, float64(L)}, Y: []float64{f.Alpha1Init, f.Alpha1Init}}}}
	norm = result.Curves{Caption: "Root-mean-square token norm after each block, at initialisation and after training; " + src,
		X: result.Axis{Label: "layer"}, Y: result.Axis{Label: "token norm"}, Record: stored,
		Lines: []result.Line{perBlock("initialisation", f.Norm0, result.SimulatedLine), perBlock("trained", f.Norm, result.SimulatedLine)}}
	return cosine, alpha, norm
}
