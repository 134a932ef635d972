// Package fctrain trains a deep fully connected network on images by plain
// minibatch SGD on the softmax cross-entropy: the trainer shared by the
// labelled training analogues of notebook 04 (lib/shtanhtrain: Murray
// Fig. 2, Shtanh with orthogonal weights; lib/traindepth: Schoenholz et al.
// 2017, tanh with Gaussian weights).
//
// The network (Init): the input x ∈ ℝ^in, an input layer W⁰ with entries of
// variance σ_w²/in, Depth hidden layers
//
//	h^{ℓ+1} = W^{ℓ+1} φ(h^ℓ) + b^{ℓ+1},   b^ℓ ~ N(0, σ_b²),
//	W^{ℓ+1} = σ_w·O, O Haar orthogonal   (Init.Orthogonal)
//	W^{ℓ+1}_ij ~ N(0, σ_w²/Width)         (otherwise),
//
// and a linear read-out to Classes logits with entries of variance
// 1/(Width·E φ(h)²), E φ² = (q* − σ_b²)/σ_w² at the fixed point q* of the
// q-map (eq. F2 of the notes, lib/sources/tanner2024.md#formulas), so that
// the logits have unit variance at initialisation whatever σ_w², σ_b² and φ
// are. φ may change with the SGD step (Fit's phiAt: Shtanh's a schedule).
//
// Fit draws minibatches with replacement from a *rand.Rand it is given and
// records the test loss and accuracy every EvalEvery steps; its gradients
// are checked against central finite differences (TestGradient).
package fctrain
