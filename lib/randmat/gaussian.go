package randmat

import (
	"fmt"
	"math/rand/v2"

	"gonum.org/v1/gonum/mat"
)

// Normal fills dst with i.i.d. N(0, sd²) numbers, dst[i] = sd·z_i with z_i
// = rng.NormFloat64() drawn for i = 0, 1, … in order; sd = 1 writes the
// draws themselves.
func Normal(dst []float64, sd float64, rng *rand.Rand) {
	for i := range dst {
		dst[i] = sd * rng.NormFloat64()
	}
}

// Gaussian returns an r×c matrix of i.i.d. N(0, sd²) entries drawn row by
// row (Normal on its row-major data). It panics unless r, c >= 1.
func Gaussian(r, c int, sd float64, rng *rand.Rand) *mat.Dense {
	if r < 1 || c < 1 {
		panic(fmt.Sprintf("randmat: Gaussian needs r, c >= 1, got %d×%d", r, c))
	}
	d := make([]float64, r*c)
	Normal(d, sd, rng)
	return mat.NewDense(r, c, d)
}
