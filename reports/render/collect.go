package render

import (
	"encoding/json"
	"fmt"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/reports/ipynb"
)

// Bundles are the sigprop bundles of one notebook's outputs, decoded once
// (DecodeBundles) and shared by everything the report derives from them:
// the manifest's entries, the page with its outputs and summary, and the
// index entry.
type Bundles struct {
	// Figures, Metrics, Tables and Values hold every bundle in cell and
	// output order, split by kind; all are nil when Err is set.
	Figures []bundle.Figure
	Metrics []bundle.Metric
	Tables  []bundle.Table
	Values  []bundle.Value
	// Err is the first bundle that does not decode (wrong schema version,
	// kind without payload, bad JSON), naming the cell and output.
	Err error
	// outputs holds each output's decoded bundle or error, by cell and
	// output index, for the page.
	outputs map[outputKey]decoded
}

type outputKey struct{ cell, output int }

type decoded struct {
	b   bundle.Bundle
	err error
}

// DecodeBundles decodes every sigprop bundle in the notebook's outputs.
func DecodeBundles(nb *ipynb.Notebook) *Bundles {
	bs := &Bundles{outputs: map[outputKey]decoded{}}
	for ci, c := range nb.Cells {
		for oi, o := range c.Outputs {
			b, ok, err := outputBundle(o)
			if !ok {
				continue
			}
			bs.outputs[outputKey{ci, oi}] = decoded{b, err}
			if bs.Err != nil {
				continue
			}
			if err != nil {
				bs.Err = fmt.Errorf("render: %s output %d: %w", nb.CellLabel(ci), oi+1, err)
				continue
			}
			switch b.Kind {
			case bundle.KindFigure:
				bs.Figures = append(bs.Figures, *b.Figure)
			case bundle.KindMetric:
				bs.Metrics = append(bs.Metrics, *b.Metric)
			case bundle.KindTable:
				bs.Tables = append(bs.Tables, *b.Table)
			case bundle.KindValue:
				bs.Values = append(bs.Values, *b.Value)
			}
		}
	}
	if bs.Err != nil {
		bs.Figures, bs.Metrics, bs.Tables, bs.Values = nil, nil, nil, nil
	}
	return bs
}

// output returns the decoded bundle of output oi of cell ci; ok is false
// when that output carries none.
func (bs *Bundles) output(ci, oi int) (b bundle.Bundle, ok bool, err error) {
	d, ok := bs.outputs[outputKey{ci, oi}]
	return d.b, ok, d.err
}

// Collect returns every sigprop bundle in the notebook's outputs, in cell and
// output order, split by kind: DecodeBundles's lists and error.
func Collect(nb *ipynb.Notebook) (figures []bundle.Figure, metrics []bundle.Metric, tables []bundle.Table, err error) {
	bs := DecodeBundles(nb)
	return bs.Figures, bs.Metrics, bs.Tables, bs.Err
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
