package trainsweep

import (
	"math"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/vit"
)

// TestNociConfigs: each block sets the fields the comparison names, and
// bad input is an error naming the parameter.
func TestNociConfigs(t *testing.T) {
	const L = 9
	for _, v := range NociVariants {
		c, err := v.Config(L, 2.5)
		if err != nil {
			t.Fatal(v.Name, err)
		}
		if c.Layers != L || c.D != 64 || c.Patch != 7 {
			t.Errorf("%s: shape %+v", v.Name, c)
		}
		want := map[string][5]float64{ // α_A, α_M, identity skip, norm, inv temp
			"pre-ln":        {1, 1, 1, float64(vit.RMSNorm), 0},
			"post-ln":       {1, 1, 1, float64(vit.PostNorm), 0},
			"res-scale":     {1.0 / 3, 1.0 / 3, 1, float64(vit.NoNorm), 0},
			"res-scale-tau": {1.0 / 3, 1.0 / 3, 1, float64(vit.NoNorm), 2.5},
			"shaped":        {0.2, 0.2, 0, float64(vit.NoNorm), 0},
			"vanilla":       {0.2, 0.2, 0, float64(vit.NoNorm), 0},
		}[v.Block]
		id := 0.0
		if c.Residual == vit.Identity {
			id = 1
		}
		got := [5]float64{c.AlphaA, c.AlphaM, id, float64(c.Norm), c.InvTemp}
		for i := range got {
			if math.Abs(got[i]-want[i]) > 1e-15 {
				t.Errorf("%s: (α_A, α_M, identity, norm, τ) = %v, want %v", v.Name, got, want)
				break
			}
		}
		if (v.Block == "shaped") != (c.Attention == vit.Shaped) || (v.Block == "shaped" || v.Block == "vanilla") != (c.Activation == vit.ShapedReLU) {
			t.Errorf("%s: attention %v, activation %v", v.Name, c.Attention, c.Activation)
		}
		if _, isSGD := v.Optimizer().(*vit.SGD); isSGD != v.SGD {
			t.Errorf("%s: optimiser %T", v.Name, v.Optimizer())
		}
	}
	tau := NociVariant{Block: "res-scale-tau"}
	for _, c := range []struct {
		v   NociVariant
		L   int
		tau float64
		msg string
	}{{tau, 0, 1, "layers"}, {tau, 4, 0, "τ"}, {tau, 4, math.Inf(1), "τ"}, {NociVariant{Block: "x"}, 4, 1, "unknown block"}} {
		if _, err := c.v.Config(c.L, c.tau); err == nil || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("Config(%d, %g) of %q: %v, want an error naming %s", c.L, c.tau, c.v.Block, err, c.msg)
		}
	}
	if _, err := NociVariantByName("nope"); err == nil {
		t.Error("NociVariantByName(nope): no error")
	}
}

// TestEmbedStats: σ_x² is the mean square of the embedding computed
// directly, and ρ lies in the equicorrelation range [−1/(n−1), 1].
func TestEmbedStats(t *testing.T) {
	cfg := NociShape(2)
	m := vit.New(cfg, empirical.Rand(3, 1))
	rng := empirical.Rand(5, 0)
	x := make([]float64, 4*28*28)
	for i := range x {
		x[i] = rng.Float64()
	}
	rho, sx2, err := embedStats(m, x)
	if err != nil {
		t.Fatal(err)
	}
	var ss float64
	e := m.Embed(x)
	for _, v := range e {
		ss += v * v
	}
	if want := ss / float64(len(e)); math.Abs(sx2-want) > 1e-12*want {
		t.Errorf("σ_x² = %v, direct %v", sx2, want)
	}
	if n := float64(cfg.Tokens()); rho < -1/(n-1) || rho > 1 {
		t.Errorf("ρ = %v out of range", rho)
	}
	if _, _, err := embedStats(m, nil); err == nil {
		t.Error("embedStats of no images: no error")
	}
}

// TestNociStats: means and n − 1 SDs by hand; a diverged run counts
// ln 10 and accuracy 0.1; groups keep their first-appearance order.
func TestNociStats(t *testing.T) {
	f := func(v float64) *float64 { return &v }
	runs := []NociRun{
		{Variant: "b", Layers: 2, TestLoss: f(1), TestAccuracy: f(0.5)},
		{Variant: "a", Layers: 2, TestLoss: f(0.5), TestAccuracy: f(0.8)},
		{Variant: "b", Layers: 2, TestLoss: f(2), TestAccuracy: f(0.7)},
		{Variant: "b", Layers: 2, Diverged: "non-finite"},
		{Variant: "b", Layers: 4, TestLoss: f(3), TestAccuracy: f(0.2)},
	}
	st := NociStats(runs)
	if len(st) != 3 || st[0].Variant != "b" || st[0].Layers != 2 || st[1].Variant != "a" || st[2].Layers != 4 {
		t.Fatalf("groups %+v", st)
	}
	b := st[0]
	ln10 := math.Log(10)
	mean := (1 + 2 + ln10) / 3
	sd := math.Sqrt((sq(1-mean) + sq(2-mean) + sq(ln10-mean)) / 2)
	am := (0.5 + 0.7 + 0.1) / 3
	asd := math.Sqrt((sq(0.5-am) + sq(0.7-am) + sq(0.1-am)) / 2)
	if b.Seeds != 3 || b.Diverged != 1 || math.Abs(b.Loss-mean) > 1e-15 || math.Abs(b.LossSD-sd) > 1e-15 || math.Abs(b.Acc-am) > 1e-15 || math.Abs(b.AccSD-asd) > 1e-15 {
		t.Errorf("stats %+v, want mean %v sd %v acc %v ± %v", b, mean, sd, am, asd)
	}
	if math.Abs(b.SE()-sd/math.Sqrt(3)) > 1e-15 || !math.IsNaN(st[1].LossSD) {
		t.Errorf("SE %v, one-seed SD %v", b.SE(), st[1].LossSD)
	}
}

// NociPairedGap pairs by seed: shared seed effects cancel (here a seed
// shifts both variants by the same amount, so the differences are nearly
// equal although each group's SD is large), a seed one side lacks or a
// diverged run is left out, and equal differences give NaN.
func TestNociPairedGap(t *testing.T) {
	f := func(v float64) *float64 { return &v }
	var runs []NociRun
	for k, shift := range []float64{0, 1, 2, 3} {
		runs = append(runs, NociRun{Variant: "a", Layers: 4, Seed: uint64(k), TestLoss: f(1 + shift + 0.01*float64(k%2))})
		if k < 3 {
			runs = append(runs, NociRun{Variant: "b", Layers: 4, Seed: uint64(k), TestLoss: f(0.9 + shift)})
		}
	}
	runs = append(runs, NociRun{Variant: "b", Layers: 4, Seed: 3}) // diverged: no pair
	diff, tt, dof := NociPairedGap(runs, "a", 4, "b", 4)
	// Differences 0.10, 0.11, 0.10: mean 0.10333, SD 0.0057735, t = 31.0.
	if dof != 2 || math.Abs(diff-0.31/3) > 1e-12 || math.Abs(tt-(0.31/3)/(0.0057735026918962585/math.Sqrt(3))) > 1e-6 {
		t.Errorf("paired gap %v, t %v, dof %d", diff, tt, dof)
	}
	sa, sb := NociStats(NociSelect(runs, "a", 4))[0], NociStats(NociSelect(runs, "b", 4)[:3])[0]
	if zu := (sa.Loss - sb.Loss) / math.Hypot(sa.SE(), sb.SE()); math.Abs(zu) > 1 {
		t.Errorf("unpaired z %v: the seed effects should swamp it", zu)
	}
	if _, tt, _ := NociPairedGap(runs, "b", 4, "b", 4); !math.IsNaN(tt) {
		t.Errorf("equal differences: t %v, want NaN", tt)
	}
	if d, tt, dof := NociPairedGap(runs, "a", 4, "c", 4); !math.IsNaN(d) || !math.IsNaN(tt) || dof != 0 {
		t.Errorf("no pairs: %v %v %d", d, tt, dof)
	}
}

func sq(x float64) float64 { return x * x }

// TestWindowMeans: by hand, with a short last window.
func TestWindowMeans(t *testing.T) {
	got := windowMeans([]float64{1, 2, 3, 4, 5}, 2)
	if len(got) != 3 || got[0] != 1.5 || got[1] != 3.5 || got[2] != 5 {
		t.Errorf("windowMeans = %v", got)
	}
	if l := NociEntropyLayers(4); len(l) != 1 || l[0] != 0 {
		t.Errorf("NociEntropyLayers(4) = %v", l)
	}
}

// TestMeanRowsSelect: by hand, rows of unequal length; selection by
// variant and depth.
func TestMeanRowsSelect(t *testing.T) {
	got := meanRows([][]float64{{1, 2, 3}, {3, 4}, {5}})
	if len(got) != 3 || got[0] != 3 || got[1] != 3 || got[2] != 3 {
		t.Errorf("meanRows = %v, want [3 3 3]", got)
	}
	runs := []NociRun{{Variant: "a", Layers: 2, Seed: 1}, {Variant: "a", Layers: 4, Seed: 1}, {Variant: "a", Layers: 2, Seed: 2}, {Variant: "b", Layers: 2}}
	if s := NociSelect(runs, "a", 2); len(s) != 2 || s[0].Seed != 1 || s[1].Seed != 2 {
		t.Errorf("NociSelect = %+v", s)
	}
	runs[0].Curve, runs[2].Curve = []float64{1, 2}, []float64{3}
	if c := NociMeanCurve(runs, "a", 2, func(r NociRun) []float64 { return r.Curve }); len(c) != 2 || c[0] != 2 || c[1] != 2 {
		t.Errorf("NociMeanCurve = %v, want [2 2]", c)
	}
}

// NociRun.MaxAbsDiff by hand: the largest compared difference; a run that
// diverged against one that did not differs infinitely.
func TestNociRunMaxAbsDiff(t *testing.T) {
	f := func(v float64) *float64 { return &v }
	a := NociRun{TrainLoss: 1, Tau: 1.2, Rho: 0.05, TestLoss: f(0.7), TestAccuracy: f(0.8), Seconds: 3}
	b := a
	b.Seconds, b.TestAccuracy, b.Rho = 9, f(0.5), 0.25 // seconds are not compared
	if d := a.MaxAbsDiff(b); math.Abs(d-0.3) > 1e-15 {
		t.Errorf("MaxAbsDiff = %v, want 0.3", d)
	}
	if d := a.MaxAbsDiff(a); d != 0 {
		t.Errorf("MaxAbsDiff of a run with itself = %v", d)
	}
	c := a
	c.TestLoss, c.TestAccuracy = nil, nil
	if d := a.MaxAbsDiff(c); !math.IsInf(d, 1) || c.MaxAbsDiff(c) != 0 {
		t.Errorf("diverged vs not: %v; diverged vs itself %v", d, c.MaxAbsDiff(c))
	}
}
