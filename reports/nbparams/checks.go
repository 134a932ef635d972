package nbparams

import (
	"errors"
	"strconv"
	"strings"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/attnspec"
	"github.com/sigprop/sigprop/lib/compose"
	"github.com/sigprop/sigprop/lib/meanfield"
	"github.com/sigprop/sigprop/lib/randmlp"
	"github.com/sigprop/sigprop/lib/rankexp"
	"github.com/sigprop/sigprop/lib/sde"
	"github.com/sigprop/sigprop/lib/shapednet"
	"github.com/sigprop/sigprop/lib/tokencheck"
	"github.com/sigprop/sigprop/lib/tokengeom"
	"github.com/sigprop/sigprop/lib/trainsweep"
)

// Checks are the named checks a CheckDirective may name: each sets one
// field of a library setting, otherwise valid, to the value and returns
// that setting's Validate error. A list parameter's elements are checked
// one by one. Where a field's range depends on another setting (a
// correlation ρ ∈ [−1/(n−1), 1] on n tokens), the check is named after
// the constructor whose other settings it uses, and a value it accepts
// can still be refused by the cell that runs at another n.
var Checks = map[string]func(float64) error{
	// γ of the shaped attention SDE (and of its networks): [0, 1].
	"sde.Model.Gamma": func(g float64) error { return sde.Model{Kind: sde.Attention, Gamma: g, Tau0: 1}.Validate() },
	// τ₀ of the shaped attention SDE: finite and > 0.
	"sde.Model.Tau0": func(t float64) error { return sde.Model{Kind: sde.Attention, Gamma: 0, Tau0: t}.Validate() },
	// σ_w² and σ_b² of a mean-field network (meanfield.Net.Validate, of
	// tanh at σ_w² = 1, σ_b² = 0.05): σ_w² > 0, σ_b² >= 0.
	"meanfield.Net.SigmaW2": func(x float64) error {
		return meanfield.Net{Phi: activation.Tanh(), SigmaW2: x, SigmaB2: 0.05}.Validate()
	},
	"meanfield.Net.SigmaB2": func(x float64) error {
		return meanfield.Net{Phi: activation.Tanh(), SigmaW2: 1, SigmaB2: x}.Validate()
	},
	// Fields of a block file (compose.ParseFields, from compose.DefaultBlock).
	"compose.Block.sigma_a2":    blockField("sigma_a2"),
	"compose.Block.sigma_w":     blockField("sigma_w"),
	"compose.Block.branch_attn": blockField("branch_attn"),
	"compose.Block.branch_mlp":  blockField("branch_mlp"),
	// The block of Cowsik et al. 2024 (tokengeom.Model.Validate, from
	// the paper's tokengeom.NewModel): α_A, α_M ∈ [0, 1], σ_w > 0, σ_A² >= 0.
	"tokengeom.Model.AlphaA":  tokenModel(func(m *tokengeom.Model, x float64) { m.AlphaA = x }),
	"tokengeom.Model.AlphaM":  tokenModel(func(m *tokengeom.Model, x float64) { m.AlphaM = x }),
	"tokengeom.Model.SigmaW":  tokenModel(func(m *tokengeom.Model, x float64) { m.SigmaW = x }),
	"tokengeom.Model.SigmaA2": tokenModel(func(m *tokengeom.Model, x float64) { m.SigmaA2 = x }),
	// The input of Fig. 3 of Cowsik et al. 2024 in units of d
	// (tokencheck.Restoration.Validate, from tokencheck.Fig3): q finite
	// and > 0, p1 finite, p2 finite and > 0.
	"tokencheck.Fig3.Q":  fig3Input(func(r *tokencheck.Restoration, x float64) { r.Q = x * r.Model.D }),
	"tokencheck.Fig3.P1": fig3Input(func(r *tokencheck.Restoration, x float64) { r.P1 = x * r.Model.D }),
	"tokencheck.Fig3.P2": fig3Input(func(r *tokencheck.Restoration, x float64) { r.P2 = x * r.Model.D }),
	// τ of the identical-token check of Noci et al. 2022's Thm 3.2
	// (rankexp.Thm32Settings.Validate): finite and >= 0.
	"rankexp.Thm32Settings.Tau": func(t float64) error {
		return rankexp.Thm32Settings{N: []int{4}, D: []int{8}, Tau: t, Draws: 1}.Validate()
	},
	// ρ and σ_x² of the gradient checks against ρ (rankexp.GradsRho, at
	// its n = 10: ρ ∈ [−1/9, 1]) and against n (rankexp.GradsN, every
	// point's n: ρ ∈ [−1/3, 1]), σ_x² >= 0 (rankexp.Point.Validate).
	"rankexp.GradsRho.Rho": gradsPoints(rankexp.GradsRho, func(p *rankexp.Point, x float64) { p.Rho = x }),
	"rankexp.GradsRho.Sx2": gradsPoints(rankexp.GradsRho, func(p *rankexp.Point, x float64) { p.Sx2 = x }),
	"rankexp.GradsN.Rho":   gradsPoints(rankexp.GradsN, func(p *rankexp.Point, x float64) { p.Rho = x }),
	"rankexp.GradsN.Sx2":   gradsPoints(rankexp.GradsN, func(p *rankexp.Point, x float64) { p.Sx2 = x }),
	// ρ and σ_x² of the check that τ of eq. (47) balances the gradients
	// (rankexp.TauSettings.Validate at rankexp.TauC3's n = 10: ρ ∈
	// [−1/9, 1), σ_x² > 0) and of the check of eq. (18) at a small n
	// (rankexp.GradsSmallN, n = 4: ρ ∈ [−1/3, 1], σ_x² >= 0).
	"rankexp.TauC3.Rho":       func(x float64) error { s := rankexp.TauC3(); s.Rho = x; return s.Validate() },
	"rankexp.TauC3.Sx2":       func(x float64) error { s := rankexp.TauC3(); s.Sx2 = x; return s.Validate() },
	"rankexp.GradsSmallN.Rho": gradsPoints(rankexp.GradsSmallN, func(p *rankexp.Point, x float64) { p.Rho = x }),
	"rankexp.GradsSmallN.Sx2": gradsPoints(rankexp.GradsSmallN, func(p *rankexp.Point, x float64) { p.Sx2 = x }),
	// s and an ε of Dong et al.'s collapse (attnspec.DongSettings.Validate
	// at attnspec.Dong): s >= 0, ε > 0.
	"attnspec.DongSettings.S":   func(x float64) error { s := attnspec.Dong(); s.S = x; return s.Validate() },
	"attnspec.DongSettings.Eps": func(x float64) error { s := attnspec.Dong(); s.Eps[0] = x; return s.Validate() },
	// ρ⁰ and an α̃₁ of the depth-scaled curves of eq. (15)
	// (rankexp.Eq15Settings.Validate, at rankexp.Eq15's n = 50).
	"rankexp.Eq15Settings.Rho0": func(x float64) error { s := rankexp.Eq15(); s.Rho0 = x; return s.Validate() },
	"rankexp.Eq15Settings.At":   func(x float64) error { s := rankexp.Eq15(); s.At = []float64{x}; return s.Validate() },
	// ρ and σ_x² of the grid of Figs. 12–14 (rankexp.GridSettings.Validate
	// at every n of rankexp.Fig12: ρ ∈ [−1/4, 1]).
	"rankexp.Fig12.Rho": func(x float64) error { s := rankexp.Fig12(); s.Rho = []float64{x}; return s.Validate() },
	"rankexp.Fig12.Sx2": func(x float64) error { s := rankexp.Fig12(); s.Sx2 = []float64{x}; return s.Validate() },
	// τ_final and the length in steps of the τ warm-up of App. C.3
	// (rankexp.WarmupSettings.Validate, from rankexp.Warmup): τ_final
	// finite and >= 0, at least one step.
	"rankexp.Warmup.TauFinal": func(x float64) error { w := rankexp.Warmup(); w.TauFinal = x; return w.Validate() },
	"rankexp.Warmup.Steps":    func(x float64) error { w := rankexp.Warmup(); w.Steps = int(x); return w.Validate() },
	// An α or σ_w of a trainability grid (trainsweep.Grid.Validate):
	// α ∈ [0, 1], σ_w > 0.
	"trainsweep.Grid.Alphas": func(a float64) error { return trainsweep.Grid{Alphas: []float64{a}, SigmaWs: []float64{1}}.Validate() },
	"trainsweep.Grid.SigmaWs": func(w float64) error {
		return trainsweep.Grid{Alphas: []float64{0.5}, SigmaWs: []float64{w}}.Validate()
	},
	// The Adam learning rate of a trainability sweep
	// (trainsweep.Settings.Validate): (0, +inf).
	"trainsweep.Settings.LR": func(lr float64) error {
		return trainsweep.Settings{Alphas: []float64{0.5}, SigmaWs: []float64{1}, D: 1, Layers: 1, Patch: 7, Steps: 1, Batch: 1, LR: lr, DataDir: "."}.Validate()
	},
	// The softmax's inverse temperature of the probed ViT
	// (trainsweep.ProbeSettings.Validate, at the stored probe's variant):
	// finite and >= 0 (0 means 1).
	"trainsweep.ProbeSettings.InvTemp": func(t float64) error {
		return trainsweep.ProbeSettings{Variant: "Adam, PRE-LN", Layers: 1, Steps: 1, Batch: 1, Every: 1, InvTemp: t}.Validate()
	},
	// The theory points and the deepest stored sample of a P18 Fig. 2
	// panel (randmlp.CheckFig2): at least 2 and at least 1.
	"randmlp.Panels.Fig2Points":   func(n float64) error { return randmlp.CheckFig2(int(n), 1) },
	"randmlp.Panels.Fig2MaxDepth": func(n float64) error { return randmlp.CheckFig2(2, int(n)) },
	// The width and the matrices per ensemble of P18 Table 2's sampled
	// S-transforms (randmlp.Table2Settings.Validate): each >= 2.
	"randmlp.Table2Settings.Width": func(n float64) error { return randmlp.Table2Settings{Width: int(n)}.Validate() },
	"randmlp.Table2Settings.Draws": func(n float64) error { return randmlp.Table2Settings{Draws: int(n)}.Validate() },
	// The steps of a stored Noci et al. analogue run trained again
	// (trainsweep.NociPrefix): 1 to trainsweep.NociSteps.
	"trainsweep.NociPrefix.Steps": func(s float64) error { return trainsweep.CheckPrefixSteps(int(s)) },
	// γ of the shaped and vanilla blocks of the gradients at
	// initialisation (trainsweep.InitGradSettings.Validate, from
	// trainsweep.NociInitGrads): (0, 1].
	"trainsweep.InitGradSettings.Gamma": func(g float64) error {
		s := trainsweep.NociInitGrads()
		s.Gamma = g
		return s.Validate()
	},
}

// blockField checks a value of the block-file field key as compose reads
// it: compose.DefaultBlock with that one field set.
func blockField(key string) func(float64) error {
	return func(x float64) error {
		_, err := compose.ParseFields(map[string]string{key: strconv.FormatFloat(x, 'g', -1, 64)})
		return err
	}
}

// tokenModel checks a value of one field of the paper's block
// (tokengeom.NewModel at α_A = α_M = 0.5, σ_w = 1) set by set.
func tokenModel(set func(*tokengeom.Model, float64)) func(float64) error {
	return func(x float64) error {
		m := tokengeom.NewModel(0.5, 0.5, 1)
		set(&m, x)
		return m.Validate()
	}
}

// fig3Input checks a value of one field of Fig. 3's input, set by set on
// tokencheck.Fig3.
func fig3Input(set func(*tokencheck.Restoration, float64)) func(float64) error {
	return func(x float64) error {
		r := tokencheck.Fig3()
		set(&r, x)
		return r.Validate()
	}
}

// gradsPoints checks a value of one field of every point of the
// settings paper returns, set by set (rankexp.GradsSettings.Validate).
func gradsPoints(paper func() rankexp.GradsSettings, set func(*rankexp.Point, float64)) func(float64) error {
	return func(x float64) error {
		s := paper()
		for i := range s.Points {
			set(&s.Points[i], x)
		}
		return s.Validate()
	}
}

// JointCheck is a check of several parameters together: a setting whose
// range for one value depends on others (a correlation p ∈ [−q/(n−1), q]
// on q and n, parallel lists of one length). A JointDirective binds each
// of its Roles to a parameter of the cell.
type JointCheck struct {
	// Roles are the names the directive binds, each to one parameter.
	Roles []string
	// Check builds the library setting from the values by role (a
	// scalar as a list of one) and returns the role at fault and the
	// setting's Validate error, or "" and nil.
	Check func(v map[string][]float64) (role string, err error)
	// Defaults, if set, gives a role's value when its parameter was not
	// set and its default is computed by the library rather than written
	// as numbers in the cell (var Rhos = rankexp.IWSLT().Rho): that
	// constructor's value. Without it such a default makes the cell an
	// error.
	Defaults func() map[string][]float64
}

// Joint are the checks a JointDirective may name.
var Joint = map[string]JointCheck{
	// The one-block cases of Cowsik et al. 2024 (tokencheck.OneBlocks at
	// n tokens: lists of one length, each input (q, p), in units of d,
	// with q > 0 and p ∈ [−q/(n−1), q], and each block valid).
	"tokencheck.OneBlocks": {Roles: []string{"n", "alphas", "sigmaWs", "q0s", "p0s"}, Check: func(v map[string][]float64) (string, error) {
		base := tokengeom.NewModel(0, 0, 1)
		base.N, base.D = int(v["n"][0]), 1 // q and p in units of d, as the lists give them
		_, err := tokencheck.OneBlocks(base, v["alphas"], v["sigmaWs"], v["q0s"], v["p0s"], 1, tokencheck.Seeds{})
		return roleOf(err, map[string]string{"OneBlocks alphas": "alphas", "OneBlocks sigmaWs": "sigmaWs", "OneBlocks q0s": "q0s", "OneBlocks p0s": "p0s",
			"q": "q0s", "p": "p0s", "n": "n", "Model.N": "n", "Model.AlphaA": "alphas", "Model.AlphaM": "alphas", "Model.SigmaW": "sigmaWs"}), err
	}},
	// The α grid of the λ_a = 0 and λ_g^(L) = 0 contours
	// (tokencheck.EdgeGapAlphas: 0 <= lo <= hi <= 1, points >= 1).
	"tokencheck.EdgeGapAlphas": {Roles: []string{"lo", "hi", "points"}, Check: func(v map[string][]float64) (string, error) {
		_, err := tokencheck.EdgeGapAlphas(v["lo"][0], v["hi"][0], int(v["points"][0]))
		return roleOf(err, map[string]string{"EdgeGapAlphas lo": "lo", "EdgeGapAlphas hi": "hi", "EdgeGapAlphas points": "points"}), err
	}},
	// The depth-to-width ratios T of Noci et al. 2023's shaped
	// Transformer against its SDE at a width
	// (shapednet.TransformerTSizes.Validate: each T finite, with at least
	// one block at that width).
	"shapednet.TransformerT": {Roles: []string{"width", "ts"}, Check: func(v map[string][]float64) (string, error) {
		s := shapednet.TransformerT()
		s.Width, s.Ts = int(v["width"][0]), v["ts"]
		err := s.Validate()
		return roleOf(err, map[string]string{"len(TransformerTSizes.Ts)": "ts"}, "TransformerTSizes.Ts[", "ts"), err
	}, Defaults: func() map[string][]float64 {
		s := shapednet.TransformerT()
		return map[string][]float64{"width": {float64(s.Width)}, "ts": s.Ts}
	}},
	// The theory depths of a P18 Fig. 4 panel (randmlp.CheckFig4Depths:
	// increasing from 1, the last a multiple of 4), defaulting to P18's:
	// randmlp.Fig4Depths, and randmlp.Fig4ErfDepths for erf's panel.
	"randmlp.Fig4Depths":    fig4Depths(randmlp.Fig4Depths),
	"randmlp.Fig4ErfDepths": fig4Depths(randmlp.Fig4ErfDepths),
	// The points of table tau-c3 (rankexp.TauPoints.Validate: lists of
	// one length, eq. (47) defined at each point).
	"rankexp.TauPoints": {Roles: []string{"n", "d", "rho", "sx2"}, Check: func(v map[string][]float64) (string, error) {
		err := rankexp.TauPoints{N: ints(v["n"]), D: ints(v["d"]), Rho: v["rho"], Sx2: v["sx2"]}.Validate()
		return roleOf(err, map[string]string{"len(TauPoints.N)": "n", "TauPoints.D": "d", "TauPoints.Rho": "rho", "TauPoints.Sx2": "sx2",
			"n": "n", "d": "d", "rho": "rho", "sigma_x2": "sx2"}), err
	}, Defaults: func() map[string][]float64 {
		p := rankexp.IWSLT()
		return map[string][]float64{"n": floats(p.N), "d": floats(p.D), "rho": p.Rho, "sx2": p.Sx2}
	}},
}

// fig4Depths is the joint check of one list of Fig. 4 theory depths
// (role "depths"), paper its default.
func fig4Depths(paper []int) JointCheck {
	return JointCheck{Roles: []string{"depths"}, Check: func(v map[string][]float64) (string, error) {
		if err := randmlp.CheckFig4Depths(ints(v["depths"])); err != nil {
			return "depths", err
		}
		return "", nil
	}, Defaults: func() map[string][]float64 { return map[string][]float64{"depths": floats(paper)} }}
}

// roleOf returns the role that roles gives for the field err names
// (errors.As with Field, as the library's parameter errors have), or that
// prefixRoles gives (pairs of a field's prefix and a role), or "" for no
// error or a field neither lists.
func roleOf(err error, roles map[string]string, prefixRoles ...string) string {
	var f interface{ Field() string }
	if err == nil || !errors.As(err, &f) {
		return ""
	}
	if r, ok := roles[f.Field()]; ok {
		return r
	}
	for i := 0; i+1 < len(prefixRoles); i += 2 { // an element's field: a prefix, then its role
		if strings.HasPrefix(f.Field(), prefixRoles[i]) {
			return prefixRoles[i+1]
		}
	}
	return ""
}

func ints(xs []float64) []int {
	out := make([]int, len(xs))
	for i, x := range xs {
		out[i] = int(x)
	}
	return out
}

func floats(ns []int) []float64 {
	out := make([]float64, len(ns))
	for i, n := range ns {
		out[i] = float64(n)
	}
	return out
}
