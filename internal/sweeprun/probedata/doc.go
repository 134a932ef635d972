// Package probedata precomputes the probed training run of notebook 06's
// analogue of Noci et al. 2022, Fig. 6 (Adam's effective learning rates of
// W^Q and W^V, and the gradient norms of W^Q, W^K, W^V, per block during
// training): the pre-normalised ViT of trainsweep.NociVariants ("Adam,
// PRE-LN") with ProbeDepth blocks, trainsweep.NociSteps Adam steps of
// NociBatch from seed ProbeSeed, a snapshot every ProbeEvery steps, on the
// split of the committed subset the noci-training runs use. It is the run
// the notebook's cell trains at its default parameters (about 70 CPU
// seconds); the cell reads it instead (trainsweep.ProbeSettings.StoredOrTrain)
// and trains at any other parameters. `sigprop sweep generate noci-probe
// DIR` writes probe.json (trainsweep.ProbeRecord) and provenance.json
// (sweep.Generated); probedata_test.go trains the first ProbeEvery steps
// again and compares the first snapshot and losses with the stored ones
// bit for bit.
//
// Source: L. Noci et al., "Signal Propagation in Transformers: Theoretical
// Perspectives and the Role of Rank Collapse", NeurIPS 2022,
// arXiv:2206.03126, Fig. 6. The model, its training and the probe are
// lib/trainsweep's (TrainProbe); this package fixes the settings.
//
//	ProbeSeed, ProbeDepth, ProbeEvery   the notebook's seed, depth and snapshot interval
//	Settings                            the trainsweep.ProbeSettings stored
//	Len, Compute                        the one run, the generator noci-probe
package probedata
