package gomlxpeer

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/sigprop/sigprop/lib/vit"
)

func randomBatch(cfg vit.Config, B int, rng *rand.Rand) ([]float64, []int) {
	x := make([]float64, B*cfg.Pixels())
	for i := range x {
		x[i] = 2*rng.Float64() - 1
	}
	y := make([]int, B)
	for i := range y {
		y[i] = rng.IntN(cfg.Classes)
	}
	return x, y
}

// relDiff returns the norm-wise relative difference |a − b|₂/|b|₂ (the
// plain |a − b|₂ when b = 0).
func relDiff(a, b []float64) float64 {
	var num, den float64
	for i := range a {
		num += (a[i] - b[i]) * (a[i] - b[i])
		den += b[i] * b[i]
	}
	if den == 0 {
		return math.Sqrt(num)
	}
	return math.Sqrt(num / den)
}

func smallConfig() vit.Config {
	return vit.Config{Rows: 8, Cols: 8, Patch: 4, D: 8, Layers: 2, MLPLayers: 2, Classes: 3,
		AlphaA: 0.5, AlphaM: 0.5, SigmaW: 1.5, SigmaA2: 1}
}

// TestMatchesVit checks that the gomlx graph and lib/vit's hand-written
// model compute the same function and gradient: the loss to 1e-12 and
// every gradient tensor to 1e-10, both relative (per tensor in the
// Euclidean norm, so that entries that cancel to ~0 do not dominate).
// Both are float64 evaluations of the same formulas in different orders;
// the forward and reverse passes chain O(10²) roundings of relative size
// ε = 1.1e-16 through well-conditioned maps (Norm, softmax and LayerNorm
// have condition numbers O(1) at these widths), so the expected
// disagreement is ~1e-14, and the tolerances leave a margin of 100–10⁴
// while any formula difference (a missing α̃, a transposed W, a wrong
// 1/√d) is an O(1) relative error. The test logs the largest
// differences seen.
//
// Each case runs with gomlx's stock DotGeneral gradient and with the
// textbook one of Options.FastDotVJP.
//
// It then takes one Adam step on both (vit.Adam's zero value, the peer's
// compiled step graph) and checks the parameters agree to 1e-10 absolute:
// the t = 1 update is lr·g/(|g| + ε_Adam), whose sensitivity to g is at
// most lr/ε_Adam = 3e4, so a gradient error of ≤ 1e-15 absolute moves a
// parameter by ≤ 3e-11.
func TestMatchesVit(t *testing.T) {
	identity := smallConfig()
	identity.Residual, identity.InvTemp = vit.Identity, 0.7
	deep := smallConfig()
	deep.Layers, deep.MLPLayers, deep.AlphaA, deep.AlphaM = 4, 1, 0.9, 0.3
	for _, tc := range []struct {
		name string
		cfg  vit.Config
		B    int
	}{
		{"paper-block d=8 L=2", smallConfig(), 4},
		{"identity-residual tau=0.7", identity, 4},
		{"L=4 l=1 alpha=(0.9,0.3) rect", func() vit.Config { c := deep; c.Cols = 12; return c }(), 3},
		{"paper config", vit.PaperConfig(0.5, 1.5), 2},
	} {
		for _, fast := range []bool{false, true} {
			name := tc.name + "/stock-dot-vjp"
			if fast {
				name = tc.name + "/fast-dot-vjp"
			}
			t.Run(name, func(t *testing.T) { checkAgainstVit(t, tc.cfg, tc.B, Options{FastDotVJP: fast}) })
		}
	}
}

// checkAgainstVit runs the comparisons of TestMatchesVit for one model.
func checkAgainstVit(t *testing.T, cfg vit.Config, B int, opt Options) {
	rng := rand.New(rand.NewPCG(7, 11))
	m := vit.New(cfg, rng)
	x, y := randomBatch(cfg, B, rng)
	p := New(m, opt)

	want, _, err := m.LossGrad(x, y)
	if err != nil {
		t.Fatal(err)
	}
	got, grads, err := p.LossGrad(x, y)
	if err != nil {
		t.Fatal(err)
	}
	if r := math.Abs(got-want) / math.Abs(want); !(r <= 1e-12) {
		t.Errorf("loss: gomlx %.17g, vit %.17g, relative difference %.3g > 1e-12", got, want, r)
	}
	worst, worstName := 0.0, ""
	for i, tt := range m.Tensors() {
		if p.Names()[i] != tt.Name {
			t.Fatalf("tensor %d: peer %q, vit %q", i, p.Names()[i], tt.Name)
		}
		r := relDiff(grads[i], tt.Grad)
		if !(r <= 1e-10) {
			t.Errorf("gradient of %s: relative difference %.3g > 1e-10", tt.Name, r)
		}
		if r > worst || worstName == "" {
			worst, worstName = r, tt.Name
		}
	}
	t.Logf("loss %.6f, relative difference %.2g; largest gradient difference %.2g (%s)",
		want, math.Abs(got-want)/math.Abs(want), worst, worstName)

	// One Adam step on each.
	(&vit.Adam{}).Step(m.Params(), m.Grads())
	l1, err := p.Step(x, y)
	if err != nil {
		t.Fatal(err)
	}
	if r := math.Abs(l1-want) / math.Abs(want); !(r <= 1e-12) {
		t.Errorf("loss of the step graph %.17g, vit %.17g, relative difference %.3g", l1, want, r)
	}
	var maxAbs float64
	for i, pv := range p.Params() {
		for j, v := range pv {
			maxAbs = math.Max(maxAbs, math.Abs(v-m.Tensors()[i].Value[j]))
		}
	}
	if !(maxAbs <= 1e-10) {
		t.Errorf("parameters after one Adam step differ by up to %.3g > 1e-10", maxAbs)
	}
	// The update moved the parameters by ~lr, so the comparison
	// above is not between unchanged copies.
	after, _, err := m.Loss(x, y)
	if err != nil {
		t.Fatal(err)
	}
	if !(math.Abs(after-want) > 1e-6) {
		t.Errorf("loss barely changed by the Adam step: %v → %v", want, after)
	}
	t.Logf("after one Adam step: parameters agree to %.2g; loss %.6f → %.6f", maxAbs, want, after)
}

// TestBadInput checks that shape and label errors panic naming the problem.
func TestBadInput(t *testing.T) {
	cfg := smallConfig()
	rng := rand.New(rand.NewPCG(1, 2))
	p := New(vit.New(cfg, rng), Options{})
	x, _ := randomBatch(cfg, 2, rng)
	for _, tc := range []struct {
		name string
		x    []float64
		y    []int
	}{
		{"short input", x[:10], []int{0}},
		{"label count", x, []int{0}},
		{"label range", x, []int{0, 3}},
		{"negative label", x, []int{-1, 0}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Errorf("no panic")
				}
			}()
			_, _, _ = p.LossGrad(tc.x, tc.y)
		})
	}
}
