// Package composeshow shows a composed block (lib/compose) in a notebook:
// the theory's token geometry over depth beside the simulation, the
// width-convergence check, a table over several compositions and the λ_a
// phase diagram. Captions, Params and sample counts come from the results
// shown; no figure claims a paper figure (no source analysed these
// blocks). Every check's tolerance comes from the run's own standard
// errors. Notebook 07-compose uses it.
//
//	Depth         ρ and q/d over depth, theory against simulation (compose.Comparison); max |z| ≤ MaxZTol
//	Widths        the mean squared deviation of ρ against width d (compose.WidthCheck); slope Z ≤ SlopeTol
//	Table, Row    one row per composition with both checks; a Row may declare a known disagreement
//	Phase         λ_a over a plane of two settings (compose.Phase), with its λ_a = 0 contour
//	SpecialCases  the papers' blocks, composed, against the papers' own functions, to 1e-12
//
// SpecialCases is where the sources come in: Cowsik et al. 2024
// (arXiv:2403.02579), the block map F and the angle exponent λ_a
// (compose.Cowsik against tokengeom.F and tokengeom.LambdaA, their
// eqs. (10)–(11), (25) and (13)); Noci et al. 2022 (arXiv:2206.03126), the
// token correlation ρ^ℓ (compose.Noci2022 against rankcollapse.RhoDepth,
// their Lemmas 3.2–3.3); Noci et al. 2023 (arXiv:2306.17759), the shaped
// block's drift (compose.ShapedBlockDrift against sde.Model.Drift, their
// Cor. 4.3).
package composeshow
