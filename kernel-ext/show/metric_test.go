package show

import (
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
)

func TestNewMetricPass(t *testing.T) {
	for _, tc := range []struct {
		value, tol float64
		want       bool
	}{
		{0.5, 1, true},
		{-1, 1, true},               // boundary is inclusive: |value| <= tol
		{1 + 1e-12, 1, false},       // just outside
		{-2, 1, false},              // sign does not matter
		{0, 0, true},                // zero tolerance, exact agreement
		{math.NaN(), 1, false},      // NaN never passes
		{math.Inf(1), 1e300, false}, // neither does Inf
	} {
		m := newMetric("m", tc.value, tc.tol, "")
		if m.Pass != tc.want {
			t.Errorf("newMetric(value=%v, tol=%v).Pass = %v, want %v", tc.value, tc.tol, m.Pass, tc.want)
		}
	}
}

func TestNewMetricPanics(t *testing.T) {
	for _, tc := range []struct {
		name, metric string
		tol          float64
	}{
		{"empty name", "", 1},
		{"negative tolerance", "m", -1},
		{"NaN tolerance", "m", math.NaN()},
		{"Inf tolerance", "m", math.Inf(1)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Error("no panic")
				}
			}()
			newMetric(tc.metric, 0, tc.tol, "")
		})
	}
}

func TestAgreementMetric(t *testing.T) {
	for _, tc := range []struct {
		a    Agreement
		pass bool
	}{
		{Agreement{Name: "z", Kind: TheoryVsSimulation, Value: -2.5, Tol: 3, Basis: "3 SE"}, true},
		{Agreement{Name: "z", Kind: TheoryVsSimulation, Value: 3.5, Tol: 3, Basis: "3 SE"}, false},
		{Agreement{Name: "drop", Kind: Claim, Value: -2.3, Tol: -1, Rule: AtMost, Basis: "one decade"}, true},
		{Agreement{Name: "drop", Kind: Claim, Value: -0.5, Tol: -1, Rule: AtMost, Basis: "one decade"}, false},
		{Agreement{Name: "gain", Kind: Claim, Value: 2, Tol: 1, Rule: AtLeast, Basis: "b"}, true},
		{Agreement{Name: "nan", Kind: Claim, Value: math.NaN(), Tol: 1, Rule: AtLeast, Basis: "b"}, false},
	} {
		m, err := tc.a.Metric()
		if err != nil {
			t.Fatalf("%+v: %v", tc.a, err)
		}
		if m.Pass != tc.pass {
			t.Errorf("%+v: Pass = %v, want %v", tc.a, m.Pass, tc.pass)
		}
		if r := m.Ratio(); (r <= 1) != tc.pass && !math.IsNaN(tc.a.Value) {
			t.Errorf("%+v: Ratio = %v, want <= 1 exactly when passing", tc.a, r)
		}
	}
	for _, bad := range []Agreement{
		{Kind: Claim, Tol: 1, Basis: "b"},
		{Name: "m", Tol: 1, Basis: "b"},
		{Name: "m", Kind: "vibes", Tol: 1, Basis: "b"},
		{Name: "m", Kind: Claim, Tol: 1},
		{Name: "m", Kind: Claim, Tol: -1, Basis: "b"},
		{Name: "m", Kind: Claim, Tol: math.Inf(1), Rule: AtMost, Basis: "b"},
		{Name: "m", Kind: Claim, Tol: 1, Rule: "roughly", Basis: "b"},
	} {
		if _, err := bad.Metric(); err == nil {
			t.Errorf("%+v: no error", bad)
		}
	}
}

func TestRenderMetricKindBasis(t *testing.T) {
	m, err := Agreement{Name: "drop", Kind: Claim, Value: -2.3, Tol: -1, Rule: AtMost, Basis: "one decade <b>", Figure: "f"}.Metric()
	if err != nil {
		t.Fatal(err)
	}
	htm, _, err := RenderMetric(m)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"PASS", "value -2.3, required ≤ -1", "[claim]", "tolerance basis: one decade &lt;b&gt;"} {
		if !strings.Contains(string(htm), want) {
			t.Errorf("rendered %s\nwant it to contain %q", htm, want)
		}
	}
}

// TestAgreementDisagreement: a declared disagreement travels into the
// metric, must say all three things, and makes a failed check the outcome
// "known disagreement" with its own badge; the same check holding passes.
func TestAgreementDisagreement(t *testing.T) {
	d := &Disagreement{Paper: "A trains better than B", Measured: "B trains better", Why: "a small analogue", Declared: bundle.Declaration{Commit: "abcdef0"}}
	a := Agreement{Name: "ordering", Kind: Claim, Value: 3, Tol: -2, Rule: AtMost, Basis: "2 SE", Disagreement: d}
	m, err := a.Metric()
	if err != nil {
		t.Fatal(err)
	}
	if m.Pass || m.Outcome() != bundle.Known || m.Disagreement == nil || !reflect.DeepEqual(*m.Disagreement, *d) {
		t.Fatalf("metric %+v, outcome %q", m, m.Outcome())
	}
	htm, _, err := RenderMetric(m)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`class="badge known">KNOWN DISAGREEMENT`, "the paper: A trains better than B", "sigprop: B trains better", "why: a small analogue"} {
		if !strings.Contains(string(htm), want) {
			t.Errorf("render lacks %q:\n%s", want, htm)
		}
	}
	a.Value = -3
	if m, _ := a.Metric(); m.Outcome() != bundle.Passed {
		t.Errorf("claim holding: outcome %q, want pass", m.Outcome())
	}
	for _, bad := range []Disagreement{{Measured: "m", Why: "w"}, {Paper: "p", Why: "w"}, {Paper: "p", Measured: "m", Why: " "}} {
		a.Disagreement = &bad
		if _, err := a.Metric(); err == nil {
			t.Errorf("disagreement %+v: no error", bad)
		}
	}
}
