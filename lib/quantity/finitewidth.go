package quantity

import (
	"github.com/sigprop/sigprop/lib/finitewidth"
)

// Quantities of the finite-width theory of random MLPs (package
// finitewidth; lib/sources/finitewidth.md#equations).

var (
	fwQ0     = Param{Name: "q0", Doc: "input q0 = |x|^2/n0; the first-layer kernel is K1 = sigma_b^2 + sigma_w^2 q0 (must be > 0)", Default: "1", Min: 0, Max: 1e6}
	fwLayer  = Domain(Param{Name: "layer", Doc: "layer l of the pre-activations h^l (l = 1: the first layer)", Default: "8"}, finitewidth.DepthRange, 1, 1000)
	fwWidth  = Domain(Param{Name: "width", Doc: "hidden width n (the expansion is in 1/n and l/n)", Default: "64"}, finitewidth.WidthRange, 1, 1e15)
	fwSource = "Roberts, Yaida & Hanin 2022 (arXiv 2106.10165) ch. 4-5; (R1)-(R3), (M), (S) of lib/sources/finitewidth.md#equations"
)

func init() {
	Register(Quantity{
		Name: "meanfield.finite_width",
		Doc: "mean and variance across networks of one network's kernel q^l = |h^l|^2/n at width n, to O(1/n): " +
			"mean = K + G1/n, variance = (2K^2 + V)/n (K the infinite-width kernel, V the four-point vertex, G1 the NLO kernel); " +
			"relative_variance = variance/K^2 must be << 1 for the expansion to hold; " +
			"exact_variance is given where it is known (degree-1 homogeneous phi with sigma_b = 0); " +
			"epsilon = V/(n K^2) is the expansion parameter (the table's perturbative regime is epsilon <= 0.1); " +
			"jacobian_log_variance = Var log |J^l u|^2 across networks for a unit u orthogonal to the input, J^l = dh^l/dx, to O(1/n) " +
			"(jacobian_log_variance_exact for relu, at any sigma_b)",
		Source: fwSource,
		Params: mfWithAct(mfPhi, mfSigmaW, mfSigmaB, fwQ0, fwLayer, fwWidth),
		Eval: func(v Values) (any, error) {
			sw, sb := v.Float("sigma_w"), v.Float("sigma_b")
			s := finitewidth.Settings{Phi: mfAct(v), SigmaW2: sw * sw, SigmaB2: sb * sb, Q0: v.Float("q0"), Depth: v.Int("layer")}
			ls, err := s.Layers()
			if err != nil {
				return nil, err
			}
			l, n := ls[len(ls)-1], v.Int("width")
			out := map[string]any{
				"mean": l.Mean(n), "variance": l.Var(n), "mean_shift": l.MeanShift(n),
				"kernel": l.K, "vertex": l.V, "nlo_kernel": l.G1, "chi_parallel": l.ChiPar,
				"relative_variance": l.Var(n) / (l.K * l.K),
				"depth_over_width":  float64(l.L) / float64(n),
				"epsilon":           l.Epsilon(n),
			}
			js, err := s.Jacobian()
			if err != nil {
				return nil, err
			}
			out["jacobian_log_variance"] = js[len(js)-1].VarLog(n)
			if finitewidth.Rectifier(s.Phi) && n >= 2 {
				out["jacobian_log_variance_exact"] = finitewidth.ReLUJacobianVarLog(n, l.L)
			}
			if s.Phi.Degree == 1 && s.SigmaB2 == 0 {
				c, err := finitewidth.ScaleInvariantC(s.Phi)
				if err != nil {
					return nil, err
				}
				out["exact_variance"] = finitewidth.ScaleInvariantVar(c, n, l.L) * l.K * l.K
			}
			return out, nil
		},
	})
}
