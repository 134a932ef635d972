package quantity

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/sigprop/sigprop/lib/compose"
)

// Under a causal mask the tokens are not exchangeable, so the compose
// quantities of the token geometry (compose.trajectory, compose.rho_depth,
// compose.compare) run the full Gram map (compose.Block.GramMap:
// lib/sources/compose.md#causal-gram, #causal-softmax) instead of the
// (q, p) map. Their q, p and rho keep the simulation's definitions (q the
// mean squared norm, p the mean dot product of distinct tokens, rho =
// p/q: compose.GramPoint), and they add the per-pair correlations. The
// collapsed-point exponents (compose.lambda_a, lambda_g, collapsed_q,
// start_regime, compare_grad) stay on the (q, p) theory and refuse a mask;
// compose.lambda_g_trajectory (below) follows the Gram trajectory, masked
// or not, for attention that does not depend on its input.

// coCausal reports whether b's attention is masked (the Gram map's case).
func coCausal(b compose.Block) bool { return b.Attn.Causal && !b.NoAttention }

// coGramWork refuses a Gram map of b whose work (compose.Block.GramWork)
// passes SimWork, naming n or depth and the value that fits.
func coGramWork(v Values, b compose.Block, q0 float64) error {
	return fitWork(v, func(over map[string]int) float64 {
		c := b
		c.N, c.Depth = overOr(over, "n", b.N), overOr(over, "depth", b.Depth)
		return c.GramWork(q0)
	}, coParam("n"), coParam("depth"))
}

// coGramTrajectory is the Gram map's trajectory of b from the
// equicorrelated start (q0, p0), after the work check.
func coGramTrajectory(v Values, b compose.Block, q0, p0 float64) ([]*mat.SymDense, error) {
	if err := coGramWork(v, b, q0); err != nil {
		return nil, err
	}
	tr, err := b.GramTrajectory(compose.EquicorrGram(b.N, q0, p0))
	if err != nil {
		return nil, err
	}
	for l, k := range tr {
		for i := 0; i < b.N; i++ {
			if x := k.At(i, i); !(x > 0) || math.IsInf(x, 0) {
				return nil, fmt.Errorf("compose: the Gram trajectory leaves the positive norms at block %d (token %d: %v)", l, i, x)
			}
		}
	}
	return tr, nil
}

// coGramPoints is the (q, p) of each matrix (compose.GramPoint).
func coGramPoints(tr []*mat.SymDense) []compose.Point {
	out := make([]compose.Point, len(tr))
	for l, k := range tr {
		out[l] = compose.GramPoint(k)
	}
	return out
}

// coFlatCorr is each matrix's correlations, row-major (entry i*n+j).
func coFlatCorr(tr []*mat.SymDense) [][]float64 {
	out := make([][]float64, len(tr))
	for l, k := range tr {
		c := compose.GramCorr(k)
		n := c.SymmetricDim()
		out[l] = make([]float64, n*n)
		for i := 0; i < n; i++ {
			for j := 0; j < n; j++ {
				out[l][i*n+j] = c.At(i, j)
			}
		}
	}
	return out
}

// coFamilyAlpha is the family-wise level of compose.compare's threshold
// on the max |z| over pairs and layers under a mask.
const coFamilyAlpha = 0.01

// coCausalCompare is compose.compare under a mask: the Gram map's
// per-pair correlations against the simulation's (compose.CompareGram),
// their max |z| over pairs and layers with the number of comparisons and
// the family-wise threshold at coFamilyAlpha for it, and rho = p/q per
// layer with its z, as compose.compare gives them without the mask.
func coCausalCompare(v Values, b compose.Block, s compose.SimSettings) (any, error) {
	if err := coGramWork(v, b, s.Q0); err != nil {
		return nil, err
	}
	// Every network's per-pair correlations at every layer are held until
	// their mean and SE are taken (Run.Pair), 8 bytes each.
	if err := fitMemory(v, func(over map[string]int) float64 {
		n := float64(overOr(over, "n", b.N))
		return 8 * float64(overOr(over, "nets", v.Int("nets"))) * float64(overOr(over, "depth", b.Depth)+1) * n * n
	}, Param{Name: "nets", Default: "16", Min: 2}, coParam("n"), coParam("depth")); err != nil {
		return nil, err
	}
	c, err := compose.CompareGram(b, s)
	if err != nil {
		return nil, err
	}
	rho, zRho, maxZRho := c.RhoZ()
	var q []float64
	for _, k := range c.Gram {
		q = append(q, compose.GramPoint(k).Q)
	}
	simCorr := make([][]float64, len(c.Run.Pair))
	simSE := make([][]float64, len(c.Run.Pair))
	for l, st := range c.Run.Pair {
		simCorr[l], simSE[l] = st.Mean, st.SE
	}
	return map[string]any{
		"theory_rho": rho, "sim_rho": c.Run.Rho.Mean, "sim_rho_se": c.Run.Rho.SE, "z_rho": zRho, "max_z_rho": maxZRho,
		"theory_q": q, "sim_q": c.Run.Q.Mean, "sim_q_se": c.Run.Q.SE,
		"theory_corr": coFlatCorr(c.Gram), "sim_corr": simCorr, "sim_corr_se": simSE,
		"max_z_pairs": c.MaxZ, "tests": c.Tests, "threshold": compose.FamilyWiseT(coFamilyAlpha, c.Tests, s.Nets),
	}, nil
}

// coGradTrajectoryDefaults: compose.lambda_g_trajectory covers attention
// that does not depend on its input, so its default block has uniform
// attention (the default block's softmax at sigma_a2 = 1 is refused).
var coGradTrajectoryDefaults = map[string]string{"attn": "uniform"}

func init() {
	Register(Quantity{
		Name:   "compose.lambda_g_trajectory",
		Doc:    "gradient norm E|d(R.X^L)/dX^l|^2/(nd) per layer and the finite-depth exponent (1/L) ln of it at l = 0 along the trajectory from (q0, rho0 q0), for attention that does not depend on its input (uniform, softmax at sigma_a2 = 0; causal or not)",
		Source: "lib/sources/compose.md#grad-trajectory (T1-T5), gradient independence of Schoenholz et al. 2017 as Cowsik et al. 2024 App. C; lib/compose",
		Params: coWithDefaults(coGradTrajectoryDefaults, coQ0, coRho0),
		Eval: func(v Values) (any, error) {
			b, err := coBlock(v)
			if err != nil {
				return nil, err
			}
			if err := b.GradTrajectoryCovers(); err != nil {
				return nil, err
			}
			q0, p0, err := coStart(b, v)
			if err != nil {
				return nil, err
			}
			if err := fitWork(v, func(over map[string]int) float64 {
				c := b
				c.N, c.Depth = overOr(over, "n", b.N), overOr(over, "depth", b.Depth)
				return 3 * c.GramWork(q0) // the forward map, then a kernel and a derivative kernel per pair back
			}, coParam("n"), coParam("depth")); err != nil {
				return nil, err
			}
			g, err := b.GradTrajectory(compose.EquicorrGram(b.N, q0, p0))
			if err != nil {
				return nil, err
			}
			for l, x := range g {
				if !(x > 0) || math.IsInf(x, 0) {
					return nil, fmt.Errorf("compose: the gradient norm along the trajectory leaves the positive finite numbers at layer %d (%v)", l, x)
				}
			}
			return map[string]any{"grad_norm": g, "lambda_g": math.Log(g[0]) / float64(b.Depth)}, nil
		},
	})
}
