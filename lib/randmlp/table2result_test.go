package randmlp

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/jacspectrum"
	"github.com/sigprop/sigprop/lib/result"
)

// TestTable2Table: one row per z and one s₁ row per ensemble, carrying the
// closed form and the sampled mean ± SE; the orthogonal check is round-off
// small, the Gaussian z check reads the sampled S against σ_w⁻²/(1+z) and
// fails (|z| ≫ 5) when its theory is the orthogonal σ_w⁻² instead.
func TestTable2Table(t *testing.T) {
	s := Table2Settings{Width: 20, Draws: 4, Z: []float64{-0.5, -0.1}}
	var rows []Table2Row
	for i, w := range []jacspectrum.Ensemble{jacspectrum.Orthogonal, jacspectrum.Gaussian} {
		r, err := Table2(w, s, rand.New(rand.NewPCG(uint64(i), 1)))
		if err != nil {
			t.Fatal(err)
		}
		rows = append(rows, r)
	}
	tab := Table2Table(rows)
	if err := tab.Wellformed(); err != nil || len(tab.Rows) != 6 || !tab.Record.AtPaper {
		t.Fatalf("%d rows (want 6), %v", len(tab.Rows), err)
	}
	if got := tab.Rows[3][2]; got != fmt.Sprintf("%.5f", 1/1.5/0.5) {
		t.Errorf("Gaussian S(−0.5) closed form cell %q, want %.5f", got, 1/1.5/0.5)
	}
	if got := tab.Rows[5][2]; got != "-1 (width 20: -1.05000)" {
		t.Errorf("Gaussian s₁ cell %q", got)
	}
	if c := tab.Checks[0]; c.Value > c.Tol {
		t.Errorf("orthogonal: %v > %v", c.Value, c.Tol)
	}
	z := tab.Checks[1]
	if z.Test != result.MaxZ || &z.Points.Theory[0] != &rows[1].S[0] || &z.Points.Y[0] != &rows[1].SNum[0] || !z.Central {
		t.Errorf("Gaussian z check %+v", z)
	}
	// The Gaussian checks state the tail and the bias at the draws run: 4
	// matrices, t with 3 dof, P(|t| > 5) = 0.0154 (scipy.stats.t.sf(5, 3)·2)
	// and a bias ≤ 0.45·√4 = 0.9 SE.
	for i, want := range []string{"SE from 4 matrices of width 20 (t with 3 dof: P(|t| > 5) ≈ 0.015 per point); the O(1/N) bias is ≤ 0.9 SE (0.45 of one matrix's spread)",
		"SE from 4 matrices (t with 3 dof: P(|t| > 5) ≈ 0.015);"} {
		if b := tab.Checks[1+i].Basis; !strings.HasPrefix(b, want) {
			t.Errorf("check %d's basis %q, want it to begin %q", 1+i, b, want)
		}
	}
	worst := 0.0
	for i := range rows[1].SNum {
		worst = math.Max(worst, math.Abs(rows[1].SNum[i]-rows[0].S[i])/rows[1].SNumSE[i])
	}
	if worst < 5 {
		t.Errorf("the orthogonal law against the Gaussian samples: max |z| %v, want > 5 (the check can fail)", worst)
	}
}

// Table2BiasSE and the tail Table2Table states at the default 8 draws: the
// bias bound 0.45·√8 = 1.27 SE, and P(|t₇| > 5) = 0.001565
// (scipy.stats.t.sf(5, 7)·2), the "0.0016" its basis prints.
func TestTable2DefaultBasis(t *testing.T) {
	if b := Table2BiasSE(Table2Draws); math.Abs(b-1.2727922061357857) > 1e-15 {
		t.Errorf("Table2BiasSE(%d) = %v, want 0.45·√8", Table2Draws, b)
	}
	if p := empirical.TTail2(Table2ZTol, Table2Draws-1); math.Abs(p-0.001565277953172824) > 1e-9 {
		t.Errorf("P(|t_7| > 5) = %v, want 0.0015653", p)
	}
}
