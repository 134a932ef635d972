package quantity

import (
	"fmt"
	"strconv"

	"gonum.org/v1/gonum/mat"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/compose"
)

// Quantities of a block composed by the user, package compose: the
// parameters are the fields of a block file (compose.Keys), with
// compose.DefaultBlock's values as defaults, so `sigprop eval compose.NAME
// --block FILE` and KEY=VALUE arguments describe the same block.

const coSource = "composed from Cowsik et al. 2024 eqs. (10), (11), (25) (arXiv 2403.02579), Noci et al. 2022 Lemma 3.2 (arXiv 2206.03126), Noci et al. 2023 Thm 4.2 (arXiv 2306.17759); lib/compose"

func coDefault(k string) string { return compose.DefaultBlock().Fields()[k] }

// coBlockParams are the block's fields as parameters. The ranges bound
// what the theory evaluates quickly (depth at most 1000 blocks).
var coBlockParams = []Param{
	Domain(Param{Name: "n", Doc: "tokens n", Default: coDefault("n")}, compose.Ranges["n"], 2, 1e9),
	Domain(Param{Name: "d", Doc: "width d (the norm's scale: |N(x)|^2 = d)", Default: coDefault("d")}, compose.Ranges["d"], 1, 1e9),
	Domain(Param{Name: "depth", Doc: "blocks L (trajectories; the 1/sqrt(L) scalings)", Default: coDefault("depth")}, compose.Ranges["depth"], 1, 1000),
	{Name: "norm", Doc: "norm placement", Default: coDefault("norm"), Choices: []string{"none", "pre", "post"}},
	{Name: "norm_kind", Doc: "LayerNorm (treated as RMS by the theory) or RMS norm; post needs ln", Default: coDefault("norm_kind"), Choices: []string{"ln", "rms"}},
	{Name: "attn", Doc: "attention kind", Default: coDefault("attn"), Choices: []string{"softmax", "uniform", "shaped"}},
	Domain(Param{Name: "sigma_a2", Doc: "softmax logit variance sigma_A^2 at |u|^2 = d", Default: coDefault("sigma_a2")}, compose.Ranges["sigma_a2"], 0, 1e6),
	Domain(Param{Name: "tau0", Doc: "shaped attention temperature tau0 (tau = tau0 sqrt(d d_k))", Default: coDefault("tau0")}, compose.Ranges["tau0"], 1e-6, 1e6),
	{Name: "causal", Doc: "causal mask (softmax only): trajectory, rho_depth and compare run the full Gram map (q, p, rho as means over tokens; per-pair correlations added), the exponents refuse it", Default: coDefault("causal"), Choices: []string{"false", "true"}},
	Domain(Param{Name: "heads", Doc: "attention heads (the mean-field map does not depend on them)", Default: coDefault("heads")}, compose.Ranges["heads"], 1, 1e6),
	Domain(Param{Name: "sigma_v2", Doc: "value weight variance times d", Default: coDefault("sigma_v2")}, compose.Ranges["sigma_v2"], 1e-6, 1e6),
	{Name: "phi", Doc: "feed-forward activation phi", Default: coDefault("phi"), Choices: activation.Names()},
	Domain(Param{Name: "mlp_layers", Doc: "nonlinear layers l of the feed-forward (l+1 weight matrices)", Default: coDefault("mlp_layers")}, compose.Ranges["mlp_layers"], 0, 64),
	{Name: "hidden", Doc: "hidden width of the feed-forward (0: d; the theory does not depend on it)", Default: "0", Min: 0, Max: 1e9, Integer: true},
	Domain(Param{Name: "sigma_w", Doc: "hidden weights W^k ~ N(0, sigma_w^2/fan_in)", Default: coDefault("sigma_w")}, compose.Ranges["sigma_w"], 1e-6, 10),
	Domain(Param{Name: "sigma_out", Doc: "last feed-forward weights ~ N(0, sigma_out^2/fan_in)", Default: coDefault("sigma_out")}, compose.Ranges["sigma_out"], 1e-6, 10),
	Domain(Param{Name: "skip_attn", Doc: "attention skip weight s_A", Default: coDefault("skip_attn")}, compose.Ranges["skip_attn"], 0, 100),
	Domain(Param{Name: "branch_attn", Doc: "attention branch weight b_A", Default: coDefault("branch_attn")}, compose.Ranges["branch_attn"], 0, 100),
	{Name: "scaling_attn", Doc: "attention branch scaling: const or 1/sqrt(L)", Default: coDefault("scaling_attn"), Choices: []string{"const", "sqrtL"}},
	Domain(Param{Name: "skip_mlp", Doc: "feed-forward skip weight s_M", Default: coDefault("skip_mlp")}, compose.Ranges["skip_mlp"], 0, 100),
	Domain(Param{Name: "branch_mlp", Doc: "feed-forward branch weight b_M", Default: coDefault("branch_mlp")}, compose.Ranges["branch_mlp"], 0, 100),
	{Name: "scaling_mlp", Doc: "feed-forward branch scaling: const or 1/sqrt(L)", Default: coDefault("scaling_mlp"), Choices: []string{"const", "sqrtL"}},
	{Name: "no_attention", Doc: "leave the attention sub-block out", Default: coDefault("no_attention"), Choices: []string{"false", "true"}},
	{Name: "no_mlp", Doc: "leave the feed-forward sub-block out", Default: coDefault("no_mlp"), Choices: []string{"false", "true"}},
}

// coAlphaParams are the parameters of Cowsik et al. 2024's phase planes
// (those of tokengeom's quantities) on every compose quantity, applied
// after the block's fields by compose.SetNumeric: alpha sets both
// sub-blocks to skip sqrt(1-alpha^2), branch alpha; alpha_a, alpha_m one
// each; sigma_ff sets sigma_w and sigma_out together. -1 (the default)
// leaves the block's own fields; a value set overrides skip_*, branch_*
// (or sigma_w, sigma_out), and alpha with alpha_a or alpha_m is an error.
var coAlphaParams = []Param{
	{Name: "alpha", Doc: "alpha = alpha_a = alpha_m: skips sqrt(1-alpha^2), branches alpha on both sub-blocks (overrides skip_*, branch_*; -1: off)", Default: "-1", Min: -1, Max: 1},
	{Name: "alpha_a", Doc: "attention: skip sqrt(1-alpha_a^2), branch alpha_a (overrides skip_attn, branch_attn; -1: off)", Default: "-1", Min: -1, Max: 1},
	{Name: "alpha_m", Doc: "feed-forward: skip sqrt(1-alpha_m^2), branch alpha_m (overrides skip_mlp, branch_mlp; -1: off)", Default: "-1", Min: -1, Max: 1},
	{Name: "sigma_ff", Doc: "sigma_w and sigma_out together, Cowsik et al.'s single sigma_w (overrides both; -1: off)", Default: "-1", Min: -1, Max: 10},
}

var (
	coQ0   = Param{Name: "q0", Doc: "input squared token norm (0: d)", Default: "0", Min: 0, Max: 1e300}
	coRho0 = Param{Name: "rho0", Doc: "input token correlation, in [-1/(n-1), 1]", Default: "0.3", Min: -1, Max: 1}
	// coRho0Grad is compose.lambda_g's start: at collapse by default, where
	// its exponent applies.
	coRho0Grad = Param{Name: "rho0", Doc: "input token correlation of the start whose regime is checked, in [-1/(n-1), 1] (default 1: at collapse)", Default: "1", Min: -1, Max: 1}
)

// coSimParams are the parameters of a seeded simulation: networks, seed
// and workers.
var coSimParams = []Param{
	{Name: "nets", Doc: "simulated networks", Default: "16", Min: 2, Max: 1e5, Integer: true},
	{Name: "seed", Doc: "seed of the networks", Default: "1", Min: 0, Max: 1 << 53, Integer: true},
	{Name: "workers", Doc: "goroutines (results do not depend on them)", Default: "1", Min: 1, Max: 1024, Integer: true},
}

// coParam is the block parameter named name.
func coParam(name string) Param {
	for _, p := range coBlockParams {
		if p.Name == name {
			return p
		}
	}
	panic("quantity: no block parameter " + name)
}

// coBlock builds the block from the parameters through compose.ParseFields,
// so the checks and messages are the block file's.
func coBlock(v Values) (compose.Block, error) {
	kv := map[string]string{}
	for _, p := range coBlockParams {
		switch {
		case len(p.Choices) > 0:
			kv[p.Name] = v.String(p.Name)
		case p.Integer: // "1000000", never %g's "1e+06", which the block's integer fields refuse
			kv[p.Name] = strconv.Itoa(v.Int(p.Name))
		default:
			kv[p.Name] = strconv.FormatFloat(v.Float(p.Name), 'g', -1, 64)
		}
	}
	if v.Int("hidden") == 0 { // 0: the width d
		delete(kv, "hidden")
	}
	if s, err := activation.Lookup(v.String("phi")); err == nil && s.Param != "" {
		kv[s.Param] = strconv.FormatFloat(v.Float(s.Param), 'g', -1, 64)
	}
	b, err := compose.ParseFields(kv)
	if err != nil {
		return b, err
	}
	if v.Float("alpha") != -1 && (v.Float("alpha_a") != -1 || v.Float("alpha_m") != -1) {
		return b, fmt.Errorf("%w: alpha = %v with alpha_a = %v, alpha_m = %v: want alpha, or alpha_a and alpha_m, not both", compose.ErrParam, v.Float("alpha"), v.Float("alpha_a"), v.Float("alpha_m"))
	}
	for _, p := range coAlphaParams {
		if x := v.Float(p.Name); x != -1 {
			if err := compose.SetNumeric(&b, p.Name, x); err != nil {
				return b, fmt.Errorf("%w (-1: off)", err)
			}
		}
	}
	return b, b.Validate()
}

// coStart returns the start geometry (q0, rho0 q0) with q0 = d for 0.
func coStart(b compose.Block, v Values) (q0, p0 float64, err error) {
	q0 = v.Float("q0")
	if q0 == 0 {
		q0 = float64(b.D)
	}
	p0 = v.Float("rho0") * q0
	return q0, p0, compose.CheckQP(q0, p0, b.N)
}

// coTrajectory is the block's (q, p) trajectory over its depth from the
// start (q0, rho0 q0) the values give; under a causal mask the (q, p) of
// the full Gram map's trajectory (compose.GramPoint), whose matrices it
// also returns (nil without a mask).
func coTrajectory(v Values) ([]compose.Point, []*mat.SymDense, error) {
	b, err := coBlock(v)
	if err != nil {
		return nil, nil, err
	}
	q0, p0, err := coStart(b, v)
	if err != nil {
		return nil, nil, err
	}
	if coCausal(b) {
		tr, err := coGramTrajectory(v, b, q0, p0)
		if err != nil {
			return nil, nil, err
		}
		return coGramPoints(tr), tr, nil
	}
	pts, err := b.Trajectory(q0, p0)
	return pts, nil, err
}

func coWith(ps ...Param) []Param {
	all := append(append([]Param(nil), coBlockParams...), coAlphaParams...)
	return mfWithAct(append(all, ps...)...)
}

// coCowsikDefaults are compose.lambda_g's defaults: a block of Cowsik et
// al.'s family (pre-RMS, skips √(1−α²) with α = 0.7 on both sub-blocks),
// whose λ_g is theirs; other blocks are given by their fields.
var coCowsikDefaults = map[string]string{"norm_kind": "rms", "skip_attn": "0.714142842854285", "skip_mlp": "0.714142842854285"}

// coFixedDefaults are the defaults of the quantities of the collapsed
// fixed point (compose.collapsed_q, compose.lambda_a): skips √(1−b²) with
// the default branch weight b = 0.7. With the default block's skips of 1
// a pre-norm block maps the norm as q ↦ q + B, which has no finite fixed
// point (those quantities then return compose.ErrNoFixedPoint).
var coFixedDefaults = map[string]string{"skip_attn": "0.714142842854285", "skip_mlp": "0.714142842854285"}

func coWithDefaults(def map[string]string, ps ...Param) []Param {
	out := coWith(ps...)
	for i, p := range out {
		if d, ok := def[p.Name]; ok {
			out[i].Default = d
		}
	}
	return out
}

func init() {
	Register(Quantity{
		Name:   "compose.trajectory",
		Doc:    "the (q, p, rho) trajectory of a composed block over its depth from (q0, rho0 q0); under a causal mask q, p are means over tokens and pairs and corr[l][i*n+j] each pair's correlation",
		Source: coSource + "; causal: lib/sources/compose.md#causal-gram, #causal-softmax",
		Params: coWith(coQ0, coRho0),
		Eval: func(v Values) (any, error) {
			tr, gram, err := coTrajectory(v)
			if err != nil {
				return nil, err
			}
			out := map[string]any{}
			var q, p, rho []float64
			for _, pt := range tr {
				q, p, rho = append(q, pt.Q), append(p, pt.P), append(rho, pt.Rho())
			}
			out["q"], out["p"], out["rho"] = q, p, rho
			if gram != nil {
				out["corr"] = coFlatCorr(gram)
			}
			return out, nil
		},
	})
	Register(Quantity{
		Name:   "compose.rho_depth",
		Doc:    "token correlation rho after the block's depth L from (q0, rho0 q0) (phase diagrams; under a causal mask p/q of the means over tokens and pairs)",
		Source: coSource + "; causal: lib/sources/compose.md#causal-gram, #causal-softmax",
		Params: coWith(coQ0, coRho0),
		Eval: func(v Values) (any, error) {
			tr, _, err := coTrajectory(v)
			if err != nil {
				return nil, err
			}
			return tr[len(tr)-1].Rho(), nil
		},
	})
	Register(Quantity{
		Name:   "compose.collapsed_q",
		Doc:    "q* of the collapsed fixed point (q*, q*) of a composed block",
		Source: coSource + "; Cowsik et al. 2024 Sec. 3.3",
		Params: coWithDefaults(coFixedDefaults),
		Eval: func(v Values) (any, error) {
			b, err := coBlock(v)
			if err != nil {
				return nil, err
			}
			return b.CollapsedQ(compose.FixedSettings{})
		},
	})
	Register(Quantity{
		Name:   "compose.lambda_a",
		Doc:    "angle exponent of a composed block: transverse eigenvalue of its map at collapse, minus 1 (a property of the collapsed point; compose.start_regime says whether a start is near it)",
		Source: coSource + "; Cowsik et al. 2024 Sec. 3.3, eq. (13)",
		Params: coWithDefaults(coFixedDefaults),
		Eval: func(v Values) (any, error) {
			b, err := coBlock(v)
			if err != nil {
				return nil, err
			}
			return b.LambdaA(compose.FixedSettings{})
		},
	})
	Register(Quantity{
		Name: "compose.lambda_g",
		Doc:  "gradient exponent at depth L at the collapsed point (any norm placement), its modes, and whether the start (q0, rho0 q0) is in the regime it describes (warning if not)",
		Source: "Cowsik et al. 2024 eqs. (15)-(20), corrected per lib/sources/cowsik2024.md#erratum-1; " +
			"other blocks lib/sources/compose.md#gradient-modes; the start's regime lib/sources/compose.md#start-regime; lib/compose",
		Params: coWithDefaults(coCowsikDefaults, coQ0, coRho0Grad),
		Eval: func(v Values) (any, error) {
			b, err := coBlock(v)
			if err != nil {
				return nil, err
			}
			lg, err := b.LambdaG()
			if err != nil {
				return nil, err
			}
			m, err := b.GradModes(compose.FixedSettings{})
			if err != nil {
				return nil, err
			}
			q0, p0, err := coStart(b, v)
			if err != nil {
				return nil, err
			}
			r, err := b.StartRegime(q0, p0)
			if err != nil {
				return nil, err
			}
			return map[string]any{"lambda_g": lg, "lambda_2": m.Diff, "lambda_3": m.Mean,
				"start_mean_delta": r.MeanDelta, "start_max_delta": r.MaxDelta, "in_regime": r.In, "warning": r.Warning}, nil
		},
	})
	Register(Quantity{
		Name:   "compose.start_regime",
		Doc:    "how far the theory's trajectory from (q0, rho0 q0) stays from collapse over the depth (mean and max of 1 - rho), and whether the collapsed-point exponents describe it",
		Source: coSource + "; lib/sources/compose.md#start-regime",
		Params: coWith(coQ0, coRho0),
		Eval: func(v Values) (any, error) {
			b, err := coBlock(v)
			if err != nil {
				return nil, err
			}
			q0, p0, err := coStart(b, v)
			if err != nil {
				return nil, err
			}
			r, err := b.StartRegime(q0, p0)
			if err != nil {
				return nil, err
			}
			return map[string]any{"mean_delta": r.MeanDelta, "max_delta": r.MaxDelta, "in_regime": r.In, "warning": r.Warning}, nil
		},
	})
	Register(Quantity{
		Name:   "compose.compare_grad",
		Doc:    "gradient theory at the collapsed point against a seeded simulation's reverse pass: E|d(R.X^L)/dX^l|^2/(nd) per layer, z, max |z|, lambda_g theory and sim with SE, and the start's regime",
		Source: "lib/sources/compose.md#gradient-modes, #check-3; Monte Carlo over random networks (lib/compose.CompareGrad)",
		// Cowsik et al.'s family by default, as compose.lambda_g: the
		// default block's skips of 1 have no collapsed fixed point.
		Params: coWithDefaults(coCowsikDefaults, append([]Param{coQ0, coRho0Grad,
			{Name: "grad_init", Doc: "output gradient R: iid entries, or one mode of the token Gram matrix (mean, diff)", Default: "iid", Choices: []string{"iid", "mean", "diff"}}},
			coSimParams...)...),
		Eval: func(v Values) (any, error) {
			b, err := coBlock(v)
			if err != nil {
				return nil, err
			}
			q0, _, err := coStart(b, v)
			if err != nil {
				return nil, err
			}
			if err := coFitSim(v, b); err != nil {
				return nil, err
			}
			init := map[string]compose.GradInit{"iid": compose.GradIID, "mean": compose.GradMean, "diff": compose.GradDiff}[v.String("grad_init")]
			c, err := compose.CompareGrad(b, compose.SimSettings{Nets: v.Int("nets"), Seed: uint64(v.Int("seed")),
				Workers: v.Int("workers"), Q0: q0, Rho0: v.Float("rho0"), GradInit: init})
			if err != nil {
				return nil, err
			}
			return map[string]any{
				"theory": c.Theory, "sim": c.Run.Grad.Mean, "sim_se": c.Run.Grad.SE, "z": c.Z, "max_z": c.MaxZ,
				"lambda_g": c.LambdaG, "sim_lambda_g": c.SimLambdaG, "sim_lambda_g_se": c.SE, "lambda_g_z": c.LambdaGZ,
				"lambda_2": c.Modes.Diff, "lambda_3": c.Modes.Mean, "in_regime": c.Regime.In, "warning": c.Regime.Warning,
			}, nil
		},
	})
	Register(Quantity{
		Name:   "compose.compare",
		Doc:    "theory against a seeded finite-width simulation of a composed block over depth: rho, its SE and z per layer, max |z|; under a causal mask also every pair's correlation, max |z| over pairs and layers, their number and the family-wise 1% threshold",
		Source: coSource + "; Monte Carlo over random networks (lib/compose.Simulate, CompareGram)",
		Params: coWith(append([]Param{coQ0, coRho0}, coSimParams...)...),
		Eval: func(v Values) (any, error) {
			b, err := coBlock(v)
			if err != nil {
				return nil, err
			}
			q0, _, err := coStart(b, v)
			if err != nil {
				return nil, err
			}
			if err := coFitSim(v, b); err != nil {
				return nil, err
			}
			s := compose.SimSettings{Nets: v.Int("nets"), Seed: uint64(v.Int("seed")), Workers: v.Int("workers"), Q0: q0, Rho0: v.Float("rho0")}
			if coCausal(b) {
				return coCausalCompare(v, b, s)
			}
			c, err := compose.Compare(b, s)
			if err != nil {
				return nil, err
			}
			return map[string]any{
				"theory_rho": c.TheoryRho(), "sim_rho": c.Run.Rho.Mean, "sim_rho_se": c.Run.Rho.SE,
				"theory_q": c.TheoryQ(), "sim_q": c.Run.Q.Mean, "sim_q_se": c.Run.Q.SE,
				"max_z_rho": c.MaxZRho, "max_z_q": c.MaxZQ,
			}, nil
		},
	})
}

// coFitSim refuses a simulation of b whose memory or work passes the
// limits of fitMemory and fitWork (compose.compare, compose.compare_grad).
func coFitSim(v Values, b compose.Block) error {
	if err := fitMemory(v, func(over map[string]int) float64 {
		c := b
		c.N, c.D, c.Depth = overOr(over, "n", b.N), overOr(over, "d", b.D), overOr(over, "depth", b.Depth)
		if v.Int("hidden") == 0 { // the width d
			c.FF.Hidden = c.D
		}
		c.FF.Hidden = overOr(over, "hidden", c.FF.Hidden)
		return c.SimBytes() * float64(min(overOr(over, "workers", v.Int("workers")), v.Int("nets")))
	}, coParam("d"), coParam("hidden"), coParam("n"), coParam("depth"), Param{Name: "workers", Default: "1", Min: 1}); err != nil {
		return err
	}
	// The work: per network and block the products of attention
	// (W^{Q,K,V}: 6nd², logits and mixing: 4n²d) and of the
	// feed-forward (2n(dh + (ℓ−1)h² + hd)), forward and reverse (×3).
	if err := fitWork(v, func(over map[string]int) float64 {
		n, d, h := float64(overOr(over, "n", b.N)), float64(overOr(over, "d", b.D)), float64(b.FF.Hidden)
		if v.Int("hidden") == 0 {
			h = d
		}
		ell := float64(b.FF.Layers)
		ff := 2 * n * d * d
		if b.FF.Layers > 0 {
			ff = 2 * n * (d*h + (ell-1)*h*h + h*d)
		}
		return 3 * float64(overOr(over, "nets", v.Int("nets"))) * float64(overOr(over, "depth", b.Depth)) * (6*n*d*d + 4*n*n*d + ff)
	}, Param{Name: "nets", Default: "16", Min: 2}, coParam("depth"), coParam("d"), coParam("n")); err != nil {
		return err
	}
	return nil
}
