package quantity

import (
	"fmt"
	"math"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/attnspec"
	"github.com/sigprop/sigprop/lib/freeprob"
	"github.com/sigprop/sigprop/lib/jacspectrum"
	"github.com/sigprop/sigprop/lib/meanfield"
)

// Quantities of Jacobian spectra (package jacspectrum), free probability
// (package freeprob) and random attention (package attnspec).

const jsSrc = "Tanner lecture lib/sources/tanner2024.md#free-probability, #jacobian-spectrum, #table-1, #universality, #attention-rank-collapse; Pennington, Schoenholz, Ganguli 2018 (arXiv 1802.09979)"

var (
	jsPhi     = Param{Name: "phi", Doc: "activation", Default: "hardtanh", Choices: activation.Names()}
	jsWeights = Param{Name: "weights", Doc: "weight ensemble: orthogonal (sigma_w Haar) or gaussian (N(0, sigma_w^2/N))", Default: "orthogonal", Choices: []string{"orthogonal", "gaussian"}}
	jsDepth   = Domain(Param{Name: "depth", Doc: "number of layers L", Default: "8"}, jacspectrum.DepthRange, 1, 100000)
	jsQStar   = Param{Name: "qstar", Doc: "fixed point q* (variance); sigma_w is set critical, sigma_w^2 = 1/mu_1", Default: "0.25", Min: 1e-8, Max: 100}
	jsSigmaB  = Param{Name: "sigma_b", Doc: "if > 0, overrides qstar: q* is the edge-of-chaos fixed point with this bias std (not for linear, relu)", Default: "0", Min: 0, Max: 10}
	jsLambda  = Param{Name: "lambda", Doc: "eigenvalue lambda > 0 of JJ^T", Default: "0.5", Min: 1e-12, Max: 1e12}
	jsEps     = Param{Name: "eps", Doc: "Im z at which G is inverted (Cauchy smoothing width); below lambda = 1e6 eps the width is 1e-6 lambda instead, so that the smoothing stays small against lambda", Default: "1e-10", Min: 1e-14, Max: 1}
)

type jsAtom struct {
	Loc  float64 `json:"loc"`
	Mass float64 `json:"mass"`
}

func jsAtoms(a []freeprob.Atom) []jsAtom {
	out := make([]jsAtom, len(a))
	for i, x := range a {
		out[i] = jsAtom{x.Loc, x.Mass}
	}
	return out
}

// jsNetwork returns the critical network of v, its q* and σ_b², and the
// stability of q* ("attracting", "marginal" or "repelling": a critical
// network at a repelling q* — SiLU below q* ≈ 20 — is a valid Jacobian
// ensemble, but no network's variance stays there).
func jsNetwork(v Values) (jacspectrum.Network, float64, float64, string, error) {
	act := mfAct(v) // phi and its parameters, shared with the meanfield quantities
	ens, err := jacspectrum.ParseEnsemble(v.String("weights"))
	if err != nil {
		return jacspectrum.Network{}, 0, 0, "", err
	}
	q := v.Float("qstar")
	if sb := v.Float("sigma_b"); sb > 0 {
		_, q, err = meanfield.EoCSigmaW2(act, sb*sb)
		if err != nil {
			return jacspectrum.Network{}, 0, 0, "", err
		}
		if !(q > 0) || math.IsInf(q, 0) {
			// sigma_b^2 underflows (sigma_b below ~1e-154), or q* does
			// at a tiny sigma_b: the edge of chaos is then that of
			// sigma_b = 0, which has no q* > 0 to build the network at.
			return jacspectrum.Network{}, 0, 0, "", fmt.Errorf("parameter sigma_b=%v: the edge-of-chaos fixed point there is q* = %v, want q* > 0 (sigma_b too small; give qstar instead)", sb, q)
		}
	}
	pt, err := meanfield.EoCAtQ(act, q)
	if err != nil {
		return jacspectrum.Network{}, 0, 0, "", err
	}
	return jacspectrum.Critical(act, ens, v.Int("depth"), q), q, pt.SigmaB2, pt.FixedPoint.Stability.String(), nil
}

func init() {
	netParams := append([]Param{jsPhi}, mfWithAct(jsWeights, jsDepth, jsQStar, jsSigmaB)...)
	Register(Quantity{
		Name:   "jacspectrum.moments",
		Doc:    "moments m1, m2, m3 and variance of the spectrum of JJ^T at criticality (chi_1 = 1)",
		Source: jsSrc + " eqs (21)-(22); F20-F21 of lib/sources/tanner2024.md#formulas",
		Params: netParams,
		Eval: func(v Values) (any, error) {
			n, q, sb2, stab, err := jsNetwork(v)
			if err != nil {
				return nil, err
			}
			m := n.Moments()
			return map[string]any{
				"m1": m.M1, "m2": m.M2, "m3": m.M3, "var": m.Var, "var_per_layer": m.Var / float64(n.Depth),
				"s1": m.S1, "chi1": m.Chi1, "sigma_w2": n.SigmaW2, "qstar": q, "sigma_b2": sb2, "qstar_stability": stab,
				"atoms": jsAtoms(n.Atoms()),
			}, nil
		},
	})
	Register(Quantity{
		Name:   "jacspectrum.density",
		Doc:    "limiting density of the eigenvalues of JJ^T at lambda (atoms reported separately), by the master equation with continuation",
		Source: jsSrc + " eqs (14)-(16) and Algorithm 1; F18-F19, F23 of lib/sources/tanner2024.md#formulas",
		Params: append(append([]Param{}, netParams...), jsLambda, jsEps),
		Eval: func(v Values) (any, error) {
			n, q, sb2, stab, err := jsNetwork(v)
			if err != nil {
				return nil, err
			}
			// At λ ≲ 1e6·ε the density at Im z = ε is smoothed over too
			// much of λ (linear Gaussian L = 16: 0.072 of the closed form
			// at λ = 1e-12, ε = 1e-10): ScaledDensity narrows the width to
			// 1e-6 λ there.
			rho, err := jacspectrum.ScaledDensity(n, []float64{v.Float("lambda")}, freeprob.Continuation{Eps: v.Float("eps")})
			if err != nil {
				return nil, err
			}
			return map[string]any{"density": rho[0], "atoms": jsAtoms(n.Atoms()), "qstar": q, "sigma_b2": sb2, "sigma_w2": n.SigmaW2, "qstar_stability": stab}, nil
		},
	})
	Register(Quantity{
		Name:   "freeprob.mp_density",
		Doc:    "Marchenko-Pastur density at lambda for aspect ratio c = p/n and unit variance (atom 1 - 1/c at 0 when c > 1)",
		Source: "Tanner lecture, F15 of lib/sources/tanner2024.md#formulas; P18 SM S26-S27 (density corrected, lib/sources/tanner2024.md#erratum-16)",
		Params: []Param{
			{Name: "ratio", Doc: "aspect ratio c = p/n", Default: "1", Min: 1e-6, Max: 1e6},
			{Name: "lambda", Doc: "eigenvalue", Default: "1", Min: 0, Max: math.Inf(1)},
		},
		Eval: func(v Values) (any, error) {
			l := freeprob.MarchenkoPastur{Ratio: v.Float("ratio"), Variance: 1}
			lo, hi := l.Support()
			return map[string]any{"density": l.Density(v.Float("lambda")), "atoms": jsAtoms(l.Atoms()), "support": []float64{lo, hi}}, nil
		},
	})
	Register(Quantity{
		Name:   "attention.bulk_radius",
		Doc:    "radius r_T = sqrt((e^{s^2} - 1)/T) of the non-outlier eigenvalues of a random softmax attention matrix with N(0, s^2) logits",
		Source: "Tanner lecture F34 of lib/sources/tanner2024.md#formulas (circular law for random Markov matrices); Nait Saada et al. 2024 (arXiv 2410.07799)",
		Params: []Param{
			{Name: "T", Doc: "context length (number of tokens)", Default: "256", Min: 2, Max: 1e9, Integer: true},
			{Name: "s", Doc: "logit standard deviation", Default: "1", Min: 0, Max: 20},
		},
		Eval: func(v Values) (any, error) {
			r := attnspec.BulkRadius(v.Int("T"), v.Float("s"))
			if math.IsInf(r, 0) || math.IsNaN(r) {
				return nil, fmt.Errorf("attention.bulk_radius: overflow for s=%g", v.Float("s"))
			}
			return r, nil
		},
	})
}
