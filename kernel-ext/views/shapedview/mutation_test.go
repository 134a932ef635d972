package shapedview

import (
	"math"
	"testing"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/lib/block"
	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/lib/sde"
	"github.com/sigprop/sigprop/lib/shapednet"
)

// TestFig1RightMutation: Fig. 1 right's and Fig. 7's KS claim checks on a
// small live run (width 50, depth 38, T = 0.76, 4096 networks and 4096
// paths) pass against the SDE of the network's γ = 1/√8 and fail against
// the SDE at γ = 1/√2 (Fig. 4's γ), the perturbation the notebook's
// table reports at the paper's sizes (KS of ρ 0.20 against a critical
// value 0.043 there).
func TestFig1RightMutation(t *testing.T) {
	g8 := 1 / math.Sqrt(8)
	v0 := shapednet.PaperInput(2)
	c := shapednet.Config{Attention: block.Shaped, Width: 50, Depth: 38, Gamma: g8, Tau0: 1, Blocks: shapednet.BlocksAttention}
	nn, err := shapednet.Sim{Config: c, V0: v0, Nets: 4096, Seed: 202}.Run(1)
	if err != nil {
		t.Fatal(err)
	}
	sdeAt := func(g float64) *sde.Result {
		r, err := sde.Spec{Process: sde.Model{Kind: sde.Attention, Gamma: g, Tau0: 1}, V0: v0, T: 0.76, Paths: 4096, Seed: 302, Settings: sde.Settings{Workers: 1}}.Run()
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	check := func(r *sde.Result) (rho, v12 bundle.Outcome) {
		as := fig1RightView(nn, r).Agreements()
		m0, err0 := as[0].Metric()
		m1, err1 := as[1].Metric()
		if err0 != nil || err1 != nil || m0.Paper != papers.Noci2023Fig1Right.Text || !m0.Central || m1.Paper != papers.Noci2023Fig7Law.Text {
			t.Fatalf("claims %+v %+v: %v %v", m0, m1, err0, err1)
		}
		return m0.Outcome(), m1.Outcome()
	}
	if rho, v12 := check(sdeAt(g8)); rho != bundle.Passed || v12 != bundle.Passed {
		t.Errorf("SDE at the network's γ: ρ %q, V¹² %q, want both passed", rho, v12)
	}
	if rho, v12 := check(sdeAt(1 / math.Sqrt2)); rho != bundle.Failed || v12 != bundle.Failed {
		t.Errorf("SDE at γ = 1/√2: ρ %q, V¹² %q, want both failed", rho, v12)
	}
}
