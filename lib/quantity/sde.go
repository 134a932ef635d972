package quantity

import (
	"fmt"
	"math"
	"runtime"

	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/sde"
	"gonum.org/v1/gonum/mat"
)

// Quantities of Noci et al. 2023 (arXiv:2306.17759), package sde.
//
// The covariance V at which drift and diffusion are evaluated is the
// equicorrelated m×m matrix with diagonal v and off-diagonal v·rho
// (V = v[(1−rho)I + rho 11ᵀ], PSD for rho ∈ [−1/(m−1), 1]); this is also the
// initial condition of sde.correlation_stats.
func init() {
	inf := math.Inf(1)
	vParams := []Param{
		Domain(Param{Name: "m", Doc: "number of tokens (at least two: the correlation rho^{01})", Default: "2"}, sde.TokensRange, 2, 64),
		{Name: "v", Doc: "diagonal of V (token second moment)", Default: "1", Min: 1e-300, Max: 1e100},
		{Name: "rho", Doc: "off-diagonal correlation of V, in [-1/(m-1), 1]", Default: "0.2", Min: -1, Max: 1},
	}
	modelParams := []Param{
		{Name: "model", Doc: "attention (Thm 4.2), resnet (Thm 3.2), transformer (Cor 4.3) or mlp (Eq. 3)", Default: "attention",
			Choices: []string{"attention", "resnet", "transformer", "mlp"}},
		Domain(Param{Name: "gamma", Doc: "residual branch weight; shortcut lambda = sqrt(1-gamma^2)", Default: "0.3535533905932738"}, sde.GammaRange),
		Domain(Param{Name: "tau0", Doc: "shaped softmax temperature constant, tau = tau0 sqrt(width n_k)", Default: "1"}, sde.Tau0Range, 1e-6, inf),
		{Name: "c_plus", Doc: "shaped-ReLU constant c+ (slope 1 + c+/sqrt(width))", Default: "0", Min: -1e6, Max: 1e6},
		{Name: "c_minus", Doc: "shaped-ReLU constant c- (slope 1 + c-/sqrt(width))", Default: "-1", Min: -1e6, Max: 1e6},
	}
	both := append(append([]Param{}, vParams...), modelParams...)

	Register(Quantity{
		Name:   "sde.drift",
		Doc:    "drift b(V) of a neural covariance SDE at the equicorrelated V (m x m matrix)",
		Source: "Noci et al. 2023, Thm 4.2 (attention), Thm 3.2 / Eq. (6) (resnet), Cor 4.3 (transformer)",
		Params: both,
		Eval: withModelAndV(func(_ Values, md sde.Model, V *mat.SymDense) (any, error) {
			return map[string]any{"V": sdeRows(V), "drift": sdeRows(md.Drift(V))}, nil
		}),
	})
	Register(Quantity{
		Name:   "sde.diffusion",
		Doc:    "diffusion covariance Sigma(V) (N x N, N = m(m+1)/2, upper-triangular order (0,0),(0,1),...) at the equicorrelated V",
		Source: "Noci et al. 2023, Thm 4.2: gamma^2(2-gamma^2) Sigma_lin + gamma^4/tau0^2 A; Thm 3.2: 2 gamma^2 Sigma_lin; Cor 4.3: sum",
		Params: both,
		Eval: withModelAndV(func(_ Values, md sde.Model, V *mat.SymDense) (any, error) {
			m := V.SymmetricDim()
			var order []string
			for _, p := range sde.TriPairs(m) {
				order = append(order, fmt.Sprintf("%d%d", p[0], p[1]))
			}
			return map[string]any{"order": order, "sigma": sdeRows(md.Diffusion(V))}, nil
		}),
	})
	statsParams := append(append([]Param{}, both...),
		Param{Name: "T", Doc: "terminal time = depth/width", Default: "0.75", Min: 0, Max: 100},
		Domain(Param{Name: "paths", Doc: "number of sample paths", Default: "4096"}, sde.PathsRange, 1, 1e7),
		Param{Name: "seed", Doc: "random seed (results do not depend on the worker count)", Default: "1", Min: 0, Max: 1 << 53, Integer: true},
		Domain(Param{Name: "step", Doc: "Euler-Maruyama step h", Default: "0.01"}, sde.StepRange, 1e-7, 1),
	)
	Register(Quantity{
		Name: "sde.correlation_stats",
		Doc:  "mean, sd and quantiles of the terminal correlation rho^{01}_T of a covariance SDE from the equicorrelated V (Euler-Maruyama)",
		Source: "Noci et al. 2023, Thm 4.2 / Thm 3.2 / Cor 4.3; paths stopped at |V|_F >= 1e4 (Def. 4.1) are kept frozen and counted; " +
			"negative eigenvalues are projected away and counted",
		Params: statsParams,
		Eval: withModelAndV(func(v Values, md sde.Model, V *mat.SymDense) (any, error) {
			// The work: paths × steps path-steps of about 2700 (m/2)²
			// flop-equivalents each (measured on 2 cores: 270 ns a
			// path-step at m = 2, 2.9 µs at m = 8, 9 µs at m = 16).
			steps := math.Ceil(v.Float("T") / v.Float("step"))
			if err := fitWork(v, func(over map[string]int) float64 {
				m := float64(overOr(over, "m", v.Int("m")))
				return float64(overOr(over, "paths", v.Int("paths"))) * steps * 2700 * (m / 2) * (m / 2)
			}, Param{Name: "paths", Default: "4096", Min: 1}, Param{Name: "m", Default: "2", Min: 2}); err != nil {
				return nil, fmt.Errorf("%w (or a larger step: %g steps of T = %g)", err, steps, v.Float("T"))
			}
			r, err := sde.Simulate(md, V, v.Float("T"), v.Int("paths"), uint64(v.Float("seed")),
				sde.Settings{Step: v.Float("step"), Workers: runtime.GOMAXPROCS(0)})
			if err != nil {
				return nil, err
			}
			rho, dropped := empirical.DropNaN(r.Corr(0, 1))
			if len(rho) == 0 {
				return nil, fmt.Errorf("sde.correlation_stats: every path degenerated (V^{00} V^{11} = 0)")
			}
			mean, sd := empirical.MeanSD(rho)
			q := map[string]float64{}
			for _, p := range []float64{0.05, 0.25, 0.5, 0.75, 0.95} {
				q[fmt.Sprintf("q%02.0f", 100*p)] = empirical.Quantile(rho, p)
			}
			return map[string]any{
				"mean": mean, "sd": sd, "quantiles": q,
				"paths": r.Paths, "steps": r.Steps,
				"stopped": r.NumStopped(), "psd_violating_paths": r.NumPSDViolating(), "degenerate_dropped": dropped,
			}, nil
		}),
	})
}

// withModelAndV evaluates f at the model and equicorrelated V that v
// describes (sdeModelAndV), after validating them.
func withModelAndV(f func(v Values, md sde.Model, V *mat.SymDense) (any, error)) func(Values) (any, error) {
	return func(v Values) (any, error) {
		md, V, err := sdeModelAndV(v)
		if err != nil {
			return nil, err
		}
		return f(v, md, V)
	}
}

func sdeModelAndV(v Values) (sde.Model, *mat.SymDense, error) {
	kind, err := sde.ParseKind(v.String("model"))
	if err != nil {
		return sde.Model{}, nil, err
	}
	md := sde.Model{Kind: kind, Gamma: v.Float("gamma"), Tau0: v.Float("tau0"),
		CPlus: v.Float("c_plus"), CMinus: v.Float("c_minus")}
	if err := md.Validate(); err != nil {
		return md, nil, err
	}
	m, d, rho := v.Int("m"), v.Float("v"), v.Float("rho")
	if lo := -1 / float64(m-1); rho < lo {
		return md, nil, fmt.Errorf("sde: parameter rho=%v out of range: V is PSD only for rho in [%.6g, 1] when m=%d", rho, lo, m)
	}
	V := sde.EquiCov(m, d, rho)
	if err := sde.CheckCov(V); err != nil {
		return md, nil, err
	}
	return md, V, nil
}

func sdeRows(s mat.Symmetric) [][]float64 {
	n := s.SymmetricDim()
	out := make([][]float64, n)
	for i := range out {
		out[i] = make([]float64, n)
		for j := range out[i] {
			out[i][j] = s.At(i, j)
		}
	}
	return out
}
