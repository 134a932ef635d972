package shapednet

import (
	"math"
	"slices"
	"testing"

	"github.com/sigprop/sigprop/internal/mustpanic"
	"github.com/sigprop/sigprop/lib/empirical"
)

// ByGamma is Run with seed seed+i and the quantiles of its t*.
func TestStopByGamma(t *testing.T) {
	c := stopCfg(0, 1)
	c.Width, c.Depth = 40, 40
	s := StopStudy{Nets: 30}
	b, err := s.ByGamma(c, []float64{0.2, 0.6}, 50, 2)
	if err != nil {
		t.Fatal(err)
	}
	c.Gamma = 0.6
	ts, trace, err := s.Run(c, 51, 1)
	if err != nil {
		t.Fatal(err)
	}
	if b.Median[1] != empirical.Quantile(ts, 0.5) || b.P10[1] != empirical.Quantile(ts, 0.1) || b.MedianSE[1] != empirical.QuantileSE(ts, 0.5) || !slices.Equal(b.Trace[1], trace) {
		t.Errorf("γ = 0.6: %v, %v, %v differ from Run with seed 51", b.Median[1], b.P10[1], b.MedianSE[1])
	}
	if want := (b.Median[1] - b.Median[0]) / math.Hypot(b.MedianSE[0], b.MedianSE[1]); b.DiffZ(0, 1) != want && !(math.IsNaN(want) && math.IsNaN(b.DiffZ(0, 1))) {
		t.Errorf("DiffZ(0, 1) = %v, want %v", b.DiffZ(0, 1), want)
	}
	if _, err := s.ByGamma(c, nil, 1, 1); err == nil {
		t.Error("no gammas: no error")
	}
}

// On a hand-made 3×2 grid the contrasts have closed forms.
func TestStopGrid(t *testing.T) {
	g := StopGrid{Gammas: []float64{0.1, 0.2, 0.3}, Tau0s: []float64{1, 2},
		Z:  []float64{0.9, 0.6, 0.3 /* τ₀ = 1 */, 1.0, 0.8, 0.5 /* τ₀ = 2 */},
		SE: []float64{0.03, 0.04, 0.03, 0.06, 0.08, 0.12}}
	// τ₀ = 1: (0.3 − 0.9)/√(0.03²+0.03²) = −14.142; τ₀ = 2: (0.5 − 1)/√(0.06²+0.12²) = −3.727.
	if got, want := g.LeastFall(0, 2), -0.5/math.Sqrt(0.06*0.06+0.12*0.12); math.Abs(got-want) > 1e-12 {
		t.Errorf("LeastFall(0, 2) = %v, want %v", got, want)
	}
	// Rise over γ indices 1, 2: (0.2 + 0.2)/√(0.04²+0.08²+0.03²+0.12²).
	if got, want := g.PooledRise(0, 1, 1, 2), 0.4/math.Sqrt(0.04*0.04+0.08*0.08+0.03*0.03+0.12*0.12); math.Abs(got-want) > 1e-12 {
		t.Errorf("PooledRise = %v, want %v", got, want)
	}
	if got, want := g.DiffZ(1, 0, 1, 1), 0.2/math.Hypot(0.04, 0.08); math.Abs(got-want) > 1e-12 {
		t.Errorf("DiffZ = %v, want %v", got, want)
	}
	mustpanic.Check(t, "DiffZ outside the grid", func() { g.DiffZ(0, 0, 3, 0) })
}
