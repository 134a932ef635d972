package tokenshow

// TEMPORARY: compares the old builders with render over tokencheck's
// results before the builders are deleted.

import (
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/lib/tokencheck"
	"github.com/sigprop/sigprop/lib/tokengeom"
	"github.com/sigprop/sigprop/lib/tokennet"
)

func deq(a, b reflect.Value) bool {
	if a.Kind() != b.Kind() {
		return false
	}
	switch a.Kind() {
	case reflect.Float64, reflect.Float32:
		x, y := a.Float(), b.Float()
		return x == y || (math.IsNaN(x) && math.IsNaN(y))
	case reflect.Pointer, reflect.Interface:
		if a.IsNil() || b.IsNil() {
			return a.IsNil() == b.IsNil()
		}
		return deq(a.Elem(), b.Elem())
	case reflect.Slice:
		if a.Len() != b.Len() {
			return false
		}
		if a.IsNil() != b.IsNil() && a.Len() > 0 {
			return false
		}
		fallthrough
	case reflect.Array:
		for i := 0; i < a.Len(); i++ {
			if !deq(a.Index(i), b.Index(i)) {
				return false
			}
		}
		return true
	case reflect.Map:
		if a.Len() != b.Len() {
			return false
		}
		for _, k := range a.MapKeys() {
			if !b.MapIndex(k).IsValid() || !deq(a.MapIndex(k), b.MapIndex(k)) {
				return false
			}
		}
		return true
	case reflect.Struct:
		for i := 0; i < a.NumField(); i++ {
			if !deq(a.Field(i), b.Field(i)) {
				return false
			}
		}
		return true
	case reflect.Func:
		return a.IsNil() && b.IsNil()
	}
	return reflect.DeepEqual(a.Interface(), b.Interface())
}

func same(t *testing.T, name string, old, new show.View, oldTexts []string) {
	t.Helper()
	of, nf := old.Figures(), new.Figures()
	if len(of) != len(nf) {
		t.Errorf("%s: %d vs %d figures", name, len(of), len(nf))
	} else {
		for i := range of {
			if !deq(reflect.ValueOf(of[i]), reflect.ValueOf(nf[i])) {
				t.Errorf("%s: figure %d differs:\nold %+v\nnew %+v", name, i, of[i], nf[i])
			}
		}
	}
	oa, na := old.Agreements(), new.Agreements()
	if len(oa) != len(na) {
		t.Errorf("%s: %d vs %d agreements", name, len(oa), len(na))
	} else {
		for i := range oa {
			om, e1 := oa[i].Metric()
			nm, e2 := na[i].Metric()
			if (e1 == nil) != (e2 == nil) || !deq(reflect.ValueOf(om), reflect.ValueOf(nm)) {
				t.Errorf("%s: metric %d differs:\nold %+v %v\nnew %+v %v", name, i, om, e1, nm, e2)
			}
			o, n := oa[i], na[i]
			if o.Rule == "" {
				o.Rule = show.Within
			}
			if n.Rule == "" {
				n.Rule = show.Within
			}
			if !deq(reflect.ValueOf(o), reflect.ValueOf(n)) {
				t.Errorf("%s: agreement %d differs:\nold %+v\nnew %+v", name, i, o, n)
			}
		}
	}
	if oldTexts == nil {
		oldTexts = old.Texts()
	}
	if !reflect.DeepEqual(oldTexts, new.Texts()) {
		t.Errorf("%s: texts %q vs %q", name, oldTexts, new.Texts())
	}
	if len(old)+len(new.Texts())-len(old.Texts()) != len(new) {
		t.Errorf("%s: %d vs %d items", name, len(old), len(new))
	}
}

func small(m tokengeom.Model, n int, d float64) tokengeom.Model { m.N, m.D = n, d; return m }

func TestEquivalence(t *testing.T) {
	// One block, Fig. 2's layers and histograms: synthetic and real runs.
	c := tokencheck.Curves{Model: tokengeom.NewModel(a8, a8, 1), Start: tokengeom.QP{Q: 64, P: 0},
		Sim: stats([]float64{1, 0.80}, []float64{0, 0.002}, []float64{0, 0.01}, []float64{0, 0.004}, 64),
		Q:   []float64{1, 0.79}, Cos: []float64{0, 0.02}, AttBias: 0.002}
	same(t, "oneblock synthetic", OneBlock(2, c), oneBlockView(2, c), nil)
	for i, cs := range []struct{ alpha, sw, q0, p0 float64 }{{a8, 1, 1, 0}, {a8, 2, 1, 0.5}, {0.6, 1.5, 1.25, 1.09375}} {
		for _, n := range []int{256, 16} {
			m := small(tokengeom.NewModel(cs.alpha, cs.alpha, cs.sw), n, 16)
			one := tokencheck.Layers{Model: m, L: 1, Q0: cs.q0 * m.D, P0: cs.p0 * m.D, Networks: 6, Seeds: tokencheck.Seeds{Seed: uint64(100 + i), Stream: 5}}
			cv, err := one.Curves()
			if err != nil {
				t.Fatal(err)
			}
			same(t, "oneblock real", OneBlock(i+1, cv), oneBlockView(i+1, cv), nil)
		}
	}
	L := 16
	sq, sc := fill(L+1, 0.5), fill(L+1, 0.2)
	sq[3], sc[5] = 0.53, 0.17
	lc := tokencheck.Curves{Model: tokengeom.NewModel(a8, a8, 5), Sim: stats(sq, fill(L+1, 0.01), sc, fill(L+1, 0.01), 8), Q: fill(L+1, 0.5), Cos: fill(L+1, 0.2), Seeds: tokencheck.Seeds{Seed: 201}}
	for _, norm := range []bool{true, false} {
		same(t, "layers synthetic", LayerFigure(lc, norm), layerView(lc, norm), nil)
	}
	lc.Model.SigmaW = 2
	lc.Q, lc.Cos, lc.Sim = lc.Q[:5], lc.Cos[:5], stats(sq[:5], fill(5, 0.01), sc[:5], fill(5, 0.01), 8)
	same(t, "layers 4", LayerFigure(lc, true), layerView(lc, true), nil)
	for i, sw := range []float64{1, 5} {
		for _, d := range []float64{64, 16} {
			s := tokencheck.Fig2(sw)
			s.Model.D, s.Q0, s.L, s.Networks = d, d, 10, 3
			s.Seeds = tokencheck.Seeds{Seed: uint64(200 + i), Stream: 2}
			cv, err := s.Curves()
			if err != nil {
				t.Fatal(err)
			}
			same(t, "layers real", LayerFigure(cv, i == 1), layerView(cv, i == 1), nil)
			r := tokennet.HistogramRanges{NormLo: 0, NormHi: 1.6, CosLo: -0.3, CosHi: 1, Bins: 10}
			for _, nets := range []int{1, 2} {
				s.Networks = nets
				h, err := s.Histograms(r)
				if err != nil {
					t.Fatal(err)
				}
				same(t, "histograms real", HistogramFigures(h), histogramView(h), nil)
			}
		}
	}
	hist := tokennet.LayerHistogram{Centres: []float64{0.25, 0.75}, Density: [][]float64{{1, 1}, {2, 0}, {0, 2}}}
	h := tokencheck.Histograms{Model: tokengeom.NewModel(a8, a8, 5), Norms: hist, Cosines: hist, Networks: 1, Q: []float64{1, 0.8, 0.6}, Cos: []float64{0, 0.1, 0.2}, Seeds: tokencheck.Seeds{Seed: 300}}
	same(t, "histograms synthetic", HistogramFigures(h), histogramView(h), nil)

	// Fig. 3.
	L = 32
	rr, cos := fill(L+1, 1.1), fill(L+1, 0.5)
	rr[0], cos[L] = 1.5, 0.52
	sy := tokencheck.Symmetry{Model: tokengeom.NewModel(a8, a8, 2), Q: 64, P1: 48, P2: 32,
		Sim: stats(rr, fill(L+1, 0.01), cos, fill(L+1, 0.01), 4), FixedCos: 0.5, Seeds: tokencheck.Seeds{Seed: 400}}
	same(t, "symmetry paper", SymmetryFigure(sy), symmetryView(sy), nil)
	sy4 := sy
	sy4.Sim = stats(rr[:5], fill(5, 0.01), cos[:5], fill(5, 0.01), 4)
	same(t, "symmetry paper 4 layers", SymmetryFigure(sy4), symmetryView(sy4), nil)
	sy.Model.D, sy.Q, sy.P1, sy.P2 = 16, 16, 12, 8
	same(t, "symmetry d16", SymmetryFigure(sy), symmetryView(sy), nil)
	for _, d := range []float64{64, 16} {
		f3 := tokencheck.Fig3()
		f3.Model.D, f3.L, f3.Networks, f3.Q, f3.P1, f3.P2 = d, 6, 3, d, 0.75*d, 0.5*d
		f3.Seeds = tokencheck.Seeds{Seed: 400, Stream: 2}
		s, err := f3.Run()
		if err != nil {
			t.Fatal(err)
		}
		same(t, "symmetry real", SymmetryFigure(s), symmetryView(s), nil)
	}

	// Slices.
	sws := []float64{1, 1.5, 2}
	for _, d := range []float64{64, 16} {
		var ms []tokengeom.Model
		for _, m := range tokengeom.AlphaSigma.Column(a8, sws) {
			ms = append(ms, small(m, 32, d))
		}
		if d == 64 {
			ms = tokengeom.AlphaSigma.Column(a8, sws)
		}
		e, err := tokencheck.AngleExponents(ms, 4, tokencheck.Seeds{Seed: 500, Stream: 2})
		if err != nil {
			t.Fatal(err)
		}
		f := show.Figure{ID: "fig4-lambda-a-slice", Paper: papers.Claim(papers.Cowsik2024Fig4), PaperNote: "a slice of the top row"}
		same(t, "lambda-a slice", LambdaASlice(f, e, 1.97, empirical.Linspace(0.5, 3.2, 28)), angleSliceView(f, e, 1.97, empirical.Linspace(0.5, 3.2, 28)), nil)
		var es []tokencheck.Exponents
		for k, a := range []float64{a8, 0.6} {
			var gm []tokengeom.Model
			for _, m := range tokengeom.AlphaSigma.Column(a, sws[:2]) {
				gm = append(gm, small(m, 32, d))
			}
			if d == 64 {
				gm = tokengeom.AlphaSigma.Column(a, sws[:2])
			}
			e, err := tokencheck.GradientExponents(gm, 4, 3, tokencheck.Seeds{Seed: uint64(800 + 10*k), Stream: 2})
			if err != nil {
				t.Fatal(err)
			}
			es = append(es, e)
		}
		g := show.Figure{ID: "fig5-lambda-g-slice", Paper: papers.Claim(papers.Cowsik2024Fig5), PaperNote: "a slice of the top row"}
		same(t, "lambda-g slice real", LambdaGSlice(g, es, empirical.Linspace(0.6, 2.6, 30)), gradientSliceView(g, es, empirical.Linspace(0.6, 2.6, 30)), nil)
	}
	g := show.Figure{ID: "fig5-lambda-g-slice", Paper: papers.Claim(papers.Cowsik2024Fig5)}
	for _, nets := range []int{32, 3} {
		es := []tokencheck.Exponents{exponents(tokengeom.AlphaSigma.Column(a8, sws), 16, nets), exponents(tokengeom.AlphaSigma.Column(0.6, sws), 16, nets), exponents(tokengeom.AlphaSigma.Column(0.9, sws), 16, nets)}
		same(t, "lambda-g slice synthetic", LambdaGSlice(g, es, sws), gradientSliceView(g, es, sws), nil)
		same(t, "lambda-g slice one α", LambdaGSlice(g, es[:1], sws), gradientSliceView(g, es[:1], sws), nil)
	}

	// Errata.
	e := tokencheck.Exponents{Models: tokencheck.ErrataModels(), L: 16, Networks: 6,
		Mean: []float64{-0.10, -0.05, -0.30, 0.03, 0.25}, SE: []float64{0.01, 0.01, 0.02, 0.02, 0.04},
		Theory: []float64{-0.12, -0.05, -0.29, 0.03, 0.42}, Printed: []float64{-0.33, -0.17, -0.16, -0.50, -1.24}, Seeds: tokencheck.Seeds{Seed: 900, Stream: 3}}
	errata := func(e tokencheck.Exponents, agree int) {
		old := ErrataFigure(e, agree, "cap")
		lines := strings.SplitAfter(ExponentLines(e), "\n")
		same(t, "errata", old, errataView(e, agree, "cap"), append(old.Texts(), lines[:len(lines)-1]...))
	}
	errata(e, tokencheck.ErrataAgree)
	e4 := e
	e4.L = 4
	errata(e4, 4)
	var pts []tokengeom.Model
	for _, m := range tokencheck.ErrataModels() {
		pts = append(pts, small(m, 32, 16))
	}
	er, err := tokencheck.GradientExponents(pts[:2], 3, 3, tokencheck.Seeds{Seed: 900, Stream: 2})
	if err != nil {
		t.Fatal(err)
	}
	errata(er, 2)

	// Planes.
	for _, pl := range []struct {
		PlaneAxes
		row string
	}{{PlaneAxes{Plane: tokengeom.AlphaSigma, ID: "alpha-sigma", XLabel: "α = α_A = α_M", YLabel: "σ_w"}, "top"},
		{PlaneAxes{Plane: tokengeom.AlphaAM, ID: "alphaA-alphaM", XLabel: "α_A", YLabel: "α_M"}, "bottom"}} {
		ax := tokencheck.PlaneAxes{Plane: pl.Plane, ID: pl.ID, XLabel: pl.XLabel, YLabel: pl.YLabel}
		for _, relabel := range []int{0, 32} {
			la, lg := readPlane(t, "la-"+pl.ID), readPlane(t, "lg-"+pl.ID)
			if relabel > 0 {
				la.D, lg.D = relabel, relabel
			}
			th := show.Figure{ID: "fig4-theory-" + pl.ID, Paper: papers.Claim(papers.Cowsik2024Fig4), PaperNote: pl.row + " row, left"}
			nu := show.Figure{ID: "fig4-numeric-" + pl.ID, Paper: papers.Claim(papers.Cowsik2024Fig4), PaperNote: pl.row + " row, right"}
			same(t, "lambda-a plane", LambdaAPlane(th, nu, pl.PlaneAxes, la), lambdaAPlaneView(th, nu, ax, la), nil)
			th.ID, nu.ID, th.Paper, nu.Paper = "fig5-theory-"+pl.ID, "fig5-numeric-"+pl.ID, papers.Claim(papers.Cowsik2024Fig5), papers.Claim(papers.Cowsik2024Fig5)
			same(t, "lambda-g plane", LambdaGPlane(th, nu, pl.PlaneAxes, lg), lambdaGPlaneView(th, nu, ax, lg), nil)
		}
	}
	for _, relabel := range []int{0, 32} {
		for _, n := range []struct{ name, label, fig string }{{"lg", "λ_g", "left"}, {"la", "λ_a", "right"}} {
			causal, acausal := readPlane(t, n.name+"-causal-alpha-sigma"), readPlane(t, n.name+"-alpha-sigma")
			if relabel > 0 {
				causal.D, acausal.D = relabel, relabel
			}
			f := show.Figure{ID: "fig6-causal-" + n.name, Paper: papers.Claim(papers.Cowsik2024Fig6), PaperNote: n.fig}
			same(t, "causal", CausalPlane(f, n.label, causal, acausal), causalView(f, n.label, causal, acausal), nil)
		}
		lg, la := readPlane(t, "lg-causal-alpha-sigma"), readPlane(t, "la-causal-alpha-sigma")
		if relabel > 0 {
			lg.N = relabel
		}
		f := show.Figure{ID: "fig6-contours", Paper: papers.Claim(papers.Cowsik2024Fig6), PaperNote: "the zero contours of both panels"}
		same(t, "contours", ContourOrder(f, lg, la), contourView(f, lg, la), nil)
		same(t, "contours swapped", ContourOrder(f, la, lg), contourView(f, la, lg), nil)
	}
}
