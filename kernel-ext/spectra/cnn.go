package spectra

import (
	"fmt"
	"strings"

	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/cnn"
	"github.com/sigprop/sigprop/lib/empirical"
)

// CNNRecursion fills f (the notebook's cnn-<init>) with the correlation of
// neighbouring positions α, α+1 (α = 0..3) against depth: the covariance
// recursion th = sim.Net.Trajectory(sim.Gram, L) as lines and the
// simulated CNNs sim (cnn.Simulate, seed seed) as points, and checks every
// entry Σ̂^ℓ_αα′ (α ≤ α′) of the simulation against the recursion: max |z|
// ≤ 5.5 with the SE of sim.Settings.Networks networks (t with networks − 1
// dof). A non-finite covariance becomes the check's note. It panics unless
// th has one layer per simulated layer and ≥ 5 positions.
func CNNRecursion(f show.Figure, sim cnn.SimResult, th [][][]float64, seed uint64) show.View {
	L, nets, net := sim.Settings.Layers, sim.Settings.Networks, sim.Net
	show.Want(len(th) >= L && len(sim.Gram) >= 5, "spectra", "CNNRecursion: want ≥ %d recursion layers and ≥ 5 positions, got %d and %d", L, len(th), len(sim.Gram))
	layers := empirical.Linspace(1, float64(L), L)
	for a := range 4 {
		f.Series = append(f.Series, show.Series{Name: fmt.Sprintf("ρ(%d,%d) recursion", a, a+1), X: layers, Y: cnn.LagCorr(th, a, 1)},
			show.Scatter(fmt.Sprintf("ρ(%d,%d) CNN", a, a+1), layers, cnn.LagCorr(sim.Mean, a, 1), nil))
	}
	f.Caption = fmt.Sprintf("1-D CNN, %v kernel, %s at the edge of chaos: correlation of neighbouring positions against depth, recursion (lines) vs %d CNNs of %d channels (points).", net.Init, net.Phi.Name, nets, sim.Channels)
	f.XLabel, f.YLabel, f.Legend, f.Seed = "layer ℓ", "corr(h_α, h_α+1)", show.BottomRight, show.Seed(seed)
	f.Params = map[string]float64{"sigma_w2": net.SigmaW2, "sigma_b2": net.SigmaB2, "channels": float64(sim.Channels), "positions": float64(len(sim.Gram)), "taps": float64(net.Taps), "networks": float64(nets)}
	z, err := sim.MaxZ(th)
	note := ""
	if err != nil {
		note = err.Error()
	}
	return show.View{show.Fig(f),
		show.Agree(show.Agreement{Name: fmt.Sprintf("CNN covariance recursion, %v kernel: max |z| of Σ̂^ℓ_αα′", net.Init), Kind: show.TheoryVsSimulation, Value: z, Tol: 5.5, Figure: f.ID, Note: note,
			Basis: fmt.Sprintf("max over %d entries (α ≤ α′, %d layers); SE from %d networks (t with %d dof: P(|t| > 5.5) ≈ 1e-6 per entry, ≈ 2e-3 over all; Σ̂ is right-skewed at depth, so the t law is checked: 10 runs of the Gaussian kernel with seeds 300–309 gave max |z| 2.8–3.8)", sim.Entries(), L, nets, nets-1)})}
}

// AttnWidth fills f (the notebook's attn-width) with the rank-collapse
// residual against context length T after each of L softmax layers,
// res[ℓ−1][i] at T = Ts[i] from attnspec.ResidualsByWidth (seed seed,
// tokens with a shared mean), each series labelled with its log-log slope.
// Each layer multiplies the residual by r_T ∝ T^{−1/2} (F36 of the
// lecture), so consecutive slopes differ by −1/2: checked for ℓ = L, …, 2,
// tolerance 0.15 (≈ 3× the per-layer spread of |λ₂|/r_T over ln(T_max/T_min)
// at one draw per T). It panics unless L ≥ 2 and every res[ℓ] has one
// value per T, with ≥ 2 T.
func AttnWidth(f show.Figure, Ts []int, res [][]float64, seed uint64) show.View {
	L := len(res)
	show.Want(L >= 2 && len(Ts) >= 2, "spectra", "AttnWidth: want ≥ 2 layers and ≥ 2 T, got %d and %d", L, len(Ts))
	x := make([]float64, len(Ts))
	for i, t := range Ts {
		x[i] = float64(t)
	}
	slopes, depths := make([]float64, L), make([]string, L)
	f.Series = nil
	for l := range slopes {
		show.Want(len(res[l]) == len(Ts), "spectra", "AttnWidth: layer %d has %d residuals for %d T", l+1, len(res[l]), len(Ts))
		slopes[l] = empirical.LogLogSlope(x, res[l])
		depths[l] = fmt.Sprint(l + 1)
		f.Series = append(f.Series, show.Series{Name: fmt.Sprintf("L=%d (slope %.2f)", l+1, slopes[l]), X: x, Y: res[l], Style: show.LinePoints})
	}
	f.Caption = fmt.Sprintf("Rank-collapse residual against context length T after L = %s softmax layers (tokens with a shared mean).", strings.Join(depths, ", "))
	f.XLabel, f.YLabel, f.LogX, f.LogY, f.Seed = "T", "residual", true, true, show.Seed(seed)
	v := show.View{show.Fig(f)}
	for l := L - 1; l >= 1; l-- {
		v = append(v, show.Agree(show.Agreement{Name: fmt.Sprintf("slope(L=%d) − slope(L=%d) + 1/2", l+1, l), Kind: show.TheoryVsSimulation, Value: slopes[l] - slopes[l-1] + 0.5, Tol: 0.15, Figure: f.ID,
			Basis: fmt.Sprintf("each layer multiplies by r_T ∝ T^{-1/2}; one draw per T over a factor %g in T (lib/sources/tanner2024.md#figures: observed differences −0.48, −0.49), 0.15 ≈ 3× the per-layer spread of |λ₂|/r_T over ln %g", x[len(x)-1]/x[0], x[len(x)-1]/x[0])}))
	}
	return v
}
