package rankexp

import (
	"errors"
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/rankcollapse"
)

// Lemma 3.1 at the notes' (lib/sources/noci2022.md) inputs: the theory fields are rankcollapse's,
// the Monte Carlo agrees with the exact E‖∂S/∂X‖² within 5 SE (4000
// draws; per-draw relative SD ≈ 1.5, so SE ≈ 2.4% of the mean), and for
// X_b = X_a + 5 the exact value exceeds the printed bound (lib/sources/noci2022.md#erratum-1).
func TestLemma31At(t *testing.T) {
	xa := rankcollapse.Sequence([]float64{1, 0}, []float64{0, 1}, []float64{1, 1})
	xb := rankcollapse.Sequence([]float64{6, 5}, []float64{5, 6}, []float64{6, 6})
	for i, m := range []*mat.Dense{xa, xb} {
		r := Lemma31At(m, 2, 4000, empirical.Rand(uint64(i), 1))
		st, l := rankcollapse.TokenStats(m), rankcollapse.Layer{DK: 2}
		if r.DK != 2 || r.GradWV != rankcollapse.ExpGradWV(st) || r.GradWQ != rankcollapse.ExpGradWQ(st, l) ||
			r.Exact != rankcollapse.ExpGradX(st, l) || r.Bound != rankcollapse.PaperBoundGradX(st, l) {
			t.Errorf("input %d: theory fields %+v differ from rankcollapse's", i, r)
		}
		if z := (r.MC - r.Exact) / r.SE; !(math.Abs(z) <= 5) {
			t.Errorf("input %d: MC %g ± %g vs exact %g: z = %g", i, r.MC, r.SE, r.Exact, z)
		}
	}
	if r := Lemma31At(xb, 2, 10, empirical.Rand(0, 1)); !(r.Exact > r.Bound) {
		t.Errorf("X_b: exact %g <= printed bound %g; the erratum says it exceeds it", r.Exact, r.Bound)
	}
}

// Thm 3.2: identical tokens give exactly zero query and key gradients
// under the true softmax, and a positive value gradient; the seeds are
// per size.
func TestIdenticalTokens(t *testing.T) {
	sizes := [][2]int{{4, 8}, {7, 5}}
	got := IdenticalTokens(sizes, 1.5, 2, 20, 7)
	for i, g := range got {
		if g.N != sizes[i][0] || g.D != sizes[i][1] || g.WQ != 0 || g.WK != 0 || !(g.WV > 0) || !(g.X2 > 0) {
			t.Errorf("size %v: %+v, want WQ = WK = 0 and WV, X2 > 0", sizes[i], g)
		}
	}
	if again := IdenticalTokens(sizes[1:], 1.5, 2, 21, 7); again[0] != got[1] {
		t.Errorf("size 1 depends on the others: %+v vs %+v", again[0], got[1])
	}
}

// Under uniform attention eqs. (17) and (18, exact) are exact, so the
// Monte Carlo agrees within 5 SE (600 draws per point); a correlation
// outside the law's range is an error.
func TestGradsMC(t *testing.T) {
	pts := []Point{{N: 4, D: 3, Rho: 0.2, Sx2: 2}, {N: 10, D: 16, Rho: -0.1, Sx2: 0.5}, {N: 16, D: 8, Rho: 0.6, Sx2: 1}}
	got, err := GradsMC(pts, 600, 3, 9)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range got {
		v, _ := rankcollapse.GradV(g.N, g.D, g.Rho, g.Sx2)
		q, _ := rankcollapse.GradQ(g.N, g.D, g.Rho, g.Sx2, rankcollapse.FormExact)
		if g.V != v || g.Q != q {
			t.Errorf("%+v: theory %g %g, want %g %g", g.Point, g.V, g.Q, v, q)
		}
		if zv, zq := empirical.Z(g.WV, g.WVSE, v), empirical.Z(g.WQ, g.WQSE, q); !(math.Abs(zv) <= 5 && math.Abs(zq) <= 5) {
			t.Errorf("%+v: z values %g, queries %g", g.Point, zv, zq)
		}
	}
	if _, err := GradsMC([]Point{{N: 4, D: 3, Rho: 1.5, Sx2: 1}}, 10, 0, 0); !errors.Is(err, rankcollapse.ErrParam) {
		t.Errorf("ρ = 1.5: err %v, want rankcollapse.ErrParam", err)
	}
}

// Grid keeps rankblock.AttnGradGrid's order and adds rankcollapse's theory.
func TestGrid(t *testing.T) {
	grid, err := Grid([]float64{0, 0.5}, []float64{1}, []int{5}, []int{4, 8}, 3, empirical.Rand(1, 2))
	if err != nil {
		t.Fatal(err)
	}
	if len(grid) != 4 {
		t.Fatalf("%d points, want 4", len(grid))
	}
	for i, g := range grid {
		if wantRho, wantD := []float64{0, 0, 0.5, 0.5}[i], []int{4, 8, 4, 8}[i]; g.Rho != wantRho || g.D != wantD || g.N != 5 {
			t.Errorf("point %d: ρ=%g n=%d d=%d, want ρ=%g n=5 d=%d", i, g.Rho, g.N, g.D, wantRho, wantD)
		}
		lr, _ := rankcollapse.LogRatioQV(g.N, g.D, g.Rho, g.Sx2, rankcollapse.FormPaper)
		v, _ := rankcollapse.GradV(g.N, g.D, g.Rho, g.Sx2)
		q, _ := rankcollapse.GradQ(g.N, g.D, g.Rho, g.Sx2, rankcollapse.FormExact)
		if g.LogRatioPaper != lr || g.V != v || g.Q != q || !(g.WQ > 0) {
			t.Errorf("point %d: %+v", i, g)
		}
	}
}
