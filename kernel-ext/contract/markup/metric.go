package markup

import (
	"bytes"
	"errors"
	"fmt"
	"html"
	"math"
	"strconv"
	"strings"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
)

// FormatFloat formats a metric number with 4 significant digits, "NaN",
// "+Inf" or "-Inf"; the report renderer uses the same format.
func FormatFloat(v float64) string {
	return strconv.FormatFloat(v, 'g', 4, 64)
}

// RenderMetric returns m as one HTML line with a PASS, FAIL or KNOWN
// DISAGREEMENT badge (m.Outcome()), the declared disagreement if any, and
// its bundle. It re-derives nothing: m.Pass is shown as given.
//
// Errors: an empty name, or a negative or non-finite tolerance.
func RenderMetric(m bundle.Metric) (htm []byte, b bundle.Bundle, err error) {
	if m.Name == "" {
		return nil, bundle.Bundle{}, errors.New("markup: metric name is empty")
	}
	if tol := float64(m.Tolerance); math.IsNaN(tol) || math.IsInf(tol, 0) || ((m.Rule == "" || m.Rule == bundle.Within) && tol < 0) {
		return nil, bundle.Bundle{}, fmt.Errorf("markup: metric %q tolerance %v, want finite (and >= 0 under %q)", m.Name, tol, bundle.Within)
	}
	class, badge := OutcomeBadge(m.Outcome())
	var buf bytes.Buffer
	fmt.Fprintf(&buf, `<div class="sigprop-metric %s"><span class="badge %s">%s</span> <span class="name">%s</span>: %s`,
		class, class, badge, html.EscapeString(m.Name), html.EscapeString(MetricCheck(m)))
	if m.Kind != "" {
		fmt.Fprintf(&buf, ` <span class="kind">[%s]</span>`, html.EscapeString(string(m.Kind)))
	}
	if m.Basis != "" {
		fmt.Fprintf(&buf, ` <span class="basis">tolerance basis: %s</span>`, html.EscapeString(m.Basis))
	}
	if m.Note != "" {
		fmt.Fprintf(&buf, ` <span class="note">(%s)</span>`, html.EscapeString(m.Note))
	}
	buf.WriteString(DisagreementHTML(m))

	buf.WriteString("</div>\n")
	mc := m
	return buf.Bytes(), bundle.Bundle{Schema: bundle.SchemaVersion, Kind: bundle.KindMetric, Metric: &mc}, nil
}

// OutcomeBadge returns the CSS class ("pass", "fail", "known") and the
// badge text ("PASS", "FAIL", "KNOWN DISAGREEMENT") of an outcome; the
// report's pages use the same.
func OutcomeBadge(o bundle.Outcome) (class, badge string) {
	switch o {
	case bundle.Passed:
		return "pass", "PASS"
	case bundle.Known:
		return "known", "KNOWN DISAGREEMENT"
	}
	return "fail", "FAIL"
}

// MetricCheck is the "value V, tolerance T" part of a metric's line, with
// the comparison spelled out for one-sided rules.
func MetricCheck(m bundle.Metric) string {
	v, t := FormatFloat(float64(m.Value)), FormatFloat(float64(m.Tolerance))
	switch m.Rule {
	case bundle.AtMost:
		return "value " + v + ", required ≤ " + t
	case bundle.AtLeast:
		return "value " + v + ", required ≥ " + t
	}
	return "value " + v + ", tolerance " + t
}

// DisagreementHTML is the claim a metric quotes and, for a known
// disagreement, what the paper says, what sigprop measures, why, and its
// timing generated from the declaration's record
// (bundle.Declaration.Wording), as one HTML fragment with a leading space;
// "" for a metric that quotes no claim.
func DisagreementHTML(m bundle.Metric) string {
	var b strings.Builder
	if m.Paper != "" {
		central := ""
		if m.Central {
			central = "central "
		}
		fmt.Fprintf(&b, ` <span class="claim">%sclaim checked: %s</span>`, central, html.EscapeString(m.Paper))
	}
	if d := m.Disagreement; d != nil {
		fmt.Fprintf(&b, ` <span class="disagreement">known disagreement, %s: the paper: %s; sigprop: %s; why: %s</span>`,
			html.EscapeString(d.Declared.Wording()), html.EscapeString(d.Paper), html.EscapeString(d.Measured), html.EscapeString(d.Why))
	}
	return b.String()
}
