package execute

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/reports/ipynb"
)

// compareFigures compares the sigprop bundles (figures, metrics, tables:
// every display_data or execute_result under bundle.MIMEType, in order) of
// two executions of one notebook, and returns "" when they are equal or a
// description of the first difference. Bundles are compared as JSON
// values (key order and layout do not matter), numbers exactly: the same
// inputs must give the same bits. Streams and other outputs are not
// compared (stdout and stderr interleave differently from run to run).
func compareFigures(cached, fresh *ipynb.Notebook) string {
	a, b := bundles(cached), bundles(fresh)
	for i := 0; i < min(len(a), len(b)); i++ {
		if !jsonEqual(a[i].raw, b[i].raw) {
			return fmt.Sprintf("output %d (%s) differs", i+1, a[i].id)
		}
	}
	if len(a) != len(b) {
		return fmt.Sprintf("%d sigprop outputs cached, %d now", len(a), len(b))
	}
	return ""
}

type bundleOut struct {
	id  string
	raw json.RawMessage
}

func bundles(nb *ipynb.Notebook) []bundleOut {
	var out []bundleOut
	if nb == nil {
		return nil
	}
	for _, c := range nb.Cells {
		for _, o := range c.Outputs {
			raw, ok := o.Data[bundle.MIMEType]
			if !ok {
				continue
			}
			// kernel-ext sends the bundle as a JSON string holding JSON.
			var text string
			if json.Unmarshal(raw, &text) == nil {
				raw = json.RawMessage(text)
			}
			var head struct {
				Figure *struct{ ID string }
				Metric *struct{ Name string }
				Table  *struct{ ID string }
			}
			json.Unmarshal(raw, &head)
			id := "unnamed"
			switch {
			case head.Figure != nil:
				id = "figure " + head.Figure.ID
			case head.Metric != nil:
				id = "metric " + head.Metric.Name
			case head.Table != nil:
				id = "table " + head.Table.ID
			}
			out = append(out, bundleOut{id, raw})
		}
	}
	return out
}

// jsonEqual compares two JSON texts as values, numbers by their literal
// (json.Number), so 0.1 and 0.10000000000000001 differ as they should.
func jsonEqual(a, b []byte) bool {
	va, errA := decodeNumbers(a)
	vb, errB := decodeNumbers(b)
	if errA != nil || errB != nil {
		return bytes.Equal(a, b)
	}
	ea, _ := json.Marshal(va)
	eb, _ := json.Marshal(vb)
	return bytes.Equal(ea, eb)
}

func decodeNumbers(b []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var v any
	err := dec.Decode(&v)
	return v, err
}
