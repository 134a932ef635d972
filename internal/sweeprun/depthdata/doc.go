// Package depthdata precomputes the training grid of the Schoenholz et al.
// 2017 trainable-depth analogue (lib/traindepth): every (σ_w², depth, seed)
// of traindepth.Paper() on the committed Fashion-MNIST subset, and the
// budget grid traindepth.Budget() (fewer cells, 5 × the steps). It writes
// runs.json (a list of traindepth.Run) and provenance.json by `sigprop sweep
// generate schoenholz-depth DIR` (schoenholz-budget DIR); depthdata_test.go
// retrains the first steps of cells of each and compares them with the
// stored records bit for bit.
//
// Source: S. S. Schoenholz, J. Gilmer, S. Ganguli, J. Sohl-Dickstein, "Deep
// Information Propagation", ICLR 2017, arXiv:1611.01232, Figs. 5–6 (the
// trainable region L ≈ 6ξ_c(σ_w²)); the depth scale ξ_c and the
// measurement are lib/traindepth's, this package only trains the grids
// and has no equation of its own.
//
//	Len, Compute               the paper grid, traindepth.Plan(traindepth.Paper())  (schoenholz-depth)
//	BudgetLen, ComputeBudget   the budget grid, traindepth.Budget(), 5 × the steps   (schoenholz-budget)
//	ComputeStored              either, from a traindepth.Stored set; each cell is traindepth.Train
package depthdata
