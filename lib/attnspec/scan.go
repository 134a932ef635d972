package attnspec

import (
	"fmt"
	"math/cmplx"
	"math/rand/v2"

	"github.com/sigprop/sigprop/lib/block"
)

// OutsideFraction is the fraction of the bulk eigenvalues eigs[1:] (eigs as
// sorted by Spectrum, the outlier 1 first) of modulus above radius: for a
// random Markov matrix at most a few percent lie beyond 1.1·BulkRadius
// (F34; lib/sources/tanner2024.md#check-26). It panics unless len(eigs) >= 2.
func OutsideFraction(eigs []complex128, radius float64) float64 {
	if len(eigs) < 2 {
		panic(fmt.Sprintf("attnspec: OutsideFraction needs at least 2 eigenvalues, got %d", len(eigs)))
	}
	outside := 0
	for _, z := range eigs[1:] {
		if cmplx.Abs(z) > radius {
			outside++
		}
	}
	return float64(outside) / float64(len(eigs)-1)
}

// NormRatio returns ‖X^ℓ‖/‖X⁰‖ for every layer ℓ of the stack: for centred
// attention about BulkRadius^ℓ (F38).
func (s StackResult) NormRatio() []float64 {
	r := make([]float64, len(s.Norm))
	for l := range r {
		r[l] = s.Norm[l] / s.Norm[0]
	}
	return r
}

// ResidualsByWidth runs, for each T = Ts[i], a softmax Stack of L layers
// with logit scale s on RandomTokens(T, d, true, rng(i)) (tokens sharing
// an O(1) mean), drawing tokens and weights from rng(i), and returns
// res[ℓ−1][i], the residual after layer ℓ = 1, …, L: each layer multiplies
// it by about r_T ∝ T^{−1/2} (F36). It panics unless L >= 1 and every
// T >= 2.
func ResidualsByWidth(Ts []int, d, L int, s float64, rng func(i int) *rand.Rand) [][]float64 {
	if L < 1 {
		panic(fmt.Sprintf("attnspec: ResidualsByWidth needs L >= 1, got %d", L))
	}
	res := make([][]float64, L)
	for i, T := range Ts {
		if T < 2 {
			panic(fmt.Sprintf("attnspec: ResidualsByWidth needs every T >= 2, got %d", T))
		}
		r := rng(i)
		st := Stack(RandomTokens(T, d, true, r), L, s, block.Softmax, r)
		for l := 0; l < L; l++ {
			res[l] = append(res[l], st.Residual[l+1])
		}
	}
	return res
}
