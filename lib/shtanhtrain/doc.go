// Package shtanhtrain trains a deep fully connected Shtanh network (the
// shared trainer lib/fctrain, orthogonal weights) on the
// Fashion-MNIST subset, the labelled analogue of Murray Fig. 2 in the Tanner
// lecture (Murray, Abrol, Tanner 2021, arXiv:2105.07741): "Test accuracy of a
// trained very deep feed forward net on CIFAR-10 … Shtanh with orthogonal
// initialisation … Improved accuracy with dynamic linearity decay", with the
// lecture's statement "Best performance is observed with a ∼ 3, or preferably
// a decreasing from about 5 to 2 during training."
//
// The network (Settings): the input x ∈ [−1, 1]^784 (fashionmnist.Pixel), a
// Gaussian input layer W⁰ with entries of variance σ_w²/784, Depth hidden
// layers
//
//	h^{ℓ+1} = W^{ℓ+1} φ_a(h^ℓ) + b^{ℓ+1},   W^{ℓ+1} = σ_w·O,  O Haar orthogonal (Width × Width),
//	b^ℓ ~ N(0, σ_b²),   φ_a(h) = clip(h, −a, a)   (Shtanh_a, k = 1),
//
// and a linear read-out to 10 classes (entries of variance 1/(Width·E φ_a²) at
// the fixed point, so that the logits have unit variance for every a), with
// softmax cross-entropy, trained by plain minibatch SGD. (σ_w², q*) is the edge
// of chaos of Shtanh at the schedule's initial a and the fixed σ_b²
// (meanfield.EoCSigmaW2: χ₁ = σ_w² erf(a/√(2q*)) = 1, Murray's theorem with
// y = σ_b²/a²). A Schedule moves a linearly in the training step from A0 to
// A1; only φ changes, the weights are not rescaled.
//
// Murray et al.'s depth, width, σ_b², optimiser and data (CIFAR-10) are not in
// the lecture; every size here is sigprop's choice, named in Settings.
//
// The stored runs (ReadStored) compared as the figure of notebook 04
// (StoredRuns.Fig2): Fig2Result.Curves, the accuracy of each schedule
// (mean ± SE over seeds) with the lecture's claim (Fig2Result.Claim: the
// paired final difference in SEs against Student's t at DecayAlpha), and
// Fig2Result.Provenance, as lib/result kinds.
package shtanhtrain
