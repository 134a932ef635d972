// Package finiteview holds the tests of the views of notebook
// 08-finite-width (rendered_test.go makes them as the notebook's cells
// do). It has no builders: every figure and table of the notebook is a
// result kind of lib/result made by lib/finitewidth and drawn by
// kernel-ext/render in the notebook's cells:
//
//	variance-kstar0, variance-relu   CheckResult.Variance (Var q̂^ℓ/(K^ℓ)² against ℓ/n; the check
//	                                 beyond the perturbative regime carries the notebook's declared
//	                                 disagreement, a result.Disagreement)
//	variance-relu-log                CheckResult.LogVariance (Var log q̂ against its exact law)
//	mean-shift-kstar0                CheckResult.MeanShift
//	residual-width                   ResidualCurves
//	theory-table                     CheckResult.Table
//	jacobian-logvar                  JacobianCurves
//	<block>, <block>-q               BlockVariance (d·Var ρ̂ and d·Var q̂/q² against ℓ/d; the declared
//	                                 regimes BlockRegimes and NarrowRegimes)
//	shaped-sde                       ShapedSDECurves
//
// No figure claims a paper figure (the sources stop at infinite width);
// every check's tolerance comes from the run's own standard errors, the
// network the sample unit. The theory is Roberts, Yaida & Hanin, The
// Principles of Deep Learning Theory (2022, arXiv:2106.10165), ch. 4–5,
// and Hanin & Nica 2019 (arXiv:1812.05994), as derived in
// lib/sources/finitewidth.md.
package finiteview
