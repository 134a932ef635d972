package tokencheck

import (
	"errors"
	"math"
	"testing"

	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/tokengeom"
	"github.com/sigprop/sigprop/lib/tokennet"
)

var a8 = 1 / math.Sqrt(8)

// One block of the random transformer against F (Monte Carlo, 16 networks
// of n = 256, d = 64 per case): q₁/d within 4 SE + AttBias, p₁/q₁ within
// 4 SE. The theory side is pinned to the notes' (lib/sources/cowsik2024.md) layer-1 iterate (lib/sources/cowsik2024.md#figures,
// Fig. 2: q/d = 0.79633493 at σ_w = 1 from (d, 0)).
func TestLayerCurvesOneBlock(t *testing.T) {
	for i, c := range []struct{ sw, q0, p0 float64 }{{1, 64, 0}, {2, 64, 32}} {
		m := tokengeom.NewModel(a8, a8, c.sw)
		cv, err := layerCurves(m, 1, c.q0, c.p0, 16, empirical.Rand(uint64(10+i), 1))
		if err != nil {
			t.Fatal(err)
		}
		rho := c.p0 / c.q0
		if want := a8 * a8 * (1 - rho*rho) * (1 - rho*rho) / 64; math.Abs(cv.AttBias-want) > 1e-15 {
			t.Errorf("σ_w = %g: AttBias %v, want α²(1−ρ²)²/d = %v", c.sw, cv.AttBias, want)
		}
		if len(cv.Q) != 2 || len(cv.Sim.QOverD) != 2 {
			t.Fatalf("σ_w = %g: %d theory and %d simulated layers, want 2", c.sw, len(cv.Q), len(cv.Sim.QOverD))
		}
		if d := math.Abs(cv.Sim.QOverD[1] - cv.Q[1]); d > 4*cv.Sim.QOverDSE[1]+cv.AttBias {
			t.Errorf("σ_w = %g: q₁/d sim %v ± %v, theory %v", c.sw, cv.Sim.QOverD[1], cv.Sim.QOverDSE[1], cv.Q[1])
		}
		if d := math.Abs(cv.Sim.Cos[1] - cv.Cos[1]); d > 4*cv.Sim.CosSE[1] {
			t.Errorf("σ_w = %g: p₁/q₁ sim %v ± %v, theory %v", c.sw, cv.Sim.Cos[1], cv.Sim.CosSE[1], cv.Cos[1])
		}
		if i == 0 && math.Abs(cv.Q[1]-0.79633493) > 1e-8 {
			t.Errorf("theory q₁/d = %v, want 0.79633493", cv.Q[1])
		}
	}
}

// The width bias is the simulation over the theory minus one, point by
// point, with the theory computed once at the model's d; ScaledDiffZ is
// its closed form (checked on numbers chosen by hand).
func TestMeasureWidthBias(t *testing.T) {
	m := tokengeom.NewModel(a8, a8, 1)
	w, err := MeasureWidthBias(m, 2, []int{16, 32}, 8, Seeds{Seed: 20, Stream: 1})
	if err != nil {
		t.Fatal(err)
	}
	tr, err := tokengeom.Trajectory(m, 64, 0, 2)
	if err != nil {
		t.Fatal(err)
	}
	if w.Seeds != (Seeds{Seed: 20, Stream: 1}) {
		t.Errorf("MeasureWidthBias recorded seeds %+v, want the ones run", w.Seeds)
	}
	if w.Theory != tr[2].Q/64 {
		t.Errorf("theory %v, want q₂/d of F = %v", w.Theory, tr[2].Q/64)
	}
	for k := range w.Widths {
		if w.Bias[k] != w.Sim[k]/w.Theory-1 || w.BiasSE[k] != w.SimSE[k]/w.Theory || !(w.SimSE[k] > 0) {
			t.Errorf("width %d: sim %v ± %v, bias %v ± %v", w.Widths[k], w.Sim[k], w.SimSE[k], w.Bias[k], w.BiasSE[k])
		}
		// The bias is a finite-width correction: a few per cent at d >= 16 after two blocks.
		if math.Abs(w.Bias[k]) > 0.1 {
			t.Errorf("width %d: relative bias %v, want |bias| < 0.1", w.Widths[k], w.Bias[k])
		}
	}
	// d·b equal at both widths: z = 0; otherwise (64·0.02 − 128·0.01·1.5)/√((64·0.003)² + (128·0.002)²) = −0.64/0.32.
	h := WidthBias{Widths: []int{64, 128}, Bias: []float64{0.02, 0.01}, BiasSE: []float64{0.003, 0.002}}
	if z := h.ScaledDiffZ(0, 1); math.Abs(z) > 1e-15 {
		t.Errorf("equal d × bias: z = %v, want 0", z)
	}
	h.Bias[1] = 0.015
	if z, want := h.ScaledDiffZ(0, 1), -0.64/0.32; math.Abs(z-want) > 1e-12 {
		t.Errorf("z = %v, want %v", z, want)
	}
}

// Two groups of tokens merge (Monte Carlo, 4 networks of n = 256, d = 64,
// 8 blocks at σ_w = 2): p1/p2 starts at the target 48/32 = 1.5 and falls
// towards 1; the fixed point is F's; in the ordered phase there is none.
func TestSymmetryRestoration(t *testing.T) {
	m := tokengeom.NewModel(a8, a8, 2)
	s, err := symmetryRestoration(m, 8, 64, 48, 32, 4, empirical.Rand(30, 1))
	if err != nil {
		t.Fatal(err)
	}
	r := s.Sim.QOverD
	if math.Abs(r[0]-1.5) > 4*s.Sim.QOverDSE[0]+0.05 || !(r[8] < r[0]) || !(r[8] >= 1-4*s.Sim.QOverDSE[8]) {
		t.Errorf("p1/p2 per layer %v ± %v, want from 1.5 down towards 1", r, s.Sim.QOverDSE)
	}
	fp, err := tokengeom.NonCollapsedFixedPoint(m, tokengeom.FixedPointSettings{})
	if err != nil {
		t.Fatal(err)
	}
	if s.FixedCos != fp.P/fp.Q || !(s.FixedCos > 0 && s.FixedCos < 1) {
		t.Errorf("fixed p/q %v, want F's %v in (0, 1)", s.FixedCos, fp.P/fp.Q)
	}
	if _, err := symmetryRestoration(tokengeom.NewModel(a8, a8, 1), 2, 64, 48, 32, 2, empirical.Rand(31, 1)); !errors.Is(err, tokengeom.ErrNoFixedPoint) {
		t.Errorf("ordered phase: err = %v, want ErrNoFixedPoint", err)
	}
}

// The histograms of one network (n = 256, d = 64, 2 blocks at σ_w = 1) are
// centred on the theory: at each layer the histogram mean of |X_i|²/d is
// within 0.1 of F's q_t/d (the bins are 0.04 wide; one network's mean norm
// fluctuates by a few per cent), and the cosines' mean within 0.1 of p_t/q_t.
func TestLayerHistograms(t *testing.T) {
	m := tokengeom.NewModel(a8, a8, 1)
	r := tokennet.HistogramRanges{NormLo: 0, NormHi: 1.6, CosLo: -0.3, CosHi: 1, Bins: 40}
	h, err := layerHistograms(m, 2, 64, 0, 1, r, empirical.Rand(50, 1))
	if err != nil {
		t.Fatal(err)
	}
	tr, err := tokengeom.Trajectory(m, 64, 0, 2)
	if err != nil {
		t.Fatal(err)
	}
	q, cos := tokengeom.TrajectoryXY(m, tr)
	mean := func(hist tokennet.LayerHistogram, t int) float64 {
		var s, w float64
		for b, c := range hist.Centres {
			s, w = s+c*hist.Density[t][b], w+hist.Density[t][b]
		}
		return s / w
	}
	for l := 0; l <= 2; l++ {
		if h.Q[l] != q[l] || h.Cos[l] != cos[l] {
			t.Errorf("layer %d: theory (%v, %v), want F's (%v, %v)", l, h.Q[l], h.Cos[l], q[l], cos[l])
		}
		if mq, mc := mean(h.Norms, l), mean(h.Cosines, l); math.Abs(mq-q[l]) > 0.1 || math.Abs(mc-cos[l]) > 0.1 {
			t.Errorf("layer %d: histogram means (%v, %v), theory (%v, %v)", l, mq, mc, q[l], cos[l])
		}
	}
}
