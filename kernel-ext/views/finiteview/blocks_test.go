package finiteview

import (
	"strings"
	"testing"

	"github.com/sigprop/sigprop/kernel-ext/contract/picture"
	rd "github.com/sigprop/sigprop/kernel-ext/render"
	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/compose"
	"github.com/sigprop/sigprop/lib/finitewidth"
)

// metrics renders every figure of v and returns its metrics by name.
func metrics(t *testing.T, v show.View) (ids []string, ms map[string]show.Metric) {
	t.Helper()
	ms = map[string]show.Metric{}
	for _, f := range v.Figures() {
		if _, _, err := picture.RenderFigure(f); err != nil {
			t.Errorf("figure %s: %v", f.ID, err)
		}
		ids = append(ids, f.ID)
	}
	for _, a := range v.Agreements() {
		m, err := a.Metric()
		if err != nil {
			t.Fatalf("metric %q: %v", a.Name, err)
		}
		ms[a.Name] = m
	}
	return ids, ms
}

// TestBlockVariance: the no-norm uniform-attention ReLU block at d = 16
// and 24 (depth d/2, 300 networks): two figures, the checks of the
// claimed layers pass, the theory without the cross term is rejected by
// its metric, and the same builder fed that wrong theory as the theory
// fails the max-|z| checks (a plausible error fails them).
func TestBlockVariance(t *testing.T) {
	var cs, wrong []*finitewidth.BlockComparison
	for _, d := range []int{16, 24} {
		c := finitewidth.BlockCases(d, d/2)[2]
		cmp, err := finitewidth.CompareBlock(c.BlockSettings, compose.SimSettings{Nets: 300, Workers: 2, Seed: 5})
		if err != nil {
			t.Fatal(err)
		}
		w := c.BlockSettings
		w.NoCross = true
		wth, err := finitewidth.BlockMoments(w)
		if err != nil {
			t.Fatal(err)
		}
		wc := finitewidth.CompareRun(wth, cmp.Run)
		cs, wrong = append(cs, cmp), append(wrong, wc)
	}
	ids, ms := metrics(t, blockView("relu", "none-uniform-relu", cs, wrong))
	if strings.Join(ids, "|") != "relu|relu-q" {
		t.Errorf("figures %q", ids)
	}
	if len(ms) != 8 {
		t.Errorf("%d metrics, want 4 per width", len(ms))
	}
	for name, m := range ms {
		if !m.Pass {
			t.Errorf("%s: %v fails (tol %v)", name, m.Value, m.Tolerance)
		}
	}
	_, bad := metrics(t, blockView("relu", "none-uniform-relu", wrong, wrong))
	failed := 0
	for name, m := range bad {
		if strings.Contains(name, "max |z|") && !m.Pass {
			failed++
		}
	}
	if failed == 0 {
		t.Error("the theory without the cross term passes every max |z| check")
	}
}

// TestBlockRegimeDeclared: a block with a declared regime carries its
// disagreement on the all-layers check only.
func TestBlockRegimeDeclared(t *testing.T) {
	c := finitewidth.ShapedCase(16, 8, 0.5, 1, false)
	cmp, err := finitewidth.CompareBlock(c.BlockSettings, compose.SimSettings{Nets: 50, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	v := blockView("sh", c.Name, []*finitewidth.BlockComparison{cmp}, []*finitewidth.BlockComparison{cmp})
	n := 0
	for _, a := range v.Agreements() {
		if a.Disagreement != nil {
			n++
			if !strings.Contains(a.Name, "over ℓ/d") && a.Name != "shaped-attention, d = 16: max |z| of Var ρ̂" {
				t.Errorf("disagreement on %q", a.Name)
			}
		}
	}
	if n != 2 { // the regime beyond ℓ/d = 1/8 and, at d <= 16, NarrowRegimes
		t.Errorf("%d declared checks, want 2", n)
	}
}

// TestShapedSDE: the figure renders and both checks pass at d = 64 … 4096.
func TestShapedSDE(t *testing.T) {
	c, err := finitewidth.ShapedSDECurves([]int{64, 256, 1024, 4096}, 0.5, 1, 0.3)
	if err != nil {
		t.Fatal(err)
	}
	_, ms := metrics(t, rd.Curves(show.Figure{ID: "sde"}, c))
	if len(ms) != 2 {
		t.Errorf("%d metrics", len(ms))
	}
	for name, m := range ms {
		if !m.Pass {
			t.Errorf("%s: %v fails (tol %v)", name, m.Value, m.Tolerance)
		}
	}
}
