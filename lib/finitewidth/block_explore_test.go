package finitewidth

import (
	"testing"

	"github.com/sigprop/sigprop/lib/compose"
)

func TestExploreBlocks(t *testing.T) {
	for _, d := range []int{32, 64} {
		cases := append(BlockCases(d, d/2), ShapedCase(d, d/2, 0.5, 1, false))
		for _, c := range cases {
			cmp, err := CompareBlock(c.BlockSettings, compose.SimSettings{Nets: 400, Workers: 2, Seed: 1})
			if err != nil {
				t.Fatal(c.Name, err)
			}
			t.Logf("d=%d %s maxz %.2f %.2f %.2f", d, c.Name, cmp.MaxZ[0], cmp.MaxZ[1], cmp.MaxZ[2])
			for _, l := range []int{1, 2, d / 8, d / 4, d / 2} {
				th := cmp.Theory[l]
				t.Logf("  l=%d varq %.4g±%.2g th %.4g | varrho %.4g±%.2g th %.4g | cov %.4g±%.2g th %.4g", l,
					cmp.VarQ[l].Value, cmp.VarQ[l].SE, th.VarQ(), cmp.VarRho[l].Value, cmp.VarRho[l].SE, th.VarRho(), cmp.CovQR[l].Value, cmp.CovQR[l].SE, th.CovQRho())
			}
		}
	}
}
