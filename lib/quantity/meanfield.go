package quantity

import (
	"math"
	"strconv"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/meanfield"
)

// Quantities of mean-field signal propagation (package meanfield).

func mfSrc(f string) string {
	return "Tanner lecture, " + f + " of lib/sources/tanner2024.md#formulas; Poole et al. 2016 (arXiv 1606.05340); Schoenholz et al. 2017 (arXiv 1611.01232); Pennington et al. 2018 (arXiv 1802.09979)"
}

var (
	mfPhi = Param{Name: "phi", Doc: "activation", Default: "tanh", Choices: activation.Names()}
	// σ_w and σ_b take the lib's ranges of σ_w² and σ_b² (the same
	// intervals for a non-negative standard deviation), narrowed to what
	// eval budgets.
	mfSigmaW = Domain(Param{Name: "sigma_w", Doc: "weight std sigma_w: W_ij ~ N(0, sigma_w^2/N)", Default: "1.4142135623730951"}, meanfield.SigmaW2Range, 1e-3, 10)
	mfSigmaB = Domain(Param{Name: "sigma_b", Doc: "bias std sigma_b: b_i ~ N(0, sigma_b^2)", Default: "0.22360679774997896"}, meanfield.SigmaB2Range, 0, 10)
	mfQStar  = Param{Name: "qstar", Doc: "pre-activation variance q* (the fixed point)", Default: "0.25", Min: 0, Max: 1e4}
	mfQ0     = Param{Name: "q0", Doc: "input variance q from which the q-map is iterated to q*", Default: "1", Min: 1e-12, Max: 1e6}
	mfK      = Param{Name: "k", Doc: "moment order k of mu_k", Default: "1", Min: 1, Max: 64, Integer: true}
)

// mfActParams are the activations' own parameters, one each (shtanh's
// width a, leaky_relu's slope, swish's beta), from activation.Specs; each
// is ignored unless phi names its activation.
var mfActParams = func() []Param {
	var ps []Param
	for _, s := range activation.Specs() {
		if s.Param != "" {
			ps = append(ps, Param{Name: s.Param, Doc: s.ParamDoc + " (ignored for the other activations)",
				Default: strconv.FormatFloat(s.Default, 'g', -1, 64), Min: s.Min, Max: s.Max})
		}
	}
	return ps
}()

// mfWithAct returns ps followed by phi's parameters.
func mfWithAct(ps ...Param) []Param { return append(ps, mfActParams...) }

func mfAct(v Values) activation.Func {
	s, err := activation.Lookup(v.String("phi"))
	if err != nil {
		panic("quantity: " + err.Error()) // Choices come from activation.Names
	}
	var params []float64
	if s.Param != "" {
		params = []float64{v.Float(s.Param)}
	}
	f, err := activation.ByName(s.Name, params...)
	if err != nil {
		panic("quantity: " + err.Error()) // the parameter's CLI range lies inside its math range
	}
	return f
}

func mfNet(v Values) meanfield.Net {
	sw, sb := v.Float("sigma_w"), v.Float("sigma_b")
	return meanfield.Net{Phi: mfAct(v), SigmaW2: sw * sw, SigmaB2: sb * sb}
}

// mfDepthScales evaluates the network's depth scales and reports pick of
// them.
func mfDepthScales(pick func(meanfield.State) any) func(Values) (any, error) {
	return func(v Values) (any, error) {
		s, err := mfNet(v).DepthScales()
		if err != nil {
			return nil, err
		}
		return pick(s), nil
	}
}

// mfEoC evaluates an edge-of-chaos solver: from the standard deviation
// named given it finds the variance of the one named found and q*.
func mfEoC(given, found string, solve func(activation.Func, float64) (float64, float64, error)) func(Values) (any, error) {
	return func(v Values) (any, error) {
		s := v.Float(given)
		x2, q, err := solve(mfAct(v), s*s)
		if err != nil {
			return nil, err
		}
		return map[string]float64{found: math.Sqrt(x2), found + "2": x2, "qstar": q}, nil
	}
}

// mfScale renders a depth scale: a number, or "+Inf" at χ = 1 (JSON has no
// infinity).
func mfScale(x float64) any {
	if math.IsInf(x, 1) {
		return "+Inf"
	}
	if math.IsInf(x, -1) {
		return "-Inf"
	}
	return x
}

func init() {
	// The quantities of one network (φ, σ_w, σ_b): its fixed points and
	// depth scales.
	for _, q := range []Quantity{{
		Name:   "meanfield.qstar",
		Doc:    "fixed point q* of the variance map q -> sigma_w^2 E phi(sqrt(q) z)^2 + sigma_b^2, reached from q = 1",
		Source: mfSrc("F1-F2") + ", P18 eq. (4)",
		Eval:   func(v Values) (any, error) { return mfNet(v).QStar() },
	}, {
		Name:   "meanfield.chi1",
		Doc:    "chi_1 = sigma_w^2 E phi'(sqrt(q*) z)^2, slope of the correlation map at c = 1 (< 1 ordered, > 1 chaotic)",
		Source: mfSrc("F7") + ", P18 eq. (5)",
		Eval:   func(v Values) (any, error) { return mfNet(v).Chi1() },
	}, {
		Name:   "meanfield.cstar",
		Doc:    "stable fixed point c* of the correlation map (1 in the ordered phase)",
		Source: mfSrc("F4"),
		Eval:   func(v Values) (any, error) { return mfNet(v).CStar() },
	}, {
		Name:   "meanfield.xi_c",
		Doc:    "correlation depth scale xi_c = -1/log chi_c* (\"+Inf\" on the edge of chaos)",
		Source: mfSrc("F9"),
		Eval:   mfDepthScales(func(s meanfield.State) any { return mfScale(s.XiC) }),
	}, {
		Name:   "meanfield.xi_q",
		Doc:    "variance depth scale xi_q = -1/log chi_q, chi_q = dq'/dq at q*",
		Source: mfSrc("F6, F9"),
		Eval:   mfDepthScales(func(s meanfield.State) any { return mfScale(s.XiQ) }),
	}, {
		Name:   "meanfield.state",
		Doc:    "q*, chi_1, chi_q, c*, chi_c*, xi_q, xi_c, xi_grad at once",
		Source: mfSrc("F2, F6-F9"),
		Eval: mfDepthScales(func(s meanfield.State) any {
			return map[string]any{"qstar": s.QStar, "chi1": s.Chi1, "chi_q": s.ChiQ, "cstar": s.CStar,
				"chi_c": s.ChiC, "xi_q": mfScale(s.XiQ), "xi_c": mfScale(s.XiC), "xi_grad": mfScale(s.XiGrad)}
		}),
	}} {
		q.Params = mfWithAct(mfPhi, mfSigmaW, mfSigmaB)
		Register(q)
	}
	Register(Quantity{
		Name: "meanfield.phase",
		Doc: "phase of the network reached from input variance q0: ordered (chi_1 < 1), critical, chaotic (chi_1 > 1) " +
			"or divergent (the q-map grows without bound); with q*, chi_1, chi_q = dq'/dq at q* and its stability",
		Source: mfSrc("F2, F6-F7") + ", P18 eqs. (4)-(5)",
		Params: mfWithAct(mfPhi, mfSigmaW, mfSigmaB, mfQ0),
		Eval: func(v Values) (any, error) {
			n := mfNet(v)
			n.Settings = &meanfield.Settings{Q0: v.Float("q0")}
			ps, err := n.Phase()
			if err != nil {
				return nil, err
			}
			out := map[string]any{"phase": ps.Phase.String(), "q0": v.Float("q0")}
			if ps.Phase != meanfield.Divergent {
				fp := ps.FixedPoint
				out["qstar"], out["chi1"], out["chi_q"], out["stability"] = fp.Q, ps.Chi1, fp.ChiQ, fp.Stability.String()
			}
			return out, nil
		},
	})
	Register(Quantity{
		Name:   "meanfield.eoc_sigma_w",
		Doc:    "edge of chaos: the sigma_w with chi_1 = 1 at bias std sigma_b, and q* there",
		Source: mfSrc("F10-F11"),
		Params: mfWithAct(mfPhi, mfSigmaB),
		Eval:   mfEoC("sigma_b", "sigma_w", meanfield.EoCSigmaW2),
	})
	Register(Quantity{
		Name:   "meanfield.eoc_sigma_b",
		Doc:    "edge of chaos: the sigma_b with chi_1 = 1 at weight std sigma_w, and q* there",
		Source: mfSrc("F10-F11"),
		Params: mfWithAct(mfPhi, mfSigmaW),
		Eval:   mfEoC("sigma_w", "sigma_b", meanfield.EoCSigmaB2),
	})
	Register(Quantity{
		Name:   "meanfield.mu",
		Doc:    "mu_k = E phi'(sqrt(q*) z)^(2k), the k-th moment of the spectrum of D^2",
		Source: mfSrc("F7, F17") + ", P18 eq. (20), Table 1",
		Params: mfWithAct(mfPhi, mfQStar, mfK),
		Eval: func(v Values) (any, error) {
			return mfAct(v).Mu(v.Float("qstar"), v.Int("k")), nil
		},
	})
}
