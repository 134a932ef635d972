package rankexp

import (
	"fmt"
	"math/rand/v2"

	"gonum.org/v1/gonum/mat"

	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/rankblock"
	"github.com/sigprop/sigprop/lib/rankcollapse"
)

// Lemma31 is Lemma 3.1 at one input X under uniform attention: the
// expected squared Jacobian norms of eqs. (6) (GradWV) and (7) (GradWQ),
// the exact E‖∂S/∂X‖² (Exact, rankcollapse.ExpGradX), its Monte Carlo
// estimate MC ± SE over weight draws (rankblock.AttnInputJacobianMC) and
// the printed bound of eq. (8) (Bound, which fails when the tokens share a
// large mean, lib/sources/noci2022.md#erratum-1).
type Lemma31 struct {
	DK                           int
	Draws                        int // weight draws of MC
	GradWV, GradWQ, Exact, Bound float64
	MC, SE                       float64
	// Seed and Stream are the generator empirical.Rand(Seed, Stream) it
	// drew from when Lemma31Settings.Run drew it (zero from a caller's
	// generator).
	Seed, Stream uint64
}

// Lemma31At returns Lemma31 for input x and key width dk, with draws
// weight draws from rng (τ = 1).
//
//sigprop:eq noci2022 lemma3.1
//sigprop:eq noci2022 eq6-8 erratum=lib/sources/noci2022.md#erratum-1
func Lemma31At(x mat.Matrix, dk, draws int, rng *rand.Rand) Lemma31 {
	st := rankcollapse.TokenStats(x)
	l := rankcollapse.Layer{DK: dk}
	r := Lemma31{DK: dk, Draws: draws, GradWV: rankcollapse.ExpGradWV(st), GradWQ: rankcollapse.ExpGradWQ(st, l),
		Exact: rankcollapse.ExpGradX(st, l), Bound: rankcollapse.PaperBoundGradX(st, l)}
	r.MC, r.SE = rankblock.AttnInputJacobianMC(x, dk, 1, true, draws, rng)
	return r
}

// Collapsed is Thm 3.2 at one size: the Jacobian norms of one true-softmax
// attention layer whose n tokens are all one iid N(0,1) vector x of width
// d, and ‖x‖² (X2). The theorem says the query and key norms are zero.
// Tau, Seed and Stream are the inverse temperature and the generator
// empirical.Rand(Seed, Stream) it ran with.
type Collapsed struct {
	N, D         int
	X2           float64
	Draws        int // weight draws averaged in AttnGrads
	Tau          float64
	Seed, Stream uint64
	rankblock.AttnGrads
}

// IdenticalTokens returns Collapsed at each size {n, d} of sizes, at
// inverse temperature tau with draws weight draws; size i draws its tokens
// (rankblock.IdenticalTokens) and then its weights from
// empirical.Rand(seed+i, stream).
//
//sigprop:eq noci2022 thm3.2
func IdenticalTokens(sizes [][2]int, tau float64, draws int, seed, stream uint64) []Collapsed {
	out := make([]Collapsed, len(sizes))
	for i, nd := range sizes {
		n, d := nd[0], nd[1]
		rng := empirical.Rand(seed+uint64(i), stream)
		in, x2 := rankblock.IdenticalTokens(n, d, rng)
		out[i] = Collapsed{N: n, D: d, X2: x2, Draws: draws, Tau: tau, Seed: seed + uint64(i), Stream: stream, AttnGrads: rankblock.AttnGradMC(n, d, 0, tau, false, rankblock.FixedInput(in), draws, rng)}
	}
	return out
}

// Point is one equicorrelated input law: n tokens of width d = d_v = d_k,
// correlation Rho and entry variance Sx2 (lib/sources/noci2022.md#notation).
type Point struct {
	N, D     int
	Rho, Sx2 float64
}

// Validate returns rankcollapse.ErrParam naming the first of the point's
// n, d, ρ and σ_x² outside the range of the equicorrelated input law
// (rankcollapse.CheckEquicorr: ρ ∈ [−1/(n−1), 1]).
func (p Point) Validate() error { return rankcollapse.CheckEquicorr(p.N, p.D, p.Rho, p.Sx2) }

// Grads is the Monte Carlo Jacobian norms of one uniform-attention layer
// at a Point (rankblock.AttnGradMC), with eq. (17) (V) and eq. (18) in its
// exact form (Q, rankcollapse.FormExact), which are exact for this law.
// Seed and Stream are the generator empirical.Rand(Seed, Stream) the
// point drew from.
type Grads struct {
	Point
	rankblock.AttnGrads
	V, Q         float64
	Draws        int // draws averaged in AttnGrads
	Seed, Stream uint64
}

// GradsMC returns Grads at each point of pts with draws draws each (τ = 1,
// uniform attention); point i draws from empirical.Rand(seed+i, stream).
// Errors: a point outside the law's range (rankcollapse.ErrParam).
//
//sigprop:eq noci2022 eq17,18 erratum=lib/sources/noci2022.md#erratum-2
func GradsMC(pts []Point, draws int, seed, stream uint64) ([]Grads, error) {
	out := make([]Grads, len(pts))
	for i, p := range pts {
		v, err := rankcollapse.GradV(p.N, p.D, p.Rho, p.Sx2)
		if err != nil {
			return nil, fmt.Errorf("rankexp: point %d: %w", i, err)
		}
		q, _ := rankcollapse.GradQ(p.N, p.D, p.Rho, p.Sx2, rankcollapse.FormExact) // same checks as GradV
		g := rankblock.AttnGradMC(p.N, p.D, 0, 1, true, rankblock.EquicorrelatedInput(p.N, p.D, p.Rho, p.Sx2), draws, empirical.Rand(seed+uint64(i), stream))
		out[i] = Grads{Point: p, AttnGrads: g, V: v, Q: q, Draws: draws, Seed: seed + uint64(i), Stream: stream}
	}
	return out, nil
}

// GridPoint is one cell of the grid of App. B.2–B.3 (Figs. 12–14): the
// true-softmax Monte Carlo of rankblock.AttnGradGrid with the
// uniform-attention theory eq. (17) (V), eq. (18) exact (Q) and
// ln(eq. 18 as printed / eq. 17) (LogRatioPaper, Fig. 14).
type GridPoint struct {
	rankblock.GridPoint
	V, Q, LogRatioPaper float64
	Draws               int // draws averaged in AttnGrads
}

// Grid runs rankblock.AttnGradGrid(rhos, sx2s, ns, ds, draws, rng) and adds
// the theory to each point, in the same order (ρ, σ_x², n, d, the last
// fastest). Errors: a point where the theory is undefined (ρ must lie
// strictly inside (−1/(n−1), 1) and σ_x² > 0).
func Grid(rhos, sx2s []float64, ns, ds []int, draws int, rng *rand.Rand) ([]GridPoint, error) {
	grid := rankblock.AttnGradGrid(rhos, sx2s, ns, ds, draws, rng)
	out := make([]GridPoint, len(grid))
	for i, g := range grid {
		lr, err := rankcollapse.LogRatioQV(g.N, g.D, g.Rho, g.Sx2, rankcollapse.FormPaper)
		if err != nil {
			return nil, fmt.Errorf("rankexp: grid point %d: %w", i, err)
		}
		v, _ := rankcollapse.GradV(g.N, g.D, g.Rho, g.Sx2)
		q, _ := rankcollapse.GradQ(g.N, g.D, g.Rho, g.Sx2, rankcollapse.FormExact)
		out[i] = GridPoint{GridPoint: g, V: v, Q: q, LogRatioPaper: lr, Draws: draws}
	}
	return out, nil
}
