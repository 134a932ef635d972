package rankview

import (
	"math"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/internal/showtest"
	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/block"
	"github.com/sigprop/sigprop/lib/rankcollapse"
	"github.com/sigprop/sigprop/lib/rankexp"
)

// atYourSettings runs the package's own checks of v's items, then
// showtest.AtYourSettings.
func atYourSettings(t *testing.T, what string, v show.View, params map[string]float64, apply, notApplicable []string) {
	t.Helper()
	kinds(t, v)
	showtest.AtYourSettings(t, what, v, params, apply, notApplicable)
}

// TestAtYourSettings runs every display function of the package on a
// cheap result at settings other than the paper's (a few tokens, a few
// layers, a few draws): none panics, the figures claim nothing and carry
// the settings run, the z and KS checks still apply and the paper's
// claims are shown as not applicable.
func TestAtYourSettings(t *testing.T) {
	const stream = 7
	prop, err := rankexp.Sizes{N: 6, D: 4, L: 3, Draws: 8, Seed: 30, Stream: stream}.Propagation()
	if err != nil {
		t.Fatal(err)
	}
	atYourSettings(t, "Propagation", propagationView(prop), map[string]float64{"n": 6, "d": 4, "L": 3, "draws": 8},
		[]string{"fig8-rho-maxz-α = 1", "fig8-norm-maxz-α = 1/√L"}, nil)

	var curves []rankcollapse.DepthScaled
	for _, at := range []float64{0.5, 2} {
		c, err := rankcollapse.RhoDepthScaled(6, 0.1, at, []int{1, 2, 4, 8})
		if err != nil {
			t.Fatal(err)
		}
		curves = append(curves, c)
	}
	v := rhoLimitsView(curves)
	atYourSettings(t, "RhoLimits", v, nil, nil, []string{"eq15-limit-0.5", "eq15-limit-2"})
	if c := v.Figures()[0].Caption; !strings.Contains(c, "(n = 6, ρ⁰ = 0.1)") {
		t.Errorf("RhoLimits caption %q, want the n and ρ⁰ run", c)
	}

	pl, err := rankexp.Sizes{N: 6, D: 4, L: 3, Draws: 8, Seed: 40, Stream: stream}.NormPlacements()
	if err != nil {
		t.Fatal(err)
	}
	v = placementsView(pl)
	// The figures' seeds are the ones the runs record, not an argument.
	if f0, f1 := propagationView(prop).Figures()[0], v.Figures()[0]; *f0.Seed != 30 || *f1.Seed != 40 {
		t.Errorf("figure seeds %d and %d, want 30 and 40 as run", *f0.Seed, *f1.Seed)
	}
	// Every placement is a z test (the LN ones declared known
	// disagreements), so all three apply at any setting.
	atYourSettings(t, "Placements", v, map[string]float64{"n": 6, "d": 4, "L": 3, "draws": 8}, []string{"fig4-scaled-" + block.NoNorm.String(), "fig4-scaled-" + block.PostLN.String(), "fig4-scaled-" + block.PreLN.String()}, nil)
	if c := v.Tables()[0].Caption; !strings.HasPrefix(c, "Mean cosine at ℓ = 3 (8 draws)") {
		t.Errorf("Placements table caption %q, want the depth and draws run", c)
	}

	ff, err := rankexp.Sizes{N: 6, D: 4, L: 3, Draws: 8, Seed: 130, Stream: stream}.FeedForwards()
	if err != nil {
		t.Fatal(err)
	}
	atYourSettings(t, "FeedForward", feedForwardView(ff), nil, nil, []string{"fig10-relu-above-linear"})

	post, err := rankexp.Table2Settings{L: 3, Draws: 3, Seed: 50, Stream: stream}.Runs(block.PostLN)
	if err != nil {
		t.Fatal(err)
	}
	pre, err := rankexp.Table2Settings{L: 3, Draws: 3, Seed: 60, Stream: stream}.Runs(block.PreLN)
	if err != nil {
		t.Fatal(err)
	}
	v = table2View(post, pre, 50, 60)
	atYourSettings(t, "Table2", v, map[string]float64{"n": 50, "d_v": 32, "d_F": 128, "heads": 4, "L": 3, "draws": 3}, nil,
		[]string{"fig3-alpha-order", "fig3b-qk-drop-alpha1", "fig3c-v-rise-alpha1", "fig3b-qk-kept-sqrtL", "fig1-init-rises-with-depth", "fig9-alpha-order", "fig9-slower-than-postln", "fig9-qk-preserved", "fig9-v-opposite"})
	if h := v.Tables()[0].Header; strings.Join(h, " ") != "depth L 2" {
		t.Errorf("fig1-init header %q at L = 3, want the depths reached", h)
	}

	laws, err := rankexp.Sizes{N: 4, D: 6, L: 3, Draws: 40, Seed: 90, Stream: stream}.NormLaws([]rankexp.NormCase{{Attention: block.Uniform, Std: 1 / math.Sqrt(6)}, {Attention: block.Softmax, Std: 1}})
	if err != nil {
		t.Fatal(err)
	}
	v = normLawsView(laws, []string{"uniform", "softmax"}, []string{"u", "s"})
	atYourSettings(t, "NormLaws", v, nil, []string{"fig11-uniform-maxz"}, nil)
	if c := v.Figures()[0].Caption; !strings.Contains(c, "ℓ = 1…3 (40 draws, n = 4, d = 6, no LN)") {
		t.Errorf("NormLaws caption %q, want the settings run", c)
	}

	u, err := rankexp.UniformitySettings{N: 4, DV: 8, DK: []int{8, 80, 800}, Draws: 40, Seed: 120, Stream: stream}.Gaps()
	if err != nil {
		t.Fatal(err)
	}
	v = uniformityView(u)
	atYourSettings(t, "Uniformity", v, nil, []string{"fig7-asymptote-maxz", "fig7-slope"}, nil)
	if z := v.Agreements()[0]; !strings.Contains(z.Basis, "max |z| over 2 points") || !strings.Contains(z.Basis, "40 draws per d_k ≥ 80") {
		t.Errorf("Uniformity z basis %q, want the 2 key widths d_k ≥ 10 d_v and the draws run", z.Basis)
	}
	atYourSettings(t, "Uniformity, small d_k", uniformityView(show.Val(rankexp.UniformitySettings{N: 4, DV: 8, DK: []int{8, 16}, Draws: 20, Seed: 120, Stream: stream}.Gaps())), nil, nil, []string{"fig7-asymptote-maxz", "fig7-slope"})

	xa := rankcollapse.Sequence([]float64{1, 0}, []float64{0, 1}, []float64{1, 1})
	rows, err := rankexp.Lemma31Settings{Cases: []rankexp.Lemma31Case{{X: xa, DK: 2}}, Draws: 300, Seed: 10, Stream: stream}.Run()
	if err != nil {
		t.Fatal(err)
	}
	v = lemma31View([]string{"X_a"}, rows)
	atYourSettings(t, "Lemma31", v, nil, []string{"lemma31-gradX-z-0"}, nil)
	if c := v.Tables()[0].Caption; !strings.Contains(c, "MC over 300 weight draws") {
		t.Errorf("Lemma31 caption %q, want the draws run", c)
	}

	var pts []rankexp.Point
	for _, r := range []float64{0, 0.5} {
		pts = append(pts, rankexp.Point{N: 4, D: 6, Rho: r, Sx2: 2})
	}
	mc, err := rankexp.GradsSettings{Points: pts, Draws: 60, Seed: 60, Stream: stream}.Run()
	if err != nil {
		t.Fatal(err)
	}
	v, err = gradsVsRhoView([]float64{0, 0.25, 0.5}, mc)
	if err != nil {
		t.Fatal(err)
	}
	atYourSettings(t, "GradsVsRho", v, nil, []string{"eq17-maxz", "eq18exact-maxz"}, nil)
	mc, err = rankexp.GradsSettings{Points: []rankexp.Point{{N: 3, D: 5, Rho: 0.1, Sx2: 2}, {N: 6, D: 5, Rho: 0.1, Sx2: 2}}, Draws: 60, Seed: 70, Stream: stream}.Run()
	if err != nil {
		t.Fatal(err)
	}
	v, err = gradsVsNView([]int{3, 6}, mc)
	if err != nil {
		t.Fatal(err)
	}
	atYourSettings(t, "GradsVsN", v, nil, []string{"eq17-18-n-d5-maxz"}, nil)

	grid, err := rankexp.GridSettings{Rho: []float64{0, 0.5}, Sx2: []float64{1}, N: []int{3, 6}, D: []int{4, 8}, Draws: 5, Seed: 140, Stream: stream}.Run()
	if err != nil {
		t.Fatal(err)
	}
	v = gridView(grid)
	atYourSettings(t, "Grid", v, nil, []string{"fig12-small-std-maxz"}, nil)
	if c := v.Figures()[1].Caption; !strings.Contains(c, "5 draws. Blocks: ρ = 0, 0.5 left to right, σ_x = 1 bottom to top; inside a block n = 3, 6 left to right, d = 4, 8 bottom to top") {
		t.Errorf("Grid heat caption %q, want the grid run", c)
	}

	tb, err := rankexp.TauSettings{Point: rankexp.Point{N: 4, D: 6, Rho: 0.3, Sx2: 0.5}, Draws: 200, Seed: 100, Stream: stream}.Run()
	if err != nil {
		t.Fatal(err)
	}
	atYourSettings(t, "TauBalance", tauBalanceView(tb), nil, nil, []string{"tau-balances"})
	small, err := rankexp.GradsSettings{Points: []rankexp.Point{{N: 3, D: 2, Rho: 0.2, Sx2: 2}}, Draws: 300, Seed: 110, Stream: stream}.Run()
	if err != nil {
		t.Fatal(err)
	}
	v, err = smallNView(small[0])
	if err != nil {
		t.Fatal(err)
	}
	atYourSettings(t, "SmallN", v, nil, []string{"eq18-exact-small-n-z"}, nil)
	if a := v.Agreements()[0]; !strings.Contains(a.Basis, "300 draws") || !strings.Contains(a.Note, "n = 3, d = 2;") || !strings.HasPrefix(v.Texts()[0], "n = 3, d = 2, ρ = 0.2, σ_x² = 2: MC ") {
		t.Errorf("SmallN basis %q, note %q, line %q; want the point and draws run", a.Basis, a.Note, v.Texts()[0])
	}
}
