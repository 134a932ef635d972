package spectrumview

import (
	"maps"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/kernel-ext/render"
	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/attnspec"
	"github.com/sigprop/sigprop/lib/block"
	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/jacspectrum"
	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/lib/randmlp"
	"github.com/sigprop/sigprop/lib/result"
	"github.com/sigprop/sigprop/lib/shtanhtrain"
	"github.com/sigprop/sigprop/lib/traindepth"
)

// check is the agreement of v named with prefix, or fails the test.
func check(t *testing.T, v show.View, prefix string) show.Agreement {
	t.Helper()
	for _, a := range v.Agreements() {
		if strings.HasPrefix(a.Name, prefix) {
			return a
		}
	}
	t.Fatalf("no check %q among %d", prefix, len(v.Agreements()))
	return show.Agreement{}
}

// mutation is one claim check at notebook 04's settings, as the notebook
// makes it and under a plausible wrong theory (the run perturbed as that
// theory would have it): the first must pass, the second fail.
func mutation(t *testing.T, what string, before, after show.Agreement) {
	t.Helper()
	mb, err := before.Metric()
	if err != nil {
		t.Fatal(err)
	}
	ma, err := after.Metric()
	if err != nil {
		t.Fatal(err)
	}
	if before.Paper == "" || !mb.Pass || ma.Pass {
		t.Errorf("%s: %q before %v (pass %v), after %v (pass %v), tol %v; want a claim check that passes, then fails", what, before.Name, mb.Value, mb.Pass, ma.Value, ma.Pass, mb.Tolerance)
	}
	t.Logf("%s | %s | before %.4g, after %.4g, tol %.4g", before.Name, what, float64(mb.Value), float64(ma.Value), float64(mb.Tolerance))
}

// TestClaimMutation: the cheap claim checks of notebook 04, at its
// settings and seeds, fail a plausible wrong theory (the perturbation
// table of issue 37; the spectra panels' is randmlp.TestSpectrumMutation).
func TestClaimMutation(t *testing.T) {
	stream := uint64(randmlp.SpectrumStream)
	// attn-gap: the radius without the −1, √(e^{s²}/T), 1.26 r_T at s = 1.
	g := attnspec.GapNotes()
	g.Seed, g.Stream = 90, stream
	gr, err := g.Run()
	if err != nil {
		t.Fatal(err)
	}
	k := math.Sqrt(math.E / (math.E - 1))
	wide := gr
	wide.Eigs = make([]complex128, len(gr.Eigs))
	for i, e := range gr.Eigs {
		wide.Eigs[i] = e
		if i > 0 {
			wide.Eigs[i] = e * complex(k, 0)
		}
	}
	for _, name := range []string{"|λ₂|/r_T − 1", "fraction of the bulk outside 1.1 r_T"} {
		mutation(t, "bulk radius √(e^{s²}/T) (no −1)", check(t, gapView(show.Figure{ID: "attn-gap"}, gr), name), check(t, gapView(show.Figure{ID: "attn-gap"}, wide), name))
	}
	// attn-radius: |λ₂| ∝ 1/T instead of T^{−1/2}.
	rs := attnspec.Radius()
	rs.Seed, rs.Stream = 100, stream
	rr, err := rs.Run()
	if err != nil {
		t.Fatal(err)
	}
	fast := rr
	fast.Lambda2 = make([]float64, len(rr.Lambda2))
	for i, l := range rr.Lambda2 {
		fast.Lambda2[i] = l * math.Sqrt(float64(rs.Ts[0])/float64(rs.Ts[i]))
	}
	mutation(t, "|λ₂| ∝ 1/T", check(t, render.Curves(show.Figure{ID: "attn-radius"}, rr.Curves()), "log-log slope"), check(t, render.Curves(show.Figure{ID: "attn-radius"}, fast.Curves()), "log-log slope"))
	// attn-depth: the softmax residual shrinking by 1.3 r_T per layer; the
	// centred stack collapsing like softmax (no fix).
	ds := attnspec.Depth()
	ds.Seed, ds.Stream = 110, stream
	dr, err := ds.Run()
	if err != nil {
		t.Fatal(err)
	}
	slow := dr
	slow.Stacks = maps.Clone(dr.Stacks)
	sm := slow.Stacks[block.Softmax]
	sm.Residual = make([]float64, len(dr.Stacks[block.Softmax].Residual))
	for l, v := range dr.Stacks[block.Softmax].Residual {
		sm.Residual[l] = v * math.Pow(1.3, float64(l))
	}
	slow.Stacks[block.Softmax] = sm
	mutation(t, "residual ratio 1.3 r_T per layer", check(t, render.Curves(show.Figure{ID: "attn-depth"}, dr.Curves()), "softmax: max |residual ratio"), check(t, render.Curves(show.Figure{ID: "attn-depth"}, slow.Curves()), "softmax: max |residual ratio"))
	nofix := dr
	nofix.Stacks = maps.Clone(dr.Stacks)
	c := nofix.Stacks[block.Centered]
	c.Residual = dr.Stacks[block.Softmax].Residual
	nofix.Stacks[block.Centered] = c
	mutation(t, "centring does not fix (softmax's residual)", check(t, render.Curves(show.Figure{ID: "attn-depth"}, dr.Curves()), "centered: 1 − min residual"), check(t, render.Curves(show.Figure{ID: "attn-depth"}, nofix.Curves()), "centered: 1 − min residual"))
	// attn-width: each layer adds −1 to the log-log slope instead of −1/2.
	ws := attnspec.Widths()
	ws.Seed, ws.Stream = 120, stream
	wr, err := ws.Run()
	if err != nil {
		t.Fatal(err)
	}
	steep := wr
	steep.Residual = make([][]float64, len(wr.Residual))
	for l, row := range wr.Residual {
		for i, v := range row {
			steep.Residual[l] = append(steep.Residual[l], v*math.Pow(float64(ws.Ts[i])/float64(ws.Ts[0]), -0.5*float64(l)))
		}
	}
	wb, wa := render.Curves(show.Figure{ID: "attn-width"}, wr.Curves()).Agreements(), render.Curves(show.Figure{ID: "attn-width"}, steep.Curves()).Agreements()
	for i := range wb {
		mutation(t, "each layer adds −1 to the slope", wb[i], wa[i])
	}
	// murray-fig1: deviations that do not vanish (a φ that is not scaled-bounded, e.g. ReLU: μ₂/μ₁² − 1 = 1 at every q*).
	mr, err := jacspectrum.MurrayNotes().Run()
	if err != nil {
		t.Fatal(err)
	}
	flat := jacspectrum.MurrayResult{Settings: mr.Settings, Rows: slices.Clone(mr.Rows)}
	for i := range flat.Rows {
		flat.Rows[i].Dev, flat.Rows[i].R0 = mr.Rows[0].Dev, mr.Rows[0].R0
	}
	vanish := func(r jacspectrum.MurrayResult) show.Agreement {
		return render.Checks("murray-fig1", []result.Check{r.Vanish()}, result.Record{AtPaper: true}).Agreements()[0]
	}
	mutation(t, "deviations held at y = 1 (not scaled-bounded)", vanish(mr), vanish(flat))
	// table1: hard tanh's μ₁ printed as erf(1/√q*) (the 2 dropped).
	q := 0.25
	quad := jacspectrum.Table1(activation.HardTanh(), q, jacspectrum.Orthogonal).MuQuad[0]
	tab1 := func(v float64) show.Agreement {
		return show.Agreement{Name: "Table 1: max |closed − quadrature| over μ₁..μ₃", Kind: show.TheoryVsClosedForm, Value: v, Tol: 1e-10, Figure: "table1", Paper: papers.TannerTable1ClosedForms.Text, Basis: "quadrature error ≲ 1e-12"}
	}
	mutation(t, "hard tanh μ₁ = erf(1/√q*)", tab1(jacspectrum.Table1(activation.HardTanh(), q, jacspectrum.Orthogonal).MaxQuadErr()), tab1(math.Abs(math.Erf(1/math.Sqrt(q))-quad)))
	// table2: the Gaussian row against the orthogonal closed form σ_w⁻² (no 1/(1 + z)).
	rows2, err := randmlp.Table2Settings{Seed: 40, Stream: stream}.Run()
	if err != nil {
		t.Fatal(err)
	}
	o, gg := rows2[0], rows2[1]
	tab2 := func(theory []float64) show.Agreement {
		return show.MaxZ(show.Agreement{Name: "Table 2, Gaussian: max |z| of the sampled S(z) against σ_w⁻²/(1+z)", Tol: 5, Figure: "table2", Paper: papers.TannerTable2STransforms.Text}, gg.SNum, gg.SNumSE, theory)
	}
	mutation(t, "S_{WᵀW} = σ_w⁻² for Gaussian weights", tab2(gg.S), tab2(o.S))
	orth := func(theory []float64, s1 float64) show.Agreement {
		return show.Agreement{Name: "Table 2, orthogonal: max |sampled − closed| over S(z) and s₁", Kind: show.TheoryVsSimulation,
			Value: math.Max(empirical.MaxAbsDiff(o.SNum, theory), math.Abs(o.S1Num-s1)), Tol: 1e-10, Figure: "table2", Paper: papers.TannerTable2STransforms.Text, Basis: "round-off"}
	}
	mutation(t, "the Gaussian form σ_w⁻²/(1+z), s₁ = −1 for orthogonal weights", orth(o.S, o.S1), orth(gg.S, gg.S1))
	s1 := func(want float64) show.Agreement {
		return show.Agreement{Name: "Table 2, Gaussian: |z| of the sampled s₁ against −1 − 1/N", Kind: show.TheoryVsSimulation, Value: empirical.Z(gg.S1Num, gg.S1NumSE, want), Tol: 5, Figure: "table2", Paper: papers.TannerTable2STransforms.Text, Basis: "SE from 8 matrices"}
	}
	mutation(t, "s₁ = 0 (the orthogonal value) for Gaussian weights", s1(gg.S1Width), s1(0))
	// s-transform-product (the notebook's SWidth, SDraws, seed 2): S of one layer, 1/(1 + z), instead of the product's.
	prod, err := randmlp.SampleSpectra([]randmlp.SpectrumSpec{{Figure: "s-transform-product", Phi: "linear", Weights: "gaussian", Depth: 2, QStar: 1, Width: 400, Draws: 8, Seed: 2}}, 2)
	if err != nil {
		t.Fatal(err)
	}
	zs := empirical.Linspace(-0.8, -0.05, 16)
	sc, err := prod[0].STransformCurves(zs)
	if err != nil {
		t.Fatal(err)
	}
	before := render.Curves(show.Figure{ID: "s-transform-product"}, sc).Agreements()[0]
	mean, se, _ := prod[0].STransform(zs)
	after := before
	after = show.MaxZ(show.Agreement{Name: before.Name, Tol: 5, Figure: before.Figure, Paper: before.Paper, Basis: "SE from 8 products"}, mean, se, show.Map(zs, func(z float64) float64 { return 1 / (1 + z) }))
	mutation(t, "S = S_MP = 1/(1 + z) (one layer, not the free product)", before, after)
	// fig4-hardtanh's convergence exponent (L = 32 → 128) against the other class's limit, the smooth law.
	rate := func(limit jacspectrum.Spectrum) show.Agreement {
		a, err := jacspectrum.ApproachLimit(activation.HardTanh(), limit, 128, randmlp.Fig4Sigma02, empirical.Linspace(0.05, 3, 40), mc)
		if err != nil {
			t.Fatal(err)
		}
		return show.Agreement{Name: "hardtanh: convergence exponent of KS(theory L, limit law), L=32→128", Kind: show.TheoryVsTheory, Value: a.Exponent, Tol: 0.8, Rule: show.AtLeast, Figure: "fig4-hardtanh", Paper: papers.P18Fig4Rate.Text, Basis: "80% of the predicted exponent 1"}
	}
	mutation(t, "the smooth class's limit law for hard tanh", rate(jacspectrum.BernoulliLimit{Sigma02: randmlp.Fig4Sigma02}), rate(jacspectrum.SmoothLimit{Sigma02: randmlp.Fig4Sigma02}))
}

// TestDeclarations: each known disagreement of notebook 04's training
// analogues (declared in lib/shtanhtrain and lib/traindepth, carried by
// their checks) has an auditable record (its declaring commit; a pilot
// with its seeds where one decided it; prose stating timing is caught for
// all of kernel-ext by reports/conformance's TestNoTimingInProse), and
// with the reported data's seeds has the timing bundle.AfterSeen: every
// pilot's seeds are among the data's, or the result was read before the
// declaration.
func TestDeclarations(t *testing.T) {
	for name, d := range map[string]result.Disagreement{"MurrayDecay": shtanhtrain.MurrayDecayDisagreement, "DepthSpread": traindepth.DepthSpreadDisagreement,
		"DepthMean": traindepth.DepthMeanDisagreement, "BudgetGrow": traindepth.BudgetGrowDisagreement} {
		if err := d.Wellformed(); err != nil {
			t.Errorf("%s: %v", name, err)
		}
		if d.Declared.DataSeeds != nil {
			t.Errorf("%s: DataSeeds typed (%v); the checks set them from the run", name, d.Declared.DataSeeds)
		}
		dd := d.WithDataSeeds(1, 2, 3).Declared
		withData := bundle.Declaration{Commit: dd.Commit, Pilot: dd.Pilot, PilotSeeds: dd.PilotSeeds, DataSeeds: dd.DataSeeds, Seen: dd.Seen}
		if err := withData.Validate(); err != nil {
			t.Errorf("%s: %v", name, err)
		}
		if got := withData.Timing(); got != bundle.AfterSeen || d.Declared.Seen == "" {
			t.Errorf("%s: timing %q, seen %q; want bundle.AfterSeen, and where it was seen", name, got, d.Declared.Seen)
		}
	}
}
