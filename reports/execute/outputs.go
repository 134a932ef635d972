package execute

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/kernel-ext/contract/picture"
	"github.com/sigprop/sigprop/reports/ipynb"
	"github.com/sigprop/sigprop/reports/kernel"
)

// outputRef locates one output of the notebook being built.
type outputRef struct{ cell, index int }

// outputs turns iopub messages into nbformat outputs, cell by cell, the way
// a Jupyter front end would display them:
//
//   - consecutive stream messages with the same name are merged into one
//     stream output;
//   - display_data and execute_result keep data and metadata, except that
//     a display_data marked with bundle.StreamMIMEType (a show.Text line,
//     sent through gonb's display pipe to keep its place among the
//     figures) is taken as the stream message it stands for;
//   - update_display_data replaces the data and metadata of every earlier
//     output (in any cell) created with the same transient display_id, and
//     is otherwise ignored;
//   - clear_output empties the current cell's outputs at once, or with
//     wait=true just before the next output arrives;
//   - error keeps ename, evalue and traceback;
//   - a display marked bundle.DrawMIMEType (a figure kernel-ext/show
//     checked and left to draw) gets its SVG (picture.DrawDisplay) and
//     loses the mark; a figure that cannot be drawn becomes an error
//     output (ename DrawError, naming the figure), which fails the cell.
//
// Outputs are appended in iopub arrival order, which is the kernel's
// publication order (PUB/SUB over one connection preserves order).
type outputs struct {
	nb           *ipynb.Notebook
	cell         int
	pendingClear bool
	displays     map[string][]outputRef
	// stream gathers the text of the last output of the current cell
	// while it is a stream that messages extend: appending to a string
	// copied the whole text at each message (a cell printing 106 MB took
	// the report to 2.36 GB); the builder grows by doubling. nil when the
	// last output is not an open stream.
	stream *strings.Builder
}

func newOutputs(nb *ipynb.Notebook) *outputs {
	return &outputs{nb: nb, displays: map[string][]outputRef{}}
}

// startCell directs the following messages to cell i and clears its
// outputs.
func (o *outputs) startCell(i int) {
	o.cell = i
	o.pendingClear = false
	o.stream = nil
	o.nb.Cells[i].Outputs = nil
}

// add applies one iopub message to the current cell. Message types with no
// output (execute_input, status, comm_*) are ignored.
func (o *outputs) add(m *kernel.Message) error {
	var c struct {
		Name      string                     `json:"name"`
		Text      string                     `json:"text"`
		Data      map[string]json.RawMessage `json:"data"`
		Metadata  map[string]any             `json:"metadata"`
		Transient struct {
			DisplayID string `json:"display_id"`
		} `json:"transient"`
		ExecutionCount *int     `json:"execution_count"`
		EName          string   `json:"ename"`
		EValue         string   `json:"evalue"`
		Traceback      []string `json:"traceback"`
		Wait           bool     `json:"wait"`
	}
	switch m.Type() {
	case "stream", "display_data", "update_display_data", "execute_result", "error", "clear_output":
	default:
		return nil
	}
	if err := m.Decode(&c); err != nil {
		return err
	}
	typ := m.Type()
	if typ == "display_data" {
		if name, text, ok := streamDisplay(c.Data); ok {
			typ, c.Name, c.Text = "stream", name, text
		}
	}
	if typ == "display_data" || typ == "update_display_data" || typ == "execute_result" {
		// A figure a cell checked and left to draw (bundle.DrawMIMEType):
		// drawn here, as the cell drew it before. An error (the cell's
		// figure.Check let through a figure that cannot be drawn) fails
		// the cell as the cell's own drawing error did, naming the figure.
		if _, err := picture.DrawDisplay(c.Data); err != nil {
			typ, c.EName, c.EValue, c.Traceback = "error", "DrawError", err.Error(), []string{err.Error()}
		}
	}
	cell := &o.nb.Cells[o.cell]
	if typ == "clear_output" {
		if c.Wait {
			o.pendingClear = true
		} else {
			o.clear()
		}
		return nil
	}
	if typ == "update_display_data" {
		for _, r := range o.displays[c.Transient.DisplayID] {
			out := &o.nb.Cells[r.cell].Outputs[r.index]
			out.Data, out.Metadata = c.Data, c.Metadata
		}
		return nil
	}
	if o.pendingClear {
		o.clear()
	}
	if typ != "stream" {
		o.stream = nil
	}
	switch typ {
	case "stream":
		if n := len(cell.Outputs); n > 0 && cell.Outputs[n-1].OutputType == "stream" && cell.Outputs[n-1].Name == c.Name {
			if o.stream == nil {
				o.stream = &strings.Builder{}
				o.stream.WriteString(string(cell.Outputs[n-1].Text))
			}
			o.stream.WriteString(c.Text)
			// String shares the builder's bytes, which later writes never
			// change: no copy.
			cell.Outputs[n-1].Text = ipynb.MultiString(o.stream.String())
			return nil
		}
		o.stream = nil
		cell.Outputs = append(cell.Outputs, ipynb.Output{OutputType: "stream", Name: c.Name, Text: ipynb.MultiString(c.Text)})
	case "display_data":
		if id := c.Transient.DisplayID; id != "" {
			o.displays[id] = append(o.displays[id], outputRef{o.cell, len(cell.Outputs)})
		}
		cell.Outputs = append(cell.Outputs, ipynb.Output{OutputType: "display_data", Data: c.Data, Metadata: c.Metadata})
	case "execute_result":
		cell.Outputs = append(cell.Outputs, ipynb.Output{OutputType: "execute_result", Data: c.Data, Metadata: c.Metadata, ExecutionCount: c.ExecutionCount})
	case "error":
		cell.Outputs = append(cell.Outputs, ipynb.Output{OutputType: "error", EName: c.EName, EValue: c.EValue, Traceback: c.Traceback})
	}
	return nil
}

// streamDisplay returns the stream name and text of a display_data whose
// data carries bundle.StreamMIMEType (the name) and "text/plain" (the
// text), and false for any other.
func streamDisplay(data map[string]json.RawMessage) (name, text string, ok bool) {
	rawName, ok1 := data[bundle.StreamMIMEType]
	rawText, ok2 := data["text/plain"]
	if !ok1 || !ok2 {
		return "", "", false
	}
	var t ipynb.MultiString
	if json.Unmarshal(rawName, &name) != nil || (name != "stdout" && name != "stderr") || json.Unmarshal(rawText, &t) != nil {
		return "", "", false
	}
	return name, string(t), true
}

// clear empties the current cell and forgets its display ids.
func (o *outputs) clear() {
	o.pendingClear = false
	o.stream = nil
	o.nb.Cells[o.cell].Outputs = nil
	for id, refs := range o.displays {
		kept := refs[:0]
		for _, r := range refs {
			if r.cell != o.cell {
				kept = append(kept, r)
			}
		}
		if len(kept) == 0 {
			delete(o.displays, id)
		} else {
			o.displays[id] = kept
		}
	}
}

// cellFailure reports why a finished cell failed, or "" if it did not:
// an error reply, an error output, or a program that panicked or exited
// non-zero (kernel.ProgramFailure: gonb answers status ok then, and its
// "exit status N" line on stderr is the only sign).
func cellFailure(reply *kernel.ExecuteReply, outs []ipynb.Output) string {
	if reply != nil && reply.Status == "error" {
		return firstLine(reply.EName, reply.EValue)
	}
	var stderr string
	for _, o := range outs {
		switch o.OutputType {
		case "error":
			return firstLine(o.EName, o.EValue)
		case "stream":
			if o.Name == "stderr" {
				stderr += string(o.Text)
			}
		}
	}
	if _, evalue, _, failed := kernel.ProgramFailure(stderr); failed {
		return shorten(evalue)
	}
	if reply != nil && reply.Status != "" && reply.Status != "ok" {
		return "execute_reply status " + reply.Status
	}
	return ""
}

// mainGoPos matches the position prefix of a compiler message about gonb's
// generated main.go, meaningless to a notebook reader.
var mainGoPos = regexp.MustCompile(`^\./main(_test)?\.go:\d+:\d+: `)

// firstLine summarises an error for the progress line: the first line of
// evalue that is not a `# package` header of the go tool.
func firstLine(ename, evalue string) string {
	var s string
	for _, line := range strings.Split(evalue, "\n") {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "# ") {
			s = mainGoPos.ReplaceAllString(line, "")
			break
		}
	}
	if s == "" {
		s = ename
	}
	if s == "" {
		s = "error"
	}
	return shorten(s)
}

func shorten(s string) string {
	s = strings.TrimSpace(s)
	if len(s) > 100 {
		s = s[:97] + "..."
	}
	return s
}

// cellLabel names cell i of nb in messages as its author numbers it
// (ipynb.Notebook.CellLabel: 1-based, a -p run's added cell not counted),
// or "cell i+1" without a notebook.
func cellLabel(nb *ipynb.Notebook, i int) string {
	if nb == nil {
		return fmt.Sprintf("cell %d", i+1)
	}
	return nb.CellLabel(i)
}

// gonbPackageRE matches the name of gonb's per-kernel scratch package
// (gonb_ and the first 8 hex digits of a random UUID).
var gonbPackageRE = regexp.MustCompile(`\bgonb_[0-9a-f]{8}\b`)

// scrub makes text outputs independent of the kernel instance, so that two
// runs of the same notebook give the same bytes: the kernel's private
// TMPDIR becomes "$TMPDIR" and gonb's random scratch package name becomes
// "gonb_cell" in stream text, error values and tracebacks.
func scrub(outs []ipynb.Output, tmpDir string) {
	fix := func(s string) string {
		if tmpDir != "" {
			s = strings.ReplaceAll(s, tmpDir, "$TMPDIR")
		}
		return gonbPackageRE.ReplaceAllString(s, "gonb_cell")
	}
	for i := range outs {
		o := &outs[i]
		o.Text = ipynb.MultiString(fix(string(o.Text)))
		o.EValue = fix(o.EValue)
		for j := range o.Traceback {
			o.Traceback[j] = fix(o.Traceback[j])
		}
	}
}
