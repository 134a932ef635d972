// Package trainsweep runs the trainability sweep of
//
//	A. Cowsik, T. Nebabu, X.-L. Qi, S. Ganguli, "Geometric Dynamics of
//	Signal Propagation Predict Trainability of Transformers",
//	arXiv:2403.02579 (2024), Fig. 7 and App. D (lib/sources/cowsik2024.md#protocol-trainability):
//
// for each point (α, σ_w) of a grid (α_A = α_M = α), the angle exponent
// λ_a and the finite-depth gradient exponent λ_g^(L) of lib/tokengeom
// (corrected variant, the model's n and L) at initialisation, and the test
// loss of the lib/vit model after a fixed training budget.
//
// # One point at a time
//
// Spec.Task returns the computation of one grid point. Each point's
// training is seeded from the sweep seed and the point's key (its α and
// σ_w) only, so results do not depend on the number of workers, the
// grid's shape or the order in which points finish: a plain parallel loop
// (lib/empirical.Each) over Grid.Points gives the same results as a serial
// one. Orchestration lives outside lib: `sigprop sweep` (internal/sweeprun)
// runs the task over a directory of one JSON file per point, resumably, on
// local workers or as a Slurm job array, from Settings; notebooks read such
// a directory back with lib/sweep.Read. The package does no file I/O
// itself: LoadData reads Fashion-MNIST through an fs.FS (Split names its
// sizes and seed; NociSettings.Split is the split of stored Noci runs).
// InitGradSettings (NociInitGrads) names the blocks, depth, batch and
// seed of the gradient norms at initialisation of the Noci et al. 2023
// Fig. 2 analogue. TrainProbe records the per-block gradient norms and
// Adam's effective learning rates of the Noci et al. 2022 Fig. 6 analogue
// during training; ProbeSettings names such a run, ProbeRecord stores it
// (ReadProbe reads it back through an fs.FS) and StoredOrTrain returns the
// stored run at its settings (Same: the stored run was written without
// the softmax temperature InvTemp, which is BaseTemperature) and trains at
// any others. Their figures are lib/result kinds (results.go, drawn by
// kernel-ext/render): InitGrads.Curves (the trends' claims, rules
// InitGradStable and InitGradFalls; γ of the shaped block is
// InitGradSettings.Gamma, NociGamma by default) and ProbeResult.GradRatio,
// EffLR and Claims (the claims read only at ProbeSettings.AtPaper).
// NociSet (ReadNociSet) holds the stored Noci runs with their seed
// statistics and gives their tables and curves as result kinds
// (nociresults.go); its Fig5Gaps, Table1Gaps and ShapedGaps are the
// papers' "a trains better than (as well as) b" claims on those runs
// (NociGaps, nocigaps.go), whose Table judges each paired by seed at
// |z| = GapZ as a result.Table with its Claim checks, three of them
// declared known disagreements (TauAtScale, ShapedComparableAtScale,
// ShapedBetterAtScale, with the stored runs' seeds); LiveTable is a miniature sweep run twice as a
// result.Table with its schedule check.
//
// # The trainability fit
//
// FitLoss fits Cowsik et al.'s Fig. 7 model
//
//	test loss ≈ max(w_a |λ_a|, w_g |λ_g|) + b,   w_a, w_g ≥ 0,
//
// to the non-saturated points (FitSettings: loss within a margin of the
// ln C ceiling of uniform guessing, or diverged, counts as saturated), by
// an exact search over the sectors where each point's branch of the max is
// fixed (FitMax), and reports R² and the leave-one-out RMSE.
//
// # Any composed block
//
// PhaseTrainSettings asks the same question of a block composed in
// lib/compose that no paper trained: the block at a few points of its
// phase plane (compose.SetNumeric's keys), run through vit.FromBlock on
// the image task, its λ_a and λ_g at initialisation from compose
// (Block.LambdaA, LambdaG), trained from several seeds with the test set
// evaluated along the way; the curves and final values are means ± SE
// over the seeds (the seed, one network and one batch order, is the
// sample unit), and PhaseTraining.Gap is the paired difference of two
// points' final test losses. PhaseTraining.Results gives them as the
// kinds of lib/result (the λ_a plane with the points, three curves, two
// tables) for kernel-ext/render. A training whose runs are stored
// (PhaseTrainRecord beside its PhaseTrainKey, `sigprop sweep generate
// compose-training`) is read by StoredOrRun at exactly its settings and
// assembled as a trained one; any other settings train.
package trainsweep
