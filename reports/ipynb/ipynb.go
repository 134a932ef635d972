package ipynb

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"
)

// ErrInvalid is wrapped by every validation error returned by Load and Parse.
var ErrInvalid = errors.New("invalid notebook")

// Notebook is an nbformat 4 notebook.
type Notebook struct {
	Cells         []Cell         `json:"cells"`
	Metadata      map[string]any `json:"metadata"`
	NBFormat      int            `json:"nbformat"`
	NBFormatMinor int            `json:"nbformat_minor"`
}

// Cell is one notebook cell. Source is kept as a single string; nbformat's
// list-of-lines form is accepted on input.
type Cell struct {
	CellType       string         `json:"cell_type"` // "code", "markdown" or "raw"
	ID             string         `json:"id,omitempty"`
	Metadata       map[string]any `json:"metadata"`
	Source         MultiString    `json:"source"`
	ExecutionCount *int           `json:"execution_count,omitempty"`
	Outputs        []Output       `json:"outputs,omitempty"`
}

// Output is one nbformat output object.
//
//	stream:          Name ("stdout"/"stderr"), Text
//	display_data:    Data (MIME type -> content), Metadata
//	execute_result:  Data, Metadata, ExecutionCount
//	error:           EName, EValue, Traceback
type Output struct {
	OutputType     string                     `json:"output_type"`
	Name           string                     `json:"name,omitempty"`
	Text           MultiString                `json:"text,omitempty"`
	Data           map[string]json.RawMessage `json:"data,omitempty"`
	Metadata       map[string]any             `json:"metadata,omitempty"`
	ExecutionCount *int                       `json:"execution_count,omitempty"`
	EName          string                     `json:"ename,omitempty"`
	EValue         string                     `json:"evalue,omitempty"`
	Traceback      []string                   `json:"traceback,omitempty"`
}

// DataString returns the MIME bundle entry for mime as a string, joining
// nbformat's list-of-lines form. ok is false when the entry is absent.
func (o Output) DataString(mime string) (s string, ok bool) {
	raw, ok := o.Data[mime]
	if !ok {
		return "", false
	}
	var m MultiString
	if err := json.Unmarshal(raw, &m); err != nil {
		// Not a string: JSON MIME types carry objects; return them verbatim.
		return string(raw), true
	}
	return string(m), true
}

// MultiString is a string that unmarshals from either a JSON string or a
// JSON list of strings (nbformat's multiline form) and marshals as a string.
type MultiString string

// UnmarshalJSON implements json.Unmarshaler.
func (m *MultiString) UnmarshalJSON(b []byte) error {
	if len(b) > 0 && b[0] == '[' {
		var parts []string
		if err := json.Unmarshal(b, &parts); err != nil {
			return err
		}
		*m = MultiString(strings.Join(parts, ""))
		return nil
	}
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	*m = MultiString(s)
	return nil
}

// KernelName returns metadata.kernelspec.name, or "" when absent.
func (nb *Notebook) KernelName() string {
	ks, _ := nb.Metadata["kernelspec"].(map[string]any)
	name, _ := ks["name"].(string)
	return name
}

// Load reads and validates the notebook at path. Errors name the file.
func Load(path string) (*Notebook, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	nb, err := Parse(b)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return nb, nil
}

// Parse decodes and validates a notebook: valid JSON, nbformat 4, kernelspec
// sigprop (the sigprop kernel, gonb wired to the checkout) or gonb, known
// cell types, outputs and execution counts on code cells only.
func Parse(b []byte) (*Notebook, error) {
	var probe struct {
		NBFormat *int `json:"nbformat"`
	}
	if err := json.Unmarshal(b, &probe); err != nil {
		return nil, fmt.Errorf("%w: not valid JSON: %v", ErrInvalid, err)
	}
	if probe.NBFormat == nil {
		return nil, fmt.Errorf("%w: missing nbformat field", ErrInvalid)
	}
	if *probe.NBFormat != 4 {
		return nil, fmt.Errorf("%w: nbformat %d is not supported (want 4; convert with `jupyter nbconvert --to notebook --nbformat 4`)", ErrInvalid, *probe.NBFormat)
	}
	var nb Notebook
	if err := json.Unmarshal(b, &nb); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrInvalid, err)
	}
	if k := nb.KernelName(); k != "sigprop" && k != "gonb" {
		if k == "" {
			k = "(none)"
		}
		return nil, fmt.Errorf("%w: kernelspec %q is not sigprop or gonb (set metadata.kernelspec.name to \"sigprop\")", ErrInvalid, k)
	}
	for i, c := range nb.Cells {
		switch c.CellType {
		case "code":
		case "markdown", "raw":
			// nbformat forbids these keys here, and Marshal would drop
			// them (found by FuzzParseMarshal).
			if c.Outputs != nil || c.ExecutionCount != nil {
				return nil, fmt.Errorf("%w: cell %d is a %s cell with outputs or an execution count; only code cells have them", ErrInvalid, i+1, c.CellType)
			}
		default:
			return nil, fmt.Errorf("%w: cell %d has unknown cell_type %q", ErrInvalid, i+1, c.CellType)
		}
	}
	return &nb, nil
}

// Marshal encodes nb deterministically (sorted map keys, one-space indent as
// Jupyter writes it, trailing newline).
func Marshal(nb *Notebook) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", " ")
	if err := enc.Encode(nb); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// MarshalJSON writes the keys nbformat 4 requires of each cell type: a code
// cell always has outputs and execution_count (null when not run); markdown
// and raw cells have neither.
func (c Cell) MarshalJSON() ([]byte, error) {
	type plain Cell // no methods: no recursion
	md := c.Metadata
	if md == nil {
		md = map[string]any{}
	}
	if c.CellType != "code" {
		p := plain(c)
		p.Metadata, p.Outputs, p.ExecutionCount = md, nil, nil
		return marshalRaw(p)
	}
	outs := c.Outputs
	if outs == nil {
		outs = []Output{}
	}
	return marshalRaw(struct {
		CellType       string         `json:"cell_type"`
		ID             string         `json:"id,omitempty"`
		Metadata       map[string]any `json:"metadata"`
		Source         MultiString    `json:"source"`
		ExecutionCount *int           `json:"execution_count"`
		Outputs        []Output       `json:"outputs"`
	}{c.CellType, c.ID, md, c.Source, c.ExecutionCount, outs})
}

// MarshalJSON writes display_data and execute_result with the metadata key
// nbformat requires, even when empty.
func (o Output) MarshalJSON() ([]byte, error) {
	type plain Output
	p := plain(o)
	// len, not nil: an empty map read back from {} is dropped by omitempty
	// too (found by FuzzParseMarshal: the second write lost the key).
	if (o.OutputType == "display_data" || o.OutputType == "execute_result") && len(p.Metadata) == 0 {
		p.Metadata = nil
		b, err := marshalRaw(p)
		if err != nil {
			return nil, err
		}
		// omitempty dropped the empty map: put it back.
		return append(b[:len(b)-1], []byte(`,"metadata":{}}`)...), nil
	}
	return marshalRaw(p)
}

// marshalRaw is json.Marshal without HTML escaping. The MarshalJSON methods
// use it because an encoder's SetEscapeHTML(false) does not reach into what
// they return: with json.Marshal, every "<", ">" and "&" in a cell's source
// or output was written as \u003c, \u003e, \u0026, unlike Jupyter, and a
// round trip changed the bytes of MIME bundle entries (found by
// FuzzParseMarshal).
func marshalRaw(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// HasOutputs reports whether any code cell carries outputs or an execution
// count; committed notebooks must not.
func (nb *Notebook) HasOutputs() bool {
	for _, c := range nb.Cells {
		if len(c.Outputs) > 0 || c.ExecutionCount != nil {
			return true
		}
	}
	return false
}
