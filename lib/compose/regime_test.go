package compose

import (
	"math"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/lib/rankcollapse"
)

// StartRegime's mean and max of 1 − ρ over the block inputs against
// Noci et al. 2022's closed-form correlation (rankcollapse.RhoDepth) of
// their post-LN uniform-attention linear block, 1e-12 absolute; and the
// classification of the starts of lib/sources/compose.md#start-regime.
func TestStartRegime(t *testing.T) {
	const n, d, L = 8, 32, 20
	b := Noci2022(n, d, L, 0.5, 0.3, Const, Post)
	for _, rho0 := range []float64{0.3, 0.9, 0.999} {
		r, err := b.StartRegime(d, rho0*d)
		if err != nil {
			t.Fatal(err)
		}
		var mean, mx float64
		for l := 0; l < L; l++ {
			rho, err := rankcollapse.RhoDepth(n, rho0, 0.25, l)
			if err != nil {
				t.Fatal(err)
			}
			mean += (1 - rho) / L
			mx = math.Max(mx, 1-rho)
		}
		if math.Abs(r.MeanDelta-mean) > 1e-12 || math.Abs(r.MaxDelta-mx) > 1e-12 {
			t.Errorf("ρ⁰ = %v: mean, max 1 − ρ = %v, %v; RhoDepth gives %v, %v", rho0, r.MeanDelta, r.MaxDelta, mean, mx)
		}
		if r.In != (mean <= RegimeTol) || r.In != (r.Warning == "") {
			t.Errorf("ρ⁰ = %v: In = %v with mean %v, warning %q", rho0, r.In, mean, r.Warning)
		}
	}
	g := postLNBlocks(16, 64, 24)[0]
	for _, c := range []struct {
		rho0 float64
		in   bool
	}{{1, true}, {0.9999, true}, {0.97, true}, {0.9, false}, {0.3, false}} {
		r, err := g.StartRegime(64, c.rho0*64)
		if err != nil {
			t.Fatal(err)
		}
		if r.In != c.in || (!c.in && !strings.Contains(r.Warning, "outside the regime")) {
			t.Errorf("post-LN GELU from ρ⁰ = %v: %+v, want in = %v", c.rho0, r, c.in)
		}
	}
}
