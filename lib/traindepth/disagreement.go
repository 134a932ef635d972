package traindepth

// The known disagreements of the trainable-depth analogue and its budget
// grid, declared in notebook 04 until they moved here, byte for byte:
// their Declared records are the ones written when each was declared (no
// timing is stated here: bundle.Declaration.Timing computes it).

import (
	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/lib/result"
)

// DepthSpreadDisagreement is the known disagreement of the trainable-depth
// analogue's proportionality check. A pilot decided it: three cells of the
// stored grid (same code, settings and seed: σ_w² = 1.75, L = 16; σ_w² = 1,
// L = 32; σ_w² = 4, L = 32) and the generation log's first rows (σ_w² = 1,
// 1.25 and 1.5 up to L = 32, all on the ordered side). Those cells are part
// of the reported grid. DepthResult.Checks carries it on its first check,
// its record's DataSeeds set from the runs (StoredRuns.Seeds).
var DepthSpreadDisagreement = result.Disagreement{
	Paper:    papers.TannerSchoenholzSpread.Text,
	Measured: "max/min over σ_w² of L_mid/ξ_c, L_mid the geometric midpoint of the last trainable depth and the next, for width-64 tanh networks trained for 300 SGD steps on the Fashion-MNIST subset, one seed",
	Why:      "in the pilot the ordered side trains deeper than the chaotic side in units of ξ_c: σ_w² = 1 (ξ_c = 3.6) reaches test accuracy 0.463 at L = 32, above the threshold, with 0.151 at L = 45 (L_mid/ξ_c = 10.5), while σ_w² = 4 (ξ_c = 7.0) reaches only 0.257 at L = 32, below it (L_mid/ξ_c < 4.6): a spread above 2.25 on these two points alone. A short SGD budget at a fixed learning rate meets the chaotic side's exploding gradients (χ₁ = 1.34 at σ_w² = 4) as well as its decorrelation",
	Declared: result.Declaration{Commit: "1f80df6",
		Pilot:      "three cells of the grid (σ_w² = 1.75, L = 16; σ_w² = 1, L = 32; σ_w² = 4, L = 32) and the generation log's first rows (σ_w² = 1, 1.25, 1.5 up to L = 32), same code and settings",
		PilotSeeds: []uint64{1},
		Seen:       "the pilot's cells, which are cells of the stored grid (notebooks/data/schoenholz-depth)"},
}

// DepthMeanDisagreement is the known disagreement of the analogue's
// constant (≈ 6ξ_c). No pilot decided it: the check failed undeclared on
// the notebook's first run on the stored grid (Declared.Seen).
// DepthResult.Checks carries it on its second check, its record's
// DataSeeds set from the runs.
var DepthMeanDisagreement = result.Disagreement{
	Paper:    papers.TannerSchoenholzMean.Text,
	Measured: "max(m/6, 6/m), m the geometric mean over σ_w² of L_mid/ξ_c, for width-64 tanh networks trained for 300 SGD steps on the Fashion-MNIST subset, one seed",
	Why:      "the last trainable depth is 23 to 45 layers at every σ_w² of the grid, also at σ_w² = 1.75 beside the edge of chaos, where 6ξ_c ≈ 2600; at this width and budget something other than ξ_c (the 300 SGD steps, or the width: L/N ≈ 0.5–0.7 at the boundary) stops training first, and m = 2.57 falls below 6/2 = 3",
	Declared: result.Declaration{Commit: "926f831",
		Seen: "the stored grid (notebooks/data/schoenholz-depth, commit ff8a50a), on which the check failed undeclared in the notebook's first run"},
}

// BudgetGrowDisagreement is the known disagreement of the budget grid's
// "grows near criticality" check. No pilot decided it: the pilot (the
// first grid's cells, the budget grid's first 300 steps) did not show it
// failing, and it was declared from the stored budget grid (Declared.Seen).
// BudgetResult.Checks carries it on its second check, its record's
// DataSeeds set from the runs.
var BudgetGrowDisagreement = result.Disagreement{
	Paper:    papers.TannerSchoenholzBudgetGrows.Text,
	Measured: "the number of depth steps (a factor ≈ √2 each) by which L_train at σ_w² = 1.75 (6ξ_c ≈ 2600) moves between SGD step 300 and step 1500, for width-64 tanh networks on the Fashion-MNIST subset, lr 0.02, one seed",
	Why:      "L_train is 45 at every recorded step; the network of depth 64 reaches test accuracy 0.30 at step 600 and falls back to 0.13 by step 1500, below every threshold (0.418–0.456), while L = 45 climbs from 0.45 to 0.77. Five times the budget does not move the boundary at this width and learning rate, so what stops training near criticality here is not the number of steps (candidates, not measured: the width, L/N ≈ 0.7–1 at the boundary, or the fixed learning rate at depth)",
	Declared: result.Declaration{Commit: "fc6a683",
		Seen: "the stored budget grid (notebooks/data/schoenholz-budget, commit 1d87abe) and its generation log"},
}
