package spectrumshow

import (
	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/kernel-ext/render"
	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/lib/traindepth"
)

// DepthView is what the notebook's trainable-depth cell shows: the
// provenance table "<f.ID>-provenance", the heat map of r (render.Plane)
// and its two claims, with the known disagreements spread and mean (nil
// for none) declared in the notebook on the first and the second.
func DepthView(f show.Figure, r traindepth.DepthResult, spread, mean *show.Disagreement) show.View {
	v := render.Table(bundle.Table{ID: f.ID + "-provenance"}, r.Provenance())
	v = append(v, render.Plane(f, r.Plane(), render.Legend(show.Outside), render.After())...)
	cs, seeds := r.Checks(), r.Stored.Seeds()
	return declare(declare(v, cs[0].Name, spread, seeds), cs[1].Name, mean, seeds)
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
