package shapednet

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/sigprop/sigprop/lib/result"
)

// This file gives results of notebook 05 as the result kinds of
// lib/result, drawn by kernel-ext/render, deciding with the sizes'
// comparisons (Fig1PreLN) whether they are the notebook's own settings.

// sub writes n with subscript digits: 150 → ₁₅₀.
func sub(n int) string {
	return strings.Map(func(r rune) rune { return '₀' + r - '0' }, strconv.Itoa(n))
}

// PreLNCurves is figure fig1-preln: the mean token correlation by layer of
// Pre-LN with true LayerNorm, full networks ln (points), against the
// RMS-norm reduced chain, networks rms (a line), of one depth and width,
// and the check that the two final means agree within 4.5 SE: at the
// notebook's sizes (Fig1PreLN: 8 and 1024 networks of width 200, depth
// 150) the SE of the LayerNorm mean, the RMS mean being 11× more precise;
// at other sizes the SE of the difference. The width and seed recorded
// are ln's. Runs of different depths or widths are a caller bug: it
// panics.
func PreLNCurves(ln, rms *Run) result.Curves {
	if ln.Depth != rms.Depth || ln.Config.Width != rms.Config.Width {
		panic(fmt.Sprintf("shapednet: PreLNCurves: depths %d and %d, widths %d and %d", ln.Depth, rms.Depth, ln.Config.Width, rms.Config.Width))
	}
	depth, width := ln.Depth, ln.Config.Width
	paper := PreLNSizes{Width: width, Depth: depth, LNNets: ln.Nets, RMSNets: rms.Nets} == Fig1PreLN()
	se := ln.MeanCorrSE[depth] // of the compared mean over networks and pairs
	tol, basis := 4.5*se, fmt.Sprintf("4.5 SE of the %d-network LayerNorm mean (SE = %.4f; the RMS mean over %d networks is %.0f× more precise)", ln.Nets, se, rms.Nets, math.Sqrt(float64(rms.Nets)/float64(ln.Nets)))
	if !paper {
		seRMS := rms.MeanCorrSE[depth]
		tol, basis = 4.5*math.Hypot(se, seRMS), fmt.Sprintf("4.5 SE of the difference (SE %.4f from %d LayerNorm networks, %.4f from %d RMS networks)", se, ln.Nets, seRMS, rms.Nets)
	}
	return result.Curves{
		Caption: fmt.Sprintf("Pre-LN Transformer: true LayerNorm (%d full networks) vs RMS normalisation (%d reduced-chain networks).", ln.Nets, rms.Nets),
		X:       result.Axis{Label: "layer ℓ"}, Y: result.Axis{Label: "mean ρ_ℓ"},
		Lines: []result.Line{
			{Name: "LayerNorm, full network", Role: result.Simulated, X: result.Index(len(ln.MeanCorr)), Y: ln.MeanCorr},
			// A simulation too, drawn as a line: the precise reference
			// the few full networks are read against.
			{Name: "RMS norm, reduced chain", Role: result.Theory, X: result.Index(len(rms.MeanCorr)), Y: rms.MeanCorr}},
		Checks: []result.Check{{Name: "Pre-LN: LayerNorm − RMS mean ρ" + sub(depth), Kind: result.SimulationVsSimulation,
			Value: ln.MeanCorr[depth] - rms.MeanCorr[depth], Tol: tol, Basis: basis}},
		Record: result.Record{Params: map[string]float64{"width": float64(width), "depth": float64(depth), "rho0": ln.InitialCorr(0, 1)},
			Seed: ln.Seed, HasSeed: true, AtPaper: paper},
	}
}

// ExplosionCounts is table explosion: per γ, the SDE paths (of paths)
// that stopped at the coarse and the fine step, the PSD-projected ones,
// and the networks that reached their stop radius, at the settings ex
// records. It reproduces no paper table. No rows, or rows of different
// settings, are a caller bug: it panics.
func ExplosionCounts(ex []Explosion, paths int) result.Table {
	if len(ex) == 0 {
		panic("shapednet: ExplosionCounts: no γ")
	}
	e0 := ex[0]
	t := result.Table{Caption: fmt.Sprintf("Shaped attention at T = %g from ρ₀ = %g: SDE paths and networks that blow up", e0.T, e0.Rho0),
		Header: []string{"γ", fmt.Sprintf("SDE stopped (‖V‖_F ≥ %s), h = %g", radius(e0.SDEStopRadius), e0.Step), fmt.Sprintf("SDE PSD-projected paths, h = %g", e0.Step),
			fmt.Sprintf("SDE stopped, h = %g", e0.Step/10), fmt.Sprintf("networks with V^{αα} ≥ %s", radius(e0.NetStopRadius))},
		Record: result.Record{NoPaperFigure: true}}
	for _, e := range ex {
		if e.T != e0.T || e.Rho0 != e0.Rho0 || e.Step != e0.Step || e.SDEStopRadius != e0.SDEStopRadius || e.NetStopRadius != e0.NetStopRadius {
			panic(fmt.Sprintf("shapednet: ExplosionCounts: rows of different settings: %+v and %+v", e0, e))
		}
		t.Rows = append(t.Rows, []string{fmt.Sprintf("%.3f", e.Gamma), fmt.Sprintf("%d / %d", e.SDEStopped, paths),
			fmt.Sprintf("%d", e.SDEProjected), fmt.Sprintf("%d / %d", e.SDEStoppedFine, paths), fmt.Sprintf("%d / %d", e.NetStopped, paths)})
	}
	return t
}

// radius writes a stop radius, a power of ten as 1e4.
func radius(r float64) string {
	if e := math.Log10(r); e == math.Round(e) && e >= 3 {
		return fmt.Sprintf("1e%d", int(e))
	}
	return fmt.Sprintf("%g", r)
}
