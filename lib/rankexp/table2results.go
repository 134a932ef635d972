package rankexp

import (
	"fmt"
	"math"

	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/lib/rankblock"
	"github.com/sigprop/sigprop/lib/rankcollapse"
	"github.com/sigprop/sigprop/lib/result"
)

// This file gives Figs. 3 and 9 (and Fig. 1 at initialisation) on the
// runs of Table2Settings.Runs as result kinds: each figure's three
// panels as Curves, and the paper's claims on them as check lists, each
// of one panel, in the order the notebook shows them.

// table2Names label the runs of Table2Residuals, in its order.
var table2Names = []string{"α = 1", "α = 0.5", "α = 1/√L", "α = 0.1"}

// EqShare is the share of the change predicted by eqs. (17)–(18) that
// Fig. 3's gradient claims require. The equations give the expected
// gradient norms of one block under uniform attention from the
// correlation ρ of its input, ‖∂S/∂W^Q‖ ∝ (1 − ρ) and ‖∂S/∂W^V‖ ∝
// √(1 + ρ(n − 1)) at fixed σ_x (POST-LN's, Sec. 3.3); they are evaluated
// at the ρ^ℓ of Lemma 3.2 at the paper's settings (Table2Theory), never
// at the runs' own cosines. The runs have four heads, ReLU and layer
// norm, and backpropagate through the later blocks, which the equations
// leave out, so a claim is read as at least half the change they predict.
const EqShare = 0.5

// Table2Z is the z the sign claims of Fig. 9 require (PRE-LN's Q/K
// gradients better kept than POST-LN's, its value gradients falling): 4
// SE, with the SE of a last/first log ratio bounded by decadesSE.
const Table2Z = 4

// Fig3Values is the known disagreement of Fig. 3(c) (value gradients grow
// with depth) once its bar is eq. (17) at the theory's correlations; its
// record names the run where the result was seen. Table2Runs.Fig3 sets
// Declared.DataSeeds from the POST-LN run's seed.
var Fig3Values = result.Disagreement{
	Paper:    papers.Noci2022ValuesGrow.Text,
	Measured: "under POST-LN with α = 1 the value gradient norm of the last block is 1.11 times the first block's (+0.05 decades, SE ≤ 0.11), against a rise of +0.32 decades that eq. (17) gives at Lemma 3.2's correlations (0.21 → 0.998); the check asks for half of it",
	Why:      "the query/key collapse that eq. (18) predicts is reproduced (−2.35 decades), but the values barely move: eq. (17) is for one uniform-attention block at fixed σ_x, while the runs have four heads, ReLU and POST-LN, and the first block's value gradient is backpropagated through eleven later blocks (its mean is also heavy-tailed: 36% SE over 50 networks)",
	Declared: result.Declaration{Commit: "9b274ee", Seen: "this session's run at the reported seeds (rankexp.Table2Runs, POST-LN, seed 50, stream 2022)"},
}

// Table2Runs are the runs of Figs. 3 and 9: Table2Settings.Runs under
// POST-LN (Post, drawn from PostSeed) and PRE-LN (Pre, from PreSeed) at
// one depth and number of draws.
type Table2Runs struct {
	Post, Pre         []rankblock.Profile
	PostSeed, PreSeed uint64
}

// PanelChecks are checks of one panel of a figure (Panel 0, 1, 2 for
// panels a, b, c), shown after their Notes.
type PanelChecks struct {
	Panel int
	List  result.CheckList
}

// Table2Figure is Fig. 3 or Fig. 9 on its runs: Panels a (the mean
// pairwise cosine against layer), b (query and key gradient norms per
// block relative to the first block: the root of the mean squared norm
// over draws, as the paper plots them) and c (value gradient norms, the
// same), then Checks in the order shown, each of one panel. Table, when
// set, is shown after them: Fig. 3 carries Fig. 1 at initialisation.
type Table2Figure struct {
	Panels []result.Curves
	Checks []PanelChecks
	Table  *result.Table
}

// wantTable2 panics with a "rankexp: Table2Runs:" message unless ok: runs
// of one call at different settings, a caller bug.
func wantTable2(ok bool, format string, args ...any) {
	if !ok {
		panic("rankexp: Table2Runs: " + fmt.Sprintf(format, args...))
	}
}

// sizes are r's depth L and draws, checked to be one setting across its
// runs (each with gradients).
func (r Table2Runs) sizes() (L, draws int) {
	wantTable2(len(r.Post) == len(table2Names) && len(r.Pre) == len(table2Names), "%d POST-LN and %d PRE-LN runs, want %d each (Table2Residuals)", len(r.Post), len(r.Pre), len(table2Names))
	L, draws = len(r.Post[0].MeanCos)-1, r.Post[0].Draws
	for _, p := range append(append([]rankblock.Profile(nil), r.Post...), r.Pre...) {
		wantTable2(len(p.MeanCos)-1 == L && p.Draws == draws && len(p.GradWQ) == L, "runs at L=%d with %d draws and L=%d with %d draws and %d gradient layers (Table2Settings.Runs gives one setting, with gradients)", L, draws, len(p.MeanCos)-1, p.Draws, len(p.GradWQ))
	}
	return L, draws
}

// record is the Record of r's figures drawn from seed: the sizes of
// Table2Settings.Runs, at Table2's depth and draws or not.
func (r Table2Runs) record(seed uint64) result.Record {
	L, draws := r.sizes()
	return result.Record{Params: map[string]float64{"n": 50, "d_v": 32, "d_F": 128, "heads": 4, "L": float64(L), "draws": float64(draws)}, // n, d_v, d_F, heads: fixed by Table2Settings.Runs
		Seed: seed, HasSeed: true, AtPaper: Table2Settings{L: L, Draws: draws} == Table2(),
		NotPaper: fmt.Sprintf("a claim of the paper read at depth L = 12 with 50 draws; here L = %d, %d draws", L, draws)}
}

// panels are panels a (cosine), b (W^Q, W^K) and c (W^V) of runs,
// drawn from seed, under setting (the caption's "POST-LN, Table 2"), and
// the check id+"-alpha-order" of panel a that larger α aligns faster: the
// smallest drop of the last layer's cosine between neighbouring α, in SE
// (st, the paper's statement of it, or nil).
func (r Table2Runs) panels(runs []rankblock.Profile, seed uint64, setting, id string, st *papers.Statement) Table2Figure {
	L, _ := r.sizes()
	rec := r.record(seed)
	x := result.Index(L + 1)
	var a, b, c []result.Line
	var last, lastSE []float64 // the ℓ = L mean cosine of each run
	for i, p := range runs {
		name := table2Names[i]
		a = append(a, result.Line{Name: name, Role: result.SimulatedLine, X: x, Y: p.MeanCos, SE: p.MeanCosSE})
		b = append(b, result.Line{Name: "W^Q, " + name, Role: result.SimulatedLine, X: result.Index(L), Y: normRatio(p.GradWQ)},
			result.Line{Name: "W^K, " + name, Role: result.SimulatedTrace, X: result.Index(L), Y: normRatio(p.GradWK)})
		c = append(c, result.Line{Name: "W^V, " + name, Role: result.SimulatedLine, X: result.Index(L), Y: normRatio(p.GradWV)})
		last, lastSE = append(last, p.MeanCos[L]), append(lastSE, p.MeanCosSE[L])
	}
	layer, ratio := result.Axis{Label: "layer ℓ"}, result.Axis{Label: "‖∂𝓛/∂W^ℓ‖ / ‖∂𝓛/∂W^1‖", Log: true}
	f := Table2Figure{Panels: []result.Curves{
		{Caption: "Mean pairwise cosine vs layer, " + setting, X: layer, Y: result.Axis{Label: "mean cosine"}, Lines: a, Record: rec},
		{Caption: "Query/key gradient norm per block / first block (root of the mean squared norm over draws), " + setting, X: layer, Y: ratio, Lines: b, Record: rec},
		{Caption: "Value gradient norm per block / first block (root of the mean squared norm over draws), " + setting, X: layer, Y: ratio, Lines: c, Record: rec},
	}}
	zmin := empirical.MinDiffZ(last[:len(last)-1], lastSE[:len(last)-1], last[1:], lastSE[1:])
	order := result.Check{Name: id + "-alpha-order", Kind: result.Claim, Value: zmin, Tol: 4, Rule: result.AtLeast, Statement: st, PaperOnly: true,
		Basis: "4 SE of the difference, SE from 50 draws", Note: "smallest drop of the ℓ = 12 mean cosine from one α to the next smaller (paper: larger α aligns faster)"}
	f.Checks = []PanelChecks{{0, result.CheckList{Checks: []result.Check{order}, Record: rec}}}
	return f
}

// Fig3 is Fig. 3 on the POST-LN runs: its panels, the α-order check
// (fig3-alpha-order, the paper's caption), then, at depth L ≥ 2, the
// paper's gradient claims in decades of the panels' norms against EqShare
// of what eqs. (17)–(18) give at the theory's correlations at the paper's
// settings (Table2Theory, the same for any run): the Q/K fall at α = 1
// (panel b), the value rise at α = 1 (panel c, a declared known
// disagreement: Fig3Values), a note of both ratios and the Q/K norm kept
// within half a decade under 1/√L (panel b); and Fig. 1 at
// initialisation as its Table (Fig1). The claims apply only at the
// paper's depth L = 12 with 50 draws.
func (r Table2Runs) Fig3() Table2Figure {
	f := r.panels(r.Post, r.PostSeed, "POST-LN, Table 2", "fig3", papers.Noci2022AlphaOrder)
	t := r.Fig1()
	f.Table = &t
	L, _ := r.sizes()
	if L < 2 { // no block between the first and the last: nothing to claim
		return f
	}
	const n = 50
	rec := r.record(r.PostSeed)
	post, s := r.Post[0], r.Post[2]
	rho, err := Table2Theory(L, 1)
	wantTable2(err == nil, "theory at L = %d: %v", L, err)
	qPred, vPred := gradDecades(rho, n)
	qDrop, vRise := normDecades(post.GradWQ), normDecades(post.GradWV)
	theory := fmt.Sprintf("Lemma 3.2 at n = %d, α = 1 from the input law's ρ⁰ = %.3f: ρ^%d = %.4f", n, rho[0], L-1, rho[L-1])
	list := func(notes []string, c result.Check) result.CheckList {
		c.Kind, c.PaperOnly = result.Claim, true
		return result.CheckList{Notes: notes, Checks: []result.Check{c}, Record: rec}
	}
	f.Checks = append(f.Checks,
		PanelChecks{1, list(nil, result.Check{Name: "fig3b-qk-drop-alpha1", Value: qDrop, Tol: EqShare * qPred, Rule: result.AtMost, Statement: papers.Noci2022QKDiminish, Central: true,
			Basis: fmt.Sprintf("at least %g of the fall of the Q/K norm eq. (18)'s (1 − ρ) gives at the theory's correlations (%s): %.2f decades", EqShare, theory, qPred),
			Note:  fmt.Sprintf("log10(last/first W^Q gradient norm), α = 1 (SE ≤ %.2f decades)", decadesSE(post.GradWQ, post.GradWQSE))})},
		PanelChecks{2, list(nil, result.Check{Name: "fig3c-v-rise-alpha1", Value: vRise, Tol: EqShare * vPred, Rule: result.AtLeast, Disagreement: Fig3Values.WithDataSeeds(r.PostSeed),
			Basis: fmt.Sprintf("at least %g of the rise of the value norm eq. (17)'s √(1 + ρ(n − 1)) gives at the same correlations: %.2f decades", EqShare, vPred),
			Note:  fmt.Sprintf("log10(last/first W^V gradient norm), α = 1 (SE ≤ %.2f decades)", decadesSE(post.GradWV, post.GradWVSE))})},
		PanelChecks{1, list([]string{fmt.Sprintf("α = 1: W^V gradient norm last/first = %.2f (paper: values grow with depth), W^Q %.2g\n", math.Pow(10, vRise), math.Pow(10, qDrop))},
			result.Check{Name: "fig3b-qk-kept-sqrtL", Value: normDecades(s.GradWQ), Tol: 0.5, Statement: papers.Noci2022ScalingKeepsQK,
				Basis: "1/√L scaling keeps the Q/K gradients; read as within half a decade of the first block's norm (a factor √10)", Note: "log10(last/first W^Q gradient norm) under 1/√L"})})
	return f
}

// Fig1 is Fig. 1 at initialisation: the layer-L mean cosine of the
// POST-LN α = 1 run at the depths 2, 4, 6, 8, 12 the runs reach, and the
// paper's claim that it rises with depth (the smallest rise between
// neighbouring depths, in SE, at least 4; not applicable with fewer than
// two depths).
func (r Table2Runs) Fig1() result.Table {
	L, draws := r.sizes()
	c, se := r.Post[0].MeanCos, r.Post[0].MeanCosSE
	t := result.Table{Caption: "Fig. 1 at initialisation: last-layer mean cosine of a POST-LN Table 2 network of depth L, α = 1 (the layer-L cosine of the runs above)",
		Header: []string{"depth L"}, Rows: [][]string{{"mean cosine"}}, Record: r.record(r.PostSeed)}
	var depths []int
	for _, l := range []int{2, 4, 6, 8, 12} {
		if l <= L {
			t.Header, t.Rows[0] = append(t.Header, fmt.Sprint(l)), append(t.Rows[0], result.Num(c[l]))
			depths = append(depths, l)
		}
	}
	if len(depths) < 2 {
		t.Checks = []result.Check{{Name: "fig1-init-rises-with-depth", NotApplicable: "fewer than two of the depths 2, 4, 6, 8, 12"}}
		return t
	}
	zmin := math.Inf(1)
	for k := 1; k < len(depths); k++ {
		a, b := depths[k-1], depths[k]
		zmin = math.Min(zmin, (c[b]-c[a])/(se[a]+se[b]))
	}
	t.Checks = []result.Check{{Name: "fig1-init-rises-with-depth", Kind: result.Claim, Rule: result.AtLeast, Value: zmin, Tol: 4, Statement: papers.Noci2022Fig1Caption, Central: true, PaperOnly: true,
		Basis: fmt.Sprintf("4 SE of each rise from one listed depth to the next; both cosines come from the same %d networks, so the SE of a rise is bounded by the sum of the two", draws),
		Note:  "smallest rise of the mean cosine between neighbouring depths of fig1-init, in SE (POST-LN, α = 1)"}}
	return t
}

// Fig9 is Fig. 9 on the PRE-LN runs against the POST-LN ones: its panels,
// the α-order check (fig9-alpha-order: Fig. 9 is "the same as Figure 3"
// in layout, not a restatement, so it quotes no statement), and the
// paper's claims: PRE-LN aligns more slowly at ℓ = L (panel a), keeps its
// Q/K gradients better (panel b) and its value gradients fall (panel c),
// signs in SE (Table2Z). At depth L < 2 there is nothing to compare: no
// panels, no checks.
func (r Table2Runs) Fig9() Table2Figure {
	L, draws := r.sizes()
	if L < 2 {
		return Table2Figure{}
	}
	f := r.panels(r.Pre, r.PreSeed, "PRE-LN, Table 2", "fig9", nil)
	rec := r.record(r.PostSeed)
	pr, po := r.Pre[0], r.Post[0]
	qDrop, vRise := normDecades(po.GradWQ), normDecades(po.GradWV)
	kept := (normDecades(pr.GradWQ) - qDrop) / math.Hypot(decadesSE(pr.GradWQ, pr.GradWQSE), decadesSE(po.GradWQ, po.GradWQSE))
	falls := normDecades(pr.GradWV) / decadesSE(pr.GradWV, pr.GradWVSE)
	list := func(c result.Check) result.CheckList {
		c.Kind, c.PaperOnly = result.Claim, true
		return result.CheckList{Checks: []result.Check{c}, Record: rec}
	}
	f.Checks = append(f.Checks,
		PanelChecks{0, list(result.Check{Name: "fig9-slower-than-postln", Value: (pr.MeanCos[L] - po.MeanCos[L]) / math.Hypot(pr.MeanCosSE[L], po.MeanCosSE[L]),
			Tol: -4, Rule: result.AtMost, Statement: papers.Noci2022PreLNCorrelation, Central: true, Basis: "4 SE of the difference, SE from 50 draws each", Note: "(PRE-LN − POST-LN) ℓ = 12 mean cosine in SE, α = 1"})},
		PanelChecks{1, list(result.Check{Name: "fig9-qk-preserved", Value: kept, Tol: Table2Z, Rule: result.AtLeast, Statement: papers.Noci2022PreLNQK,
			Basis: fmt.Sprintf("%d SE of the difference of two independent runs; each run's SE of its last/first log ratio bounded by the sum of the two blocks' (decadesSE), SE from %d networks", Table2Z, draws),
			Note:  fmt.Sprintf("fall of the W^Q gradient norm, PRE-LN (%+.2f decades) minus POST-LN (%+.2f), α = 1, in SE", normDecades(pr.GradWQ), qDrop)})},
		PanelChecks{2, list(result.Check{Name: "fig9-v-opposite", Value: falls, Tol: -Table2Z, Rule: result.AtMost, Statement: papers.Noci2022PreLNValues,
			Basis: fmt.Sprintf("the value trend opposite to POST-LN's rise: PRE-LN's value norm falls by %d SE (decadesSE, SE from %d networks)", Table2Z, draws),
			Note:  fmt.Sprintf("log10(last/first W^V gradient norm) in SE, PRE-LN α = 1 (%+.2f decades; POST-LN: %+.2f)", normDecades(pr.GradWV), vRise)})})
	return f
}

// gradDecades is rankcollapse.GradDecades from the correlation of the
// first block's input, rho[0], to that of the last block's (block L,
// index L−1; len(rho) = L+1) for n tokens. It panics on an error (an
// input the caller validated).
func gradDecades(rho []float64, n int) (q, v float64) {
	q, v, err := rankcollapse.GradDecades(n, rho[0], rho[len(rho)-2])
	if err != nil {
		panic("rankexp: " + err.Error())
	}
	return q, v
}

// normDecades is log10 of the norm ratio (RMS over draws) of the last
// block's mean squared gradient norm g[len(g)−1] to the first's.
func normDecades(g []float64) float64 { return 0.5 * math.Log10(g[len(g)-1]/g[0]) }

// decadesSE bounds the standard error of normDecades(g) from the standard
// errors se of the means g over the networks (the sample unit): by the
// delta method log10 of a mean has SE se/(g ln 10), and the SD of the
// difference of two estimates is at most the sum of their SDs whatever
// their correlation (the first and the last block's norms come from the
// same networks).
func decadesSE(g, se []float64) float64 {
	k := len(g) - 1
	return 0.5 / math.Ln10 * (se[k]/g[k] + se[0]/g[0])
}

// normRatio is √(g_ℓ/g_1): the norm ratio of mean squared gradient norms.
func normRatio(g []float64) []float64 {
	r := rankblock.RelativeToFirst(g)
	for i := range r {
		r[i] = math.Sqrt(r[i])
	}
	return r
}
