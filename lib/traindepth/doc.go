// Package traindepth tests by training the central experimental claim of
//
//	S. S. Schoenholz, J. Gilmer, S. Ganguli, J. Sohl-Dickstein, "Deep
//	Information Propagation", ICLR 2017, arXiv:1611.01232,
//
// cited by the Tanner lecture for the depth scales ξ_q, ξ_c (F9 of
// lib/sources/tanner2024.md#formulas): random fully connected tanh networks
// are trainable only up to a depth of order ξ_c, the depth over which the
// correlation of two inputs approaches its fixed point c*,
//
//	ξ_c = −1/log χ_{c*},   χ_{c*} = σ_w² E[φ′(u₁)φ′(u₂)] at (q*, c*)
//
// (F9, recalled from the paper: its equation numbers are not checked here;
// meanfield.Net.DepthScales), and the trainable
// region in the (σ_w², L) plane is bounded by L ≈ 6ξ_c(σ_w²) (their
// Figs. 5–6, the white dashed curve 6ξ_c over the accuracy of tanh networks
// with σ_b² = 0.05 on MNIST and CIFAR-10). The figures' content is recalled,
// not retrieved here; sigprop's data are the committed Fashion-MNIST subset.
//
//	Train, TrainFirst   one network of the grid (lib/fctrain: tanh, Gaussian weights σ_w²/N, plain SGD)
//	Plan, ReadRuns      the stored grids (`sigprop sweep generate schoenholz-depth`, schoenholz-budget)
//	Measure             accuracy grid, threshold, trainable depth L_train per σ_w², ratio L/ξ_c
//	XiC, XiCLine        ξ_c of the experiment's tanh networks at the grid's σ_w², or along a line (F9)
//	MeasureRuns         the analysis of stored runs: GridOf, XiC, Measure
//	Result.Spread       the proportionality check: max/min of L/ξ_c over the uncensored σ_w²
//	Result.MeanRatio    the constant: the geometric mean of L/ξ_c (the paper's ≈ 6)
//	Budget, ByBudget    a second grid trained 5 × longer, and Measure at each of its recorded steps
//	ByBudgetRuns        ByBudget of stored runs with XiC
//	GrowthOf, StepTol   how far L_train moved from the first recorded step to the last, in depth steps r
//	ReadStored          the stored grid; StoredRuns.Depth and .Budget measure it as lib/result kinds:
//	                    DepthResult.Plane/.Checks/.Provenance, BudgetResult.Curves/.Checks/.Provenance
//
// The budget grid asks whether the trainable depth moves with training time.
// Schoenholz et al.'s own reading (recalled): far from criticality the
// trainable depth is limited by ξ_c whatever the budget, near criticality
// (where 6ξ_c exceeds any trainable depth) by the training time. The rule,
// fixed before the budget grid was read: Measure's threshold rule, applied
// to the accuracies of each recorded step on their own; Factor =
// L_train(last step)/L_train(first recorded step, 300); one depth step r of
// the grid is what a single seed's crossing may move by with nothing else
// changing, so "grew" is Factor > r (≥ 2 steps) and "stayed" is Factor ≤ r.
// Expected from the recalled reading: σ_w² = 1 (6ξ_c ≈ 22) stays; σ_w² = 1.75
// (6ξ_c ≈ 2600) grows.
package traindepth
