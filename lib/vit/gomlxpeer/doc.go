// Package gomlxpeer is the vision transformer of lib/vit written a second
// time in the graph ops of GoMLX (github.com/gomlx/gomlx), with gradients
// from GoMLX's reverse-mode automatic differentiation and run on its
// pure-Go "simplego" backend (no XLA, no cgo). It answers issue 9's
// question "hand-written backward pass or a Go autodiff library?" with
// numbers: the test checks that both compute the same loss and gradients,
// the benchmark times one training step of each (README.md).
//
// The model is that of lib/vit/doc.go (Cowsik et al., arXiv:2403.02579,
// Sec. 5 and App. D): patch embedding, class token and positional
// embeddings; L blocks of eq. (4)
//
//	X^(A) = α̃_A X + α_A V Σ_j A_ij Y_j,  A_ij = softmax_j(τ(QY_i)·(KY_j)/√d),  Y = Norm X   (eq. 1)
//	X'    = α̃_M X^(A) + α_M W^ℓ φ(W^{ℓ−1}⋯φ(W⁰ Norm X^(A)))                                 (eq. 2)
//	Norm(X_i) = √d X_i/|X_i|                                                                  (eq. 3)
//
// with φ = tanh and α̃ = √(1−α²) (or 1 for vit.Identity); a LayerNorm
// (γ, β, ε = 1e-5) on the class token, a linear head and the mean
// cross-entropy, all in float64. The parameters are copied from a
// vit.Model (Tensors: names and row-major values; weights W are
// [out, in], applied as x Wᵀ), so both compute the same function.
//
// This is a separate Go module so that the main module does not depend on
// GoMLX; `go test ./...` at the repository root does not enter it.
package gomlxpeer
