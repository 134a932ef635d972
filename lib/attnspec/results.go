package attnspec

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/sigprop/sigprop/lib/block"
	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/lib/result"
)

// This file gives the attention experiments of notebook 04 (|λ₂| against
// T, the stacks through depth, the residual against T per depth) as the
// result kinds of lib/result, drawn by kernel-ext/render.

// Tolerances of the attention checks, each with the basis its check
// states.
const (
	// RadiusSlopeTol bounds |slope of log |λ₂| against log T + 1/2|: one
	// matrix per T, |λ₂|/r_T varies by ≲ 10% between matrices
	// (lib/sources/tanner2024.md#check-26), a slope error ≲ 2·0.1/ln span.
	RadiusSlopeTol = 0.1
	// RadiusSpan is the factor the Ts must span for RadiusSlopeTol to
	// hold (2·0.1/ln 8 ≈ 0.1).
	RadiusSpan = 8
	// WidthSlopeTol bounds |slope(L=ℓ+1) − slope(L=ℓ) + 1/2|: 3× the
	// per-layer spread of |λ₂|/r_T over a factor WidthSpan in T
	// (lib/sources/tanner2024.md#figures: observed −0.48, −0.49).
	WidthSlopeTol = 0.15
	// WidthSpan is the factor the Ts must span for WidthSlopeTol.
	WidthSpan = 4
	// DepthRatioTol bounds the relative deviation of a per-layer ratio
	// from r_T (lib/sources/tanner2024.md#check-27: within 25%).
	DepthRatioTol = 0.25
	// DepthRatioFrom is the layer from which the softmax residual ratio
	// is checked: layers DepthRatioFrom..L (the notes: "after layer 1").
	DepthRatioFrom = 3
	// DepthFixTol bounds 1 − min residual of the centred stack (the
	// notes observe 0.998).
	DepthFixTol = 0.05
)

// At reports whether s has p's context lengths and logit scale (the seeds
// aside): a run claims its figure when s.At(Radius()).
func (s RadiusSettings) At(p RadiusSettings) bool { return slices.Equal(s.Ts, p.Ts) && s.S == p.S }

// At reports whether s has p's context lengths, width, depth and logit
// scale (the seeds aside): a run claims its figure when s.At(Widths()).
func (s WidthSettings) At(p WidthSettings) bool {
	return slices.Equal(s.Ts, p.Ts) && s.D == p.D && s.L == p.L && s.S == p.S
}

// lengths are the context lengths Ts as abscissae.
func lengths(Ts []int) []float64 {
	x := make([]float64, len(Ts))
	for i, T := range Ts {
		x[i] = float64(T)
	}
	return x
}

// Curves is |λ₂| of one random softmax matrix per context length against
// the bulk radius r_T = √((e^{s²}−1)/T) (BulkRadius, F34), log-log, with
// the check that the log-log slope of |λ₂| is −1/2 within RadiusSlopeTol
// (the notes' claim papers.TannerAttentionGap), not applicable unless the
// Ts span a factor RadiusSpan. It claims its figure at Radius()'s T and s.
// It panics unless r has one |λ₂| per T, at least 2 (a caller bug: Run
// returns them).
//
//sigprop:eq tanner2024 F34
func (r RadiusResult) Curves() result.Curves {
	Ts, lambda2, s := lengths(r.Settings.Ts), r.Lambda2, r.Settings.S
	if len(Ts) != len(lambda2) || len(Ts) < 2 {
		panic(fmt.Sprintf("attnspec: RadiusResult.Curves needs one |λ₂| per T, at least 2: %d Ts, %d values", len(Ts), len(lambda2)))
	}
	rt := make([]float64, len(Ts))
	for i, T := range r.Settings.Ts {
		rt[i] = BulkRadius(T, s)
	}
	span := Ts[len(Ts)-1] / Ts[0]
	na := ""
	if span < RadiusSpan {
		na = fmt.Sprintf("a slope error ≲ %g needs the Ts to span a factor %d; here %g", RadiusSlopeTol, RadiusSpan, span)
	}
	return result.Curves{
		Caption: "Second eigenvalue of random softmax matrices vs context length, against r_T = √((e^{s²}−1)/T).",
		X:       result.Axis{Label: "T", Log: true}, Y: result.Axis{Label: "|λ₂|", Log: true},
		Lines: []result.Line{{Name: "r_T", Role: result.Theory, X: Ts, Y: rt}, {Name: "|λ₂| simulated", Role: result.Simulated, X: Ts, Y: lambda2}},
		Checks: []result.Check{{Name: "log-log slope of |λ₂| + 1/2", Kind: result.TheoryVsSimulation, Value: empirical.LogLogSlope(Ts, lambda2) + 0.5,
			Tol: RadiusSlopeTol, Statement: papers.TannerAttentionGap, Central: true, NotApplicable: na,
			Basis: fmt.Sprintf("one matrix per T over a factor %g in T: |λ₂|/r_T varies by ≲ 10%% between matrices (lib/sources/tanner2024.md#check-26), a slope error ≲ 2·0.1/ln %g ≈ %.1g", span, span, 0.2/math.Log(span))}},
		Record: result.Record{Params: map[string]float64{"s": s}, Seed: r.Settings.Seed, HasSeed: true, AtPaper: r.Settings.At(Radius())},
	}
}

// Curves is the rank-collapse residual after ℓ = 1, …, L softmax layers
// against the context length T, log-log, each line labelled with its
// slope, and the checks that each layer adds −1/2 to the slope (r_T ∝
// T^{−1/2}, F36) within WidthSlopeTol, deepest first (the notes' claim
// papers.TannerAttentionCollapse), not applicable unless the Ts span a
// factor WidthSpan. It claims its figure at Widths()' sizes. It panics
// unless every layer has one residual per T, L ≥ 2 and there are at least
// 2 Ts.
//
//sigprop:eq tanner2024 F36
func (w WidthResult) Curves() result.Curves {
	Ts, res := lengths(w.Settings.Ts), w.Residual
	if len(res) < 2 || len(Ts) < 2 {
		panic(fmt.Sprintf("attnspec: WidthResult.Curves needs L ≥ 2 layers and 2 Ts, got %d and %d", len(res), len(Ts)))
	}
	lines, slopes := make([]result.Line, len(res)), make([]float64, len(res))
	ls := make([]string, len(res))
	for l := range slopes {
		if len(res[l]) != len(Ts) {
			panic(fmt.Sprintf("attnspec: WidthResult.Curves: layer %d has %d residuals for %d Ts", l+1, len(res[l]), len(Ts)))
		}
		slopes[l] = empirical.LogLogSlope(Ts, res[l])
		lines[l] = result.Line{Name: fmt.Sprintf("L=%d (slope %.2f)", l+1, slopes[l]), Role: result.SimulatedLine, X: Ts, Y: res[l]}
		ls[l] = fmt.Sprint(l + 1)
	}
	span := Ts[len(Ts)-1] / Ts[0]
	na := ""
	if span < WidthSpan {
		na = fmt.Sprintf("the tolerance is for Ts spanning a factor %d; here %g", WidthSpan, span)
	}
	var checks []result.Check
	for l := len(res) - 1; l >= 1; l-- {
		checks = append(checks, result.Check{Name: fmt.Sprintf("slope(L=%d) − slope(L=%d) + 1/2", l+1, l), Kind: result.TheoryVsSimulation,
			Value: slopes[l] - slopes[l-1] + 0.5, Tol: WidthSlopeTol, Statement: papers.TannerAttentionCollapse, NotApplicable: na,
			Basis: "each layer multiplies by r_T ∝ T^{-1/2}; one draw per T over a factor 4 in T (lib/sources/tanner2024.md#figures: observed differences −0.48, −0.49), 0.15 ≈ 3× the per-layer spread of |λ₂|/r_T over ln 4"})
	}
	return result.Curves{
		Caption: fmt.Sprintf("Rank-collapse residual against context length T after L = %s softmax layers (tokens with a shared mean).", strings.Join(ls, ", ")),
		X:       result.Axis{Label: "T", Log: true}, Y: result.Axis{Label: "residual", Log: true},
		Lines: lines, Checks: checks,
		Record: result.Record{Seed: w.Settings.Seed, HasSeed: true, AtPaper: w.Settings.At(Widths())},
	}
}

// Curves is the relative token residual through random attention layers,
// one line per mode of DepthModes, against r_T^ℓ (Geometric, F36), with
// the centred stack's norm ratio ‖X^ℓ‖/‖X⁰‖ as points. Checks (the notes,
// lib/sources/tanner2024.md#check-27): softmax's per-layer residual ratio
// within DepthRatioTol of r_T over layers DepthRatioFrom..L (not
// applicable below L = DepthRatioFrom); the notes' claim that the centred
// residual stays ≈ 1 (1 − min ≤ DepthFixTol), observed only at Depth()'s
// T, d and s (PaperOnly); the centred norm ratio within DepthRatioTol of
// r_T per layer. It claims its figure at Depth()'s T, d and s
// (DepthSettings.At). It panics unless r holds a stack of each mode at its
// settings.
//
//sigprop:eq tanner2024 F36,38
func (r DepthResult) Curves() result.Curves {
	st, set := r.Stacks, r.Settings
	for _, m := range DepthModes {
		s, ok := st[m]
		if !ok || s.Mode != m || s.T != set.T || s.D != set.D || s.L != set.L || s.S != set.S || len(s.Residual) != s.L+1 || len(s.Norm) != s.L+1 {
			panic(fmt.Sprintf("attnspec: DepthResult.Curves needs one Stack of each of %v at %+v; %v is %+v", DepthModes, set, m, s))
		}
	}
	T, d, L, s := set.T, set.D, set.L, set.S
	rt, layers := BulkRadius(T, s), empirical.Linspace(0, float64(L), L+1)
	lines := []result.Line{{Name: "r_T^ℓ", Role: result.Theory, X: layers, Y: Geometric(layers, 1, 0, rt)}}
	for _, m := range DepthModes {
		lines = append(lines, result.Line{Name: m.String() + ": residual", Role: result.SimulatedLine, X: layers, Y: st[m].Residual})
		if m == block.Centered {
			lines = append(lines, result.Line{Name: "centered: ‖X^ℓ‖/‖X⁰‖", Role: result.Simulated, X: layers, Y: st[m].NormRatio()})
		}
	}
	ratio, na := math.NaN(), ""
	if from := DepthRatioFrom - 1; from < L {
		ratio = RatioDeviation(st[block.Softmax].Residual, from, rt)
	} else {
		na = fmt.Sprintf("the ratio is checked from layer %d on; here L = %d", DepthRatioFrom, L)
	}
	paper := Depth()
	return result.Curves{
		Caption: fmt.Sprintf("Relative token residual through random attention layers (T=%d, s=%g, d=%d, Haar W_V): softmax collapses at rate r_T per layer; centering, projecting 1 out of V, or differential attention keep it at 1 while the norm shrinks like r_T^ℓ.", T, s, d),
		X:       result.Axis{Label: "layer ℓ"}, Y: result.Axis{Label: "residual / norm", Log: true},
		Lines: lines,
		Checks: []result.Check{
			{Name: fmt.Sprintf("softmax: max |residual ratio / r_T − 1|, layers %d..%d", DepthRatioFrom, L), Kind: result.TheoryVsSimulation, Value: ratio, Tol: DepthRatioTol,
				Statement: papers.TannerAttentionCollapse, Central: true, NotApplicable: na, Basis: "lib/sources/tanner2024.md#check-27: within 25% of r_T (observed 0.081, 0.080 against 0.0819)"},
			{Name: "centered: 1 − min residual", Kind: result.Claim, Value: 1 - min(1, slices.Min(st[block.Centered].Residual[1:])), Tol: DepthFixTol, Rule: result.AtMost,
				Statement: papers.TannerAttentionFix, PaperOnly: true, Basis: "lib/sources/tanner2024.md#check-27: centred residual stays ≈ 1 (observed 0.998)"},
			{Name: "centered: max |norm ratio / r_T − 1|", Kind: result.TheoryVsSimulation, Value: RatioDeviation(st[block.Centered].Norm, 0, rt), Tol: DepthRatioTol,
				Basis: "lib/sources/tanner2024.md#check-27: the norm ratio is ≈ r_T per layer, within 25%"},
		},
		Record: result.Record{Params: map[string]float64{"T": float64(T), "s": s, "d": float64(d)}, Seed: set.Seed, HasSeed: true, AtPaper: set.At(paper),
			NotPaper: fmt.Sprintf("the notes observe it at T = %d, d = %d, s = %g; here T = %d, d = %d, s = %g", paper.T, paper.D, paper.S, T, d, s)},
	}
}
