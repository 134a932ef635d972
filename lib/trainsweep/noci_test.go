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

// NociRun.PrefixDiff by hand, on a full run of NociSteps steps and its
// prefix of 37: what the 37 steps determine (ρ, σ_x², τ, 3 loss windows,
// the entropy record at step 25 of both layers) is compared, what they do
// not (the cut window, later windows and records, the end-of-run values)
// is not; at NociSteps the end-of-run values are compared too; a prefix
// lacking a window or recording at another step differs infinitely.
func TestNociRunPrefixDiff(t *testing.T) {
	f := func(v float64) *float64 { return &v }
	full := NociRun{TrainLoss: 1, Tau: 1.2, Rho: 0.05, SX2: 0.4, TestLoss: f(0.7), TestAccuracy: f(0.8), Seconds: 30,
		Curve: make([]float64, NociSteps/NociWindow), EntropyLayers: []int{0, 6}}
	for i := range full.Curve {
		full.Curve[i] = 2 - float64(i)/100
	}
	full.Entropy = make([][]float64, 2)
	for s := NociEvery; s <= NociSteps; s += NociEvery {
		full.EntropySteps = append(full.EntropySteps, s)
		full.Entropy[0] = append(full.Entropy[0], 3-float64(s)/1000)
		full.Entropy[1] = append(full.Entropy[1], 2-float64(s)/1000)
	}
	const steps = 37
	prefix := full
	prefix.Curve = append(append([]float64(nil), full.Curve[:3]...), 9) // the 4th window is cut short at step 37: its mean differs
	prefix.EntropySteps = full.EntropySteps[:1]
	prefix.Entropy = [][]float64{{full.Entropy[0][0]}, {full.Entropy[1][0]}}
	prefix.TrainLoss, prefix.TestLoss, prefix.TestAccuracy, prefix.Seconds = 1.9, f(1.5), f(0.3), 4
	if d, w, r := prefix.PrefixDiff(full, steps); d != 0 || w != 3 || r != 1 {
		t.Errorf("PrefixDiff of an exact prefix = %v over %d windows and %d records, want 0 over 3 and 1", d, w, r)
	}
	for name, mutate := range map[string]func(*NociRun){
		"ρ":    func(p *NociRun) { p.Rho += 0.25 },
		"σ_x²": func(p *NociRun) { p.SX2 -= 0.25 },
		"τ":    func(p *NociRun) { p.Tau += 0.25 },
		"window 3": func(p *NociRun) {
			p.Curve = append([]float64{p.Curve[0], p.Curve[1], p.Curve[2] + 0.25}, p.Curve[3:]...)
		},
		"entropy of layer 6":   func(p *NociRun) { p.Entropy = [][]float64{p.Entropy[0], {p.Entropy[1][0] - 0.25}} },
		"entropy of layer 0":   func(p *NociRun) { p.Entropy = [][]float64{{p.Entropy[0][0] + 0.25}, p.Entropy[1]} },
		"first window, scaled": func(p *NociRun) { p.Curve = append([]float64{p.Curve[0] * 1.125}, p.Curve[1:]...) },
	} {
		p := prefix
		mutate(&p)
		want := 0.25
		if name == "first window, scaled" {
			want = full.Curve[0] / 8
		}
		if d, _, _ := p.PrefixDiff(full, steps); math.Abs(d-want) > 1e-15 {
			t.Errorf("%s moved by %v: PrefixDiff = %v", name, want, d)
		}
	}
	p := prefix
	p.EntropySteps = []int{NociEvery + 1}
	if d, _, _ := p.PrefixDiff(full, steps); !math.IsInf(d, 1) {
		t.Errorf("entropy recorded at another step: PrefixDiff = %v, want +Inf", d)
	}
	p = prefix
	p.Curve = p.Curve[:2]
	if d, _, _ := p.PrefixDiff(full, steps); !math.IsInf(d, 1) {
		t.Errorf("a window missing: PrefixDiff = %v, want +Inf", d)
	}
	p = prefix
	p.Rho = math.NaN()
	if d, _, _ := p.PrefixDiff(full, steps); !math.IsNaN(d) {
		t.Errorf("NaN ρ: PrefixDiff = %v, want NaN", d)
	}
	for _, s := range []int{0, NociSteps + 1} {
		if d, _, _ := prefix.PrefixDiff(full, s); !math.IsInf(d, 1) || CheckPrefixSteps(s) == nil {
			t.Errorf("steps %d: PrefixDiff = %v, CheckPrefixSteps = %v; want +Inf and an error", s, d, CheckPrefixSteps(s))
		}
	}
	// The whole run against itself: every window and record, then the
	// end-of-run values.
	if d, w, r := full.PrefixDiff(full, NociSteps); d != 0 || w != NociSteps/NociWindow || r != NociSteps/NociEvery {
		t.Errorf("PrefixDiff of the full run with itself = %v over %d windows and %d records", d, w, r)
	}
	g := full
	g.TestAccuracy = f(0.5)
	if d, _, _ := g.PrefixDiff(full, NociSteps); math.Abs(d-0.3) > 1e-15 {
		t.Errorf("test accuracy 0.3 off over the whole run: PrefixDiff = %v", d)
	}
	n := len(full.EntropySteps) - 1 // the records up to step NociSteps − 1
	g.EntropySteps, g.Entropy = full.EntropySteps[:n], [][]float64{full.Entropy[0][:n], full.Entropy[1][:n]}
	if d, _, _ := g.PrefixDiff(full, NociSteps-1); d != 0 {
		t.Errorf("test accuracy compared at %d steps: PrefixDiff = %v", NociSteps-1, d)
	}
}
