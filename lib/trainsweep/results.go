package trainsweep

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/lib/result"
	"gonum.org/v1/gonum/stat"
)

// The figures of the per-layer gradient readings as lib/result kinds
// (drawn by kernel-ext/render): the gradient norms at initialisation of
// Noci et al. 2023's Fig. 2 analogue (InitGrads) and the probe of an Adam
// training, Noci et al. 2022's eqs. (17)–(18) and Fig. 6 (ProbeResult).

// layerAxis is 1, …, n: the blocks as the figures number them.
func layerAxis(n int) []float64 {
	x := make([]float64, n)
	for i := range x {
		x[i] = float64(i + 1)
	}
	return x
}

// The rules of the Fig. 2 analogue's claims, on the trend of
// GradNorms.Trend (decades from the first block to the last): "stable"
// is |trend| <= InitGradStable (a factor 2), "falls" a trend <=
// InitGradFalls. Chosen with the values in view (the checks' basis says
// so).
const (
	InitGradStable = 0.3
	InitGradFalls  = -0.5
)

// AtPaper reports whether s are the settings of the notebook's Fig. 2
// analogue (NociInitGrads): its batch, depth and γ.
func (s InitGradSettings) AtPaper() bool {
	p := NociInitGrads()
	return s.Images == p.Images && s.Layers == p.Layers && s.Gamma == p.Gamma
}

// blockOf is the block of the variant called name ("" if none).
func blockOf(name string) string {
	v, err := NociVariantByName(name)
	if err != nil {
		return ""
	}
	return v.Block
}

// Label is the legend name of g's variant i: its block, with γ for the
// shaped and vanilla blocks ("shaped (γ = 0.2)", "Pre-LN", "Post-LN").
func (g InitGrads) Label(i int) string {
	b := blockOf(g.Settings.Variants[i])
	switch b {
	case "shaped":
		return fmt.Sprintf("shaped (γ = %g)", g.Settings.Gamma)
	case "vanilla":
		return fmt.Sprintf("vanilla no norm (γ = %g)", g.Settings.Gamma)
	case "pre-ln":
		return "Pre-LN"
	case "post-ln":
		return "Post-LN"
	}
	return g.Settings.Variants[i]
}

// Curves are ‖∇W^V_ℓ‖ (value true) or ‖∇W^Q_ℓ‖ at initialisation
// against the layer ℓ = 1, …, L, one line per variant (Label), with the
// claims of Noci et al. 2023's Fig. 2 on the shaped and the Post-LN
// blocks among them: both weights' gradients stable with shaped
// attention, the Post-LN values stable and its queries falling
// (papers.Noci2023Fig2Shaped, Noci2023Fig2PostLN). The result claims its
// paper figure at the analogue's settings (InitGradSettings.AtPaper); its
// caption states γ when it is not NociGamma.
func (g InitGrads) Curves(value bool) result.Curves {
	s := g.Settings
	w := "W^Q"
	if value {
		w = "W^V"
	}
	data := fmt.Sprintf("one batch of %d images of the committed Fashion-MNIST subset, initialisation seed %d, d = %d, L = %d, causal mask (the head reads the last token)", s.Images, s.Seed, g.D, s.Layers)
	if s.Gamma != NociGamma {
		data += fmt.Sprintf("; shaped blocks at γ = %g", s.Gamma)
	}
	c := result.Curves{Caption: fmt.Sprintf("‖∇%s_ℓ‖ of the cross-entropy at initialisation against the layer ℓ; %s.", w, data),
		X: result.Axis{Label: "layer ℓ"}, Y: result.Axis{Label: "‖∇" + w + "‖", Log: true},
		Record: result.Record{Seed: s.Seed, HasSeed: true, AtPaper: s.AtPaper()}}
	for i, n := range g.Norms {
		y := n.Q
		if value {
			y = n.V
		}
		c.Lines = append(c.Lines, result.Line{Name: g.Label(i), Role: result.SimulatedLine, X: layerAxis(len(y)), Y: y})
	}
	basis := fmt.Sprintf("claim made quantitative; trend = least-squares change of log10 ‖∇W‖ over the %d layers; 'stable' = within a factor 2 (%g decades), 'falls' = drops by more than %g decades; thresholds chosen with the values in view; one initialisation", s.Layers, InitGradStable, -InitGradFalls)
	for _, k := range []struct {
		block, name string
		falls       bool
		st          *papers.Statement
	}{{"shaped", "shaped", false, papers.Noci2023Fig2Shaped}, {"post-ln", "Post-LN", !value, papers.Noci2023Fig2PostLN}} {
		for i, v := range s.Variants {
			if blockOf(v) != k.block {
				continue
			}
			q, _, val := g.Norms[i].Trend()
			t := q
			if value {
				t = val
			}
			ch := result.Check{Kind: result.Claim, Value: math.Abs(t), Tol: InitGradStable, Rule: result.AtMost, Basis: basis, Statement: k.st,
				Name: fmt.Sprintf("Noci 2023 Fig. 2: |trend| of %s ‖∇%s‖ (stable)", k.name, w)}
			if k.falls {
				ch.Value, ch.Tol, ch.Name = t, InitGradFalls, fmt.Sprintf("Noci 2023 Fig. 2: trend of %s ‖∇%s‖ (falls with depth)", k.name, w)
			}
			c.Checks = append(c.Checks, ch)
			break
		}
	}
	return c
}

// notPaper says why a probe at s reads no claim: the claims were read
// after the stored runs' NociSteps steps of the plain softmax.
func (s ProbeSettings) notPaper() string {
	var why []string
	if s.Steps != NociSteps {
		why = append(why, fmt.Sprintf("read after the stored runs' %d steps; here %d", NociSteps, s.Steps))
	}
	if s.Temp() != BaseTemperature {
		why = append(why, fmt.Sprintf("read at the stored runs' softmax inverse temperature %g; here %g", BaseTemperature, s.Temp()))
	}
	return strings.Join(why, "; ")
}

// temp is ", softmax inverse temperature τ = x" when the probe's softmax
// is not the plain one, "" when it is.
func (s ProbeSettings) temp() string {
	if s.Temp() == BaseTemperature {
		return ""
	}
	return fmt.Sprintf(", softmax inverse temperature τ = %g", s.Temp())
}

// record is the Record of a figure of the probe r: its seed, whether its
// settings are the claims' (ProbeSettings.AtPaper) and why not.
func (r ProbeResult) record() result.Record {
	s := r.Settings
	return result.Record{Seed: s.Seed, HasSeed: true, AtPaper: s.AtPaper(), NotPaper: s.notPaper()}
}

// probeData is the data the probe's captions state.
const probeData = "Data: the committed Fashion-MNIST subset (5000 training images; test on its 2000)."

// GradRatio is ‖∇W^Q‖/‖∇W^V‖ and ‖∇W^K‖/‖∇W^V‖ per layer after the
// first and the last snapshot of r (a figure of no paper's: the
// training-time counterpart of Noci et al. 2022's eqs. 17–18), with the
// check that the query gradients are the smaller (log10 of the geometric
// mean over layers of ‖∇W^Q‖/‖∇W^V‖ at the first snapshot at most 0,
// papers.Noci2022Eqs17to18), read only at the claims' settings.
func (r ProbeResult) GradRatio() result.Curves {
	s, p := r.Settings, r.Probe
	first, last := p.Snapshots[0], p.Snapshots[len(p.Snapshots)-1]
	c := result.Curves{Caption: fmt.Sprintf("Gradient norm of W^Q and W^K relative to W^V per layer, pre-normalised ViT (α = 1, identity skip), Adam%s; after step %d and step %d: the training-time counterpart of Noci et al. 2022's eqs. 17–18 (no figure of the paper shows it). %s", s.temp(), first.Step, last.Step, probeData),
		X: result.Axis{Label: "layer"}, Y: result.Axis{Label: "‖∇W‖ / ‖∇W^V‖", Log: true}, Record: r.record()}
	c.Record.NoPaperFigure = true
	for _, sn := range []LayerSnapshot{first, last} {
		q, k := sn.QOverV(), sn.KOverV()
		c.Lines = append(c.Lines, result.Line{Name: fmt.Sprintf("W^Q, step %d", sn.Step), Role: result.SimulatedLine, X: layerAxis(len(q)), Y: q},
			result.Line{Name: fmt.Sprintf("W^K, step %d", sn.Step), Role: result.SimulatedLine, X: layerAxis(len(k)), Y: k})
	}
	c.Checks = []result.Check{{Name: "Noci 2022 eqs. 17–18: log10 geometric-mean ‖∇W^Q‖/‖∇W^V‖ over layers, first snapshot", Kind: result.Claim,
		Value: math.Log10(stat.GeometricMean(first.QOverV(), nil)), Tol: 0, Rule: result.AtMost, PaperOnly: true, Statement: papers.Noci2022Eqs17to18,
		Basis: fmt.Sprintf("claim made quantitative: query gradients smaller than value gradients (ratio < 1); one run, seed %d", s.Seed)}}
	return c
}

// lastEffLR are the effective-learning-rate ratios of W^Q over W^V of
// layers (0-based) at the last snapshot, and the layers numbered from 1
// as "1, 8, 16".
func (r ProbeResult) lastEffLR(layers []int) (eff []float64, names string) {
	_, ratios := r.Probe.EffLRRatios(layers)
	eff = make([]float64, len(layers))
	var ls []string
	for i, l := range layers {
		eff[i] = ratios[i][len(ratios[i])-1]
		ls = append(ls, fmt.Sprint(l+1))
	}
	return eff, strings.Join(ls, ", ")
}

// EffLR is Adam's mean effective learning rate of W^Q relative to W^V
// against the step, one line per layer of layers (0-based; Probe.EffLRRatios):
// Noci et al. 2022's Fig. 6 analogue, with its claim that W^Q gets the
// larger rate (log10 of the geometric mean over layers of the last ratios
// at least 0, papers.Noci2022Fig6Gap). The figure and its claim hold at
// ProbeSettings.AtPaper only.
func (r ProbeResult) EffLR(layers []int) result.Curves {
	s := r.Settings
	steps, ratios := r.Probe.EffLRRatios(layers)
	c := result.Curves{Caption: fmt.Sprintf("Adam's mean effective learning rate η/(√v̂ + ε) of W^Q relative to W^V during training%s. %s", s.temp(), probeData),
		X: result.Axis{Label: "step"}, Y: result.Axis{Label: "effective LR of W^Q / of W^V"}, Record: r.record()}
	for i, l := range layers {
		// keyed by position: a layer may be listed twice (0, L/2, L−1 at L = 2)
		c.Lines = append(c.Lines, result.Line{Key: fmt.Sprintf("layers[%d]", i), Name: fmt.Sprintf("layer %d", l+1), Role: result.SimulatedLine, X: steps, Y: ratios[i]})
	}
	eff, ls := r.lastEffLR(layers)
	c.Checks = []result.Check{{Name: fmt.Sprintf("Noci 2022 Fig. 6: log10 geometric-mean effective-LR ratio W^Q/W^V (layers %s), last step", ls), Kind: result.Claim,
		Value: math.Log10(stat.GeometricMean(eff, nil)), Tol: 0, Rule: result.AtLeast, PaperOnly: true, Statement: papers.Noci2022Fig6Gap,
		Basis: fmt.Sprintf("claim made quantitative: Adam gives W^Q a larger effective learning rate than W^V (ratio > 1); one run, seed %d", s.Seed)}}
	return c
}

// Claims is the table of Noci et al. 2022's two claims on the probe r
// (the checks of GradRatio and EffLR at the layers given), the measured
// ratios and whether each is seen, and the training losses of its run
// (the means of the first and the last 10 steps).
func (r ProbeResult) Claims(layers []int) result.Table {
	s, p := r.Settings, r.Probe
	first, last := p.Snapshots[0], p.Snapshots[len(p.Snapshots)-1]
	gq0, gqL := stat.GeometricMean(first.QOverV(), nil), stat.GeometricMean(last.QOverV(), nil)
	eff, _ := r.lastEffLR(layers)
	var lr []string
	for i, l := range layers {
		lr = append(lr, fmt.Sprintf("layer %d %.3g", l+1, eff[i]))
	}
	verdict := map[bool]string{true: "supported", false: "not seen"}
	return result.Table{Caption: fmt.Sprintf("Noci et al. 2022's claims at this scale (pre-normalised ViT, Adam%s, seed %d)", s.temp(), s.Seed),
		Header: []string{"claim", "measured", "verdict"},
		Rows: [][]string{
			{"query/key gradients are smaller than value gradients", fmt.Sprintf("‖∇W^Q‖/‖∇W^V‖ geometric mean over layers: %.3g after step %d, %.3g after step %d", gq0, first.Step, gqL, last.Step), verdict[gq0 < 1]},
			{"Adam gives W^Q a larger effective learning rate than W^V", fmt.Sprintf("ratio at step %d: %s", last.Step, strings.Join(lr, ", ")), verdict[stat.GeometricMean(eff, nil) > 1]},
			{"training works", fmt.Sprintf("train loss %.3f (first 10 steps) → %.3f (last 10 steps)", stat.Mean(r.Run.TrainLoss[:10], nil), r.Run.TailMean(10)), ""},
		},
		Record: result.Record{NoPaperFigure: true}}
}

// sci is x in the short scientific form the captions use: 1e-3, 3e-4.
func sci(x float64) string {
	return strings.Replace(strings.Replace(strconv.FormatFloat(x, 'e', -1, 64), "e-0", "e-", 1), "e+0", "e+", 1)
}

// LiveTable is a miniature sweep at s run twice, res on two workers and
// again on one (Task.Run over the same points): one row per point (α,
// σ_w, λ_a, λ_g, test loss and accuracy), a caption stating the model,
// training and data of s, and the check that the schedule changed no bit
// (the largest MaxAbsDiff of the two runs, tolerance 0), which holds at
// any settings. The table reproduces no paper figure. It panics unless
// res and again have the same points.
func LiveTable(s Spec, res, again []Result) result.Table {
	if len(res) != len(again) {
		panic(fmt.Sprintf("trainsweep: LiveTable has %d and %d points", len(res), len(again)))
	}
	var diff float64
	var rows [][]string
	g4 := func(x float64) string { return strconv.FormatFloat(x, 'g', 4, 64) }
	for i, r := range res {
		diff = math.Max(diff, r.MaxAbsDiff(again[i]))
		rows = append(rows, []string{fmt.Sprintf("%.1f", r.Alpha), fmt.Sprintf("%.1f", r.SigmaW), g4(r.LambdaA), g4(r.LambdaG), g4(r.TestLoss), fmt.Sprintf("%.3f", r.TestAccuracy)})
	}
	m := s.Model
	return result.Table{Caption: fmt.Sprintf("Miniature sweep (d = %d, L = %d, n = %d, %d Adam steps, lr %s, batch %d, %d training images of the committed Fashion-MNIST subset, seed %d)",
		m.D, m.Layers, m.Tokens(), s.Steps, sci(s.LR), s.Batch, s.Train.Len(), s.Seed),
		Header: []string{"α", "σ_w", "λ_a", fmt.Sprintf("λ_g^(%d)", m.Layers), "test loss", "test accuracy"}, Rows: rows,
		Checks: []result.Check{{Name: "live sweep: 2 workers vs 1 worker, max |difference|", Kind: result.SimulationVsSimulation, Value: diff, Tol: 0,
			Basis: "exact: every point draws from its own seeded generator and sums in a fixed order, so the schedule cannot change a bit (test loss, train and validation loss, λ_a, λ_g compared)"}},
		Record: result.Record{NoPaperFigure: true}}
}
