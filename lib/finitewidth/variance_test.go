package finitewidth

import (
	"math"
	"testing"

	"github.com/sigprop/sigprop/lib/result"
)

// TestLogVarLeading: for critical ReLU V/K² = 5(ℓ − 1) exactly (the
// scale-invariant class, lib/sources/finitewidth.md), so the leading
// term of Var log q̂ read from a row's ε is (5(ℓ − 1) + 2)/n at every row.
func TestLogVarLeading(t *testing.T) {
	r := reluRun(t)
	for _, row := range r.Rows {
		want := (5*float64(row.L-1) + 2) / float64(row.Width)
		if got := row.LogVarLeading(); math.Abs(got-want) > 1e-9*want {
			t.Errorf("n = %d, ℓ = %d: leading %v, want %v", row.Width, row.L, got, want)
		}
	}
}

// TestMeasurable: at 2000 networks the relative SE √((κ − 1)/N) of a
// log-normal's sample variance is 0.238 at s² = 1 (κ = e⁴ + 2e³ + 3e² − 3
// ≈ 114) and 0.566 at s² = 1.5 (κ ≈ 641): the first is measured (≤
// MaxVarRelSE = 0.25), the second not.
func TestMeasurable(t *testing.T) {
	if !Measurable(1, 2000) || Measurable(1.5, 2000) {
		t.Errorf("Measurable(1) = %v, Measurable(1.5) = %v, want true, false", Measurable(1, 2000), Measurable(1.5, 2000))
	}
}

func reluRun(t *testing.T) CheckResult {
	t.Helper()
	cs, err := MustShowCases()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cs {
		if c.Name == "relu critical" {
			r, err := CheckSettings{Cases: []Case{c}, Widths: []int{16, 32}, Fracs: []float64{1.0 / 16, 0.25, 1}, Networks: 200, Seed: 3, Workers: 2}.Run()
			if err != nil {
				t.Fatal(err)
			}
			return r
		}
	}
	t.Fatal("no relu critical case")
	return CheckResult{}
}

// TestVarianceDeclaration: the check beyond the regime carries the
// declared record with the run's seed as its data's (and the caller's
// record unchanged); without a declaration it carries none; the log
// variance applies to ReLU and pools every row in its z check.
func TestVarianceDeclaration(t *testing.T) {
	r := reluRun(t)
	d := &result.Disagreement{Paper: "p", Measured: "m", Why: "w", Declared: result.Declaration{Commit: "abc1234"}}
	var found bool
	for _, c := range r.Variance("v", d).Checks {
		if c.Name != "v: max |z| of the variance beyond the perturbative regime" {
			if c.Disagreement != nil {
				t.Errorf("%s carries a declaration", c.Name)
			}
			continue
		}
		found = true
		if c.Disagreement == nil || len(c.Disagreement.Declared.DataSeeds) != 1 || c.Disagreement.Declared.DataSeeds[0] != 3 || c.Disagreement.Paper != "p" {
			t.Errorf("beyond: %+v, want the record with data seed 3", c.Disagreement)
		}
	}
	if !found || d.Declared.DataSeeds != nil {
		t.Errorf("check beyond present %v; caller's record changed to %+v", found, d.Declared)
	}
	for _, c := range r.Variance("v", nil).Checks {
		if c.Disagreement != nil {
			t.Errorf("%s: declared without a declaration", c.Name)
		}
	}
	if !r.HasLogVariance() {
		t.Fatal("ReLU has no log variance")
	}
	lc := r.LogVariance("l")
	if err := lc.Wellformed(); err != nil || len(lc.Checks) != 1 || len(lc.Checks[0].Points.Y) != len(r.Rows) {
		t.Errorf("log variance: %v, %d checks over %d rows", err, len(lc.Checks), len(r.Rows))
	}
}
