package attnspec

import (
	"fmt"
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/mat"
)

// RandomTokens returns T tokens of dimension d as rows, X_ij ~ N(0, 1)
// i.i.d., drawn row by row; with sharedMean every row is shifted by one
// common v ~ N(0, I_d), drawn first (X + 1vᵀ: tokens with an O(1) common
// mean, lib/sources/tanner2024.md#figures attention Fig. 3). It panics if T or d < 1.
func RandomTokens(T, d int, sharedMean bool, rng *rand.Rand) *mat.Dense {
	if T < 1 || d < 1 {
		panic(fmt.Sprintf("attnspec: RandomTokens needs T, d >= 1, got %d, %d", T, d))
	}
	v := make([]float64, d)
	if sharedMean {
		for j := range v {
			v[j] = rng.NormFloat64()
		}
	}
	x := mat.NewDense(T, d, nil)
	for i := 0; i < T; i++ {
		for j := 0; j < d; j++ {
			x.Set(i, j, rng.NormFloat64()+v[j])
		}
	}
	return x
}

// RatioDeviation returns max_ℓ |v[ℓ+1]/v[ℓ]/r − 1| over ℓ = from, …,
// len(v)−2: how far the per-layer factors of a sequence (residuals or
// norms of Stack) are from r (r_T, F36). It panics unless
// 0 <= from < len(v)−1 and r > 0.
func RatioDeviation(v []float64, from int, r float64) float64 {
	if from < 0 || from >= len(v)-1 || !(r > 0) {
		panic(fmt.Sprintf("attnspec: RatioDeviation needs 0 <= from < len(v)-1 and r > 0, got from %d, len %d, r %v", from, len(v), r))
	}
	d := 0.0
	for l := from; l+1 < len(v); l++ {
		d = math.Max(d, math.Abs(v[l+1]/v[l]/r-1))
	}
	return d
}
