package spectrumshow

import (
	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/kernel-ext/render"
	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/lib/traindepth"
)

// BudgetView is what the notebook's training-budget cell shows: the
// provenance table "<f.ID>-provenance", the curves of r (render.Curves)
// and its two claims, with the known disagreements stay and grow (nil for
// none) declared in the notebook.
func BudgetView(f show.Figure, r traindepth.BudgetResult, stay, grow *show.Disagreement) show.View {
	v := render.Table(bundle.Table{ID: f.ID + "-provenance"}, r.Provenance())
	v = append(v, render.Curves(f, r.Curves(), render.Legend(show.Outside), render.After())...)
	cs, seeds := r.Checks(), r.Stored.Seeds()
	return declare(declare(v, cs[0].Name, stay, seeds), cs[1].Name, grow, seeds)
}

// BudgetGrowDisagreement is the known disagreement of the budget grid's
// "grows near criticality" check. No pilot decided it: the pilot (the
// first grid's cells, the budget grid's first 300 steps) did not show it
// failing, and it was declared from the stored budget grid (Declared.Seen).
// BudgetView sets its record's DataSeeds from the runs.
var BudgetGrowDisagreement = show.Disagreement{
	Paper:    papers.TannerSchoenholzBudgetGrows.Text,
	Measured: "the number of depth steps (a factor ≈ √2 each) by which L_train at σ_w² = 1.75 (6ξ_c ≈ 2600) moves between SGD step 300 and step 1500, for width-64 tanh networks on the Fashion-MNIST subset, lr 0.02, one seed",
	Why:      "L_train is 45 at every recorded step; the network of depth 64 reaches test accuracy 0.30 at step 600 and falls back to 0.13 by step 1500, below every threshold (0.418–0.456), while L = 45 climbs from 0.45 to 0.77. Five times the budget does not move the boundary at this width and learning rate, so what stops training near criticality here is not the number of steps (candidates, not measured: the width, L/N ≈ 0.7–1 at the boundary, or the fixed learning rate at depth)",
	Declared: bundle.Declaration{Commit: "fc6a683",
		Seen: "the stored budget grid (notebooks/data/schoenholz-budget, commit 1d87abe) and its generation log"},
}
