package spectrumshow

import (
	"fmt"
	"io/fs"
	"math"
	"slices"
	"strings"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/lib/traindepth"
)

// DepthRuns is the stored grid of the Schoenholz et al. 2017 trainable-depth
// analogue (`sigprop sweep generate schoenholz-depth`).
type DepthRuns struct {
	Runs []traindepth.Run
	Prov traindepth.Provenance
}

// ReadDepthRuns reads the runs and provenance of fsys (traindepth.ReadRuns).
func ReadDepthRuns(fsys fs.FS) (DepthRuns, error) {
	runs, prov, err := traindepth.ReadRuns(fsys)
	return DepthRuns{runs, prov}, err
}

// depthCurveSteps is the number of σ_w² at which the ξ_c curves are drawn.
const depthCurveSteps = 301

// Measure is traindepth.Measure on the stored grid, with ξ_c of tanh at
// the recorded σ_b² (meanfield.ScanSigmaW2, recomputed, not read from the runs).
func (d DepthRuns) Measure() (traindepth.Grid, traindepth.Result, error) {
	return traindepth.MeasureRuns(d.Runs, d.Prov.Settings.Settings)
}

// DepthProvenanceTable is the table "<id>-provenance".
func (d DepthRuns) DepthProvenanceTable(id string) bundle.Table {
	st, inv := d.Prov.Settings, d.Prov.Invocation
	s := st.Settings
	return bundle.Table{ID: id + "-provenance", Caption: "Provenance of the stored tanh runs (notebooks/data/schoenholz-depth)", Header: []string{"", ""}, Rows: [][]string{
		{"data", fmt.Sprintf("Fashion-MNIST (%s): the first %d training and %d test images, pixels in [−1, 1]; Schoenholz et al.'s are MNIST and CIFAR-10", st.Data, s.NTrain, s.NTest)},
		{"model", fmt.Sprintf("784 → %d, L hidden tanh layers of width %d, Gaussian weights of variance σ_w²/N, biases σ_b² = %g; linear read-out to 10 classes (unit-variance logits at q*)", s.Width, s.Width, s.SigmaB2)},
		{"grid", fmt.Sprintf("σ_w² ∈ %v × L ∈ %v", s.SigmaW2, s.Depths)},
		{"training", fmt.Sprintf("plain SGD, lr %g, %d steps of %d images drawn with replacement, softmax cross-entropy; final test accuracy", s.LR, s.Steps, s.Batch)},
		{"seeds", fmt.Sprintf("%v: initialisation PCG(seed, 1), minibatches PCG(seed, 2), the same for every cell", s.Seeds)},
		{"runs", fmt.Sprintf("%d, %s on one core", len(d.Runs), d.Prov.Elapsed)},
		{"command", inv.Summary()},
	}}
}

// DepthFigure fills f (the notebook gives ID and Paper) with the
// final test accuracy over (σ_w², log₂ L) as a heat map, the curves 6ξ_c
// and ξ_c of the mean field (drawn where they stay inside the grid's depths)
// and the measured boundary L_mid of each uncensored σ_w².
func (d DepthRuns) DepthFigure(f show.Figure, g traindepth.Grid, r traindepth.Result) show.Figure {
	s := d.Prov.Settings.Settings
	y := make([]float64, len(g.Depths))
	for j, L := range g.Depths {
		y[j] = math.Log2(float64(L))
	}
	var z []float64
	for j := range g.Depths {
		for i := range g.SigmaW2 {
			z = append(z, g.Acc[i][j])
		}
	}
	f.Heat = &show.Heat{Name: "final test accuracy", X: g.SigmaW2, Y: y, Z: z, ZLabel: "test accuracy", Min: traindepth.Chance, Max: math.Max(r.Shallow, traindepth.Chance+1e-3)}
	lo, hi := g.SigmaW2[0], g.SigmaW2[len(g.SigmaW2)-1]
	top := y[len(y)-1] + 0.25
	w, xiC, err := traindepth.XiCLine(lo, hi, depthCurveSteps, s.SigmaB2)
	show.Want(err == nil, "spectrumshow", "DepthFigure: ξ_c of tanh at σ_b² = %v: %v", s.SigmaB2, err)
	for _, k := range []float64{traindepth.PaperRatio, 1} {
		name := fmt.Sprintf("%g ξ_c (mean field)", k)
		if k == 1 {
			name = "ξ_c (mean field)"
		}
		// one series per stretch inside the plot: 6ξ_c diverges at the edge of chaos.
		var xs, ys []float64
		flush := func() {
			if len(xs) > 1 {
				f.Series = append(f.Series, show.Series{Name: name, X: xs, Y: ys, Style: show.Line, Colour: map[bool]int{true: 1, false: 3}[k == 1]})
				name = ""
			}
			xs, ys = nil, nil
		}
		for i, xi := range xiC {
			if v := math.Log2(k * xi); xi > 0 && v <= top && v >= y[0]-0.25 {
				xs, ys = append(xs, w[i]), append(ys, v)
			} else {
				flush()
			}
		}
		flush()
	}
	var mx, my []float64
	for _, dd := range r.Depths {
		if !math.IsNaN(dd.Ratio) {
			mx, my = append(mx, dd.SigmaW2), append(my, math.Log2(dd.Mid))
		}
	}
	f.Series = append(f.Series, show.Scatter("measured boundary √(L_train·L_next)", mx, my, nil))
	f.Caption = fmt.Sprintf("Fully connected tanh networks (σ_b² = %g, Gaussian weights, width %d) trained by plain SGD on the Fashion-MNIST subset for %d steps of %d images (lr %g): final test accuracy on %d images over σ_w² and depth L (log₂ L upward; one seed per cell), with the mean-field 6ξ_c (Schoenholz et al.'s boundary of the trainable region) and ξ_c, and the measured boundary where the accuracy falls below %.3f (halfway between chance and the shallowest nets' mean). Data: notebooks/data/schoenholz-depth.",
		s.SigmaB2, s.Width, s.Steps, s.Batch, s.LR, s.NTest, r.Threshold)
	f.XLabel, f.YLabel, f.Legend = "σ_w²", "log₂ depth L", show.Outside
	f.Params = map[string]float64{"sigma_b2": s.SigmaB2, "width": float64(s.Width), "steps": float64(s.Steps), "batch": float64(s.Batch), "lr": s.LR, "seeds": float64(len(s.Seeds))}
	return f
}

// DepthChecks are the two claims of Schoenholz et al. as Claim metrics:
// the trainable depth ∝ ξ_c (Spread = max/min of L_mid/ξ_c ≤ r²) and the
// constant ≈ 6 (the geometric mean of L_mid/ξ_c within a factor 2 of 6).
// spread and mean, when not nil, are the known disagreements declared in
// the notebook for the first and the second.
func DepthChecks(id string, r traindepth.Result, spread, mean *show.Disagreement) []show.Agreement {
	var rows []string
	for _, d := range r.Depths {
		switch {
		case d.Below:
			rows = append(rows, fmt.Sprintf("σ_w² %g: L_train < %d (ξ_c %.3g)", d.SigmaW2, d.Next, d.XiC))
		case d.Above:
			rows = append(rows, fmt.Sprintf("σ_w² %g: L_train ≥ %d (ξ_c %.3g)", d.SigmaW2, d.Train, d.XiC))
		default:
			rows = append(rows, fmt.Sprintf("σ_w² %g: L_train %d (next %d), ξ_c %.3g, L_mid/ξ_c %.2f", d.SigmaW2, d.Train, d.Next, d.XiC, d.Ratio))
		}
	}
	note := fmt.Sprintf("threshold %.3f; %s; geometric mean of L_mid/ξ_c %.2f; corr(log L_mid, log ξ_c) = %.3f over %d uncensored σ_w²", r.Threshold, strings.Join(rows, "; "), r.MeanRatio, r.Corr, r.Uncensored)
	return []show.Agreement{
		{Name: "Schoenholz et al. 2017 (analogue): trainable depth ∝ ξ_c (max/min of L_mid/ξ_c over σ_w²)", Kind: show.Claim, Value: r.Spread, Tol: r.SpreadTol, Rule: show.AtMost, Figure: id, Central: true, Paper: paperUnless(papers.TannerSchoenholzSpread.Text, spread),
			Basis: fmt.Sprintf("r² with r = %.3g the largest depth step of the grid: each L_mid lies within √r of the threshold crossing, and one further step allows a single seed's crossing to move (an allowance; one seed does not measure it); the rule of traindepth.Measure", math.Sqrt(r.SpreadTol)),
			Note:  note, Disagreement: spread},
		{Name: "Schoenholz et al. 2017 (analogue): trainable depth ≈ 6ξ_c (max(m/6, 6/m), m the geometric mean of L_mid/ξ_c)", Kind: show.Claim, Value: r.MeanOff, Tol: r.MeanTol, Rule: show.AtMost, Figure: id, Paper: paperUnless(papers.TannerSchoenholzMean.Text, mean),
			Basis: "\"about 6\" read as within a factor 2 (sigprop's choice, traindepth.Measure; the depth grid moves a geometric mean by at most √r)",
			Note:  note, Disagreement: mean},
	}
}

// DepthView is what the notebook's cell shows: the provenance table, the
// figure (f carries its ID and Paper) and the two checks (DepthChecks).
func (d DepthRuns) DepthView(f show.Figure, spread, mean *show.Disagreement) show.View {
	seeds := d.Seeds()
	spread, mean = withDataSeeds(spread, seeds), withDataSeeds(mean, seeds)
	g, r, err := d.Measure()
	show.Want(err == nil, "spectrumshow", "DepthView: %v", err)
	v := show.View{show.Tab(d.DepthProvenanceTable(f.ID)), show.Fig(d.DepthFigure(f, g, r))}
	for _, a := range DepthChecks(f.ID, r, spread, mean) {
		v = append(v, show.Agree(a))
	}
	return v
}

// DepthSpreadDisagreement is the known disagreement of the trainable-depth
// analogue's proportionality check. A pilot decided it: three cells of the
// stored grid (same code, settings and seed: σ_w² = 1.75, L = 16; σ_w² = 1,
// L = 32; σ_w² = 4, L = 32) and the generation log's first rows (σ_w² = 1,
// 1.25 and 1.5 up to L = 32, all on the ordered side). Those cells are part
// of the reported grid. DepthView sets its record's DataSeeds from the runs.
var DepthSpreadDisagreement = show.Disagreement{
	Paper:    papers.TannerSchoenholzSpread.Text,
	Measured: "max/min over σ_w² of L_mid/ξ_c, L_mid the geometric midpoint of the last trainable depth and the next, for width-64 tanh networks trained for 300 SGD steps on the Fashion-MNIST subset, one seed",
	Why:      "in the pilot the ordered side trains deeper than the chaotic side in units of ξ_c: σ_w² = 1 (ξ_c = 3.6) reaches test accuracy 0.463 at L = 32, above the threshold, with 0.151 at L = 45 (L_mid/ξ_c = 10.5), while σ_w² = 4 (ξ_c = 7.0) reaches only 0.257 at L = 32, below it (L_mid/ξ_c < 4.6): a spread above 2.25 on these two points alone. A short SGD budget at a fixed learning rate meets the chaotic side's exploding gradients (χ₁ = 1.34 at σ_w² = 4) as well as its decorrelation",
	Declared: bundle.Declaration{Commit: "1f80df6",
		Pilot:      "three cells of the grid (σ_w² = 1.75, L = 16; σ_w² = 1, L = 32; σ_w² = 4, L = 32) and the generation log's first rows (σ_w² = 1, 1.25, 1.5 up to L = 32), same code and settings",
		PilotSeeds: []uint64{1},
		Seen:       "the pilot's cells, which are cells of the stored grid (notebooks/data/schoenholz-depth)"},
}

// DepthMeanDisagreement is the known disagreement of the analogue's
// constant (≈ 6ξ_c). No pilot decided it: the check failed undeclared on
// the notebook's first run on the stored grid (Declared.Seen). DepthView
// sets its record's DataSeeds from the runs.
var DepthMeanDisagreement = show.Disagreement{
	Paper:    papers.TannerSchoenholzMean.Text,
	Measured: "max(m/6, 6/m), m the geometric mean over σ_w² of L_mid/ξ_c, for width-64 tanh networks trained for 300 SGD steps on the Fashion-MNIST subset, one seed",
	Why:      "the last trainable depth is 23 to 45 layers at every σ_w² of the grid, also at σ_w² = 1.75 beside the edge of chaos, where 6ξ_c ≈ 2600; at this width and budget something other than ξ_c (the 300 SGD steps, or the width: L/N ≈ 0.5–0.7 at the boundary) stops training first, and m = 2.57 falls below 6/2 = 3",
	Declared: bundle.Declaration{Commit: "926f831",
		Seen: "the stored grid (notebooks/data/schoenholz-depth, commit ff8a50a), on which the check failed undeclared in the notebook's first run"},
}

// Seeds are the distinct seeds of the stored runs, in the order first met.
func (d DepthRuns) Seeds() []uint64 {
	var out []uint64
	for _, r := range d.Runs {
		if !slices.Contains(out, r.Seed) {
			out = append(out, r.Seed)
		}
	}
	return out
}
