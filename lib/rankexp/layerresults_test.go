package rankexp

import (
	"errors"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/internal/mustpanic"
	"github.com/sigprop/sigprop/lib/block"
	"github.com/sigprop/sigprop/lib/rankblock"
	"github.com/sigprop/sigprop/lib/rankcollapse"
	"github.com/sigprop/sigprop/lib/result"
)

// Lemma31Table: a row's z is (MC − exact)/SE (here (3.5 − 3)/0.25 = 2 and
// (8 − 9)/0.5 = −2), the bound column says whether MC lies under eq. 8,
// and a caller bug panics.
func TestLemma31Table(t *testing.T) {
	rows := []Lemma31{{DK: 2, GradWV: 1, GradWQ: 2, Exact: 3, Bound: 4, MC: 3.5, SE: 0.25, Draws: 7}, {DK: 4, Exact: 9, Bound: 3, MC: 8, SE: 0.5, Draws: 7}}
	tab := Lemma31Table([]string{"a", "b"}, rows)
	if err := tab.Wellformed(); err != nil || len(tab.Checks) != 2 || tab.Checks[0].Value != 2 || tab.Checks[1].Value != -2 || !tab.Record.NoPaperFigure {
		t.Fatalf("table %+v (%v)", tab, err)
	}
	if r := tab.Rows; r[0][5] != "3.5 ± 0.25" || r[0][7] != "true" || r[1][7] != "false" || !strings.Contains(tab.Caption, "MC over 7 weight draws") {
		t.Errorf("rows %v, caption %q", r, tab.Caption)
	}
	mustpanic.WithPrefix(t, "one name for two rows", "rankexp:", func() { Lemma31Table([]string{"a"}, rows) })
	rows[1].Draws = 8
	mustpanic.WithPrefix(t, "rows of 7 and 8 draws", "rankexp:", func() { Lemma31Table([]string{"a", "b"}, rows) })
}

// Thm32Table: the check reads the largest query or key norm (2e-30 here),
// at most 0, so a nonzero one fails; d_v n‖x‖² is 8·4·2 = 64.
func TestThm32Table(t *testing.T) {
	c := []Collapsed{{N: 4, D: 8, X2: 2, Draws: 2, Tau: 1.5, AttnGrads: rankblock.AttnGrads{WQ: 0, WK: 1e-30, WV: 5}}, {N: 7, D: 5, X2: 1, Draws: 2, Tau: 1.5, AttnGrads: rankblock.AttnGrads{WQ: 2e-30, WV: 3}}}
	tab := Thm32Table(c)
	if k := tab.Checks[0]; k.Value != 2e-30 || k.Rule != result.AtMost || k.Tol != 0 || tab.Rows[0][5] != "64" || !strings.Contains(tab.Caption, "(τ = 1.5)") {
		t.Errorf("table %+v", tab)
	}
	c[1].Tau = 2
	mustpanic.WithPrefix(t, "rows at τ 1.5 and 2", "rankexp:", func() { Thm32Table(c) })
}

// TauTable's τ is rankcollapse.Tau as printed; an undefined setting is an
// error.
func TestTauTable(t *testing.T) {
	tab, err := TauTable([]Point{{N: 25, D: 512, Rho: 0, Sx2: 1}, {N: 50, D: 32, Rho: 0, Sx2: 1}})
	if err != nil {
		t.Fatal(err)
	}
	want, _ := rankcollapse.Tau(50, 32, 0, 1, rankcollapse.FormPaper)
	if tab.Rows[1][4] != result.Num(want) || tab.Rows[1][0] != "32" {
		t.Errorf("rows %v, want τ %s at d = 32", tab.Rows, result.Num(want))
	}
	if _, err := TauTable([]Point{{N: 25, D: 512, Rho: 1, Sx2: 1}}); err == nil {
		t.Error("ρ = 1 gave no error")
	}
}

// TauBalance: the value is ln(Q/V), the SE in the basis hypot(0.03/2,
// 0.04/1.9) = 0.026; at TauC3's point and draws the check applies, at
// another draws count it holds only there.
func TestTauBalanceChecks(t *testing.T) {
	b := TauBalance{TauSettings: TauC3(), Tau: 2.5, AttnGrads: rankblock.AttnGrads{WQ: 2, WQSE: 0.03, WV: 1.9, WVSE: 0.04}}
	k := b.Checks()[0]
	if math.Abs(k.Value-math.Log(2/1.9)) > 1e-15 || k.Tol != TauBalanceTol || !k.PaperOnly || !strings.Contains(k.Basis, "SE of the log ratio 0.026 from 2000 draws") || !b.Record().AtPaper {
		t.Errorf("check %+v, record %+v", k, b.Record())
	}
	b.Draws = 200
	if r := b.Record(); r.AtPaper || !strings.Contains(r.NotPaper, "4 SE of 2000 draws at n = 10, d = 16, ρ = 0.3, σ_x² = 0.5") {
		t.Errorf("at 200 draws: %+v", r)
	}
}

// FFPlacements.Curves: the first result carries the claim, the smallest
// of ReLUExcessZ; all claim Fig. 10 at Fig. 4's sizes only; a placement
// out of order panics.
func TestFFPlacementsCurves(t *testing.T) {
	prof := func(c float64) rankblock.Profile {
		return rankblock.Profile{Draws: 50, MeanCos: []float64{0, c, 2 * c}, MeanCosSE: []float64{0, 0.01, 0.01}}
	}
	f := FFPlacements{N: 50, D: 32, L: 2}
	for i, norm := range []block.Norm{block.NoNorm, block.PostLN, block.PreLN} {
		f.Runs = append(f.Runs, FFPlacement{Norm: norm, Linear: [2]rankblock.Profile{prof(0.1), prof(0.1)}, ReLU: [2]rankblock.Profile{prof(0.2), prof(0.15 + 0.01*float64(i))}})
	}
	cs := f.Curves()
	z := f.ReLUExcessZ()
	if len(cs) != 3 || len(cs[0].Checks) != 1 || len(cs[1].Checks) != 0 || cs[0].Checks[0].Value != min(z[0], z[1], z[2], z[3], z[4], z[5]) {
		t.Fatalf("curves %+v, z %v", cs, z)
	}
	if cs[0].Record.AtPaper || !strings.HasPrefix(cs[2].Caption, "PRE-LN") || len(cs[2].Lines) != 4 {
		t.Errorf("L = 2 claims Fig. 10 (%v), or caption %q", cs[0].Record.AtPaper, cs[2].Caption)
	}
	f.Runs[0], f.Runs[1] = f.Runs[1], f.Runs[0]
	mustpanic.WithPrefix(t, "Post-LN first", "rankexp:", func() { f.Curves() })
}

// SmallNAt: each z is (MC − form)/SE against rankcollapse.GradQ's exact
// (Grads.Q) and printed forms; the check reads the exact one; an input
// law out of range is an error.
func TestSmallN(t *testing.T) {
	g := Grads{Point: Point{N: 4, D: 3, Rho: 0.2, Sx2: 2}, Draws: 100, AttnGrads: rankblock.AttnGrads{WQ: 10, WQSE: 0.5}}
	g.Q, _ = rankcollapse.GradQ(4, 3, 0.2, 2, rankcollapse.FormExact)
	printed, _ := rankcollapse.GradQ(4, 3, 0.2, 2, rankcollapse.FormPaper)
	s, err := SmallNAt(g)
	if err != nil {
		t.Fatal(err)
	}
	if s.Z != (10-g.Q)/0.5 || s.ZPrinted != (10-printed)/0.5 || s.Checks()[0].Value != s.Z || s.Checks()[0].Tol != SmallNTol || !strings.HasPrefix(s.Remark(), "n = 4, d = 3, ρ = 0.2, σ_x² = 2: MC 10.00 ± 0.50") {
		t.Errorf("%+v, remark %q", s, s.Remark())
	}
	g.Rho = 2
	if _, err := SmallNAt(g); err == nil {
		t.Error("ρ = 2 gave no error")
	}
}

// TauSettings.Validate refuses a point where eq. (47) is undefined (ρ = 1,
// σ_x² = 0, ρ below −1/(n−1)) with rankcollapse's range, and takes TauC3
// and GradsSmallN as they are.
func TestTauAndSmallNSettings(t *testing.T) {
	if err := TauC3().Validate(); err != nil {
		t.Errorf("TauC3: %v", err)
	}
	if err := GradsSmallN().Validate(); err != nil {
		t.Errorf("GradsSmallN: %v", err)
	}
	for _, p := range []Point{{N: 10, D: 16, Rho: 1, Sx2: 0.5}, {N: 10, D: 16, Rho: 0.3, Sx2: 0}, {N: 10, D: 16, Rho: -0.2, Sx2: 0.5}} {
		s := TauC3()
		s.Point = p
		if err := s.Validate(); !errors.Is(err, rankcollapse.ErrParam) {
			t.Errorf("%+v: %v, want rankcollapse.ErrParam", p, err)
		}
	}
}

// FFPlacements.Curves away from Fig. 4's sizes states them as Fig4 gives
// them, in the words the old display used.
func TestFFPlacementsNotPaper(t *testing.T) {
	prof := rankblock.Profile{Draws: 5, MeanCos: []float64{0, 0.1}, MeanCosSE: []float64{0, 0.01}}
	f := FFPlacements{N: 6, D: 4, L: 1}
	for _, norm := range []block.Norm{block.NoNorm, block.PostLN, block.PreLN} {
		f.Runs = append(f.Runs, FFPlacement{Norm: norm, Linear: [2]rankblock.Profile{prof, prof}, ReLU: [2]rankblock.Profile{prof, prof}})
	}
	if got := f.Curves()[0].Record.NotPaper; got != "a claim of the paper read at n = 50, d = 32, L = 12, 50 draws; here n = 6, d = 4, L = 1, 5 draws" {
		t.Errorf("NotPaper %q", got)
	}
}

// TauPoints: IWSLT's points give the table whose caption names the IWSLT
// settings; any other point list says "at your settings"; lists of
// unequal length, and a point where eq. (47) is undefined (ρ = 1 at its
// n, σ_x² = 0), are errors naming the field and the point.
func TestTauPoints(t *testing.T) {
	tab, err := IWSLT().Table()
	if err != nil {
		t.Fatal(err)
	}
	if len(tab.Rows) != 7 || tab.Caption != "τ from eq. 47 (as printed) at the IWSLT settings of App. C.3" {
		t.Errorf("IWSLT: %d rows, caption %q", len(tab.Rows), tab.Caption)
	}
	other := IWSLT()
	other.Rho = append([]float64{0.2}, other.Rho[1:]...)
	if tab, err := other.Table(); err != nil || tab.Caption != "τ from eq. 47 (as printed) at your settings" {
		t.Errorf("ρ₁ = 0.2: caption %q, error %v", tab.Caption, err)
	}
	for _, tc := range []struct {
		p    TauPoints
		want string
	}{
		{TauPoints{N: []int{25, 25}, D: []int{512}, Rho: []float64{0, 0}, Sx2: []float64{1, 1}}, "TauPoints.D = 1 values, want one per n: 2"},
		{TauPoints{N: []int{25, 10}, D: []int{512, 16}, Rho: []float64{0, 1}, Sx2: []float64{1, 1}}, "TauPoints point 2: rankcollapse: parameter out of range: rho = 1, want < 1"},
		{TauPoints{N: []int{25}, D: []int{512}, Rho: []float64{0}, Sx2: []float64{0}}, "TauPoints point 1: rankcollapse: parameter out of range: sigma_x2 = 0"},
		{TauPoints{}, "len(TauPoints.N) = 0"},
	} {
		if err := tc.p.Validate(); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: error %v, want %q", tc.p, err, tc.want)
		}
	}
}

// WarmupSettings.At is rankcollapse.TauWarmup at each step; τ_final < 0
// or infinite and Steps < 1 are errors.
func TestWarmup(t *testing.T) {
	got, err := Warmup().At(250, 1000, 4000)
	if err != nil || !slices.Equal(got, []float64{2.125, 8.5, 8.5}) { // 8.5 · min(1, step/1000)
		t.Errorf("At = %v, %v", got, err)
	}
	for _, w := range []WarmupSettings{{TauFinal: -1, Steps: 10}, {TauFinal: math.Inf(1), Steps: 10}, {TauFinal: 1, Steps: 0}} {
		if _, err := w.At(1); !errors.Is(err, ErrParam) {
			t.Errorf("%+v: error %v", w, err)
		}
	}
}
