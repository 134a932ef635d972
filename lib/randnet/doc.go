// Package randnet holds finite-width simulators of random networks at
// initialisation, the Monte Carlo side of every theory-vs-simulation check
// in sigprop:
//
//   - Haar-orthogonal matrices (Haar, HaarInto; QR with sign fix, Mezzadri
//     2007, arXiv:math-ph/0609050);
//   - random fully connected networks (MLP) with Gaussian or orthogonal
//     weights, reporting per-layer q = ‖h‖²/N and input correlations, whose
//     N → ∞ limit is package meanfield (Poole et al. 2016,
//     arXiv:1606.05340; Pennington, Schoenholz, Ganguli 2018,
//     arXiv:1802.09979);
//   - the random pre-norm transformer of Cowsik et al. 2024
//     (arXiv:2403.02579), forward and backward (Transformer);
//   - the shaped, vanilla and Pre-LN transformers of Noci et al. 2023
//     (arXiv:2306.17759) (ShapedConfig).
//
// All randomness comes from an explicit *rand.Rand (math/rand/v2): same
// seed, same numbers. Caller bugs (bad sizes, bad variances) panic with a
// "randnet:" message naming the parameter.
package randnet
