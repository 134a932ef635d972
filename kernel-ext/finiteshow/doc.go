// Package finiteshow shows the two finite-width figures of notebook
// 08-finite-width that carry declared disagreements: the variance of one
// network's kernel q̂^ℓ against ℓ/n (random MLPs, lib/finitewidth) and the
// variance of a composed block's token geometry against ℓ/d. No figure
// claims a paper figure (the sources stop at infinite width); every
// check's tolerance comes from the run's own standard errors, the network
// the sample unit.
//
//	Variance       Var q̂^ℓ/(K^ℓ)² against ℓ/n (finitewidth.CheckResult, one case); max |z| in the
//	               perturbative regime ≤ finitewidth.MaxZTol, V dropped rejected, the regime beyond
//	               as the caller's declared disagreement
//	BlockVariance  d·Var ρ̂ (and d·Var q̂/q²) against ℓ/d (finitewidth.BlockComparison); the
//	               claimed-layer checks, the cross term dropped rejected, BlockRegimes and
//	               NarrowRegimes declared
//
// Why they stay builders: each attaches a show.Disagreement (a
// bundle.Declaration: commit, what was seen, data seeds) to a check, which
// the result kinds of lib/result do not carry. The notebook's other
// figures and its table are plain result kinds drawn by kernel-ext/render:
// finitewidth.CheckResult.MeanShift (the 1/n mean shift), CheckResult.Table
// (theory against simulation over activations), ResidualCurves (the
// residual against width, slope −2), JacobianCurves (Var log ‖J^ℓ u‖²) and
// ShapedSDECurves (the shaped block against the covariance SDE).
//
// The theory is Roberts, Yaida & Hanin, The Principles of Deep Learning
// Theory (2022, arXiv:2106.10165), ch. 4–5, and Hanin & Nica 2019
// (arXiv:1812.05994), as derived in lib/sources/finitewidth.md.
package finiteshow
