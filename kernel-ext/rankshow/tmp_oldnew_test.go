package rankshow

import (
	"fmt"
	"math"
	"slices"
	"reflect"
	"testing"

	"github.com/sigprop/sigprop/kernel-ext/render"
	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/block"
	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/lib/rankexp"
)

// TestTmpOldNew: NormLaws against the notebook's new cell (render over
// rankexp.NormLaws.Curves), item order permuted as the new cell shows it
// (temporary: deleted with the builder).
func TestTmpOldNew(t *testing.T) {
	ids, names := []string{"uniform", "softmax", "softmax-std1"}, []string{"uniform, std 1/√d", "softmax, std 1/√d", "softmax, std 1"}
	newView := func(l rankexp.NormLaws) show.View {
		var v show.View
		for i, c := range l.Curves(names[:len(l)]) {
			v = append(v, render.Curves(show.Figure{ID: "fig11-" + ids[i], Paper: papers.Claim(papers.Noci2022Fig11), PaperNote: names[i], Width: 520}, c, render.Legend(show.TopRight))...)
		}
		return v
	}
	perm := func(n int) []int { // per run old: text, check, figure; new: check, text, figure
		var p []int
		for i := 0; i < n; i++ {
			p = append(p, 3*i+1, 3*i, 3*i+2)
		}
		return p
	}
	cmp := func(name string, l rankexp.NormLaws) {
		cmpViews(t, name, permute(NormLaws(l, ids[:len(l)], names[:len(l)]), perm(len(l))), newView(l))
	}
	var syn rankexp.NormLaws
	for i := range 3 {
		p := profile(10, 1000, 0, 0.01)
		th := slices.Clone(p.SqNorm)
		for l := range th {
			th[l] *= 1 - 0.01*float64(i*l)
		}
		syn = append(syn, rankexp.NormLaw{N: 10, D: 30, Seed: 90 + uint64(i), Sim: p, N0: 1, Theory: th})
	}
	cmp("synthetic at paper", syn)
	cmp("synthetic two runs", syn[:2])
	syn[1].Sim.SqNormSE[4] = 0 // an SE of 0: the std-1 and z checks note it
	syn[2].Sim.SqNormSE[4] = 0
	cmp("synthetic zero SE", syn)
	for _, s := range []rankexp.Sizes{{N: 6, D: 5, L: 4, Draws: 20}, {N: 4, D: 8, L: 6, Draws: 12}} {
		s.Seed, s.Stream = 90, 2022
		sd := 1 / math.Sqrt(float64(s.D))
		l, err := s.NormLaws([]rankexp.NormCase{{Attention: block.Uniform, Std: sd}, {Attention: block.Softmax, Std: sd}, {Attention: block.Softmax, Std: 1}})
		if err != nil {
			t.Fatal(err)
		}
		cmp(fmt.Sprintf("run %+v", s), l)
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
			if !equalNaN(reflect.ValueOf(a0), reflect.ValueOf(a1)) {
				t.Errorf("%s item %d: agreement differs:\n%#v\n%#v", name, i, a0, a1)
			}
			m0, e0 := a0.Metric()
			m1, e1 := a1.Metric()
			if (e0 == nil) != (e1 == nil) || !equalNaN(reflect.ValueOf(m0), reflect.ValueOf(m1)) {
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
