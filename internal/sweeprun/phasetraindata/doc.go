// Package phasetraindata precomputes the training of notebook 07's section
// 6 ("Does the phase at initialisation predict training?"): Cowsik et
// al.'s block without its norm (softmax attention, a two-layer tanh MLP,
// skips √(1−α²) and branches α on both sub-blocks), d = TrainWidth, L =
// TrainDepth blocks on vit.PaperTask, trained with Adam at its defaults
// for TrainSteps steps of TrainBatch images from each of TrainSeeds seeds
// at the three points of Points (α = TrainAlpha; σ_w ordered, at the λ_a
// edge, chaotic), the test images evaluated every TrainEvery steps, on
// the split Split of the committed subset. It is what the notebook's cell
// trains at its parameters' defaults (about 45 CPU seconds); the cell
// reads it instead (trainsweep.PhaseTrainSettings.StoredOrRun) and trains
// at any other parameters. `sigprop sweep generate compose-training DIR`
// writes runs.json (trainsweep.PhaseTrainRecord) and provenance.json
// (sweep.Generated, its settings a trainsweep.PhaseTrainKey);
// phasetraindata_test.go checks that the stored settings are the
// notebook's defaults and trains the first TrainEvery steps of the first
// seed at every point again, comparing the first record with the stored
// one bit for bit.
//
// Source: A. Cowsik et al., "Geometric Dynamics of Signal Propagation
// Predict Trainability of Transformers", 2024 (their block and λ_a); the
// model, its training and the summary are lib/trainsweep's
// (PhaseTrainSettings); this package fixes the settings.
//
//	Train*            the notebook's parameters' defaults (its parameters cell)
//	Settings          the trainsweep.PhaseTrainSettings stored
//	Len, Compute      the one training, the generator compose-training
package phasetraindata
