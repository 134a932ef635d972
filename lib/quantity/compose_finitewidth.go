package quantity

import (
	"fmt"

	"github.com/sigprop/sigprop/lib/finitewidth"
)

// compose.finite_width: the finite-width statistics of a composed block's
// token geometry (package finitewidth, BlockMoments;
// lib/sources/finitewidth.md#composed-blocks), with the block given by the
// same keys as the other compose.* quantities.

var coLayer = Param{Name: "layer", Doc: "blocks applied l (0: the input; at most depth)", Default: "8", Min: 0, Max: 1000, Integer: true}

func init() {
	Register(Quantity{
		Name: "compose.finite_width",
		Doc: "across-network covariance of one network's token geometry (q, p, rho = p/q) after l blocks of a composed block at width d, to O(1/d), " +
			"from random equicorrelated input (q0, rho0 >= 0): var_q, var_p, cov_q_p, var_rho, cov_q_rho; the means are the infinite-width ones " +
			"(mean_q_infinite_width, ...; their O(1/d) shift is not computed); expansion = max(var_q/q^2, var_rho/(1-rho)^2) must be << 1, " +
			"checked says whether the layer is inside what sigprop's simulation checks hold the theory to (expansion <= 0.1, l/d <= 1/8 for shaped attention); " +
			"softmax attention's own fluctuation (O(1) in d at finite n) is not included",
		Source: "lib/sources/finitewidth.md#composed-blocks; " + coSource,
		Params: coWith(coQ0, coRho0, coLayer),
		Eval: func(v Values) (any, error) {
			b, err := coBlock(v)
			if err != nil {
				return nil, err
			}
			q0, _, err := coStart(b, v)
			if err != nil {
				return nil, err
			}
			l := v.Int("layer")
			if l > b.Depth {
				return nil, fmt.Errorf("%w: layer = %d, want an integer in [0, depth = %d]", finitewidth.ErrParam, l, b.Depth)
			}
			ls, err := finitewidth.BlockMoments(finitewidth.BlockSettings{Block: b, Q0: q0, Rho0: v.Float("rho0"), Layers: max(l, 1)})
			if err != nil {
				return nil, err
			}
			x := ls[l]
			return map[string]any{
				"mean_q_infinite_width": x.Q, "mean_p_infinite_width": x.P, "mean_rho_infinite_width": x.Rho(),
				"var_q": x.Cov[0][0], "var_p": x.Cov[1][1], "cov_q_p": x.Cov[0][1],
				"var_rho": x.VarRho(), "cov_q_rho": x.CovQRho(),
				"expansion": x.Expansion(), "checked": finitewidth.Checked(b, x),
				"depth_over_width": float64(l) / float64(b.D),
			}, nil
		},
	})
}
