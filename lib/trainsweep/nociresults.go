package trainsweep

import (
	"fmt"
	"io/fs"
	"slices"
	"strings"

	"github.com/sigprop/sigprop/lib/result"
)

// NociSet is a directory of stored Noci et al. training runs (`sigprop
// sweep generate noci-training`) with their seed statistics (NociStats).
// Its figures and tables are lib/result kinds (drawn by
// kernel-ext/render); the stored runs are the analogues' settings, so
// their figures claim their paper figures.
type NociSet struct {
	Runs  []NociRun
	Prov  NociProvenance
	Stats []NociStat // by (variant, depth), in the order of first appearance
}

// ReadNociSet reads the runs and provenance of fsys (ReadNoci).
func ReadNociSet(fsys fs.FS) (NociSet, error) {
	runs, prov, err := ReadNoci(fsys)
	if err != nil {
		return NociSet{}, err
	}
	return NociSet{Runs: runs, Prov: prov, Stats: NociStats(runs)}, nil
}

// Stat returns the seed statistics of variant v at depth L. It panics if
// no run of them is stored (a bug of the caller: the variants and depths
// are the provenance's).
func (n NociSet) Stat(v string, L int) NociStat {
	for _, s := range n.Stats {
		if s.Variant == v && s.Layers == L {
			return s
		}
	}
	panic(fmt.Sprintf("trainsweep: no stored runs of %s at L = %d", v, L))
}

// nociStored is the Record of the stored runs' figures and tables.
var nociStored = result.Record{AtPaper: true}

// pm formats a mean ± SD over seeds.
func pm(m, sd float64) string { return fmt.Sprintf("%.3f ± %.3f", m, sd) }

// seeds is the provenance's seeds as "12, 13, 14".
func (n NociSet) seeds() string {
	s := make([]string, len(n.Prov.Settings.Seeds))
	for i, x := range n.Prov.Settings.Seeds {
		s[i] = fmt.Sprint(x)
	}
	return strings.Join(s, ", ")
}

// ProvenanceTable is where the stored runs came from: model, training,
// data, seeds, number of runs and the command.
func (n NociSet) ProvenanceTable() result.Table {
	s, inv := n.Prov.Settings, n.Prov.Invocation
	return result.Table{Caption: "Provenance of the stored runs (notebooks/data/noci-training)", Header: []string{"", ""}, Rows: [][]string{
		{"model", fmt.Sprintf("ViT, 28×28 images in %d×%d patches (n = 17), d = %d, ℓ = 2 MLP, L ∈ %v (Table 1: L = %d)", s.Patch, s.Patch, s.D, s.Depths, s.TableDepth)},
		{"training", fmt.Sprintf("%d steps of batch %d; Adam lr %g; SGD lr %g, momentum %g", s.Steps, s.Batch, s.AdamLR, s.SGDLR, s.Momentum)},
		{"data", fmt.Sprintf("%s: %d validation images split off (seed %d, unused), the other 5000 for training; test on its %d test images", s.Data, s.NVal, s.SplitSeed, s.NTest)},
		{"seeds", fmt.Sprintf("%v: each run draws its initialisation from PCG(seed, 1) and its batch order from PCG(seed, 2)", s.Seeds)},
		{"runs", fmt.Sprintf("%d, %s on one core", len(n.Runs), n.Prov.Elapsed)},
		{"command", inv.Summary()},
	}, Record: result.Record{NoPaperFigure: true}}
}

// RunsTable is every stored variant and depth with its test loss and
// accuracy over the seeds and the τ of its first seed.
func (n NociSet) RunsTable() result.Table {
	var rows [][]string
	for _, st := range n.Stats {
		tau := NociSelect(n.Runs, st.Variant, st.Layers)[0].Tau
		rows = append(rows, []string{st.Variant, fmt.Sprint(st.Layers), pm(st.Loss, st.LossSD), pm(st.Acc, st.AccSD), fmt.Sprintf("%d of %d", st.Diverged, st.Seeds), fmt.Sprintf("%.2f", tau)})
	}
	return result.Table{Caption: "Every stored variant and depth: test loss and accuracy, mean ± SD over the seeds (a diverged run counts ln 10 and accuracy 0.1); τ of the first seed",
		Header: []string{"variant", "L", "test loss", "test accuracy", "diverged", "τ (seed 12)"}, Rows: rows, Record: result.Record{NoPaperFigure: true}}
}

// CompareTable is, for each variant of names at depth L, the row: name,
// paper[i] (the paper's number, under the column paperCol), test loss
// and accuracy as mean ± SD over the seeds, and the diverged runs, under
// caption.
func (n NociSet) CompareTable(caption, paperCol string, names, paper []string, L int) result.Table {
	var rows [][]string
	for i, name := range names {
		s := n.Stat(name, L)
		rows = append(rows, []string{name, paper[i], pm(s.Loss, s.LossSD), pm(s.Acc, s.AccSD), fmt.Sprintf("%d of %d", s.Diverged, s.Seeds)})
	}
	return result.Table{Caption: caption, Header: []string{"run", paperCol, "test loss", "test accuracy", "diverged"}, Rows: rows, Record: nociStored}
}

// DepthCurves are, for the stored variants among names, the seed-mean
// test loss (or test accuracy if acc) against the depth L with seed-SD
// error bars (in the SE field, as the caption says), one line per
// variant, in the order of n.Stats: a panel of Noci et al. 2022's Fig. 5
// analogue.
func (n NociSet) DepthCurves(names []string, acc bool) result.Curves {
	var lines []result.Line
	idx := map[string]int{}
	for _, st := range n.Stats {
		if !slices.Contains(names, st.Variant) {
			continue
		}
		j, ok := idx[st.Variant]
		if !ok {
			j = len(lines)
			idx[st.Variant] = j
			lines = append(lines, result.Line{Name: st.Variant, Role: result.SimulatedLine})
		}
		y, sd := st.Loss, st.LossSD
		if acc {
			y, sd = st.Acc, st.AccSD
		}
		l := &lines[j]
		l.X, l.Y, l.SE = append(l.X, float64(st.Layers)), append(l.Y, y), append(l.SE, sd)
	}
	y := "test loss"
	if acc {
		y = "test accuracy"
	}
	s := n.Prov.Settings
	return result.Curves{Caption: fmt.Sprintf("%s after %d steps against the number of blocks L, mean over seeds %s (bars: seed SD). Data: the committed Fashion-MNIST subset (5000 training images; test on its %d); runs stored in notebooks/data/noci-training.", y, s.Steps, n.seeds(), s.NTest),
		X: result.Axis{Label: "blocks L"}, Y: result.Axis{Label: y}, Lines: lines, Record: nociStored}
}

// meanCurves is one line per variant of names at depth L: get(run)
// averaged over its seeds (NociMeanCurve), against the step every·(i+1),
// the last at NociSteps.
func (n NociSet) meanCurves(names []string, L, every int, get func(NociRun) []float64) []result.Line {
	var out []result.Line
	for _, name := range names {
		y := NociMeanCurve(n.Runs, name, L, get)
		x := make([]float64, len(y))
		for i := range x {
			x[i] = float64(min(every*(i+1), NociSteps))
		}
		out = append(out, result.Line{Name: name, Role: result.SimulatedLine, X: x, Y: y})
	}
	return out
}

func nociCurve(r NociRun) []float64 { return r.Curve }

// TrainingCurves are the training loss (means over windows of NociWindow
// steps) of each variant of names at depth L, averaged over the seeds:
// the curves beside Noci et al. 2022's Table 1 analogue.
func (n NociSet) TrainingCurves(names []string, L int) result.Curves {
	return result.Curves{Caption: fmt.Sprintf("Training loss (%d-step means, averaged over seeds %s) of the d = %d, L = %d ViT; τ from eq. 47 at each initialisation's first-block token correlation ρ and σ_x² (64 training images). Data: the committed Fashion-MNIST subset (5000 training images); runs stored in notebooks/data/noci-training.",
		NociWindow, n.seeds(), n.Prov.Settings.D, L),
		X: result.Axis{Label: "step"}, Y: result.Axis{Label: "training loss"}, Lines: n.meanCurves(names, L, NociWindow, nociCurve), Record: nociStored}
}

// sci is x in the short scientific form the captions use: 1e-3, 3e-4
// (defined in results.go).

// shapedData is the data sentence of the shaped runs' captions.
func (n NociSet) shapedData() string {
	return fmt.Sprintf("Data: the committed Fashion-MNIST subset (5000 training images; test on its %d); runs stored in notebooks/data/noci-training, mean over seeds %s.", n.Prov.Settings.NTest, n.seeds())
}

// ShapedCurves are the training loss of the variants of names at depth
// L: the shaped block, vanilla softmax attention (both without
// normalisation, γ = NociGamma) and the pre-normalised block (Noci et
// al. 2023's Table 1 analogue).
func (n NociSet) ShapedCurves(names []string, L int) result.Curves {
	s := n.Prov.Settings
	return result.Curves{Caption: fmt.Sprintf("Training loss (%d-step means) of the d = %d, L = %d ViT with shaped attention, vanilla softmax attention (both without normalisation, γ = %g) and the pre-normalised block; Adam lr %s. %s", NociWindow, s.D, L, NociGamma, sci(s.AdamLR), n.shapedData()),
		X: result.Axis{Label: "step"}, Y: result.Axis{Label: "training loss"}, Lines: n.meanCurves(names, L, NociWindow, nociCurve), Record: nociStored}
}

// EntropyCurves are the mean softmax entropy of each recorded layer
// (NociEntropyLayers) of each variant of names at depth L, averaged over
// the seeds, every NociEvery steps; lines are named "<short[j]>, layer
// <l>", layer by layer (Noci et al. 2023's Fig. 6 analogue).
func (n NociSet) EntropyCurves(names, short []string, L int) result.Curves {
	var lines []result.Line
	var layers []string
	for k, l := range NociEntropyLayers(L) {
		for j, s := range n.meanCurves(names, L, NociEvery, func(r NociRun) []float64 { return r.Entropy[k] }) {
			s.Name = fmt.Sprintf("%s, layer %d", short[j], l+1)
			lines = append(lines, s)
		}
		layers = append(layers, fmt.Sprint(l+1))
	}
	s := n.Prov.Settings
	m := NociShape(L)
	m.Patch = s.Patch
	m.D = s.D
	return result.Curves{Caption: fmt.Sprintf("Mean softmax entropy −Σ_j S_ij ln S_ij over rows and images, layers %s, every %d steps of the runs above (ln n = %.3f is uniform attention). The paper's contrast is at lr 1e-3, where the Pre-LN entropy collapses; at lr %s it does not predict one. %s",
		strings.Join(layers, " and "), NociEvery, m.UniformEntropy(), sci(s.AdamLR), n.shapedData()),
		X: result.Axis{Label: "step"}, Y: result.Axis{Label: "attention entropy"}, Lines: lines, Record: nociStored}
}
