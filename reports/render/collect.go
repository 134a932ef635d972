package render

import (
	"encoding/json"
	"fmt"

	"github.com/sigprop/sigprop/kernel-ext/bundle"
	"github.com/sigprop/sigprop/reports/ipynb"
)

// Collect returns every sigprop bundle in the notebook's outputs, in cell and
// output order, split by kind. It fails on the first bundle that does not
// decode (wrong schema version, kind without payload, bad JSON), naming the
// cell and output.
func Collect(nb *ipynb.Notebook) (figures []bundle.Figure, metrics []bundle.Metric, tables []bundle.Table, err error) {
	for ci, c := range nb.Cells {
		for oi, o := range c.Outputs {
			b, ok, err := outputBundle(o)
			if err != nil {
				return nil, nil, nil, fmt.Errorf("render: cell %d output %d: %w", ci, oi, err)
			}
			if !ok {
				continue
			}
			switch b.Kind {
			case bundle.KindFigure:
				figures = append(figures, *b.Figure)
			case bundle.KindMetric:
				metrics = append(metrics, *b.Metric)
			case bundle.KindTable:
				tables = append(tables, *b.Table)
			}
		}
	}
	return figures, metrics, tables, nil
}

// outputBundle decodes the sigprop bundle of one output. ok is false when
// the output carries none. The bundle may be stored as a JSON object (as
// Jupyter stores JSON MIME types) or as a JSON string holding the encoded
// bundle (as gonb v0.11.1 delivers it, see kernel-ext/show).
func outputBundle(o ipynb.Output) (b bundle.Bundle, ok bool, err error) {
	raw, ok := o.Data[bundle.MIMEType]
	if !ok {
		return bundle.Bundle{}, false, nil
	}
	data := []byte(raw)
	if len(raw) > 0 && raw[0] == '"' {
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return bundle.Bundle{}, true, fmt.Errorf("%s: %w", bundle.MIMEType, err)
		}
		data = []byte(s)
	}
	b, err = bundle.Decode(data)
	if err != nil {
		return bundle.Bundle{}, true, err
	}
	return b, true, nil
}
