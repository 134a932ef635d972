package finiteview

import (
	"strings"
	"testing"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/kernel-ext/contract/picture"
	rd "github.com/sigprop/sigprop/kernel-ext/render"
	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/finitewidth"
	"github.com/sigprop/sigprop/lib/result"
)

// render renders every figure, table and agreement of v as a notebook
// would and returns the metrics by name.
func render(t *testing.T, v show.View) map[string]show.Metric {
	t.Helper()
	for _, x := range v.Figures() {
		if _, _, err := picture.RenderFigure(x); err != nil {
			t.Errorf("figure %s: %v", x.ID, err)
		}
	}
	for _, x := range v.Tables() {
		if _, _, err := show.RenderTable(x); err != nil {
			t.Errorf("table %s: %v", x.ID, err)
		}
	}
	out := map[string]show.Metric{}
	for _, a := range v.Agreements() {
		m, err := a.Metric()
		if err != nil {
			t.Errorf("metric %q: %v", a.Name, err)
		}
		out[a.Name] = m
	}
	return out
}

func mustCase(t *testing.T, name string) finitewidth.Case {
	t.Helper()
	cs, err := finitewidth.MustShowCases()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cs {
		if c.Name == name {
			return c
		}
	}
	t.Fatalf("no case %q", name)
	return finitewidth.Case{}
}

// TestVarianceAndShift: the K* = 0 tanh case at widths 64, 128, 2000
// networks: the checks in the regime pass, the plausible errors are
// rejected (their checks pass), and a theory with V dropped fails the
// regime check (the builder's check can fail).
func TestVarianceAndShift(t *testing.T) {
	r, err := finitewidth.CheckSettings{Cases: []finitewidth.Case{mustCase(t, "tanh K*=0")}, Widths: []int{64, 128},
		Fracs: []float64{1.0 / 32, 1.0 / 16, 3.0 / 32, 1.0 / 8, 1.0 / 2}, Networks: 2000, Seed: 5, Workers: 2}.Run()
	if err != nil {
		t.Fatal(err)
	}
	d := &result.Disagreement{Paper: "p", Measured: "m", Why: "w", Declared: result.Declaration{Commit: "abc1234", Seen: "s"}}
	ms := render(t, append(variance("v", r, d), rd.Curves(show.Figure{ID: "m"}, r.MeanShift("m"))...))
	for _, name := range []string{"v: max |z| of the variance in the perturbative regime", "v: the variance without V (2K²/n alone) is rejected",
		"m: max |z| of the mean shift in the perturbative regime", "m: the mean without G1 (K alone) is rejected"} {
		m, ok := ms[name]
		if !ok || !m.Pass {
			t.Errorf("%s: %+v (present %v)", name, m, ok)
		}
	}
	if m, ok := ms["v: max |z| of the variance beyond the perturbative regime"]; !ok {
		t.Error("no check beyond the regime")
	} else if dd := m.Disagreement; dd == nil || len(dd.Declared.DataSeeds) != 1 || dd.Declared.DataSeeds[0] != 5 || dd.Declared.Timing() != bundle.AfterSeen {
		t.Errorf("beyond the regime: declared %+v, want the record with the run's seed 5 as its data's, declared after the result was seen", dd)
	}
	bad := r
	bad.Rows = append([]finitewidth.CheckRow(nil), r.Rows...)
	for i := range bad.Rows {
		row := &bad.Rows[i]
		row.VarTheory = 2 * row.K * row.K / float64(row.Width)
		row.ZVar = (row.VarSim - row.VarTheory) / row.VarSE
	}
	if m := render(t, variance("v", bad, d))["v: max |z| of the variance in the perturbative regime"]; m.Pass {
		t.Errorf("V dropped passes the regime check: %+v", m)
	}
}

// TestResidualAndTable: the residual builder on GELU at the edge of chaos
// (ℓ = 8, 10000 networks per width) passes its two checks; the table
// builder renders a row per (case, width).
func TestResidualAndTable(t *testing.T) {
	rr, err := finitewidth.ResidualSettings{Case: mustCase(t, "gelu critical"), Widths: []int{32, 64, 128}, L: 8, Networks: 10000, Seed: 3, Workers: 2}.Run()
	if err != nil {
		t.Fatal(err)
	}
	for name, m := range render(t, rd.Curves(show.Figure{ID: "r"}, finitewidth.ResidualCurves("r", []finitewidth.Residual{rr}))) {
		if !m.Pass {
			t.Errorf("%s: %+v (slope %.3f ± %.3f)", name, m, rr.Slope, rr.SlopeSE)
		}
	}
	r, err := finitewidth.CheckSettings{Cases: []finitewidth.Case{mustCase(t, "tanh critical"), mustCase(t, "relu critical")}, Widths: []int{16, 32},
		Fracs: []float64{0.25, 1}, Networks: 200, Seed: 1, Workers: 2}.Run()
	if err != nil {
		t.Fatal(err)
	}
	v := rd.Table(bundle.Table{ID: "t"}, r.Table("t"))
	render(t, v)
	if tabs := v.Tables(); len(tabs) != 1 || len(tabs[0].Rows) != 4 || !strings.HasPrefix(tabs[0].Rows[2][0], "relu") {
		t.Errorf("table rows: %v", tabs)
	}
}

// TestJacobian: ReLU's exact law and its log-normality checks pass at
// n = 32, depth 32, 1000 networks.
func TestJacobian(t *testing.T) {
	r, err := finitewidth.JacobianCheck{Case: mustCase(t, "relu critical"), Width: 32, Depth: 32, Networks: 1000, Seed: 2, Workers: 2}.Run()
	if err != nil {
		t.Fatal(err)
	}
	for name, m := range render(t, rd.Curves(show.Figure{ID: "j"}, finitewidth.JacobianCurves("j", r))) {
		if !m.Pass {
			t.Errorf("%s: %+v", name, m)
		}
	}
}

// notebookFracs is notebook 08's grid of ℓ/n: 1/128, 1/64, 1/32 and k/16.
func notebookFracs() []float64 {
	fr := []float64{1.0 / 128, 1.0 / 64, 1.0 / 32}
	for k := range 16 {
		fr = append(fr, float64(k+1)/16)
	}
	return fr
}

// TestVarianceReLU: critical ReLU at widths 32 … 256, 2000 networks, ℓ/n
// to 1 on notebook 08's grid and seed (the notebook's first run failed the exact-law check at 19.6 with
// a sample-based row rule): the exact law (S) on the measurable rows and
// the log-scale check at every depth pass; Measurable admits a log
// variance of 1 and not 1.5 at 2000 networks.
func TestVarianceReLU(t *testing.T) {
	r, err := finitewidth.CheckSettings{Cases: []finitewidth.Case{mustCase(t, "relu critical")}, Widths: []int{32, 64, 128, 256},
		Fracs: notebookFracs(), Networks: 2000, Seed: 101, Workers: 2}.Run()
	if err != nil {
		t.Fatal(err)
	}
	if !finitewidth.Measurable(1, 2000) || finitewidth.Measurable(1.5, 2000) {
		t.Error("Measurable's threshold moved")
	}
	ms := render(t, variance("v", r, nil))
	if m, ok := ms["v: max |z| of the exact law (S)"]; !ok || !m.Pass {
		t.Errorf("exact-law check: %+v (present %v)", m, ok)
	}
	if m, ok := ms["v-log: max |z| of Var log q̂ against its exact law"]; !ok || !m.Pass {
		t.Errorf("log-scale check: %+v (present %v)", m, ok)
	}
}
