package show

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
)

// Metric is one theory-vs-simulation agreement; see bundle.Metric.
type Metric = bundle.Metric

// newMetric returns the metric name with the given value (a discrepancy:
// a difference, relative error or z-score, as the note should say) and
// tolerance:
//
//	Pass = |value| <= tol
//
// A NaN or infinite value fails. newMetric panics if name is empty or tol is
// negative, NaN or infinite: those are bugs in the notebook, not data.
func newMetric(name string, value, tol float64, note string) Metric {
	if name == "" {
		panic("show: metric name is empty")
	}
	if !(tol >= 0) || math.IsInf(tol, 0) {
		panic(fmt.Sprintf("show: metric %q tolerance %v, want finite and >= 0", name, tol))
	}
	pass := math.Abs(value) <= tol // false for NaN; false for ±Inf since tol is finite
	return Metric{Name: name, Value: bundle.Float(value), Tolerance: bundle.Float(tol), Pass: pass, Note: note}
}

// The kinds and rules of a metric, re-exported so a notebook needs only show.
const (
	TheoryVsSimulation     = bundle.TheoryVsSimulation
	TheoryVsClosedForm     = bundle.TheoryVsClosedForm
	TheoryVsTheory         = bundle.TheoryVsTheory
	TheoryVsPrinted        = bundle.TheoryVsPrinted
	SimulationVsSimulation = bundle.SimulationVsSimulation
	Claim                  = bundle.Claim

	Within  = bundle.Within
	AtMost  = bundle.AtMost
	AtLeast = bundle.AtLeast
)

// Agreement is a metric described in full: what it compares (Kind), the
// measured discrepancy (Value, never a 0 that stands for "passed"), the
// Tolerance and the Rule that checks it (Within: |Value| <= Tol, the
// default), the Basis of the tolerance ("3 SE, SE from 12 networks of
// width 1000", "quadrature error 1e-10", "printed to 4 decimals"), the id
// of the Figure (or table) it checks, and a free Note.
type Agreement struct {
	Name   string
	Kind   bundle.MetricKind
	Value  float64
	Tol    float64
	Rule   bundle.Rule
	Basis  string
	Figure string
	Note   string
	// Paper, when set, makes the check a claim check: the source's
	// statement it tests, as the source makes it, with where it stands
	// (bundle.Metric.Paper). Only claim checks decide a conformance
	// row's outcome.
	Paper string
	// Central marks the check of the figure's main claim (see
	// bundle.Metric.Central); it needs Paper or a Disagreement.
	Central bool
	// Disagreement declares that the paper's claim it states (Value
	// against Tol by Rule, the claim as the paper makes it) is known not
	// to hold here: a failed check is then the outcome "known
	// disagreement" (bundle.Metric.Outcome), which counts as a failed
	// claim on the conformance page. Its Declared record says what was
	// known when it was declared; the pages compute its timing from it.
	// It must never be set from the result.
	Disagreement *Disagreement
}

// Disagreement is a declared known disagreement; see bundle.Disagreement.
type Disagreement = bundle.Disagreement

// Metric validates a and returns its metric, with Pass from Rule. A NaN or
// infinite value fails the check rather than erroring: it is data.
//
// Errors: an empty Name or Basis, a Kind not in bundle.MetricKinds, an
// unknown Rule, a non-finite Tol, a negative Tol under Within, or a
// Disagreement with an empty field.
func (a Agreement) Metric() (Metric, error) {
	if a.Name == "" {
		return Metric{}, errors.New("show: metric name is empty")
	}
	if !slices.Contains(bundle.MetricKinds, a.Kind) {
		return Metric{}, fmt.Errorf("show: metric %q kind %q, want one of %q", a.Name, a.Kind, bundle.MetricKinds)
	}
	if a.Basis == "" {
		return Metric{}, fmt.Errorf("show: metric %q has no basis for its tolerance", a.Name)
	}
	rule := a.Rule
	if rule == "" {
		rule = Within
	}
	if rule != Within && rule != AtMost && rule != AtLeast {
		return Metric{}, fmt.Errorf("show: metric %q rule %q, want %q, %q or %q", a.Name, a.Rule, Within, AtMost, AtLeast)
	}
	if math.IsNaN(a.Tol) || math.IsInf(a.Tol, 0) || (rule == Within && a.Tol < 0) {
		return Metric{}, fmt.Errorf("show: metric %q tolerance %v, want finite (and >= 0 under %q)", a.Name, a.Tol, Within)
	}
	var d *Disagreement
	if a.Disagreement != nil {
		if x := a.Disagreement; strings.TrimSpace(x.Paper) == "" || strings.TrimSpace(x.Measured) == "" || strings.TrimSpace(x.Why) == "" {
			return Metric{}, fmt.Errorf("show: metric %q declares a disagreement without saying what the paper says, what sigprop measures and why", a.Name)
		}
		if err := a.Disagreement.Declared.Validate(); err != nil {
			return Metric{}, fmt.Errorf("show: metric %q: %w", a.Name, err)
		}
		dd := *a.Disagreement
		dd.Declared.PilotSeeds = slices.Clone(dd.Declared.PilotSeeds)
		dd.Declared.DataSeeds = slices.Clone(dd.Declared.DataSeeds)
		d = &dd
	}
	if a.Central && a.Paper == "" && a.Disagreement == nil {
		return Metric{}, fmt.Errorf("show: metric %q is central but quotes no claim (Paper)", a.Name)
	}
	return Metric{Name: a.Name, Kind: a.Kind, Value: bundle.Float(a.Value), Tolerance: bundle.Float(a.Tol), Rule: rule,
		Pass: rule.Holds(a.Value, a.Tol), Basis: a.Basis, Figure: a.Figure, Note: a.Note, Paper: a.Paper, Central: a.Central, Disagreement: d}, nil
}
