package rankexp

import (
	"fmt"
	"math"
	"slices"

	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/lib/rankcollapse"
	"github.com/sigprop/sigprop/lib/result"
)

// This file gives the one-layer checks of notebook 03 (Lemma 3.1, Thm 3.2,
// eq. 47 and eq. 18 at a small n) as the result kinds of lib/result: tables
// with their checks, or checks alone, for kernel-ext/render to show.

// Lemma31Table is table lemma31-fixed: one row per input of rows (named by
// names) with eqs. (6)–(7), the exact E‖∂S/∂X‖², its Monte Carlo ± SE,
// eq. (8)'s bound and whether the Monte Carlo lies under it, and one z
// check per row of the Monte Carlo against the exact value (5 SE over the
// rows' weight draws). The inputs are the notes' own (lib/sources/noci2022.md):
// it reproduces no paper table. It panics on a caller bug: no rows, names
// not one per row, or rows of different draws.
func Lemma31Table(names []string, rows []Lemma31) result.Table {
	if len(names) != len(rows) || len(rows) == 0 {
		panic(fmt.Sprintf("rankexp: Lemma31Table: %d names for %d rows", len(names), len(rows)))
	}
	draws := rows[0].Draws
	t := result.Table{Caption: fmt.Sprintf("Lemma 3.1 at the notes' (lib/sources/noci2022.md) fixed inputs (n = 3, d_v = 2); MC over %d weight draws, uniform attention", draws),
		Header: []string{"input", "d_k", "eq. 6", "eq. 7", "exact E‖∂S/∂X‖²", "MC ± SE", "eq. 8 bound", "bound holds"}, Record: result.Record{NoPaperFigure: true}}
	for i, r := range rows {
		if r.Draws != draws {
			panic(fmt.Sprintf("rankexp: Lemma31Table: rows with %d and %d weight draws", draws, r.Draws))
		}
		t.Rows = append(t.Rows, []string{names[i], fmt.Sprint(r.DK), result.Num(r.GradWV), result.Num(r.GradWQ), result.Num(r.Exact), result.Num(r.MC) + " ± " + result.Num(r.SE), result.Num(r.Bound), fmt.Sprint(r.MC <= r.Bound)})
		t.Checks = append(t.Checks, result.Check{Name: fmt.Sprintf("lemma31-gradX-z-%d", i), Kind: result.TheoryVsSimulation, Value: (r.MC - r.Exact) / r.SE, Tol: 5,
			Basis: fmt.Sprintf("5 SE, SE from %d weight draws (heavy-tailed norms, per-draw relative SD ≈ 1.5)", draws),
			Note:  "(MC − corrected exact E‖∂S/∂X‖²)/SE for " + names[i]})
	}
	return t
}

// Thm32Table is table thm32: Thm 3.2 at each size of rows (true softmax at
// the τ they record), the three Jacobian norms and d_v n‖x‖², with the
// check of the theorem that every query and key norm is exactly zero (the
// largest of them, at most 0). It panics on a caller bug: no rows, or rows
// of different draws or τ.
func Thm32Table(rows []Collapsed) result.Table {
	if len(rows) == 0 {
		panic("rankexp: Thm32Table: no rows")
	}
	draws, tau := rows[0].Draws, rows[0].Tau
	t := result.Table{Caption: fmt.Sprintf("Identical tokens, true softmax (τ = %g), norms averaged over %d random weight draws", tau, draws),
		Header: []string{"n", "d", "‖∂S/∂W^Q‖²", "‖∂S/∂W^K‖²", "‖∂S/∂W^V‖²", "d_v n‖x‖²"}, Record: result.Record{NoPaperFigure: true}}
	worst := 0.0
	for _, g := range rows {
		if g.Draws != draws || g.Tau != tau {
			panic(fmt.Sprintf("rankexp: Thm32Table: rows with %d and %d weight draws, τ = %g and %g", draws, g.Draws, tau, g.Tau))
		}
		worst = math.Max(worst, math.Max(g.WQ, g.WK))
		t.Rows = append(t.Rows, []string{fmt.Sprint(g.N), fmt.Sprint(g.D), result.Num(g.WQ), result.Num(g.WK), result.Num(g.WV), result.Num(float64(g.D*g.N) * g.X2)})
	}
	t.Checks = []result.Check{{Name: "thm32-exact-zero", Kind: result.TheoryVsSimulation, Value: worst, Tol: 0, Rule: result.AtMost, Statement: papers.Noci2022Thm32,
		Basis: "exact zero in floating point: the softmax pullback in centred form vanishes term by term for identical rows",
		Note:  "largest query/key Jacobian norm² with identical tokens, true softmax"}}
	return t
}

// TauTable is table tau-c3: eq. (47) as printed at each input law (n, d,
// ρ, σ_x²) of settings. Its caption names the IWSLT settings of App. C.3
// only at IWSLT's points, and says "at your settings" at others. The
// paper prints no such table. Errors: a setting where eq. (47) is
// undefined (rankcollapse.Tau).
//
//sigprop:eq noci2022 eq47
func TauTable(settings []Point) (result.Table, error) {
	caption := "τ from eq. 47 (as printed) at the IWSLT settings of App. C.3"
	if !slices.Equal(settings, IWSLT().points()) {
		caption = "τ from eq. 47 (as printed) at your settings"
	}
	t := result.Table{Caption: caption, Header: []string{"d", "n", "ρ", "σ_x²", "τ"}, Record: result.Record{NoPaperFigure: true}}
	for _, c := range settings {
		tau, err := rankcollapse.Tau(c.N, c.D, c.Rho, c.Sx2, rankcollapse.FormPaper)
		if err != nil {
			return result.Table{}, err
		}
		t.Rows = append(t.Rows, []string{result.Num(float64(c.D)), result.Num(float64(c.N)), result.Num(c.Rho), result.Num(c.Sx2), result.Num(tau)})
	}
	return t, nil
}

// TauBalanceTol is the tolerance of the check that τ of eq. (47) balances
// the gradients: about 4 SE of the log ratio of TauC3's 2000 draws.
const TauBalanceTol = 0.06

// Checks is the check that the inverse temperature τ of eq. (47) (exact
// form) balances the query and value gradients of one uniform-attention
// layer: ln(‖∂S/∂W^Q‖² / ‖∂S/∂W^V‖²) of b's Monte Carlo within
// TauBalanceTol of 0 (App. C.3's aim). Its tolerance is about 4 SE at
// TauC3's settings only, so at others it is not applicable (PaperOnly,
// with b.Record).
func (b TauBalance) Checks() []result.Check {
	return []result.Check{{Name: "tau-balances", Kind: result.TheoryVsSimulation, Value: math.Log(b.WQ / b.WV), Tol: TauBalanceTol, PaperOnly: true,
		Basis: fmt.Sprintf("≈ 4 SE: SE of the log ratio %.3f from %d draws", b.logRatioSE(), b.Draws),
		Note:  fmt.Sprintf("ln(query/value) with τ = %.3f (eq. 47, exact form), n = %d, d = %d, ρ = %g, σ_x² = %g, uniform attention", b.Tau, b.N, b.D, b.Rho, b.Sx2)}}
}

// Record is what b ran at: AtPaper when at TauC3's point and draws
// (TauSettings.Matches), else NotPaper says how the SE differs.
func (b TauBalance) Record() result.Record {
	p := TauC3()
	return result.Record{AtPaper: b.TauSettings.Matches(p),
		NotPaper: fmt.Sprintf("the tolerance %g is about 4 SE of %d draws at n = %d, d = %d, ρ = %g, σ_x² = %g; here the SE of the log ratio is %.3f", TauBalanceTol, p.Draws, p.N, p.D, p.Rho, p.Sx2, b.logRatioSE())}
}

// logRatioSE is the delta method's SE of ln(‖∂S/∂W^Q‖² / ‖∂S/∂W^V‖²): the
// two relative SEs in quadrature.
func (b TauBalance) logRatioSE() float64 { return math.Hypot(b.WQSE/b.WQ, b.WVSE/b.WV) }

// SmallNTol is the tolerance, in SE, of the check of eq. (18)'s exact
// form at a small n (SmallN.Checks).
const SmallNTol = 5

// SmallN is eq. (18) at one Point of a small sequence, where its exact
// and printed forms differ most, against the Monte Carlo of Grads: the
// printed form (rankcollapse.FormPaper) and the z of each form.
type SmallN struct {
	Grads
	Printed, Z, ZPrinted float64
}

// SmallNAt returns SmallN at g's point. Errors: those of
// rankcollapse.GradQ.
//
//sigprop:eq noci2022 eq18 erratum=lib/sources/noci2022.md#erratum-2
func SmallNAt(g Grads) (SmallN, error) {
	printed, err := rankcollapse.GradQ(g.N, g.D, g.Rho, g.Sx2, rankcollapse.FormPaper)
	if err != nil {
		return SmallN{}, err
	}
	return SmallN{Grads: g, Printed: printed, Z: (g.WQ - g.Q) / g.WQSE, ZPrinted: (g.WQ - printed) / g.WQSE}, nil
}

// Remark is the line comparing the Monte Carlo query gradient with both
// forms of eq. (18).
func (s SmallN) Remark() string {
	return fmt.Sprintf("n = %d, d = %d, ρ = %g, σ_x² = %g: MC %.2f ± %.2f; exact %.3f (%.1f SE); printed eq. 18 %.2f (%.1f SE)\n",
		s.N, s.D, s.Rho, s.Sx2, s.WQ, s.WQSE, s.Q, s.Z, s.Printed, s.ZPrinted)
}

// Checks is the z check of the exact form (SmallNTol SE, at any setting).
func (s SmallN) Checks() []result.Check {
	return []result.Check{{Name: "eq18-exact-small-n-z", Kind: result.TheoryVsSimulation, Value: s.Z, Tol: SmallNTol, Basis: fmt.Sprintf("5 SE, SE from %d draws", s.Draws),
		Note: fmt.Sprintf("(MC − exact eq. 18)/SE at n = %d, d = %d; the printed form is ~%.0f SE away", s.N, s.D, math.Abs(s.ZPrinted))}}
}

// Record is what s ran at; the check holds at any setting and claims no
// paper figure.
func (s SmallN) Record() result.Record { return result.Record{NoPaperFigure: true} }
