package show

import (
	"bytes"
	"math"
	"testing"

	"github.com/sigprop/sigprop/kernel-ext/bundle"
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
		m := NewMetric("m", tc.value, tc.tol, "")
		if m.Pass != tc.want {
			t.Errorf("NewMetric(value=%v, tol=%v).Pass = %v, want %v", tc.value, tc.tol, m.Pass, tc.want)
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
			NewMetric(tc.metric, 0, tc.tol, "")
		})
	}
}

func TestRenderMetricGolden(t *testing.T) {
	var all bytes.Buffer
	for _, m := range []Metric{
		NewMetric("q* theory vs simulation (z-score)", 1.234567, 4, "n=512, 200 seeds"),
		NewMetric("chi1 at <edge>", -0.2, 0.01, ""),
		NewMetric("nan metric", math.NaN(), 1, "simulation diverged"),
	} {
		htm, b, err := RenderMetric(m)
		if err != nil {
			t.Fatal(err)
		}
		all.Write(htm)
		enc, err := bundle.Encode(b)
		if err != nil {
			t.Fatal(err)
		}
		all.Write(enc)
		all.WriteByte('\n')
	}
	checkGolden(t, "metric.golden", all.Bytes())
	if _, _, err := RenderMetric(Metric{Name: "x", Tolerance: -1}); err == nil {
		t.Error("negative tolerance accepted")
	}
	if _, _, err := RenderMetric(Metric{}); err == nil {
		t.Error("empty name accepted")
	}
}
