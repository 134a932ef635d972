package picture

import (
	"encoding/json"
	"fmt"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/kernel-ext/contract/figure"
)

// svgMIMEType is the display_data key of a figure's SVG.
const svgMIMEType = "image/svg+xml"

// DrawDisplay completes the data of a display_data (MIME type to JSON
// value) that a notebook cell sent with its figure left to draw
// (bundle.DrawMIMEType, see kernel-ext/show): it draws the figure of the
// bundle under bundle.MIMEType as SVG (RenderFigure's bytes), puts it
// under "image/svg+xml" as a JSON string and removes the mark, so that the
// data are those the cell would have sent had it drawn the figure itself.
// It reports whether data carried the mark; data without it are left as
// they are.
//
// Errors, each naming the figure when the bundle does: a mark that names
// another format, a missing or undecodable bundle, a bundle that is not a
// figure, and Draw's errors (which the cell's own figure.Check should
// have caught).
func DrawDisplay(data map[string]json.RawMessage) (bool, error) {
	mark, ok := data[bundle.DrawMIMEType]
	if !ok {
		return false, nil
	}
	var format string
	if err := json.Unmarshal(mark, &format); err != nil || format != svgMIMEType {
		return true, fmt.Errorf("picture: display marked %s with %s, want %q", bundle.DrawMIMEType, mark, svgMIMEType)
	}
	raw, ok := data[bundle.MIMEType]
	if !ok {
		return true, fmt.Errorf("picture: display marked %s carries no %s bundle", bundle.DrawMIMEType, bundle.MIMEType)
	}
	// The bundle travels as its JSON text (see kernel-ext/show).
	var enc string
	if err := json.Unmarshal(raw, &enc); err != nil {
		return true, fmt.Errorf("picture: display marked %s: bundle is not a JSON string: %w", bundle.DrawMIMEType, err)
	}
	b, err := bundle.Decode([]byte(enc))
	if err != nil {
		return true, fmt.Errorf("picture: display marked %s: %w", bundle.DrawMIMEType, err)
	}
	if b.Kind != bundle.KindFigure {
		return true, fmt.Errorf("picture: display marked %s carries a %s bundle, want a figure", bundle.DrawMIMEType, b.Kind)
	}
	f, err := figure.FromBundle(*b.Figure)
	if err != nil {
		return true, err
	}
	svg, err := Draw(f, SVG)
	if err != nil {
		return true, fmt.Errorf("picture: drawing figure %q the cell sent: %w", f.ID, err)
	}
	js, err := json.Marshal(string(svg))
	if err != nil {
		return true, fmt.Errorf("picture: figure %q: %w", f.ID, err)
	}
	data[svgMIMEType] = js
	delete(data, bundle.DrawMIMEType)
	return true, nil
}
