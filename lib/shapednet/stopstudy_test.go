package shapednet

import (
	"math"
	"slices"
	"testing"

	"github.com/sigprop/sigprop/lib/block"
	"github.com/sigprop/sigprop/lib/empirical"
)

func stopCfg(gamma, tau0 float64) Config {
	return Config{Attention: block.Shaped, Width: 200, Depth: 200, Gamma: gamma, Tau0: tau0, Blocks: BlocksAttention}
}

func TestEquiCorr(t *testing.T) {
	v := EquiCorr(3, 0.2)
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			want := 0.2
			if i == j {
				want = 1
			}
			if v.At(i, j) != want {
				t.Errorf("EquiCorr(3, 0.2)[%d,%d] = %v, want %v", i, j, v.At(i, j), want)
			}
		}
	}
	for _, bad := range []func(){func() { EquiCorr(0, 0) }, func() { EquiCorr(3, -0.6) }, func() { EquiCorr(2, 1.1) }} {
		func() {
			defer func() {
				if recover() == nil {
					t.Error("EquiCorr: no panic on bad input")
				}
			}()
			bad()
		}()
	}
}

// γ = 0 makes every layer the identity (λ = 1): V_ℓ = V₀, whose
// eigenvalues (≈ 100) stay inside [1e-4, 1e4], so t* = Depth/Width = 1
// for every network (V₀ up to rounding). A band below V₀'s eigenvalues stops every network at
// d* = −1, t* = 0.
func TestStopStudyLimits(t *testing.T) {
	ts, trace, err := StopStudy{Nets: 20}.Run(stopCfg(0, 1), 1, 2)
	if err != nil {
		t.Fatal(err)
	}
	for i, v := range ts {
		if v != 1 {
			t.Errorf("γ = 0: t*[%d] = %v, want 1", i, v)
		}
	}
	if len(trace) != 201 || math.Abs(trace[0]/100-1) > 0.5 || math.Abs(trace[200]/trace[0]-1) > 1e-12 {
		t.Errorf("γ = 0: trace of %d values from %v to %v, want 201 equal values ≈ 100", len(trace), trace[0], trace[len(trace)-1])
	}
	ts, _, err = StopStudy{Nets: 20, Lo: 1e-4, Hi: 1}.Run(stopCfg(0.3, 1), 1, 2)
	if err != nil {
		t.Fatal(err)
	}
	for i, v := range ts {
		if v != 0 {
			t.Errorf("Hi = 1: t*[%d] = %v, want 0", i, v)
		}
	}
}

// Each network has its own generator: the worker count does not change a
// bit, and Grid's point k equals Run with seed+k.
func TestStopStudyDeterministic(t *testing.T) {
	s := StopStudy{Nets: 30}
	a, _, err := s.Run(stopCfg(0.5, 1), 7, 1)
	if err != nil {
		t.Fatal(err)
	}
	b, _, err := s.Run(stopCfg(0.5, 1), 7, 3)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(a, b) {
		t.Error("StopStudy.Run depends on workers")
	}
	z, se, err := s.Grid(stopCfg(0, 0), []float64{0.3, 0.5}, []float64{1, 2}, 0.5, 7, 2)
	if err != nil {
		t.Fatal(err)
	}
	c, _, _ := s.Run(stopCfg(0.5, 2), 7+3, 1)
	if z[3] != empirical.Quantile(c, 0.5) || se[3] != empirical.QuantileSE(c, 0.5) {
		t.Errorf("Grid[(γ=0.5, τ₀=2)] = %v, want Run's median %v", z[3], empirical.Quantile(c, 0.5))
	}
}

// The notes' (lib/sources/noci2023.md) independent numpy simulation (lib/sources/noci2023.md#figure-5, m = 2, X₀ = 10·iid
// N(0, 1), exact reduced chain) finds at γ = 0.5 a median t* of 0.43 and
// a 10th percentile of 0.14, and at γ = 0.2 a median of 1 and a 10th
// percentile of 0.92 (100 networks each, so its own standard errors are
// ≈ 0.05). With 400 networks here, each must agree within 4 combined SE
// (ours from QuantileSE, the notes' (lib/sources/noci2023.md) taken as twice ours: 100 vs 400
// networks).
func TestStopStudyMatchesSpec(t *testing.T) {
	if testing.Short() {
		t.Skip("400 networks per γ")
	}
	for _, c := range []struct{ gamma, q, want float64 }{{0.5, 0.5, 0.43}, {0.5, 0.1, 0.14}, {0.2, 0.5, 1}, {0.2, 0.1, 0.92}} {
		ts, _, err := StopStudy{Nets: 400}.Run(stopCfg(c.gamma, 1), 11, 2)
		if err != nil {
			t.Fatal(err)
		}
		got, se := empirical.Quantile(ts, c.q), empirical.QuantileSE(ts, c.q)
		tol := 4 * math.Hypot(se, 2*se)
		if c.want == 1 {
			tol = 0 // capped: the median is exactly 1 when more than half never stop
		}
		t.Logf("γ = %v: q%v of t* = %.3f ± %.3f (4 SE), want %v", c.gamma, c.q, got, tol, c.want)
		if math.Abs(got-c.want) > tol+1e-12 {
			t.Errorf("γ = %v: q%v of t* = %v ± %v, want %v", c.gamma, c.q, got, tol, c.want)
		}
	}
}

func TestStopStudyErrors(t *testing.T) {
	if _, _, err := (StopStudy{TokenSD: -1}).Run(stopCfg(0.5, 1), 1, 1); err == nil {
		t.Error("TokenSD < 0: no error")
	}
	if _, _, err := (StopStudy{M: 3}).Run(Config{Attention: block.Shaped, Width: 2, Depth: 2, Gamma: 0.5, Blocks: BlocksAttention}, 1, 1); err == nil {
		t.Error("Width < M: no error")
	}
	if _, _, err := (StopStudy{}).Grid(stopCfg(0.5, 1), nil, []float64{1}, 0.5, 1, 1); err == nil {
		t.Error("empty grid: no error")
	}
}
