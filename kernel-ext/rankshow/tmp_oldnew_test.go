package rankshow

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/kernel-ext/render"
	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/block"
	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/lib/rankexp"
)

// TestTmpOldNew: SoftmaxDepths and Placements against the notebook's new
// cells (render over rankexp's results), item order permuted as the new
// cells show them (temporary: deleted with the builders).
func TestTmpOldNew(t *testing.T) {
	deepView := func(d rankexp.DeepRuns) show.View {
		v := render.Table(bundle.Table{ID: "fig8-deep-last"}, d.Table())
		v = append(v, render.Curves(show.Figure{ID: "fig8-deep-cos", Paper: papers.Claim(papers.Noci2022Fig8), PaperNote: "right, at depth with true softmax"}, d.RhoCurves(), render.Legend(show.BottomRight), render.Height(340))...)
		return append(v, render.Curves(show.Figure{ID: "fig8-deep-norm", Paper: papers.Claim(papers.Noci2022Fig8), PaperNote: "left, at depth with true softmax"}, d.NormCurves(), render.Legend(show.TopLeft), render.Height(340))...)
	}
	deepPerm := []int{5, 0, 2, 3, 6, 1, 4, 7}
	// synthetic at the paper's sizes and one depth off
	run := func(L int, scaled bool, seed uint64, c0, step float64) rankexp.DeepRun {
		p := profile(L, 100, c0, step)
		return rankexp.DeepRun{N: 50, D: 32, L: L, Scaled: scaled, Seed: seed, Sim: p, Rho: p.Rho, SqNorm: p.SqNorm}
	}
	syn := rankexp.DeepRuns{run(48, true, 150, 0.03, 0), run(96, true, 151, 0.05, 0), run(96, false, 152, 0, 0.02)}
	cmpViews(t, "deep synthetic at paper", permute(SoftmaxDepths(syn), deepPerm), deepView(syn))
	syn = rankexp.DeepRuns{run(40, true, 150, 0.03, 0), run(80, true, 151, 0.05, 0.001), run(80, false, 152, 0, 0.02)}
	cmpViews(t, "deep synthetic away", permute(SoftmaxDepths(syn), deepPerm), deepView(syn))
	for _, s := range []rankexp.Sizes{{N: 6, D: 4, L: 6, Draws: 8}, {N: 5, D: 3, L: 4, Draws: 10}} {
		s.Seed, s.Stream = 150, 2022
		d, err := s.SoftmaxDepths()
		if err != nil {
			t.Fatal(err)
		}
		cmpViews(t, fmt.Sprintf("deep run %+v", s), permute(SoftmaxDepths(d), deepPerm), deepView(d))
	}

	plView := func(p rankexp.Placements) show.View {
		v := render.Table(bundle.Table{ID: "fig4-last", Paper: papers.Claim(papers.Noci2022Fig4)}, p.Table())
		return append(v, render.Curves(show.Figure{ID: "fig4-ln", Paper: papers.Claim(papers.Noci2022Fig4)}, p.Curves(), render.Legend(show.TopLeft), render.Height(340))...)
	}
	plPerm := func(n int) []int { // old: checks…, table, figure; new: table, checks…, figure
		p := []int{n - 2}
		for i := 0; i < n-2; i++ {
			p = append(p, i)
		}
		return append(p, n-1)
	}
	pl := rankexp.Placements{N: 50, D: 32, Seed: 40, Effect: 0.5}
	th := profile(12, 50, 0, 0.01)
	pl.Theory, pl.Unscaled = th.MeanCos, profile(12, 50, 0, 0.08).MeanCos
	for i, n := range []block.Norm{block.NoNorm, block.PostLN, block.PreLN} {
		pl.Runs = append(pl.Runs, rankexp.Placement{Norm: n, Fixed: profile(12, 50, 0, 0.08-0.01*float64(i)), Scaled: profile(12, 50, 0, 0.011), Gap: 0.01, Z: 1})
	}
	old := Placements(pl)
	cmpViews(t, "placements synthetic at paper", permute(old, plPerm(len(old))), plView(pl))
	pl.Runs = pl.Runs[:2] // no PRE-LN: no second claim
	old = Placements(pl)
	cmpViews(t, "placements synthetic no PRE-LN", permute(old, plPerm(len(old))), plView(pl))
	for _, s := range []rankexp.Sizes{{N: 6, D: 4, L: 3, Draws: 8}, {N: 5, D: 3, L: 12, Draws: 6}} {
		s.Seed, s.Stream = 40, 2022
		p, err := s.NormPlacements()
		if err != nil {
			t.Fatal(err)
		}
		old := Placements(p)
		// away from the paper the old table kept no Paper and no "at your
		// settings" caption; render marks a table as it marks its figure
		nv := plView(p)
		tb, _ := nv[0].Table()
		want := tb.Caption[:len(tb.Caption)-len(show.YourSettings)]
		tb.Caption = want
		nv[0] = show.Tab(tb)
		cmpViews(t, fmt.Sprintf("placements run %+v", s), permute(old, plPerm(len(old))), nv)
	}
}

func permute(v show.View, p []int) show.View {
	out := make(show.View, len(p))
	for i, j := range p {
		out[i] = v[j]
	}
	if len(v) != len(p) {
		panic(fmt.Sprintf("permute: %d items, %d indices", len(v), len(p)))
	}
	return out
}
// cmpViews compares the old builder's view with the new: item by item,
// the same kinds in the same order, figures DeepEqual NaN-aware,
// tables and agreements reflect.DeepEqual (agreements up to Rule "" vs
// "within", the same metric), their metrics DeepEqual, texts equal.
func cmpViews(t *testing.T, name string, old, new show.View) {
	t.Helper()
	if len(old) != len(new) {
		t.Fatalf("%s: %d items, new %d", name, len(old), len(new))
	}
	for i := range old {
		if f0, ok := old[i].Figure(); ok {
			f1, ok1 := new[i].Figure()
			if !ok1 || !equalNaN(reflect.ValueOf(f0), reflect.ValueOf(f1)) {
				t.Errorf("%s item %d: figure differs", name, i)
			}
			continue
		}
		if x0, ok := old[i].Table(); ok {
			x1, ok1 := new[i].Table()
			if !ok1 || !reflect.DeepEqual(x0, x1) {
				t.Errorf("%s item %d: table differs:\n%#v\n%#v", name, i, x0, x1)
			}
			continue
		}
		if a0, ok := old[i].Agreement(); ok {
			a1, ok1 := new[i].Agreement()
			if !ok1 {
				t.Errorf("%s item %d: not an agreement", name, i)
				continue
			}
			if a0.Rule == "" {
				a0.Rule = show.Within
			}
			if !reflect.DeepEqual(a0, a1) {
				t.Errorf("%s item %d: agreement differs:\n%#v\n%#v", name, i, a0, a1)
			}
			m0, e0 := a0.Metric()
			m1, e1 := a1.Metric()
			if (e0 == nil) != (e1 == nil) || !reflect.DeepEqual(m0, m1) {
				t.Errorf("%s item %d: metric differs:\n%#v\n%#v", name, i, m0, m1)
			}
			continue
		}
		s0, _ := old[i].Text()
		s1, ok1 := new[i].Text()
		if !ok1 || s0 != s1 {
			t.Errorf("%s item %d: text %q, new %q", name, i, s0, s1)
		}
	}
}

// equalNaN is reflect.DeepEqual with NaN equal to NaN.
func equalNaN(a, b reflect.Value) bool {
	if a.IsValid() != b.IsValid() || (a.IsValid() && a.Type() != b.Type()) {
		return false
	}
	if !a.IsValid() {
		return true
	}
	switch a.Kind() {
	case reflect.Float32, reflect.Float64:
		x, y := a.Float(), b.Float()
		return x == y || (x != x && y != y)
	case reflect.Pointer, reflect.Interface:
		if a.IsNil() || b.IsNil() {
			return a.IsNil() == b.IsNil()
		}
		return equalNaN(a.Elem(), b.Elem())
	case reflect.Slice:
		if a.IsNil() != b.IsNil() {
			return false
		}
		fallthrough
	case reflect.Array:
		if a.Len() != b.Len() {
			return false
		}
		for i := 0; i < a.Len(); i++ {
			if !equalNaN(a.Index(i), b.Index(i)) {
				return false
			}
		}
		return true
	case reflect.Map:
		if a.Len() != b.Len() || a.IsNil() != b.IsNil() {
			return false
		}
		for _, k := range a.MapKeys() {
			if !equalNaN(a.MapIndex(k), b.MapIndex(k)) {
				return false
			}
		}
		return true
	case reflect.Struct:
		for i := 0; i < a.NumField(); i++ {
			if !equalNaN(a.Field(i), b.Field(i)) {
				return false
			}
		}
		return true
	case reflect.Func:
		return a.IsNil() && b.IsNil()
	}
	return reflect.DeepEqual(valueOf(a), valueOf(b))
}

// valueOf reads unexported fields too (comparison only).
func valueOf(v reflect.Value) any {
	switch v.Kind() {
	case reflect.Bool:
		return v.Bool()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return v.Int()
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return v.Uint()
	case reflect.String:
		return v.String()
	case reflect.Complex64, reflect.Complex128:
		return v.Complex()
	}
	panic("equalNaN: kind " + v.Kind().String())
}
