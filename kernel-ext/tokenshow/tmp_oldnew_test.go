package tokenshow

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/sigprop/sigprop/kernel-ext/render"
	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/result"
	"github.com/sigprop/sigprop/lib/tokencheck"
	"github.com/sigprop/sigprop/lib/tokengeom"
)

// TestTmpOldNew: WidthBias and GradientPlaneChecks against the rendered
// views of tokencheck's checks (temporary: deleted with the builders).
func TestTmpOldNew(t *testing.T) {
	w := tokencheck.WidthBias{Model: tokengeom.NewModel(a8, a8, 1), L: 8, Networks: 32, Widths: []int{64, 128}, Theory: 1,
		Sim: []float64{1.04, 1.02}, SimSE: []float64{0.005, 0.005}, Bias: []float64{0.04, 0.02}, BiasSE: []float64{0.005, 0.005}, Seeds: tokencheck.Seeds{Seed: 250, Stream: 7}}
	if !w.AtFig2() {
		t.Fatal("fixture not at Fig. 2")
	}
	widthView := func(w tokencheck.WidthBias) show.View {
		return render.CheckList(fmt.Sprintf("fig2-layers-sw%g", w.Model.SigmaW), w.Checks())
	}
	cmpViews(t, "width bias at paper", WidthBias(w), widthView(w))
	w.Widths, w.Networks, w.L = []int{16, 32}, 4, 3
	cmpViews(t, "width bias away", WidthBias(w), widthView(w))
	for _, c := range []struct {
		n, d, L, nets int
		sw            float64
	}{{16, 8, 3, 4, 1}, {8, 16, 2, 3, 1.3}} {
		m := tokengeom.NewModel(a8, a8, c.sw)
		m.N, m.D = c.n, float64(c.d)
		rw, err := tokencheck.MeasureWidthBias(m, c.L, []int{c.d, 2 * c.d}, c.nets, tokencheck.Seeds{Seed: 250, Stream: 9})
		if err != nil {
			t.Fatal(err)
		}
		cmpViews(t, fmt.Sprintf("width bias run %+v", c), WidthBias(rw), widthView(rw))
	}
	planeView := func(id string, a tokencheck.PlaneAgreement) show.View {
		return render.Checks(id, a.Checks(id), result.Record{})
	}
	a := tokencheck.PlaneAgreement{Moderate: 40, Median: 0.02, Beyond: 2, Allowed: 7, PBeyond: 0.057, Worst: 5.9, Shift: -0.1, ShiftSE: 0.02, LargeSeeds: []uint64{5, 9}, Networks: 3}
	cmpViews(t, "plane synthetic", GradientPlaneChecks("fig5-numeric-x", a, 3), planeView("fig5-numeric-x", a))
	a.Beyond, a.Shift, a.LargeSeeds, a.Networks = 8, -0.07, nil, 5
	cmpViews(t, "plane synthetic 2", GradientPlaneChecks("fig5-numeric-y", a, 5), planeView("fig5-numeric-y", a))
	for _, pl := range []struct {
		id    string
		plane tokengeom.Plane
	}{{"alpha-sigma", tokengeom.AlphaSigma}, {"alphaA-alphaM", tokengeom.AlphaAM}} {
		sim := readPlane(t, "lg-"+pl.id)
		ga := tokencheck.GradientPlane(pl.plane, sim, sim.L)
		id := "fig5-numeric-" + pl.id
		cmpViews(t, pl.id, GradientPlaneChecks(id, ga, sim.Networks), planeView(id, ga))
		if len(ga.LargeSeeds) == 0 {
			t.Errorf("%s: no large seeds", pl.id)
		}
		// the notebook's whole cell, old and new
		th, nu := show.Figure{ID: "fig5-theory-" + pl.id}, show.Figure{ID: id}
		old := lambdaGPlaneView(th, nu, tokencheck.PlaneAxes{Plane: pl.plane, ID: pl.id, XLabel: "x", YLabel: "y"}, sim)
		tt, nn := tokencheck.LambdaGPlanes(tokencheck.PlaneAxes{Plane: pl.plane, ID: pl.id, XLabel: "x", YLabel: "y"}, sim)
		nv := append(render.Plane(th, tt), render.Plane(nu, nn)...)
		nv = append(nv, planeView(id, tokencheck.GradientPlane(pl.plane, sim, sim.L))...)
		cmpViews(t, pl.id+" cell", old, nv)
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
