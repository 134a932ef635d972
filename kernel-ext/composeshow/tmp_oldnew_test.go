package composeshow

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	rd "github.com/sigprop/sigprop/kernel-ext/render"
	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/compose"
)

// TestTmpOldNew: Table against render.Table over compose.WidthTable
// (temporary: deleted with the builder).
func TestTmpOldNew(t *testing.T) {
	// the notebook's declaration as it was typed there
	nbDis := &show.Disagreement{
		Paper:    "Cowsik et al. 2024 eq. (10) under Assumption 3.2 gives the softmax attention's (q, p) map",
		Measured: "at σ_A² = 4, n = 16 the composed theory's ρ at layer 24 is ~0.04 below the simulation, a gap that grows in z with d",
		Why:      "Assumption 3.2 treats a query's logits as independent of the values' geometry; at σ_A² = 4 the attention concentrates on few tokens and the approximation breaks (the MLP alone agrees)",
		Declared: bundle.Declaration{Commit: "2ba6b34", // composeshow.Table sets DataSeeds from the run
			Seen: "a run at d = 128 and 256 (32 networks each, seeds not recorded: ρ²⁴ 0.742 ± 0.007 and 0.755 ± 0.005 against the theory's 0.708) and the reported run, deterministic at the notebook's Seed, in the commit that declared it"}}
	b := small()
	lim := b
	lim.Attn.SigmaA2 = 4
	var wcs []*compose.WidthCheck
	for i, bb := range []compose.Block{b, lim} {
		for _, nets := range []int{3, 6} {
			wc, err := compose.CheckWidths(bb, []int{8, 16, 32}, compose.SimSettings{Nets: nets, Seed: uint64(10*i + nets), Rho0: 0.3})
			if err != nil {
				t.Fatal(err)
			}
			wcs = append(wcs, wc)
		}
	}
	for k, rows := range [][2]int{{0, 2}, {1, 3}, {0, 1}} {
		var old []Row
		var nw []compose.Row
		for j, i := range rows {
			name := fmt.Sprintf("row %d", i)
			o, n := Row{Name: name, Check: wcs[i]}, compose.Row{Name: name, Check: wcs[i]}
			if j == 1 && k < 2 {
				o.Disagreement, n.Disagreement = nbDis, &compose.ConcentratedSoftmax
			}
			old, nw = append(old, o), append(nw, n)
		}
		ov := Table("compositions", old)
		nv := rd.Table(bundle.Table{ID: "compositions"}, compose.WidthTable(nw), rd.After())
		cmpViews(t, fmt.Sprint(rows), ov, nv)
		render(t, nv)
		if k < 2 && nv.Agreements()[2].Disagreement == nil {
			t.Error("no disagreement")
		}
	}
	if compose.ConcentratedSoftmax.Declared.DataSeeds != nil {
		t.Error("the declaration took the seeds")
	}
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
