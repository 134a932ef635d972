package shapedview

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/internal/showtest"
	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/block"
	"github.com/sigprop/sigprop/lib/sde"
	"github.com/sigprop/sigprop/lib/shapednet"
)

// yours runs the package's own checks of v's items, then
// showtest.AtYourSettings.
func yours(t *testing.T, what string, v show.View, params map[string]float64, apply, notApplicable []string) {
	t.Helper()
	items(t, v)
	showtest.AtYourSettings(t, what, v, params, apply, notApplicable)
}

// seeded checks that every figure of v shows seed, the one its result ran
// with.
func seeded(t *testing.T, what string, v show.View, seed uint64) {
	t.Helper()
	for _, f := range v.Figures() {
		if f.Seed == nil || *f.Seed != seed {
			t.Errorf("%s: figure %s shows seed %v, want the run's %d", what, f.ID, f.Seed, seed)
		}
	}
}

// TestAtYourSettings runs every display function of the package that
// used to pin the paper's settings on a cheap simulation at other
// settings (width 8–16, depth 6–12, 16–64 networks and paths, ρ₀ = 0.3):
// none panics, the figures claim nothing and carry the settings run, the
// KS and z checks apply and the paper's claims are not applicable.
func TestAtYourSettings(t *testing.T) {
	const n, depth, nets, g, workers = 8, 6, 32, 0.3, 1
	v0 := shapednet.EquiCorr(2, 0.3)
	sim := func(c shapednet.Config, nets int, seed uint64) *shapednet.Run {
		t.Helper()
		r, err := shapednet.Simulate(c, v0, nets, seed, workers)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	runs := []*shapednet.Run{sim(shapednet.Shaped(n, depth, g), nets, 1), sim(shapednet.Vanilla(n, depth, g), nets, 2), sim(shapednet.PreLN(n, depth, block.PreRMS), nets, 3)}
	seeded(t, "Fig1Left", fig1LeftView(runs), 1)
	yours(t, "Fig1Left", fig1LeftView(runs), map[string]float64{"width": n, "depth": depth, "gamma": g, "tau0": 1, "rho0": 0.3, "c_minus": -1, "networks": nets},
		nil, []string{"shaped Transformer: mean ρ₆ − ρ₀", "vanilla: 1 − mean ρ₅₀"})

	ln, err := shapednet.ForwardRun(shapednet.PreLN(n, depth, block.PreLN), v0, 4, 7, workers)
	if err != nil {
		t.Fatal(err)
	}
	seeded(t, "Fig1PreLN", preLNView(ln, runs[2]), 7)
	yours(t, "Fig1PreLN", preLNView(ln, runs[2]), map[string]float64{"width": n, "depth": depth, "rho0": 0.3}, []string{"Pre-LN: LayerNorm − RMS mean ρ₆"}, nil)

	c := shapednet.Config{Attention: block.Shaped, Width: n, Depth: depth, Gamma: g, Tau0: 1, Blocks: shapednet.BlocksAttention}
	nn := sim(c, nets, 4)
	r, err := sde.Simulate(sde.Model{Kind: sde.Attention, Gamma: g, Tau0: 1}, v0, float64(depth)/n, 40, 5, sde.Settings{Step: 0.05})
	if err != nil {
		t.Fatal(err)
	}
	v := fig1RightView(nn, r)
	seeded(t, "Fig1Right", v, 4)
	yours(t, "Fig1Right", v, nil, []string{"Fig. 1 right, m = 2: KS(network ρ, SDE ρ)", "Fig. 7: KS(network V¹², SDE V¹²)"}, nil)
	if p := v.Figures()[0].Params; !maps.Equal(p, map[string]float64{"width": n, "depth": depth, "gamma": g, "tau0": 1, "rho0": 0.3, "m": 2, "step": 0.05, "samples": nets}) {
		t.Errorf("Fig1Right Params %v, want the values run", p)
	}

	tr := sim(shapednet.Shaped(n, 4, g), nets, 6)
	rT, err := sde.Simulate(sde.Model{Kind: sde.Transformer, Gamma: g, Tau0: 1, CMinus: -1}, v0, 0.5, 40, 7, sde.Settings{Step: 0.05})
	if err != nil {
		t.Fatal(err)
	}
	seeded(t, "TransformerT", transformerTView([]*shapednet.Run{tr}, []*sde.Result{rT}), 6)
	yours(t, "TransformerT", transformerTView([]*shapednet.Run{tr}, []*sde.Result{rT}), map[string]float64{"width": n, "gamma": g, "tau0": 1, "c_minus": -1, "rho0": 0.3},
		[]string{"shaped Transformer, T = 0.5: KS(network, SDE)"}, nil)

	ks := shapednet.KSSettings{Config: c, Model: sde.Model{Kind: sde.Attention, Gamma: g, Tau0: 1}, V0: v0, T: 0.75, Widths: []int{4, 8}, Nets: nets, Paths: 40, SDE: sde.Settings{Step: 0.05}, SDESeed: 5, NetSeed: 8}
	k, err := ks.Run(workers)
	if err != nil {
		t.Fatal(err)
	}
	seeded(t, "KSByWidth", ksByWidthView(k), 5)
	yours(t, "KSByWidth", ksByWidthView(k), map[string]float64{"T": 0.75, "gamma": g, "networks": nets, "paths": 40, "tau0": 1}, []string{"KS(network, SDE) at width 8"}, nil)

	o, err := shapednet.OneStepSettings{Config: shapednet.Config{Attention: block.Shaped, Width: 16, Gamma: 1, Tau0: 0.5, Blocks: shapednet.BlocksAttention}, Model: sde.Model{Kind: sde.Attention, Gamma: 1, Tau0: 0.5}, V0: v0, Nets: 64, Seed: 9}.Run(workers)
	if err != nil {
		t.Fatal(err)
	}
	v = oneStepView(o)
	yours(t, "OneStep", v, nil, nil, []string{"n·Var(V₁)/Σ against 1 (with 𝒜)", "without 𝒜: min n·Var(V₁)/(γ²(2−γ²)Σ_lin) − 1"})
	if c := v.Tables()[0].Caption; !strings.Contains(c, "(γ = 1, τ₀ = 0.5, n = 16, 64 networks)") {
		t.Errorf("OneStep caption %q, want the settings run", c)
	}

	l, err := shapednet.LawSettings{Config: shapednet.Config{Attention: block.Shaped, Width: n, Depth: depth, CMinus: -1, Blocks: shapednet.BlocksMLP}, Gammas: []float64{0.3, 1}, Rho0: 0.3, Nets: nets, Paths: 40, NetSeed: 10, SDESeed: 11, SDE: sde.Settings{Step: 0.05}}.Run(workers)
	if err != nil {
		t.Fatal(err)
	}
	seeded(t, "Fig3", fig3View(l), 10)
	yours(t, "Fig3", fig3View(l), map[string]float64{"width": n, "depth": depth, "rho0": 0.3, "c_plus": 0, "c_minus": -1, "networks": nets, "paths": 40},
		[]string{"Fig. 3, γ = 0.3: KS(network ρ, 1-D SDE ρ)", "Fig. 3 right: q₉₅(|ρ|), network against SDE"}, nil)

	attns := []block.Attention{block.Shaped, block.Softmax}
	var fig4 []*shapednet.Run
	for i, a := range attns {
		fig4 = append(fig4, sim(shapednet.Config{Width: n, Depth: depth, Gamma: g, Tau0: 1, Attention: a, Blocks: shapednet.BlocksAttention}, nets, uint64(12+i)))
	}
	seeded(t, "Fig4", fig4View(fig4), 12)
	if f := fig4View(fig4).Figures()[0]; f.Series[1].Name != shapednet.PaperName(block.Softmax)+" (0 stopped)" && !strings.HasPrefix(f.Series[1].Name, shapednet.PaperName(block.Softmax)) {
		t.Errorf("Fig4 series %q, want the second run's attention %q", f.Series[1].Name, shapednet.PaperName(block.Softmax))
	}
	yours(t, "Fig4", fig4View(fig4), map[string]float64{"width": n, "depth": depth, "gamma": g, "tau0": 1, "rho0": 0.3, "networks": nets}, nil, nil)

	ex, err := shapednet.ExplosionSettings{Config: shapednet.Config{Attention: block.Shaped, Width: n, Tau0: 1, Blocks: shapednet.BlocksAttention, StopRadius: 1e3}, Model: sde.Model{Kind: sde.Attention, Tau0: 1},
		V0: v0, T: 0.5, Gammas: []float64{0.3}, Paths: 16, SDESeed: 15, NetSeed: 16, SDE: sde.Settings{Step: 0.05}}.Run(workers)
	if err != nil {
		t.Fatal(err)
	}
	tab := explosionView(ex, 16).Tables()[0]
	if want := []string{"γ", "SDE stopped (‖V‖_F ≥ 1e4), h = 0.05", "SDE PSD-projected paths, h = 0.05", "SDE stopped, h = 0.005", "networks with V^{αα} ≥ 1e3"}; tab.Caption != "Shaped attention at T = 0.5 from ρ₀ = 0.3: SDE paths and networks that blow up" || !slices.Equal(tab.Header, want) {
		t.Errorf("Explosions: caption %q, header %q; want the settings run", tab.Caption, tab.Header)
	}

	stop := shapednet.Config{Attention: block.Shaped, Width: 8, Depth: 12, Tau0: 1, Blocks: shapednet.BlocksAttention}
	study := shapednet.StopStudy{Nets: 10}
	b, err := study.ByGamma(stop, []float64{0.2, 0.6}, 13, workers)
	if err != nil {
		t.Fatal(err)
	}
	stopParams := map[string]float64{"width": 8, "depth": 12, "tau0": 1, "m": 2, "networks": 10, "token_sd": 10}
	seeded(t, "Fig5", fig5View(b), 13)
	yours(t, "Fig5", fig5View(b), stopParams, nil, []string{"Fig. 5: median t*(γ = 0.5) − median t*(γ = 0.05), in SE"})

	grid, err := study.QuantileGrid(stop, []float64{0.2, 0.6}, []float64{0.5, 2}, 0.5, 14, workers)
	if err != nil {
		t.Fatal(err)
	}
	delete(stopParams, "tau0")
	seeded(t, "Fig8", fig8View(grid), 14)
	yours(t, "Fig8", fig8View(grid), stopParams, nil, []string{"Fig. 8: t* falls from γ = 0.05 to 0.5 at every τ₀ (least fall, in SE)", "Fig. 8, known disagreement: t*(γ = 1) − t*(γ = 0.5) at τ₀ = 4, in SE"})
}
