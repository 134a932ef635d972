package diff

import (
	"math"
	"testing"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/reports/publish"
)

// known is a metric with a declared disagreement checking "value ≤ −2"
// (a paper's ordering at 2 SE): a value above −2 is a known disagreement.
func known(name string, v float64) publish.MetricEntry {
	return publish.MetricEntry{Name: name, Notebook: "nb", Value: bundle.Float(v), Tolerance: -2, Rule: string(bundle.AtMost), Pass: v <= -2,
		Disagreement: &bundle.Disagreement{Paper: "a trains better than b", Measured: "b trains better", Why: "small analogue"}}
}

// TestKnownDisagreementMoves: diff lists a known disagreement that appears
// (was a plain pass), disappears (the claim now holds), changes sign, or
// stays on its side (not listed); a known disagreement is not a
// regression, a known disagreement turning into a failure is.
func TestKnownDisagreementMoves(t *testing.T) {
	plain := metric("nb", "appears", 0.5, 1) // passing without a declaration
	a := &publish.Manifest{Schema: publish.ManifestSchema, Metrics: []publish.MetricEntry{
		plain, known("disappears", 4), known("flips", 4.6), known("stays", 4.6), known("fails", 3),
	}}
	b := &publish.Manifest{Schema: publish.ManifestSchema, Metrics: []publish.MetricEntry{
		known("appears", 3), known("disappears", -2.5), known("flips", -1.5), known("stays", 9.9), known("fails", 3),
	}}
	b.Metrics[4].Value = bundle.Float(math.NaN()) // a NaN is a failure, declared or not
	r := Compare(a, b, Options{})
	got := map[string]MetricDiff{}
	for _, m := range r.Metrics {
		got[m.Name] = m
	}
	for name, want := range map[string]string{"appears": KnownAppeared, "disappears": KnownDisappeared, "flips": KnownSignChanged, "stays": "", "fails": KnownDisappeared} {
		if got[name].Known != want {
			t.Errorf("%s: known move %q, want %q (%+v)", name, got[name].Known, want, got[name])
		}
	}
	if m := got["appears"]; m.Regressed || m.OldOutcome != bundle.Passed || m.NewOutcome != bundle.Known {
		t.Errorf("appears: %+v", m)
	}
	if m := got["fails"]; !m.Regressed || m.NewOutcome != bundle.Failed {
		t.Errorf("known disagreement turned NaN: %+v, want regressed", m)
	}
	if len(r.KnownMoved()) != 4 {
		t.Errorf("KnownMoved: %d, want 4", len(r.KnownMoved()))
	}
	checkText(t, r, "known disagreement changed sign: nb/flips: 4.6 -> -1.5 (known disagreement -> known disagreement)",
		"known disagreement appeared: nb/appears: 0.5 -> 3 (pass -> known disagreement)",
		"known disagreement disappeared: nb/disappears: 4 -> -2.5 (known disagreement -> pass)")
	checkPage(t, r, "(known disagreement changed sign)", "known disagreement → known disagreement")
}
