package quantity

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/sigprop/sigprop/lib/tokencheck"
	"github.com/sigprop/sigprop/lib/tokengeom"
	"github.com/sigprop/sigprop/lib/tokennet"
)

// Monte Carlo estimates of the exponents of Cowsik et al. 2024 from the
// finite random transformer (package tokennet): the numeric halves of the
// paper's Figs. 4–6, evaluated point by point so that `sigprop sweep`
// can compute (and resume) a plane of them.

// tnStream is the PCG stream of these quantities; the seed parameter is
// the PCG seed, so a point's networks are fixed by (seed, parameters).
const tnStream = 2403025790

var (
	tnNetworks = Domain(Param{Name: "networks", Doc: "independent networks (weights and tokens) averaged", Default: "8"}, tokencheck.NetworksRange, 2, 1e6)
	tnSeed     = Param{Name: "seed", Doc: "random seed (PCG seed of the networks' draws)", Default: "1", Min: 0, Max: 1 << 53, Integer: true}
	tnCausal   = Param{Name: "causal", Doc: "causal attention mask A_ij = 0 for j > i (Fig. 6)", Default: "false", Choices: []string{"false", "true"}}
	tnD        = Domain(Param{Name: "d", Doc: "embedding width d", Default: "64"}, tokennet.DRange, 1, 4096)
	tnN        = Domain(Param{Name: "n", Doc: "number of tokens", Default: "256"}, tokengeom.NRange, 2, 1e5)
)

// tnModel is the theory model of a point: the paper's (NewModel, ℓ = 2)
// with the point's α_A, α_M, σ_w, n, d, σ_A² and MLP φ.
func tnModel(v Values) tokengeom.Model {
	m := tokengeom.NewModel(v.Float("alpha_a"), v.Float("alpha_m"), v.Float("sigma_w"))
	m.N, m.D, m.SigmaA2 = v.Int("n"), float64(v.Int("d")), v.Float("sigma_a2")
	m.Act = mfAct(v)
	return m
}

// tnConfig is the transformer of a point: tnModel's network
// (tokencheck.Network: the paper's PaperTransformer with the point's α_A,
// α_M, σ_w, n, d, σ_A², its tanh MLP when φ computes tanh and
// TransformerConfig.Act otherwise) with the point's depth and mask.
func tnConfig(v Values, depth int) tokennet.TransformerConfig {
	cfg := tokencheck.Network(tnModel(v), depth)
	cfg.Causal = v.String("causal") == "true"
	return cfg
}

// tnFits checks the work of the simulation of cfg against SimWork
// (naming networks, depth when the quantity has it, n or d) and its memory
// (Workers+1 transformers held at once, one when Workers <= 1) against
// SimMemory (naming depth, n or d).
func tnFits(v Values, cfg tokennet.TransformerConfig, hasDepth bool) error {
	params := []Param{tnN, tnD}
	if hasDepth {
		params = append([]Param{tgDepth}, params...)
	}
	// The work: per network and block the products of attention (6nd²,
	// 4n²d) and of the MLP (2(ℓ+1)nd²), forward and reverse (×3).
	work := append([]Param{tnNetworks}, params...)
	if err := fitWork(v, func(over map[string]int) float64 {
		n, d := float64(overOr(over, "n", cfg.N)), float64(overOr(over, "d", cfg.D))
		layers := cfg.Layers
		if hasDepth {
			layers = overOr(over, "depth", layers)
		}
		ell := float64(cfg.MLPLayers)
		return 3 * float64(overOr(over, "networks", v.Int("networks"))) * float64(layers) * (6*n*d*d + 4*n*n*d + 2*(ell+1)*n*d*d)
	}, work...); err != nil {
		return err
	}
	return fitMemory(v, func(over map[string]int) float64 {
		c := cfg
		c.N, c.D = overOr(over, "n", c.N), overOr(over, "d", c.D)
		if hasDepth {
			c.Layers = overOr(over, "depth", c.Layers)
		}
		slots := 1.0
		if c.Workers > 1 {
			slots = float64(c.Workers + 1)
		}
		return c.Bytes() * slots
	}, params...)
}

func tnRand(v Values) *rand.Rand { return rand.New(rand.NewPCG(uint64(v.Float("seed")), tnStream)) }

func tnResult(e tokennet.ExponentEstimate) map[string]float64 {
	return map[string]float64{"mean": e.Mean, "se": e.SE, "networks": float64(e.Samples)}
}

func init() {
	Register(Quantity{
		Name:   "tokennet.lambda_a_numeric",
		Doc:    "simulated angle exponent ln[(1-p'/q')/(1-p/q)] over one block from (q,p) = (d, 0.99d): mean and SE over networks",
		Source: tgSource + ", App. A, eq. (24); the theory of the same estimator is tokengeom.LambdaAOneStep",
		Params: mfWithAct(tgAlphaA, tgAlphaM, tgSigmaW, tnN, tnD, tgSA2, tnCausal, tnNetworks, tnSeed, tgPhi),
		Eval: func(v Values) (any, error) {
			d := float64(v.Int("d"))
			cfg := tnConfig(v, 1)
			if err := tnFits(v, cfg, false); err != nil {
				return nil, err
			}
			e, err := tokennet.NumericAngleExponent(cfg, d, 0.99*d, v.Int("networks"), tnRand(v))
			if err != nil {
				return nil, err
			}
			return tnResult(e), nil
		},
	})
	Register(Quantity{
		Name:   "tokennet.lambda_g_numeric",
		Doc:    "simulated gradient exponent (1/L) ln(|d(X^L.R)/dX^0|^2/(nd)) from tokens near collapse (q*, 0.9999 q*): mean and SE over networks",
		Source: tgSource + ", Sec. 4.2; lib/sources/cowsik2024.md#protocol-lambda-g (start near the collapsed point)",
		Params: mfWithAct(tgAlphaA, tgAlphaM, tgSigmaW, tgDepth, tnN, tnD, tgSA2, tnCausal, tnNetworks, tnSeed, tgPhi),
		Eval: func(v Values) (any, error) {
			qs, err := tokengeom.QStar(tnModel(v))
			if err != nil {
				return nil, err
			}
			if !(qs > 0) || math.IsInf(qs, 0) {
				// Branches too weak to balance the skip connections:
				// the collapsed point q* is not finite, no start exists.
				return nil, fmt.Errorf("parameters alpha_a=%v, alpha_m=%v: the collapsed fixed point is q* = %v, want a finite q* > 0 to start near", v.Float("alpha_a"), v.Float("alpha_m"), qs)
			}
			cfg := tnConfig(v, v.Int("depth"))
			if err := tnFits(v, cfg, true); err != nil {
				return nil, err
			}
			e, err := tokennet.NumericGradientExponent(cfg, qs, 0.9999*qs, v.Int("networks"), tnRand(v))
			if err != nil {
				return nil, err
			}
			return tnResult(e), nil
		},
	})
}
