// Package nocidata precomputes the seeded training runs of notebook 06's
// analogues of Noci et al. 2022 (Fig. 5: test loss against depth; Table 1)
// and Noci et al. 2023 (Table 1): every variant of trainsweep.NociVariants
// at the depths of Plan, from Seeds, on the committed Fashion-MNIST subset
// (notebooks/data/fashion-mnist-subset), with the live cells' settings
// (trainsweep.NociSteps steps of NociBatch). It writes runs.json (a list
// of trainsweep.NociRun) and provenance.json (command, source revision, Go
// version, workers, seeds, settings, elapsed time: sweep.Generated) by
// `sigprop sweep generate noci-training DIR`; nocidata_test.go recomputes
// the cheapest run and compares it with the stored one.
//
// Sources: L. Noci et al., "Signal Propagation in Transformers: Theoretical
// Perspectives and the Role of Rank Collapse", NeurIPS 2022,
// arXiv:2206.03126, Fig. 5 and Table 1; L. Noci et al., "The Shaped
// Transformer: Attention Models in the Infinite Depth-and-Width Limit",
// NeurIPS 2023, arXiv:2306.17759, Table 1. The model and its training are
// lib/trainsweep's (RunNoci); this package fixes the plan.
//
//	Seeds, Depths, TableDepth, Fig5   the seeds, Fig. 5's depths and variants, the Table 1 depth
//	Job, Plan                         one run (variant, depth, seed); every run of the plan
//	CurrentSettings, LoadData         the trainsweep.NociSettings recorded, and the data split they name
//	Len, Compute                      the plan and its training, the generator noci-training
//	Read                              the committed runs (trainsweep.ReadNoci)
package nocidata
