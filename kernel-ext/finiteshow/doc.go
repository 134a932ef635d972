// Package finiteshow shows the finite-width theory of random MLPs
// (lib/finitewidth) in a notebook: the variance and the mean shift of one
// network's kernel q̂^ℓ against ℓ/n, theory lines beside simulation
// points, the residual against width, the theory-vs-simulation table over
// activations and points, and the Jacobian norm's log-variance. No figure
// claims a paper figure (the sources stop at infinite width); every
// check's tolerance comes from the run's own standard errors, the network
// the sample unit. Notebook 08-finite-width uses it.
//
//	Variance    Var q̂^ℓ/(K^ℓ)² against ℓ/n (finitewidth.CheckResult, one case); max |z| in the
//	            perturbative regime ≤ finitewidth.MaxZTol, V dropped rejected, the regime beyond as a declared check
//	Residual    Var_sim − Var_theory against n (finitewidth.Residual); slope −2, −1 rejected
//	Jacobian    Var log ‖J^ℓ u‖² against ℓ/n (finitewidth.JacobianResult) and the log's skewness
//
// The mean shift and the theory-vs-simulation table are plain result
// kinds (finitewidth.CheckResult.MeanShift, .Table), drawn by
// kernel-ext/render in the notebook. The builders kept here are special:
// Variance and BlockVariance carry declared disagreements (a
// bundle.Declaration, which lib/result does not carry); Residual,
// Jacobian and ShapedSDE are plumbing not yet converted.
//
// The theory is Roberts, Yaida & Hanin, The Principles of Deep Learning
// Theory (2022, arXiv:2106.10165), ch. 4–5, and Hanin & Nica 2019
// (arXiv:1812.05994), as derived in lib/sources/finitewidth.md.
package finiteshow
