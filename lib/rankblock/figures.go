package rankblock

import (
	"fmt"
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/mat"

	"github.com/sigprop/sigprop/lib/block"
)

// RelativeToFirst returns g[ℓ]/g[0] for every ℓ: the per-layer gradient
// norms of Figs. 3b, c and 9 divided by the first block's. It panics if g
// is empty or g[0] is not a positive finite number.
func RelativeToFirst(g []float64) []float64 {
	if len(g) == 0 || !(g[0] > 0) || math.IsInf(g[0], 0) {
		panic(fmt.Sprintf("rankblock: RelativeToFirst needs a positive finite first entry, got %v", g))
	}
	out := make([]float64, len(g))
	for l, v := range g {
		out[l] = v / g[0]
	}
	return out
}

// IdenticalTokens returns an n×d sequence whose n rows all equal one iid
// N(0,1) vector x drawn from rng (rank collapse in the strong sense of
// Thm 3.2), and ‖x‖².
func IdenticalTokens(n, d int, rng *rand.Rand) (*mat.Dense, float64) {
	if n < 1 || d < 1 || rng == nil {
		panic(fmt.Sprintf("rankblock: IdenticalTokens needs n, d >= 1 and a non-nil rng; got n=%d d=%d", n, d))
	}
	x := make([]float64, d)
	var x2 float64
	for j := range x {
		x[j] = rng.NormFloat64()
		x2 += x[j] * x[j]
	}
	m := mat.NewDense(n, d, nil)
	for k := 0; k < n; k++ {
		m.SetRow(k, x)
	}
	return m, x2
}

// EmbeddingInput draws iid N(0, s²) token embeddings plus the sinusoidal
// positional encodings of Vaswani et al. 2017,
//
//	PE[k, 2i] = sin(k/10000^{2i/d}),  PE[k, 2i+1] = cos(k/10000^{2i/d}),
//
// the input of the paper's Figs. 3 and 9 ("random embeddings plus
// positional encodings", App. B.1; the embedding variance is not stated).
// The encodings correlate the tokens at depth 0.
func EmbeddingInput(s float64) Input {
	if !(s >= 0) || math.IsInf(s, 0) {
		panic(fmt.Sprintf("rankblock: EmbeddingInput std must be finite and >= 0, got %v", s))
	}
	return func(dst *mat.Dense, rng *rand.Rand) {
		rbFill(dst, rng, s)
		n, d := dst.Dims()
		for k := 0; k < n; k++ {
			row := dst.RawRowView(k)
			for j := range row {
				f := float64(k) / math.Pow(10000, float64(j-j%2)/float64(d))
				if j%2 == 0 {
					row[j] += math.Sin(f)
				} else {
					row[j] += math.Cos(f)
				}
			}
		}
	}
}

// GridPoint is one cell of the gradient grid of App. B.2–B.3 (Figs. 12–14):
// n tokens of width d = d_v = d_k drawn from the equicorrelated model with
// correlation Rho and entry variance Sx2, and the Monte Carlo Jacobian
// norms of one true-softmax attention layer (AttnGradMC).
type GridPoint struct {
	N, D     int
	Rho, Sx2 float64
	AttnGrads
}

// AttnGradGrid runs AttnGradMC (true softmax, τ = 1, equicorrelated input)
// at every (ρ, σ_x², n, d) of the grid, draws per point, in that loop
// order (ρ outermost), all from rng.
func AttnGradGrid(rhos, sx2s []float64, ns, ds []int, draws int, rng *rand.Rand) []GridPoint {
	var out []GridPoint
	for _, rho := range rhos {
		for _, sx2 := range sx2s {
			for _, n := range ns {
				for _, d := range ds {
					g := AttnGradMC(n, d, 0, 1, false, EquicorrelatedInput(n, d, rho, sx2), draws, rng)
					out = append(out, GridPoint{N: n, D: d, Rho: rho, Sx2: sx2, AttnGrads: g})
				}
			}
		}
	}
	return out
}

// Table2 returns the network of the paper's Figs. 3 and 9 (Table 2:
// embedding d_v = 32, MLP d_F = 128, 4 heads, n = 50 tokens, ReLU; d_k =
// d_v) at depth L with LN placement norm, true softmax (τ = 1) and
// α₁ = α₂ = alpha, divided by √L when depthScaled.
func Table2(norm block.Norm, L int, alpha float64, depthScaled bool) Config {
	return Config{N: 50, DV: 32, DF: 128, Heads: 4, Layers: L, Norm: norm, ReLU: true,
		Alpha1: alpha, Alpha2: alpha, DepthScaled: depthScaled, Tau: 1}
}
