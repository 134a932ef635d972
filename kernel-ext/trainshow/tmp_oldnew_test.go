package trainshow

import (
	"io/fs"
	"os"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/sigprop/sigprop/kernel-ext/render"
	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/gocorpus"
	"github.com/sigprop/sigprop/lib/seqtf"
	"github.com/sigprop/sigprop/lib/trainability"
	ts "github.com/sigprop/sigprop/lib/trainsweep"
)

// TestTmpOldNew: Fig6Claims, Fig15Claims, CodeClaims and BothNeeded
// against the rendered views of lib's checks (temporary: deleted with
// the builders).
func TestTmpOldNew(t *testing.T) {
	defer func() { t.Logf("%d items compared, %d with a disagreement record", compared, disagreements) }()
	rev := []seqtf.Stored{fakeReverse()}
	if r, err := seqtf.ReadStored(os.DirFS("../../notebooks/data/noci-reverse")); err != nil {
		t.Fatal(err)
	} else {
		rev = append(rev, r)
	}
	for k, r := range rev {
		f6, err := r.Fig6()
		if err != nil {
			t.Fatal(err)
		}
		cmpViews(t, "fig6 "+string(rune('0'+k)), Fig6Claims(f6), render.Checks("noci22-fig6-gap", f6.Checks(), seqtf.Stored{}.ReZeroTable().Record))
		f15, err := r.Fig15()
		if err != nil {
			t.Fatal(err)
		}
		cos, alpha, norm := f15.Checks()
		var nv show.View
		nv = append(nv, render.Checks("noci22-fig15-alpha", alpha, r.ReZeroTable().Record)...)
		nv = append(nv, render.Checks("noci22-fig15-cosine", cos, r.ReZeroTable().Record)...)
		nv = append(nv, render.Checks("noci22-fig15-norm", norm, r.ReZeroTable().Record)...)
		old := Fig15Claims(f15)
		// the one intended difference: the basis names where SlightRise now lives
		a := old[3]
		ag, _ := a.Agreement()
		ag.Basis = strings.Replace(ag.Basis, "(trainshow.SlightRise)", "(seqtf.SlightRise)", 1)
		old[3] = show.Agree(ag)
		cmpViews(t, "fig15 "+string(rune('0'+k)), old, nv)
	}
	// Fig. 2 on code: a tiny corpus, and a run at other settings
	w := []string{"func f() {}\n", "var x = 1\n\t\t\t", "type T struct{"}
	for i := range w {
		w[i] = (w[i] + "              ")[:9]
	}
	s := gocorpus.Settings{GoVersion: "go-test", N: 8, Count: 3, WindowsSHA256: gocorpus.Hash([]byte(strings.Join(w, "")))}
	fsys := fstest.MapFS{"windows.json": {Data: mustJSON(t, w)}, "provenance.json": {Data: mustJSON(t, map[string]any{"settings": s})}}
	for _, cs := range []seqtf.CodeSettings{{D: 4, Layers: 3, Gamma: 0.2, Seeds: []uint64{1, 2}}, {D: 8, Layers: 4, Gamma: 0.5, Seeds: []uint64{3, 5, 7}}} {
		c, err := cs.Run(fsys)
		if err != nil {
			t.Fatal(err)
		}
		old := CodeClaims(c)
		old = show.View{old[0], old[2], old[1], old[3]} // new: by panel, value then query
		value, query := c.Checks()
		nv := append(render.Checks("noci23-fig2-code-value-grads", value, c.Curves(true).Record), render.Checks("noci23-fig2-code-query-grads", query, c.Curves(false).Record)...)
		cmpViews(t, "code", old, nv)
	}
	// Fig. 7's second claim: clearly better, within noise, λ_a better
	set := testSet()
	for _, f := range []trainability.Fits{
		{Clipped: ts.LossFit{R2: 0.6, LOORMSE: 0.1, N: 5}, Max: looFit(0.2, 0.01), A: looFit(0.3, 0.01), G: looFit(0.25, 0.01), SD: 0.2},
		{Max: looFit(0.24, 0.25), A: looFit(0.3, 0.01), G: looFit(0.25, 0.01)},
		{Max: looFit(0.24, 0.25), A: looFit(0.22, 0.01), G: looFit(0.25, 0.01)},
	} {
		a, err := BothNeeded(set, f)
		if err != nil {
			t.Fatal(err)
		}
		cs, err := set.BothNeeded(f)
		if err != nil {
			t.Fatal(err)
		}
		cmpViews(t, "both needed", show.View{show.Agree(a)}, render.Checks("fig7-fit", cs, set.Record()))
	}
	// the stored sweeps, as the notebook's cell
	data := os.DirFS("../../notebooks/data/trainability")
	names, err := fs.Glob(data, "adam-s*-900")
	if err != nil || len(names) != 2 {
		t.Fatal(names, err)
	}
	var src []trainability.Source
	for _, name := range names {
		sub, _ := fs.Sub(data, name)
		src = append(src, trainability.Source{Name: name, FS: sub})
	}
	st, err := trainability.Read(src...)
	if err != nil {
		t.Fatal(err)
	}
	f, err := st.Fits()
	if err != nil {
		t.Fatal(err)
	}
	a, err := BothNeeded(st, f)
	if err != nil {
		t.Fatal(err)
	}
	cs, err := st.BothNeeded(f)
	if err != nil {
		t.Fatal(err)
	}
	cmpViews(t, "both needed stored", show.View{show.Agree(a)}, render.Checks("fig7-fit", cs, st.Record()))
	if m, _ := a.Metric(); m.Disagreement == nil || len(m.Disagreement.Declared.DataSeeds) != 2 {
		t.Errorf("stored: %+v", m.Disagreement)
	}
}

var compared, disagreements int

// cmpViews compares the old builder's view with the new: item by item,
// the same kinds in the same order, figures DeepEqual NaN-aware,
// tables and agreements reflect.DeepEqual (agreements up to Rule "" vs
// "within", the same metric), their metrics DeepEqual, texts equal.
func cmpViews(t *testing.T, name string, old, new show.View) {
	t.Helper()
	compared += len(old)
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
			if (m0.Disagreement == nil) != (m1.Disagreement == nil) || (m0.Disagreement != nil && m0.Disagreement.Declared.Timing() != m1.Disagreement.Declared.Timing()) {
				t.Errorf("%s item %d: disagreement or its timing differs", name, i)
			}
			if m0.Disagreement != nil {
				disagreements++
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
