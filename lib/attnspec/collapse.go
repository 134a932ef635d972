package attnspec

import (
	"fmt"
	"math"
)

// Geometric returns, at each layer ℓ of layers, the geometric collapse
// through the value y0 at layer ℓ0 with rate r per layer,
//
//	y(ℓ) = y0 · r^{ℓ − ℓ0},
//
// the residual of a stack of random softmax layers, which falls by the
// bulk radius r = r_T = BulkRadius(T, s) per layer (F36 of
// lib/sources/tanner2024.md#formulas, Nait Saada et al. 2024,
// arXiv:2410.07799): from layer 0 with y0 = 1, or from a measured layer.
// It panics unless r ≥ 0.
//
//sigprop:eq tanner2024 F36
func Geometric(layers []float64, y0, l0, r float64) []float64 {
	if !(r >= 0) {
		panic(fmt.Sprintf("attnspec: Geometric needs a rate r >= 0, got %v", r))
	}
	out := make([]float64, len(layers))
	for i, l := range layers {
		out[i] = y0 * math.Pow(r, l-l0)
	}
	return out
}

// References returns the two laws of one attention layer's contraction
// drawn through the contraction's largest input (its last point, the
// largest ε): the cubic law of a query–key layer and the linear law of a
// layer with i.i.d. logits,
//
//	cubic(r) = y_k (r/r_k)³,  y_k = KeyQuery[k−1], r_k = In[k−1],
//	linear(r) = y′_k r / r_k,  y′_k = IIDLogits[k−1],
//
// at each r of In (Dong et al. 2021, arXiv:2103.03404, the r ↦ O(r³)
// residual bound of one pure self-attention layer; F37 of
// lib/sources/tanner2024.md#formulas; an i.i.d. A is a fixed linear map
// of the residual). It panics unless In has a point.
//
//sigprop:eq tanner2024 F37
func (c Contraction) References() (cubic, linear []float64) {
	k := len(c.In)
	if k == 0 || len(c.KeyQuery) != k || len(c.IIDLogits) != k {
		panic(fmt.Sprintf("attnspec: References needs one residual per input, got %d inputs, %d and %d outputs", k, len(c.KeyQuery), len(c.IIDLogits)))
	}
	cubic, linear = make([]float64, k), make([]float64, k)
	for i, r := range c.In {
		cubic[i] = c.KeyQuery[k-1] * math.Pow(r/c.In[k-1], 3)
		linear[i] = c.IIDLogits[k-1] * r / c.In[k-1]
	}
	return cubic, linear
}
