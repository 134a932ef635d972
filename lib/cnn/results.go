package cnn

import (
	"fmt"

	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/lib/result"
)

// Fig1Networks is the number of simulated CNNs per kernel of notebook
// 04's CNN figures (SimSettings.Networks), chosen by a rule on a pilot
// whose seeds are not the notebook's: the smallest of 32, 64 and 128
// networks at which, over 10 pilot runs of each kernel (the notebook's
// input, from its seed 130; network seeds 7000–7009, disjoint from the
// notebook's 131 and 132), (i) the largest max |z| against the kernel's
// own recursion is at most 4.5, one below the check's tolerance
// RecursionZTol (the largest of 10 runs estimates their 90th percentile,
// and per-network Σ̂ is right-skewed at depth, so the t law understates
// the tail at small counts), and (ii) the smallest max |z| against the
// other kernel's recursion (the plausible wrong theory: the Gaussian
// kernel's averaging over positions, or its absence) is at least 6.5,
// every pilot run rejecting it with a margin of one. Pilot (seeds
// 7000–7009): 32 networks: own max |z| up to 4.46 (Gaussian) and 5.52
// (delta-orthogonal), other recursion at least 34.9 and 145; 64 networks:
// own up to 4.36 and 4.58, other at least 51.7 and 194; 128 networks: own
// up to 4.00 and 3.82, other at least 67.1 and 272. So 128. (The notebook
// had run 32, then 64 after the Gaussian kernel's 6.04 at its seed with 32
// networks; those results were known when the rule was written, in commit
// 80837e0.)
const Fig1Networks = 128

// Fig1Channels and Fig1Layers are the channels and depth of notebook 04's
// CNN figures, the settings of the pilot behind Fig1Networks: a run at
// other sizes claims no paper figure (SimResult.Curves).
const Fig1Channels, Fig1Layers = 128, 24

// RecursionZTol bounds the max |z| of Σ̂^ℓ_αα′ against the recursion:
// t with networks − 1 dof, P(|t| > 5.5) ≈ 1e-6 per entry at 128 networks.
const RecursionZTol = 5.5

// CorrLags are the neighbouring positions α, α+1 (α = 0..CorrLags−1)
// whose correlation SimResult.Curves draws.
const CorrLags = 4

// Curves is the correlation of neighbouring positions α, α+1 (α = 0..3)
// against depth: the covariance recursion Net.Trajectory(Gram, L) as lines
// and the simulated CNNs of r as points, with the check of every entry
// Σ̂^ℓ_αα′ (α ≤ α′) against the recursion (MaxZ ≤ RecursionZTol, the SE
// of r.Settings.Networks networks; a zero SE is a NaN value with the
// error as its note). It claims its figure at Fig1Networks, Fig1Channels
// and Fig1Layers. Errors: Trajectory's. It panics unless r has at least
// CorrLags+1 positions.
func (r SimResult) Curves() (result.Curves, error) {
	L, nets, net := r.Settings.Layers, r.Settings.Networks, r.Net
	if len(r.Gram) < CorrLags+1 || len(r.Mean) != L {
		panic(fmt.Sprintf("cnn: SimResult.Curves needs ≥ %d positions and %d simulated layers, got %d and %d", CorrLags+1, L, len(r.Gram), len(r.Mean)))
	}
	th, err := net.Trajectory(r.Gram, L)
	if err != nil {
		return result.Curves{}, err
	}
	layers := empirical.Linspace(1, float64(L), L)
	var lines []result.Line
	for a := range CorrLags {
		lines = append(lines, result.Line{Name: fmt.Sprintf("ρ(%d,%d) recursion", a, a+1), Role: result.Theory, X: layers, Y: LagCorr(th, a, 1)},
			result.Line{Name: fmt.Sprintf("ρ(%d,%d) CNN", a, a+1), Role: result.Simulated, X: layers, Y: LagCorr(r.Mean, a, 1)})
	}
	z, err := r.MaxZ(th)
	note := ""
	if err != nil {
		note = err.Error()
	}
	return result.Curves{
		Caption: fmt.Sprintf("1-D CNN, %v kernel, %s at the edge of chaos: correlation of neighbouring positions against depth, recursion (lines) vs %d CNNs of %d channels (points).", net.Init, net.Phi.Name, nets, r.Channels),
		X:       result.Axis{Label: "layer ℓ"}, Y: result.Axis{Label: "corr(h_α, h_α+1)"},
		Lines: lines,
		Checks: []result.Check{{Name: fmt.Sprintf("CNN covariance recursion, %v kernel: max |z| of Σ̂^ℓ_αα′", net.Init), Kind: result.TheoryVsSimulation, Value: z, Tol: RecursionZTol,
			Note: note, Statement: papers.TannerCNN, Central: true,
			Basis: fmt.Sprintf("max over %d entries (α ≤ α′, %d layers); SE from %d networks, the network the unit (t with %d dof: P(|t| > 5.5) ≈ 1e-6 per entry; Σ̂ is right-skewed at depth, so the count is set by a pilot on other seeds, CNNNetworks)", r.Entries(), L, nets, nets-1)}},
		Record: result.Record{Params: map[string]float64{"sigma_w2": net.SigmaW2, "sigma_b2": net.SigmaB2, "channels": float64(r.Channels), "positions": float64(len(r.Gram)), "taps": float64(net.Taps), "networks": float64(nets)},
			Seed: r.Settings.Seed, HasSeed: true, AtPaper: nets == Fig1Networks && r.Channels == Fig1Channels && L == Fig1Layers},
	}, nil
}
