package shapednet

import (
	"errors"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/lib/block"
	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/sde"
	"gonum.org/v1/gonum/mat"
)

// OneStepSettings.Run is the loop it replaced (Simulate, then n·Var per entry beside
// Σ's diagonal), bit for bit; and the ratio n·Var(V₁)/Σ is 1 within its
// sampling error plus the O(n^{-1/2}) bias of Theorem 4.2.
func TestOneStep(t *testing.T) {
	v3 := mat.NewSymDense(3, []float64{1, .2, .1, .2, 1.5, -.3, .1, -.3, .8})
	c := Config{Attention: block.Shaped, Width: 256, Depth: 7, Gamma: 1, Tau0: 0.5, Blocks: BlocksAttention}
	md := sde.Model{Kind: sde.Attention, Gamma: 1, Tau0: 0.5}
	const nets = 20000
	o, err := OneStepSettings{Config: c, Model: md, V0: v3, Nets: nets, Seed: 5}.Run(2)
	if err != nil {
		t.Fatal(err)
	}
	c.Depth = 1
	r, err := Simulate(c, v3, nets, 5, 1)
	if err != nil {
		t.Fatal(err)
	}
	S := md.Diffusion(v3)
	for k, p := range sde.TriPairs(3) {
		_, sd := empirical.MeanSD(r.FinalEntry(p[0], p[1]))
		if nv := 256 * sd * sd; o.NVar[k] != nv || o.Ratio[k] != nv/S.At(k, k) {
			t.Errorf("entry %v: NVar %v, Ratio %v; the explicit loop gives %v, %v", p, o.NVar[k], o.Ratio[k], nv, nv/S.At(k, k))
		}
	}
	if o.Entries[1] != "V12" || o.Entries[5] != "V33" {
		t.Errorf("Entries = %v, want V11, V12, …, V33", o.Entries)
	}
	// SE of a variance ratio √(2/(N−1)) = 0.01 at N = 20000; the bias of the
	// one-step covariance is O(n^{-1/2}) ≈ 6% at n = 256 (lib/sources/noci2023.md#check-12
	// gives ≤ 1% at n = 1024): allow 5 SE + 10%.
	for k, ratio := range o.Ratio {
		if math.Abs(ratio-1) > 5*o.RatioSE+0.1 {
			t.Errorf("entry %v: n·Var(V₁)/Σ = %v, want 1 ± %v", o.Pairs[k], ratio, 5*o.RatioSE+0.1)
		}
	}
	if slices.Min(o.RatioNoA) < 1.2 {
		t.Errorf("without 𝒜 the ratios %v should exceed 1.2 (lib/sources/noci2023.md#check-12: 1.3–2.5)", o.RatioNoA)
	}
	if _, err := (OneStepSettings{Config: c, Model: md, V0: v3, Nets: 1, Seed: 5}).Run(1); !errors.Is(err, ErrParam) || !strings.Contains(err.Error(), "OneStepSettings.Nets = 1") {
		t.Errorf("OneStep with nets = 1: %v, want ErrParam naming Nets", err)
	}
}

// KSByWidth is KS2 of Simulate at each width against the reference; the
// same network sample as reference gives 0.
func TestKSByWidth(t *testing.T) {
	v0 := EquiCorr(2, 0.2)
	c := Config{Attention: block.Shaped, Gamma: 0.5, Tau0: 1, Blocks: BlocksAttention}
	r, err := Simulate(Config{Attention: block.Shaped, Width: 16, Depth: 12, Gamma: 0.5, Tau0: 1, Blocks: BlocksAttention}, v0, 200, 3, 1)
	if err != nil {
		t.Fatal(err)
	}
	ref := r.FinalCorr(0, 1)
	ks, last, err := KSByWidth(c, v0, 0.75, []float64{8, 16}, 200, ref, 3, 2)
	if err != nil {
		t.Fatal(err)
	}
	if ks[1] != 0 || !slices.Equal(last, ref) {
		t.Errorf("width 16, depth 12, same seed: KS = %v, want 0 (the same sample)", ks[1])
	}
	r8, _ := Simulate(Config{Attention: block.Shaped, Width: 8, Depth: 6, Gamma: 0.5, Tau0: 1, Blocks: BlocksAttention}, v0, 200, 3, 1)
	if want := empirical.KS2(r8.FinalCorr(0, 1), ref); ks[0] != want || !(want > 0) {
		t.Errorf("width 8: KS = %v, want KS2 of the explicit run %v > 0", ks[0], want)
	}
	for _, bad := range [][]float64{nil, {0.5}} {
		if _, _, err := KSByWidth(c, v0, 0.75, bad, 10, ref, 1, 1); err == nil {
			t.Errorf("widths %v: no error", bad)
		}
	}
}

// LawSettings.Run is Simulate and ResNetCorr.Simulate per γ; AbsQuantile is the
// quantile of |ρ| with SEs combined in quadrature.
func TestResNetLaws(t *testing.T) {
	c := Config{Attention: block.Shaped, Width: 30, Depth: 10, CMinus: -1, Blocks: BlocksMLP}
	s := sde.Settings{Step: 0.01}
	l, err := LawSettings{Config: c, Gammas: []float64{0.5, 1}, Rho0: 0.2, Nets: 300, Paths: 400, NetSeed: 10, SDESeed: 20, SDE: s}.Run(2)
	if err != nil {
		t.Fatal(err)
	}
	c.Gamma = 1
	r, _ := Simulate(c, EquiCorr(2, 0.2), 300, 11, 1)
	y, _ := sde.ResNetCorr{Gamma: 1, CMinus: -1}.Simulate(0.2, 10.0/30, 400, 21, s)
	if !slices.Equal(l.Net[1], r.FinalCorr(0, 1)) || !slices.Equal(l.SDE[1], y) {
		t.Error("γ = 1: LawSettings.Run differs from the explicit Simulate calls with seeds 11 and 21")
	}
	if _, err := (LawSettings{Config: Config{Width: 30, Depth: 10, Blocks: BlocksAttention}, Gammas: []float64{1}, Rho0: 0.2, Nets: 10, Paths: 10, NetSeed: 1, SDESeed: 1, SDE: s}).Run(1); !errors.Is(err, ErrParam) {
		t.Errorf("BlocksAttention: %v, want ErrParam", err)
	}
	// |x| = {0.1, 0.2, …, 0.9}: the median (type 7) is 0.5.
	x := []float64{-0.1, 0.2, -0.3, 0.4, -0.5, 0.6, -0.7, 0.8, -0.9}
	q, qse, qs, se := CorrLaws{Gamma: []float64{1}, Net: [][]float64{x}, SDE: [][]float64{x}}.AbsQuantile(0.5)
	if math.Abs(q[0]-0.5) > 1e-15 || qs[0] != q[0] || math.Abs(se[0]-math.Sqrt2*qse[0]) > 1e-15 {
		t.Errorf("AbsQuantile(0.5) = %v, %v, %v, %v; want 0.5, SE, 0.5, √2·SE", q, qse, qs, se)
	}
}

// Explosions counts stopped paths and networks as the explicit calls do,
// the fine step a tenth of the coarse one.
func TestExplosions(t *testing.T) {
	c := Config{Attention: block.Shaped, Width: 20, Tau0: 1, Blocks: BlocksAttention, StopRadius: 1e4}
	md := sde.Model{Kind: sde.Attention, Tau0: 1}
	v0 := EquiCorr(2, 0.2)
	ex, err := ExplosionSettings{Config: c, Model: md, V0: v0, T: 1, Gammas: []float64{0.3, 1}, Paths: 100, SDESeed: 7, NetSeed: 9}.Run(2)
	if err != nil {
		t.Fatal(err)
	}
	md.Gamma, c.Gamma, c.Depth = 1, 1, 20
	r, _ := sde.Simulate(md, v0, 1, 100, 8, sde.Settings{})
	f, _ := sde.Simulate(md, v0, 1, 100, 8, sde.Settings{Step: 0.001})
	nn, _ := Simulate(c, v0, 100, 10, 1)
	want := Explosion{Gamma: 1, SDEStopped: r.NumStopped(), SDEProjected: r.NumPSDViolating(), SDEStoppedFine: f.NumStopped(), NetStopped: nn.NumStopped(),
		T: 1, Rho0: 0.2, Step: 0.01, SDEStopRadius: 1e4, NetStopRadius: 1e4} // the settings run, defaults filled in
	if ex[1] != want {
		t.Errorf("γ = 1: %+v, want %+v", ex[1], want)
	}
	if ex[1].SDEStopped == 0 || ex[0].SDEStopped > ex[1].SDEStopped {
		t.Errorf("stopped SDE paths at γ = 0.3, 1: %d, %d; want some at γ = 1 and no more at γ = 0.3", ex[0].SDEStopped, ex[1].SDEStopped)
	}
	if _, err := (ExplosionSettings{Config: c, Model: md, V0: v0, T: 0, Gammas: []float64{1}, Paths: 10, SDESeed: 1, NetSeed: 1}).Run(1); !errors.Is(err, ErrParam) || !strings.Contains(err.Error(), "ExplosionSettings.T = 0") {
		t.Errorf("T = 0: %v, want ErrParam naming T", err)
	}
}
