package main

import (
	"math"
	"testing"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/reports/publish"
)

// TestMissed: a failed metric's line on stderr says how it missed, as its
// rule reads it; an at-least check below its bound no longer reads "value
// > tolerance" (sigprop printed "0.166 > tolerance 0.4" for a convergence
// exponent required to be at least 0.4).
func TestMissed(t *testing.T) {
	for _, tc := range []struct {
		rule       bundle.Rule
		value, tol float64
		want       string
	}{
		{bundle.AtLeast, 0.166, 0.4, "0.166, want at least 0.4"},
		{bundle.AtMost, -0.5, -1, "-0.5, want at most -1"},
		{bundle.Within, -3, 2, "|-3| > tolerance 2"},
		{"", 7, 5, "|7| > tolerance 5"},
		{bundle.AtLeast, math.NaN(), 1, "NaN, want at least 1"},
	} {
		x := publish.MetricEntry{Value: bundle.Float(tc.value), Tolerance: bundle.Float(tc.tol), Rule: string(tc.rule)}
		if bundle.Rule(tc.rule).Holds(tc.value, tc.tol) {
			t.Fatalf("case %+v passes its rule", tc)
		}
		if got := missed(x); got != tc.want {
			t.Errorf("rule %q, value %v, tolerance %v: %q, want %q", tc.rule, tc.value, tc.tol, got, tc.want)
		}
	}
}
