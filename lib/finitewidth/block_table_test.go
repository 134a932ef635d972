package finitewidth

import (
	"flag"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/lib/compose"
)

var blockTable = flag.Bool("fw.blocktable", false, "print the composed-block theory-vs-simulation table (minutes)")

// TestBlockTable prints, for the three composed blocks and the shaped
// block at widths 64 and 128 and depth d/2, per layer the simulated and
// theoretical Var q̂, Var ρ̂, Cov(q̂, ρ̂) with z and the expansion
// parameter ε, and the max |z| over the layers the theory claims (Checked)
// and over every layer it resolves (1 − ρ >= MinCollapseGap). Its numbers are in lib/sources/finitewidth.md#composed-table.
func TestBlockTable(t *testing.T) {
	if !*blockTable {
		t.Skip("run with -fw.blocktable")
	}
	const nets = 400
	var sum strings.Builder
	for _, d := range []int{64, 128} {
		cases := append(BlockCases(d, d/2), ShapedCase(d, d/2, 0.5, 1, false))
		for _, c := range cases {
			cmp, err := CompareBlock(c.BlockSettings, compose.SimSettings{Nets: nets, Workers: 2, Seed: 7})
			if err != nil {
				t.Fatal(c.Name, err)
			}
			var in, all [3]float64
			lastIn := 0
			for l := 1; l < len(cmp.Theory); l++ {
				th := cmp.Theory[l]
				t.Logf("d=%d %s l=%d eps=%.3g rho=%.6f | varq %.4g±%.2g th %.4g z %.2f | varrho %.4g±%.2g th %.4g z %.2f | cov %.4g±%.2g th %.4g z %.2f",
					d, c.Name, l, th.Expansion(), th.Rho(), cmp.VarQ[l].Value, cmp.VarQ[l].SE, th.VarQ(), cmp.ZVarQ[l],
					cmp.VarRho[l].Value, cmp.VarRho[l].SE, th.VarRho(), cmp.ZVarRho[l], cmp.CovQR[l].Value, cmp.CovQR[l].SE, th.CovQRho(), cmp.ZCov[l])
				if !math.IsInf(th.Expansion(), 1) { // resolved: 1 − ρ >= MinCollapseGap
					for k, z := range []float64{cmp.ZVarQ[l], cmp.ZVarRho[l], cmp.ZCov[l]} {
						all[k] = max(all[k], abs(z))
					}
				}
				if Checked(c.Block, th) {
					lastIn = l
					for k, z := range []float64{cmp.ZVarQ[l], cmp.ZVarRho[l], cmp.ZCov[l]} {
						in[k] = max(in[k], abs(z))
					}
				}
			}
			fmt.Fprintf(&sum, "d=%d %-22s checked to l=%d (l/d=%.3f): max|z| varq %.2f varrho %.2f cov %.2f | all resolved layers: %.2f %.2f %.2f\n",
				d, c.Name, lastIn, float64(lastIn)/float64(d), in[0], in[1], in[2], all[0], all[1], all[2])
		}
	}
	t.Log("\n" + sum.String())
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}
