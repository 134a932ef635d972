package ipynb

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// FuzzParseMarshal checks that whatever Parse accepts, Marshal writes and
// Parse reads back as the same notebook, and that a second round trip
// writes the same bytes (Marshal's output is a fixed point). "The same"
// allows what JSON cannot tell apart once Marshal has normalised it: an
// absent map or list and an empty one, and whitespace inside a raw MIME
// bundle entry. Crashers found while fuzzing are kept in
// testdata/fuzz/FuzzParseMarshal.
func FuzzParseMarshal(f *testing.F) {
	paths, err := filepath.Glob("testdata/*.ipynb")
	if err != nil {
		f.Fatal(err)
	}
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte(`{"nbformat":4,"nbformat_minor":5,"metadata":{"kernelspec":{"name":"gonb"}},"cells":[` +
		`{"cell_type":"raw","id":"r1","metadata":{"tags":["x"]},"source":"<raw>"},` +
		`{"cell_type":"code","metadata":{},"source":["a\n","b"],"execution_count":3,"outputs":[` +
		`{"output_type":"stream","name":"stdout","text":["1\n","2\n"]},` +
		`{"output_type":"display_data","data":{"text/plain":["x"],"application/vnd.sigprop.v1+json":{"schema":1, "kind":"metric"}}},` +
		`{"output_type":"execute_result","execution_count":3,"data":{"text/html":"<b>&amp;</b>"},"metadata":{"isolated":true}},` +
		`{"output_type":"error","ename":"E","evalue":"v","traceback":["t1","t2"]}]}]}`))
	f.Add([]byte(`{"nbformat":4,"metadata":{"kernelspec":{"name":"gonb"}},"cells":null}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		nb1, err := Parse(b)
		if err != nil {
			return
		}
		out1, err := Marshal(nb1)
		if err != nil {
			t.Fatalf("Marshal of a parsed notebook: %v", err)
		}
		nb2, err := Parse(out1)
		if err != nil {
			t.Fatalf("Parse of Marshal's output: %v\n%s", err, out1)
		}
		if n1, n2 := normalise(t, nb1), normalise(t, nb2); !reflect.DeepEqual(n1, n2) {
			t.Fatalf("round trip changed the notebook:\nbefore %#v\nafter  %#v\nwritten\n%s", n1, n2, out1)
		}
		out2, err := Marshal(nb2)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(out1, out2) {
			t.Fatalf("Marshal is not a fixed point:\n%s\nthen\n%s", out1, out2)
		}
	})
}

// normalise returns a copy of nb with empty maps and lists made nil and
// raw MIME entries compacted.
func normalise(t *testing.T, nb *Notebook) Notebook {
	n := *nb
	n.Metadata = emptyNil(n.Metadata)
	n.Cells = nil
	for _, c := range nb.Cells {
		c.Metadata = emptyNil(c.Metadata)
		var outs []Output
		for _, o := range c.Outputs {
			o.Metadata = emptyNil(o.Metadata)
			if len(o.Traceback) == 0 {
				o.Traceback = nil
			}
			var data map[string]json.RawMessage
			for k, v := range o.Data {
				var buf bytes.Buffer
				if err := json.Compact(&buf, v); err != nil {
					t.Fatalf("data %q is not JSON: %v", k, err)
				}
				if data == nil {
					data = map[string]json.RawMessage{}
				}
				data[k] = buf.Bytes()
			}
			o.Data = data
			outs = append(outs, o)
		}
		c.Outputs = outs
		n.Cells = append(n.Cells, c)
	}
	return n
}

func emptyNil(m map[string]any) map[string]any {
	if len(m) == 0 {
		return nil
	}
	return m
}
