package quantity

import (
	"math"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/tokengeom"
)

// Quantities of Cowsik et al. 2024 (arXiv 2403.02579), package tokengeom.

const tgSource = "Cowsik, Nebabu, Qi, Ganguli 2024 (arXiv 2403.02579)"

var (
	tgQ      = Domain(Param{Name: "q", Doc: "squared token norm q", Default: "64"}, tokengeom.PositiveRange, 1e-300, math.Inf(1))
	tgP      = Param{Name: "p", Doc: "token dot product p, -q/(n-1) <= p <= q", Default: "32", Min: math.Inf(-1), Max: math.Inf(1)}
	tgN      = Domain(Param{Name: "n", Doc: "number of tokens", Default: "256"}, tokengeom.NRange, 2, 1e9)
	tgD      = Domain(Param{Name: "d", Doc: "embedding dimension", Default: "64"}, tokengeom.PositiveRange, 1e-300, math.Inf(1))
	tgSA2    = Domain(Param{Name: "sigma_a2", Doc: "attention variance sigma_A^2 (Q^T K entries ~ N(0, sigma_A^2/d))", Default: "1"}, tokengeom.SigmaA2Range, 0, 1e6)
	tgAlphaA = Domain(Param{Name: "alpha_a", Doc: "attention branch strength alpha_A (skip sqrt(1-alpha_A^2))", Default: "0.3535533905932738"}, tokengeom.AlphaRange)
	tgAlphaM = Domain(Param{Name: "alpha_m", Doc: "MLP branch strength alpha_M (skip sqrt(1-alpha_M^2))", Default: "0.3535533905932738"}, tokengeom.AlphaRange)
	tgSigmaW = Domain(Param{Name: "sigma_w", Doc: "MLP weight scale sigma_w, W ~ N(0, sigma_w^2/d)", Default: "2"}, tokengeom.PositiveRange, 1e-6, 100)
	tgLayers = Domain(Param{Name: "mlp_layers", Doc: "number of nonlinear layers l of the MLP (paper: 2)", Default: "2"}, tokengeom.MLPLayersRange, 0, 64)
	tgDepth  = Param{Name: "depth", Doc: "number of transformer blocks L", Default: "16", Min: 1, Max: 1e9, Integer: true}
	// tgPhi is the MLP's φ, any of activation.Names() with its own
	// parameter (mfActParams); tanh is the paper's.
	tgPhi     = Param{Name: "phi", Doc: "MLP activation phi (paper: tanh)", Default: "tanh", Choices: activation.Names()}
	tgVariant = Param{Name: "variant", Doc: "corrected (lib/sources/cowsik2024.md#erratum-1, #erratum-2; default) or paper (eqs. 17-19, 32 as printed)", Default: "corrected", Choices: []string{"corrected", "paper"}}
)

func tgModel(v Values, withGeometry bool) tokengeom.Model {
	m := tokengeom.NewModel(v.Float("alpha_a"), v.Float("alpha_m"), v.Float("sigma_w"))
	m.MLPLayers = v.Int("mlp_layers")
	m.Act = mfAct(v)
	if withGeometry {
		m.N, m.D, m.SigmaA2 = v.Int("n"), v.Float("d"), v.Float("sigma_a2")
	}
	return m
}

// tgQPMap evaluates a map of (q, p) at the parameters' (q, p), checked
// against the Gram-matrix domain by tokengeom.CheckQP (an error, where the
// map would panic), as {"q": q', "p": p'}.
func tgQPMap(f func(v Values, q, p float64) (float64, float64)) func(Values) (any, error) {
	return func(v Values) (any, error) {
		q, p := v.Float("q"), v.Float("p")
		if err := tokengeom.CheckQP(q, p, v.Int("n")); err != nil {
			return nil, err
		}
		qn, pn := f(v, q, p)
		return map[string]float64{"q": qn, "p": pn}, nil
	}
}

func init() {
	Register(Quantity{
		Name:   "tokengeom.att_map",
		Doc:    "attention (q,p) map before the residual: (q', p')",
		Source: tgSource + ", eq. (10)",
		Params: []Param{tgQ, tgP, tgN, tgD, tgSA2},
		Eval: tgQPMap(func(v Values, q, p float64) (float64, float64) {
			return tokengeom.AttQP(q, p, v.Int("n"), v.Float("d"), v.Float("sigma_a2"))
		}),
	})
	Register(Quantity{
		Name:   "tokengeom.layer_map",
		Doc:    "one transformer block F = F_MLP o F_Att in (q,p)",
		Source: tgSource + ", eqs. (10), (11), (25); lib/sources/cowsik2024.md#mlp-map",
		Params: mfWithAct(tgQ, tgP, tgAlphaA, tgAlphaM, tgSigmaW, tgLayers, tgN, tgD, tgSA2, tgPhi),
		Eval: tgQPMap(func(v Values, q, p float64) (float64, float64) {
			return tokengeom.F(tgModel(v, true), q, p)
		}),
	})
	Register(Quantity{
		Name:   "tokengeom.qstar",
		Doc:    "collapsed fixed point q* of F (p* = q*)",
		Source: tgSource + ", Sec. 3.3",
		Params: mfWithAct(tgAlphaA, tgAlphaM, tgSigmaW, tgLayers, tgD, tgPhi),
		Eval: func(v Values) (any, error) {
			m := tgModel(v, false)
			m.D = v.Float("d")
			return tokengeom.QStar(m)
		},
	})
	Register(Quantity{
		Name:   "tokengeom.lambda_a",
		Doc:    "angle exponent: top eigenvalue of dF at the collapsed point, minus 1",
		Source: tgSource + ", Sec. 3.3, eq. (13)",
		Params: mfWithAct(tgAlphaA, tgAlphaM, tgSigmaW, tgLayers, tgPhi),
		Eval: func(v Values) (any, error) {
			return tokengeom.LambdaA(tgModel(v, false)), nil
		},
	})
	Register(Quantity{
		Name:   "tokengeom.lambda_g",
		Doc:    "gradient exponent (1/L) ln E|dX^L/dX^0|^2/(nd) at depth L with n tokens",
		Source: tgSource + ", Sec. 3.4, App. C, eqs. (15)-(20); corrected per lib/sources/cowsik2024.md#erratum-1, #erratum-2",
		Params: mfWithAct(tgAlphaA, tgAlphaM, tgSigmaW, tgLayers, tgDepth, tgN, tgVariant, tgPhi),
		Eval: func(v Values) (any, error) {
			variant, err := tokengeom.ParseVariant(v.String("variant"))
			if err != nil {
				return nil, err
			}
			m := tgModel(v, false)
			m.N = v.Int("n")
			return map[string]float64{
				"lambda_g":     tokengeom.LambdaG(m, v.Int("depth"), variant),
				"lambda_g_inf": tokengeom.LambdaGInf(m, variant),
			}, nil
		},
	})
}
