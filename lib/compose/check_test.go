package compose

import (
	"math"
	"testing"

	"github.com/sigprop/sigprop/lib/activation"
)

// preLNTanh is the researcher's block of the issue that asked for this
// package: pre-LN, softmax attention then a tanh MLP, residual weights
// (skip 1, branch 0.7) on both sub-blocks, here small.
func preLNTanh(n, d, depth int) Block {
	return Block{N: n, D: d, Depth: depth, Norm: Pre, NormKind: LN,
		Attn: Attention{Kind: Softmax, SigmaA2: 1, Tau0: 1, Heads: 1, SigmaV2: 1},
		FF:   FeedForward{Act: activation.Tanh(), Layers: 1, Hidden: d, SigmaW: 1, SigmaOut: 1},
		ResA: Residual{Skip: 1, Branch: 0.7}, ResM: Residual{Skip: 1, Branch: 0.7}}
}

// Theory and simulation of the pre-LN tanh block (n = 8, d = 64, L = 8,
// 48 networks): ρ within max |z| 4 over the 9 layers (< 1e-3 false alarms
// if the only gap were sampling error). The finite-width bias O(1/d) is
// about 1/8 of an SE here.
func TestCompareAgrees(t *testing.T) {
	c, err := Compare(preLNTanh(8, 64, 8), SimSettings{Nets: 48, Seed: 3, Rho0: 0.3, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	if c.MaxZRho > 4 || c.MaxZQ > 4 {
		t.Errorf("max |z| ρ %.2f, q %.2f: theory and simulation disagree", c.MaxZRho, c.MaxZQ)
	}
	if len(c.ZRho) != 9 || c.ZRho[0] > 4 {
		t.Errorf("z per layer %v", c.ZRho)
	}
}

// The width check passes for the right theory (the deviation shrinks at
// least like 1/d) and fails for a wrong one: the same simulation against
// the theory of a block with the attention branch 0.4 instead of 0.7,
// whose gap does not shrink with d (slope near 0, Z far above 3).
func TestCheckWidths(t *testing.T) {
	b := preLNTanh(8, 16, 8)
	s := SimSettings{Nets: 32, Seed: 5, Rho0: 0.3, Workers: 2}
	widths := []int{16, 32, 64, 128}
	wc, err := CheckWidths(b, widths, s)
	if err != nil {
		t.Fatal(err)
	}
	if wc.Z > 3 || !(wc.Slope < -0.5) || math.IsNaN(wc.SlopeSE) {
		t.Errorf("right theory: slope %.3f ± %.3f, Z %.2f", wc.Slope, wc.SlopeSE, wc.Z)
	}
	wrong := b
	wrong.ResA.Branch = 0.4
	bad, err := checkWidths(b, wrong, widths, s)
	if err != nil {
		t.Fatal(err)
	}
	if bad.Z <= 3 {
		t.Errorf("wrong theory passes: slope %.3f ± %.3f, Z %.2f", bad.Slope, bad.SlopeSE, bad.Z)
	}
	t.Logf("right: slope %.3f ± %.3f (Z %.2f); wrong: %.3f ± %.3f (Z %.2f)", wc.Slope, wc.SlopeSE, wc.Z, bad.Slope, bad.SlopeSE, bad.Z)
}

// TestWidthLine: on an exact power law MSD = 3 d^{−1} (any SEs) the line
// of slope −1 through the weighted centre is the law itself, to rounding
// (closed form); a line of another slope crosses it at the centre only.
func TestWidthLine(t *testing.T) {
	wc := &WidthCheck{Widths: []int{16, 32, 64, 128}, MSDSE: []float64{0.02, 0.01, 0.003, 0.002}}
	for _, d := range wc.Widths {
		wc.MSD = append(wc.MSD, 3/float64(d))
	}
	line, flat := wc.Line(-1), wc.Line(0)
	for i, d := range wc.Widths {
		if got := line(float64(d)); math.Abs(got/wc.MSD[i]-1) > 1e-14 {
			t.Errorf("d = %d: line %.17g, law %.17g", d, got, wc.MSD[i])
		}
	}
	if r := flat(16) / line(16); !(r < 1) {
		t.Errorf("a flat line through the centre lies above the falling law at the smallest width? ratio %g", r)
	}
}
