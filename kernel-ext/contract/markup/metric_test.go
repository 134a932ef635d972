package markup

import (
	"bytes"
	"math"
	"testing"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
)

func TestRenderMetricGolden(t *testing.T) {
	var all bytes.Buffer
	// As show makes them: Pass = |Value| <= Tolerance.
	for _, m := range []bundle.Metric{
		{Name: "q* theory vs simulation (z-score)", Value: 1.234567, Tolerance: 4, Pass: true, Note: "n=512, 200 seeds"},
		{Name: "chi1 at <edge>", Value: -0.2, Tolerance: 0.01},
		{Name: "nan metric", Value: bundle.Float(math.NaN()), Tolerance: 1, Note: "simulation diverged"},
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
	if _, _, err := RenderMetric(bundle.Metric{Name: "x", Tolerance: -1}); err == nil {
		t.Error("negative tolerance accepted")
	}
	if _, _, err := RenderMetric(bundle.Metric{}); err == nil {
		t.Error("empty name accepted")
	}
}

func TestMetricCheckRules(t *testing.T) {
	for _, tc := range []struct {
		rule bundle.Rule
		want string
	}{
		{"", "value 0.5, tolerance 1"},
		{bundle.Within, "value 0.5, tolerance 1"},
		{bundle.AtMost, "value 0.5, required ≤ 1"},
		{bundle.AtLeast, "value 0.5, required ≥ 1"},
	} {
		if got := MetricCheck(bundle.Metric{Value: 0.5, Tolerance: 1, Rule: tc.rule}); got != tc.want {
			t.Errorf("rule %q: %q, want %q", tc.rule, got, tc.want)
		}
	}
}
