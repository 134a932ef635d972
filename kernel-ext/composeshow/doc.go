// Package composeshow shows what of a composed block (lib/compose) in
// notebook 07-compose is not drawn by a renderer of its kind: no figure
// claims a paper figure (no source analysed these blocks), and every
// check's tolerance comes from the run's own standard errors.
//
// Every figure, table and check is drawn by kernel-ext/render over lib's
// result methods: the compositions table (compose.WidthTable,
// render.Table; the known disagreement of its softmax row at σ_A² = 4,
// compose.ConcentratedSoftmax, carried by its check with the run's
// seed), ρ and q/d over depth (compose.Comparison.Curves, render.Curves, max |z| ≤ compose.MaxZTol), the width convergence
// (compose.WidthCheck.Curves, slope Z ≤ compose.SlopeTol), λ_a over a
// plane with its λ_a = 0 contour (compose.Phase.Plane, render.Plane), the
// papers' blocks, composed, against the papers' own functions to 1e-12
// (compose.SpecialCases.Checks, render.Checks: Cowsik et al. 2024,
// arXiv:2403.02579, the block map F and λ_a against tokengeom.F and
// tokengeom.LambdaA, their eqs. (10)–(11), (25) and (13); Noci et al.
// 2022, arXiv:2206.03126, ρ^ℓ against rankcollapse.RhoDepth, their
// Lemmas 3.2–3.3; Noci et al. 2023, arXiv:2306.17759, the shaped block's
// drift against sde.Model.Drift, their Cor. 4.3) and the training of
// section 6 (trainsweep.PhaseTraining.Results: a render.Plane, three
// render.Curves, two render.Table). The builder left here, and why:
//
//	Training    the six results of one training run laid out in the order the
//	            notebook shows them, each by its renderer (it computes nothing;
//	            it keeps notebook 07's training cell unchanged)
package composeshow
