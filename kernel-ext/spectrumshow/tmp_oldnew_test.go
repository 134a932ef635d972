package spectrumshow

import (
	"os"
	"reflect"
	"testing"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/kernel-ext/render"
	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/meanfield"
	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/lib/shtanhtrain"
	"github.com/sigprop/sigprop/lib/traindepth"
)

// The new views, as notebook 04's cells draw them.
func newMurray(f show.Figure, r shtanhtrain.Fig2Result) show.View {
	return append(render.Table(bundle.Table{ID: f.ID + "-provenance"}, r.Provenance()),
		render.Curves(f, r.Curves(), render.Legend(show.BottomRight), render.After())...)
}

func newDepth(f show.Figure, r traindepth.DepthResult) show.View {
	return append(render.Table(bundle.Table{ID: f.ID + "-provenance"}, r.Provenance()),
		render.Plane(f, r.Plane(), render.Legend(show.Outside), render.After())...)
}

func newBudget(f show.Figure, r traindepth.BudgetResult) show.View {
	return append(render.Table(bundle.Table{ID: f.ID + "-provenance"}, r.Provenance()),
		render.Curves(f, r.Curves(), render.Legend(show.Outside), render.After())...)
}

// TestTmpOldNew: MurrayView, DepthView and BudgetView with the notebook's
// declarations against render over lib's results, whose checks carry the
// declarations (temporary: deleted with the builders).
func TestTmpOldNew(t *testing.T) {
	fm := show.Figure{ID: "murray-fig2", Paper: papers.Claim(papers.TannerMurrayFig2)}
	fd := show.Figure{ID: "schoenholz-depth", Paper: papers.Claim(papers.TannerSchoenholzFig5), PaperNote: "trainable depth against σ_w²"}
	fb := show.Figure{ID: "schoenholz-budget", Paper: papers.Claim(papers.TannerSchoenholzFig5), PaperNote: "trainable depth against SGD steps"}

	// the stored runs the notebook reads
	mur, err := shtanhtrain.ReadStored(os.DirFS("../../notebooks/data/murray-fig2"))
	if err != nil {
		t.Fatal(err)
	}
	mr, err := mur.Fig2()
	if err != nil {
		t.Fatal(err)
	}
	cmpViews(t, "murray stored", MurrayView(fm, mr, &MurrayDecayDisagreement), newMurray(fm, mr))
	sch, err := traindepth.ReadStored(os.DirFS("../../notebooks/data/schoenholz-depth"))
	if err != nil {
		t.Fatal(err)
	}
	dr, err := sch.Depth()
	if err != nil {
		t.Fatal(err)
	}
	cmpViews(t, "depth stored", DepthView(fd, dr, &DepthSpreadDisagreement, &DepthMeanDisagreement), newDepth(fd, dr))
	schB, err := traindepth.ReadStored(os.DirFS("../../notebooks/data/schoenholz-budget"))
	if err != nil {
		t.Fatal(err)
	}
	br, err := schB.Budget()
	if err != nil {
		t.Fatal(err)
	}
	cmpViews(t, "budget stored", BudgetView(fb, br, nil, &BudgetGrowDisagreement), newBudget(fb, br))

	// synthetic runs away from the settings (Murray: 3 seeds of 2 steps,
	// other schedules' accuracies; depth: five σ_w²; budget: both readings)
	mk := func(name string, seed uint64, acc float64) shtanhtrain.Run {
		return shtanhtrain.Run{Schedule: name, Seed: seed, Step: []int{0, 30}, A: []float64{3, 3}, Loss: []float64{2, 1}, TestAcc: []float64{0.1, acc}, TestLoss: []float64{2, 1}}
	}
	m := shtanhtrain.StoredRuns{Runs: []shtanhtrain.Run{mk("fixed", 4, 0.5), mk("fixed", 7, 0.6), mk("fixed", 9, 0.7), mk("decay", 4, 0.6), mk("decay", 7, 0.6), mk("decay", 9, 0.9)}}
	m.Prov.Settings = shtanhtrain.CurrentStored()
	m.Prov.Settings.Schedules = []shtanhtrain.Schedule{{Name: "fixed", A0: 3, A1: 3}, {Name: "decay", A0: 5, A1: 2}}
	for _, depth := range []int{64, 8} {
		m.Prov.Settings.Settings.Depth = depth
		r, err := m.Fig2()
		if err != nil {
			t.Fatal(err)
		}
		cmpViews(t, "murray synthetic", MurrayView(fm, r, &MurrayDecayDisagreement), newMurray(fm, r))
		cmpViews(t, "murray synthetic, no paper", MurrayView(show.Figure{ID: "m"}, r, &MurrayDecayDisagreement), newMurray(show.Figure{ID: "m"}, r))
	}
	d := traindepth.StoredRuns{}
	d.Prov.Settings = traindepth.CurrentStored()
	s := &d.Prov.Settings.Settings
	s.SigmaW2 = []float64{1, 1.25, 1.5, 3, 4}
	sc, err := meanfield.ScanSigmaW2(activation.Tanh(), s.SigmaW2, s.SigmaB2)
	if err != nil {
		t.Fatal(err)
	}
	for k, c := range traindepth.Plan(*s) {
		acc := traindepth.Chance
		if float64(c.Depth) <= 6*sc.XiC[k/(len(s.Depths)*len(s.Seeds))] {
			acc = 0.8
		}
		d.Runs = append(d.Runs, traindepth.Run{Cell: c, TestAcc: []float64{0.1, acc}})
	}
	r, err := d.Depth()
	if err != nil {
		t.Fatal(err)
	}
	cmpViews(t, "depth synthetic", DepthView(fd, r, &DepthSpreadDisagreement, &DepthMeanDisagreement), newDepth(fd, r))
	holds := budgetRuns(func(i, t int) int {
		if i == 1 {
			return []int{23, 32, 45, 64, 91}[t/300-1]
		}
		return 32
	})
	reversed := budgetRuns(func(i, t int) int {
		if i == 0 && t == 1500 {
			return 64
		}
		return 32
	})
	for _, g := range []traindepth.StoredRuns{holds, reversed} {
		r := budget(t, g)
		cmpViews(t, "budget synthetic", BudgetView(fb, r, nil, &BudgetGrowDisagreement), newBudget(fb, r))
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
			if (m0.Disagreement == nil) != (m1.Disagreement == nil) {
				t.Errorf("%s item %d: disagreement %v, new %v", name, i, m0.Disagreement, m1.Disagreement)
			} else if m0.Disagreement != nil {
				t0, t1 := m0.Disagreement.Declared.Timing(), m1.Disagreement.Declared.Timing()
				if t0 != t1 {
					t.Errorf("%s item %d: timing %v, new %v", name, i, t0, t1)
				}
				t.Logf("%s item %d: %q declared (%s), seeds %v, timing %v / %v, outcome %v / %v", name, i, m1.Name[:30], m1.Disagreement.Declared.Commit, m1.Disagreement.Declared.DataSeeds, t0, t1, m0.Outcome(), m1.Outcome())
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
