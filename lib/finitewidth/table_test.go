package finitewidth

import (
	"flag"
	"fmt"
	"math"
	"testing"
)

// tableFlag runs TestTheoryTable, the theory-vs-simulation table of
// lib/sources/finitewidth.md#checks (about a minute on one core):
//
//	go test ./lib/finitewidth -run TheoryTable -fw.table -v
var tableFlag = flag.Bool("fw.table", false, "print the finite-width theory-vs-simulation table")

// TestTheoryTable prints, for the five cases of mcCases at widths 32,
// 64, 128, 256 and ℓ/n = 1/16, 1/8, 1/4, 1/2, 1 (4000 chain networks per
// width), the variance and the mean of q̂^ℓ, theory against simulation
// with z; then the residual of the variance against width at ℓ = 8
// (40000 networks per width) and its log-log slope. Without -fw.table it
// runs the smallest row only, so that the code path stays tested.
func TestTheoryTable(t *testing.T) {
	widths, nets, fracs := []int{32, 64, 128, 256}, 4000, []float64{1.0 / 16, 1.0 / 8, 1.0 / 4, 1.0 / 2, 1}
	if !*tableFlag {
		widths, nets, fracs = []int{32}, 50, []float64{1.0 / 16}
	}
	fmt.Println("| case | n | ℓ | ℓ/n | Var theory | Var sim ± SE | z | exact/theory | mean shift theory | mean shift sim ± SE | z |")
	fmt.Println("|---|---|---|---|---|---|---|---|---|---|---|")
	for ci, c := range mcCases(t) {
		for wi, n := range widths {
			s := c.s
			s.Depth = int(fracs[len(fracs)-1] * float64(n))
			ls, err := s.Layers()
			if err != nil {
				t.Fatal(err)
			}
			q, err := s.Sample(SimSettings{Width: n, Networks: nets, Seed: uint64(9000 + 10*ci + wi), Workers: 2})
			if err != nil {
				t.Fatal(err)
			}
			st := Stats(q)
			for _, f := range fracs {
				l := int(f * float64(n))
				L, m := ls[l-1], st[l-1]
				ex := ""
				if c.s.Phi.Degree == 1 && c.s.SigmaB2 == 0 {
					cc, _ := ScaleInvariantC(c.s.Phi)
					ex = fmt.Sprintf("%.3f", ScaleInvariantVar(cc, n, l)*L.K*L.K/L.Var(n))
				}
				fmt.Printf("| %s | %d | %d | %.3g | %.4g | %.4g ± %.2g | %.1f | %s | %.3g | %.3g ± %.2g | %.1f |\n",
					c.name, n, l, f, L.Var(n), m.Var, m.VarSE, (m.Var-L.Var(n))/m.VarSE, ex,
					L.MeanShift(n), m.Mean-L.K, m.MeanSE, (m.Mean-L.Mean(n))/m.MeanSE)
			}
		}
	}
	if !*tableFlag {
		return
	}
	// The residual against width at fixed ℓ = 8: Var_sim − Var_theory,
	// the O(1/n²) term, slope −2 expected.
	const l, bigNets = 8, 40000
	for ci, c := range mcCases(t) {
		s := c.s
		s.Depth = l
		ls, _ := s.Layers()
		var xs, ys, ws []float64
		for wi, n := range []int{32, 64, 128, 256} {
			q, _ := s.Sample(SimSettings{Width: n, Networks: bigNets, Seed: uint64(7000 + 10*ci + wi), Workers: 2})
			m := Stats(q)[l-1]
			r := m.Var - ls[l-1].Var(n)
			fmt.Printf("residual %s n=%d: Var sim − theory = %.4g ± %.2g (relative to Var %.3g)\n", c.name, n, r, m.VarSE, r/m.Var)
			if r/m.VarSE > 2 || r/m.VarSE < -2 {
				xs, ys, ws = append(xs, math.Log(float64(n))), append(ys, math.Log(math.Abs(r))), append(ws, (r/m.VarSE)*(r/m.VarSE))
			}
		}
		if len(xs) >= 2 {
			slope, se := wls(xs, ys, ws)
			fmt.Printf("slope %s (widths with |residual| > 2 SE, %d points): %.2f ± %.2f\n", c.name, len(xs), slope, se)
		}
	}
}

// wls is the weighted least-squares slope of y on x and its SE (weights
// w = 1/Var y; Var log|r| ≈ (SE/r)²).
func wls(x, y, w []float64) (slope, se float64) {
	var sw, sx, sy, sxx, sxy float64
	for i := range x {
		sw += w[i]
		sx += w[i] * x[i]
		sy += w[i] * y[i]
		sxx += w[i] * x[i] * x[i]
		sxy += w[i] * x[i] * y[i]
	}
	d := sw*sxx - sx*sx
	return (sw*sxy - sx*sy) / d, math.Sqrt(sw / d)
}
