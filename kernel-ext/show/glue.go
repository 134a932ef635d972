package show

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"

	"github.com/janpfeifer/gonb/gonbui/protocol"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
)

// Glue publishes v under name so that the notebook's markdown can quote it
// as {glue}`name` (MyST's glue): the report shows the number the cell
// computed, formatted with format (a fmt verb such as "%.4f"; "%.4g" when
// empty), in the prose, so the text cannot go stale when the code
// changes. The cell's output shows "name = text" where it was computed.
// It panics on RenderGlue's errors, which the notebook shows as the
// cell's failure.
func Glue(name string, v float64, format string) { Must(displayGlue(name, v, format)) }

// GlueInts is Glue of each whole number of values under its name (format
// "%.0f"), in the names' sorted order: a cell that quotes several sizes
// quotes them in one call. It panics on RenderGlue's errors.
func GlueInts(values map[string]int) {
	for _, name := range slices.Sorted(maps.Keys(values)) {
		Glue(name, float64(values[name]), "%.0f")
	}
}

// RenderGlue returns the value bundle of Glue. The name must be a label
// (an ASCII letter, then letters, digits and - _ . :), v finite, and
// format must format one float64 (fmt reports no error in the text).
func RenderGlue(name string, v float64, format string) (bundle.Bundle, error) {
	if !glueName(name) {
		return bundle.Bundle{}, fmt.Errorf("show: glue name %q: want an ASCII letter, then letters, digits and - _ . :", name)
	}
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return bundle.Bundle{}, fmt.Errorf("show: glue %q: value %v is not finite", name, v)
	}
	if format == "" {
		format = "%.4g"
	}
	text := fmt.Sprintf(format, v)
	if strings.Contains(text, "%!") {
		return bundle.Bundle{}, fmt.Errorf("show: glue %q: format %q does not format one number: %q", name, format, text)
	}
	return bundle.Bundle{Kind: bundle.KindValue, Value: &bundle.Value{Name: name, Value: bundle.Float(v), Text: text}}, nil
}

// displayGlue is RenderGlue followed by one display_data with the bundle
// and "text/plain" ("name = text").
func displayGlue(name string, v float64, format string) error {
	b, err := RenderGlue(name, v, format)
	if err != nil {
		return err
	}
	return send(b, map[protocol.MIMEType]any{
		protocol.MIMETextPlain: name + " = " + b.Value.Text,
	})
}

// glueName is texmath.ValidLabel's rule (kernel-ext does not import the
// report renderer).
func glueName(s string) bool {
	if s == "" || !(s[0] >= 'a' && s[0] <= 'z' || s[0] >= 'A' && s[0] <= 'Z') {
		return false
	}
	for i := 1; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.' || c == ':') {
			return false
		}
	}
	return true
}
