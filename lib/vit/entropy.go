package vit

import (
	"fmt"
	"math"
)

// AttentionEntropy returns the mean, over the sequences and token rows of
// the last forward pass, of the entropy
//
//	H_i = −Σ_j S_ij ln S_ij
//
// of block l's softmax matrix S (for Shaped attention the softmax part of
// A = I + S − 11ᵀ/n; with Causal the sum runs over j <= i), the quantity
// of Noci et al. 2023, Fig. 6. Uniform attention over n tokens gives ln n;
// a collapsed row (one weight 1) gives 0. It panics if l is outside
// [0, Layers) or no forward pass is cached.
func (m *Model) AttentionEntropy(l int) float64 {
	if l < 0 || l >= len(m.c) {
		panic(fmt.Sprintf("vit: AttentionEntropy layer %d outside [0, %d)", l, len(m.c)))
	}
	if m.batch == 0 {
		panic("vit: AttentionEntropy needs a cached forward pass (call Loss or LossGrad first)")
	}
	a := m.c[l].a
	rowsN := m.batch * m.n
	var sum float64
	for i := range rowsN {
		var h float64
		for _, s := range a.Data[i*a.Stride : i*a.Stride+m.n] {
			if s > 0 {
				h -= s * math.Log(s)
			}
		}
		sum += h
	}
	return sum / float64(rowsN)
}
