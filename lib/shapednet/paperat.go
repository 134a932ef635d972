package shapednet

import (
	"fmt"
	"math"
	"slices"

	"github.com/sigprop/sigprop/lib/internal/param"
)

// This file holds the comparisons a display uses to say whether a result
// ran at the settings of a paper figure (Fig3, Fig5, Fig8): a result
// claims its figure only when its settings are the constructor's, compared
// here, never re-typed as numbers. Seeds do not count.

// At reports whether l ran at s's sizes: width, depth, networks and SDE
// paths per γ, the SDE step and ρ₀ (the γ list and the seeds aside).
func (l CorrLaws) At(s LawSettings) bool {
	return l.Config.Width == s.Config.Width && l.Config.Depth == s.Config.Depth && len(l.Net) > 0 && len(l.Net[0]) == s.Nets &&
		len(l.SDE) > 0 && len(l.SDE[0]) == s.Paths && l.Step == s.SDE.Step && l.Rho0 == s.Rho0
}

// At reports whether b ran at s's network (width, depth, τ₀), study (m,
// networks, token SD) and residual weights γ; the seed aside.
func (b StopByGamma) At(s StopSettings) bool {
	return b.Config.Width == s.Config.Width && b.Config.Depth == s.Config.Depth && b.Config.Tau0 == s.Config.Tau0 &&
		b.Study.M == s.Study.M && b.Study.Nets == s.Study.Nets && b.Study.TokenSD == s.Study.TokenSD && slices.Equal(b.Gamma, s.Gammas)
}

// At reports whether g ran at s's network (width, depth), study (m,
// networks, token SD) and grid of γ and τ₀; the seed aside.
func (g StopGrid) At(s GridSettings) bool {
	return g.Config.Width == s.Config.Width && g.Config.Depth == s.Config.Depth &&
		g.Study.M == s.Study.M && g.Study.Nets == s.Study.Nets && g.Study.TokenSD == s.Study.TokenSD &&
		slices.Equal(g.Gammas, s.Gammas) && slices.Equal(g.Tau0s, s.Tau0s)
}

// At reports whether o ran at s's width, number of networks, input size
// (its n(n+1)/2 entries), γ and τ₀; the seed aside. CheckOneStep is the
// notes' check 12.
func (o OneStepCov) At(s OneStepSettings) bool {
	n, _ := s.V0.Dims()
	return o.Width == s.Config.Width && o.Nets == s.Nets && len(o.Pairs) == n*(n+1)/2 &&
		o.Config.Gamma == s.Config.Gamma && o.Config.Tau0 == s.Config.Tau0
}

// At reports whether s has p's γ, τ₀, T, widths and networks per width: the
// settings that define the figure ks-vs-width (the SDE's paths, step and
// the seeds aside). KSVersusWidth is sigprop's choice.
func (s KSSettings) At(p KSSettings) bool {
	return s.Config.Gamma == p.Config.Gamma && s.Config.Tau0 == p.Config.Tau0 && s.T == p.T && slices.Equal(s.Widths, p.Widths) && s.Nets == p.Nets
}

// Fig1Sizes are the sizes and the residual weight γ and τ₀ that define Fig. 1 (left) of Noci et al.
// 2023 (a description of a run to compare, not settings a run reads: the
// run is a Sim, whose Validate checks it): width n, depth d, networks, tokens m and the input correlation
// ρ₀. Comparable: a run is at the paper's when its sizes == Fig1().
type Fig1Sizes struct {
	Width, Depth, Nets, M int
	Rho0, Gamma, Tau0     float64
}

// Fig1 returns the sizes of Fig. 1 (left): n = 200, d = 150, 4096
// networks (the paper's 2¹² samples), m = 2, ρ₀ = 0.2 (PaperInput),
// γ = 1/√8, τ₀ = 1.
func Fig1() Fig1Sizes {
	return Fig1Sizes{Width: 200, Depth: 150, Nets: 4096, M: 2, Rho0: PaperRho0, Gamma: 1 / math.Sqrt(8), Tau0: 1}
}

// Fig1RightSizes are the sizes that define Fig. 1 (right) and Fig. 7
// of Noci et al. 2023: the networks' width, depth, number and ρ₀, and the
// SDE's paths, step h and time T = depth/width. Comparable.
type Fig1RightSizes struct {
	Width, Depth, Nets, Paths  int
	Step, T, Rho0, Gamma, Tau0 float64
}

// Fig1Right returns the sizes of Fig. 1 (right) and Fig. 7: n = 200,
// d = 150, 4096 networks and SDE paths, h = 0.01, T = 0.75, ρ₀ = 0.2,
// γ = 1/√8, τ₀ = 1.
func Fig1Right() Fig1RightSizes {
	return Fig1RightSizes{Width: 200, Depth: 150, Nets: 4096, Paths: 4096, Step: 0.01, T: 0.75, Rho0: PaperRho0, Gamma: 1 / math.Sqrt(8), Tau0: 1}
}

// PreLNSizes are the sizes that define the notebook's fig1-preln (Fig.
// 1's Pre-LN curve with true LayerNorm against the RMS reduced chain):
// width, depth and the number of networks of each. Comparable.
type PreLNSizes struct {
	Width, Depth, LNNets, RMSNets int
}

// Fig1PreLN returns the notebook's sizes: width 200 and depth 150 (Fig.
// 1's), 8 LayerNorm networks and 1024 RMS networks (chosen).
func Fig1PreLN() PreLNSizes {
	return PreLNSizes{Width: 200, Depth: 150, LNNets: 8, RMSNets: 1024}
}

// TransformerTSizes are the sizes and parameters that define the notebook's
// transformer-T (Corollary 4.3's shaped Transformer against its SDE):
// width, tokens m, γ, c₋, the SDE step and the times T. It holds a slice:
// compare with At.
type TransformerTSizes struct {
	Width, M                  int
	Gamma, Tau0, CMinus, Step float64
	Ts                        []float64
}

// TransformerT returns the notebook's settings: width 100, m = 2,
// γ = 1/√8, τ₀ = 1, c₋ = −1, h = 0.005, T = 0.5, 1.5 and 3 (chosen: Corollary
// 4.3 has no figure in the paper).
func TransformerT() TransformerTSizes {
	return TransformerTSizes{Width: 100, M: 2, Gamma: 1 / math.Sqrt(8), Tau0: 1, CMinus: -1, Step: 0.005, Ts: []float64{0.5, 1.5, 3}}
}

// Validate returns ErrParam for no time T, or a T that is not finite and
// > 0 or gives a network at Width no block (int(T·Width) < 1, the depth
// the notebook runs at T).
func (s TransformerTSizes) Validate() error {
	if err := param.AtLeast(ErrParam, param.Min("len(TransformerTSizes.Ts)", len(s.Ts), 1)); err != nil {
		return err
	}
	for i, T := range s.Ts {
		if !(T > 0) || math.IsInf(T, 1) || int(T*float64(s.Width)) < 1 {
			return param.Err(ErrParam, fmt.Sprintf("TransformerTSizes.Ts[%d]", i), T, fmt.Sprintf("finite and >= 1/width = %g (at least one block at width %d)", 1/float64(s.Width), s.Width))
		}
	}
	return nil
}

// At reports whether s has every field of p (the times in order).
func (s TransformerTSizes) At(p TransformerTSizes) bool {
	return s.Width == p.Width && s.M == p.M && s.Gamma == p.Gamma && s.Tau0 == p.Tau0 && s.CMinus == p.CMinus && s.Step == p.Step && slices.Equal(s.Ts, p.Ts)
}

// Fig4Sizes are the sizes that define Fig. 4 of Noci et al. 2023:
// width, depth, networks per variant and γ. Comparable.
type Fig4Sizes struct {
	Width, Depth, Nets int
	Gamma, Tau0        float64
}

// Fig4 returns the sizes of Fig. 4: n = 300, d = 150, 8192 networks per
// variant (2¹³), γ = 1/√2, τ₀ = 1.
func Fig4() Fig4Sizes {
	return Fig4Sizes{Width: 300, Depth: 150, Nets: 8192, Gamma: 1 / math.Sqrt2, Tau0: 1}
}
