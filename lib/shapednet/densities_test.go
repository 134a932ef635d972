package shapednet

import (
	"testing"

	"github.com/sigprop/sigprop/lib/block"
	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/result"
	"github.com/sigprop/sigprop/lib/sde"
)

// TestDensities: on a small run (width 8, depth 6, 32 networks, 40 SDE
// paths) the figures of Fig. 1 right and 7 are well formed, their KS
// checks read the drawn pair or, for V¹¹, samples of their own at
// KSLevel; Fig. 7 refuses m ≠ 2; the KS-against-width curve's reference
// line is the critical value of its sample sizes.
func TestDensities(t *testing.T) {
	const n, depth, nets, g = 8, 6, 32, 0.3
	c := Config{Attention: block.Shaped, Width: n, Depth: depth, Gamma: g, Tau0: 1, Blocks: BlocksAttention}
	v0 := EquiCorr(2, 0.3)
	nn, err := Simulate(c, v0, nets, 4, 1)
	if err != nil {
		t.Fatal(err)
	}
	r, err := sde.Simulate(sde.Model{Kind: sde.Attention, Gamma: g, Tau0: 1}, v0, float64(depth)/n, 40, 5, sde.Settings{Step: 0.05})
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range []result.Densities{Fig1RightDensities(nn, r), Fig7Densities(nn, r)} {
		if err := d.Wellformed(); err != nil || d.Record.AtPaper || d.Record.Seed != 4 {
			t.Errorf("%q: %v, at paper %v, seed %d", d.Caption, err, d.Record.AtPaper, d.Record.Seed)
		}
		for _, k := range d.Checks {
			if k.Test != result.KS || k.Alpha != KSLevel || (k.Samples == nil) == (k.Sim == "") {
				t.Errorf("%s: test %v, level %g, pair %q, own samples %v", k.Name, k.Test, k.Alpha, k.Sim, k.Samples != nil)
			}
		}
	}
	if own := Fig7Densities(nn, r).Checks[1].Samples; own == nil || len(own.X) != nets || len(own.Y) != 40 {
		t.Errorf("V¹¹ samples %+v, want the networks' and the paths' V¹¹", own)
	}
	func() {
		defer func() {
			if recover() == nil {
				t.Error("Fig7Densities of m = 3 did not panic")
			}
		}()
		nn3, err := Simulate(c, EquiCorr(3, 0.3), 4, 1, 1)
		if err != nil {
			t.Fatal(err)
		}
		r3 := *r
		r3.M = 3
		Fig7Densities(nn3, &r3)
	}()
	k, err := KSSettings{Config: c, Model: sde.Model{Kind: sde.Attention, Gamma: g, Tau0: 1}, V0: v0, T: 0.75, Widths: []int{4, 8}, Nets: nets, Paths: 40, SDE: sde.Settings{Step: 0.05}, SDESeed: 5, NetSeed: 8}.Run(1)
	if err != nil {
		t.Fatal(err)
	}
	cv := k.Curves()
	crit, _ := cv.Line("0.1% critical value")
	if want := empirical.KSCritical(nets, len(k.Ref), KSLevel); crit.Y[0] != want || crit.Y[1] != want || cv.Checks[0].Samples == nil {
		t.Errorf("critical line %v, want %g; own samples %v", crit.Y, want, cv.Checks[0].Samples != nil)
	}
}
