package show

import (
	"bytes"
	"errors"
	"fmt"
	"html"
	"math"
	"strconv"

	"github.com/sigprop/sigprop/kernel-ext/bundle"
)

// Metric is one theory-vs-simulation agreement; see bundle.Metric.
type Metric = bundle.Metric

// NewMetric returns the metric name with the given value (a discrepancy:
// a difference, relative error or z-score, as the note should say) and
// tolerance:
//
//	Pass = |value| <= tol
//
// A NaN or infinite value fails. NewMetric panics if name is empty or tol is
// negative, NaN or infinite: those are bugs in the notebook, not data.
func NewMetric(name string, value, tol float64, note string) Metric {
	if name == "" {
		panic("show: metric name is empty")
	}
	if !(tol >= 0) || math.IsInf(tol, 0) {
		panic(fmt.Sprintf("show: metric %q tolerance %v, want finite and >= 0", name, tol))
	}
	pass := math.Abs(value) <= tol // false for NaN; false for ±Inf since tol is finite
	return Metric{Name: name, Value: bundle.Float(value), Tolerance: bundle.Float(tol), Pass: pass, Note: note}
}

// FormatFloat formats a metric number with 4 significant digits, "NaN",
// "+Inf" or "-Inf"; the report renderer uses the same format.
func FormatFloat(v float64) string {
	return strconv.FormatFloat(v, 'g', 4, 64)
}

// RenderMetric returns m as one HTML line with a PASS/FAIL badge, and its
// bundle. It re-derives nothing: m.Pass is shown as given.
//
// Errors: an empty name, or a negative or non-finite tolerance.
func RenderMetric(m Metric) (htm []byte, b bundle.Bundle, err error) {
	if m.Name == "" {
		return nil, bundle.Bundle{}, errors.New("show: metric name is empty")
	}
	if tol := float64(m.Tolerance); !(tol >= 0) || math.IsInf(tol, 0) {
		return nil, bundle.Bundle{}, fmt.Errorf("show: metric %q tolerance %v, want finite and >= 0", m.Name, tol)
	}
	class, badge := "fail", "FAIL"
	if m.Pass {
		class, badge = "pass", "PASS"
	}
	var buf bytes.Buffer
	fmt.Fprintf(&buf, `<div class="sigprop-metric %s"><span class="badge %s">%s</span> <span class="name">%s</span>: value %s, tolerance %s`,
		class, class, badge, html.EscapeString(m.Name),
		FormatFloat(float64(m.Value)), FormatFloat(float64(m.Tolerance)))
	if m.Note != "" {
		fmt.Fprintf(&buf, ` <span class="note">(%s)</span>`, html.EscapeString(m.Note))
	}
	buf.WriteString("</div>\n")
	mc := m
	return buf.Bytes(), bundle.Bundle{Schema: bundle.SchemaVersion, Kind: bundle.KindMetric, Metric: &mc}, nil
}
