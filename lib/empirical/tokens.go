package empirical

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"
)

// TokenGeometry returns the empirical squared norm and dot product of the n
// token rows of x, eqs. (22)–(23) of Cowsik et al. 2024 (the q and p of
// tokengeom's maps, measured on a simulated network by tokennet and
// rankblock):
//
//	q = (1/n) Σ_i X_i·X_i,   p = 2/(n(n−1)) Σ_{i<j} X_i·X_j,
//
// computed in O(nd) as p = (|Σ_i X_i|² − Σ_i |X_i|²)/(n(n−1)). It panics if
// x has fewer than 2 rows.
//
//sigprop:eq cowsik2024 eq22,23
func TokenGeometry(x mat.Matrix) (q, p float64) {
	n, d := x.Dims()
	if n < 2 {
		panic("empirical: TokenGeometry needs at least 2 tokens")
	}
	var sq float64
	sum := make([]float64, d)
	for i := 0; i < n; i++ {
		for j := 0; j < d; j++ {
			v := x.At(i, j)
			sq += v * v
			sum[j] += v
		}
	}
	var s2 float64
	for _, v := range sum {
		s2 += v * v
	}
	fn := float64(n)
	return sq / fn, (s2 - sq) / (fn * (fn - 1))
}

// PairCosines returns the n(n−1)/2 cosines X_i·X_j/(|X_i||X_j|), i < j, of
// the token rows of x (the angle histograms of Fig. 2). It panics on a zero
// token.
func PairCosines(x mat.Matrix) []float64 {
	n, _ := x.Dims()
	g := mat.NewSymDense(n, nil)
	g.SymOuterK(1, x)
	out := make([]float64, 0, n*(n-1)/2)
	for i := 0; i < n; i++ {
		gi := g.At(i, i)
		if !(gi > 0) {
			panic(fmt.Sprintf("empirical: PairCosines token %d has zero norm", i))
		}
		for j := i + 1; j < n; j++ {
			out = append(out, g.At(i, j)/math.Sqrt(gi*g.At(j, j)))
		}
	}
	return out
}
