package execute

import (
	"encoding/json"
	"math"
	"runtime"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/kernel-ext/contract/figure"
	"github.com/sigprop/sigprop/kernel-ext/contract/picture"
	"github.com/sigprop/sigprop/reports/ipynb"
	"github.com/sigprop/sigprop/reports/kernel"
)

// msg builds an iopub message of type typ with JSON content.
func msg(typ, content string) *kernel.Message {
	return &kernel.Message{Header: kernel.Header{MsgType: typ}, Content: json.RawMessage(content)}
}

// summary renders outputs compactly: type[:name]=text/html or text.
func summary(outs []ipynb.Output) string {
	var parts []string
	for _, o := range outs {
		s := o.OutputType
		switch o.OutputType {
		case "stream":
			s += ":" + o.Name + "=" + string(o.Text)
		case "display_data", "execute_result":
			v, _ := o.DataString("text/plain")
			s += "=" + v
		case "error":
			s += "=" + o.EName + "/" + o.EValue
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, " | ")
}

func TestOutputs(t *testing.T) {
	display := func(text, id string) *kernel.Message {
		return msg("display_data", `{"data":{"text/plain":"`+text+`"},"metadata":{},"transient":{"display_id":"`+id+`"}}`)
	}
	update := func(text, id string) *kernel.Message {
		return msg("update_display_data", `{"data":{"text/plain":"`+text+`"},"metadata":{},"transient":{"display_id":"`+id+`"}}`)
	}
	stream := func(name, text string) *kernel.Message {
		return msg("stream", `{"name":"`+name+`","text":"`+text+`"}`)
	}
	// text is a show.Text line as it comes through gonb's display pipe.
	text := func(name, text string) *kernel.Message {
		return msg("display_data", `{"data":{"text/plain":"`+text+`","`+bundle.StreamMIMEType+`":"`+name+`"},"metadata":{},"transient":{}}`)
	}
	for _, tc := range []struct {
		name  string
		cells [][]*kernel.Message // messages per cell
		want  []string            // summary per cell
	}{
		{"consecutive streams merge per name",
			[][]*kernel.Message{{stream("stdout", "a"), stream("stdout", "b"), stream("stderr", "x"), stream("stdout", "c")}},
			[]string{"stream:stdout=ab | stream:stderr=x | stream:stdout=c"}},
		{"a show.Text display is the stream it stands for, merged with its neighbours",
			[][]*kernel.Message{{text("stdout", "a"), stream("stdout", "b"), text("stdout", "c"), display("fig", ""), text("stdout", "d"), text("stderr", "e"), text("x", "f")}},
			[]string{"stream:stdout=abc | display_data=fig | stream:stdout=d | stream:stderr=e | display_data=f"}},
		{"update_display_data rewrites the display in an earlier cell",
			[][]*kernel.Message{{display("v1", "p"), stream("stdout", "s")}, {update("v2", "p"), update("ignored", "unknown")}},
			[]string{"display_data=v2 | stream:stdout=s", ""}},
		{"display without id is never updated",
			[][]*kernel.Message{{display("v1", ""), update("v2", "")}},
			[]string{"display_data=v1"}},
		{"clear_output clears at once",
			[][]*kernel.Message{{stream("stdout", "a"), msg("clear_output", `{"wait":false}`), stream("stdout", "b")}},
			[]string{"stream:stdout=b"}},
		{"clear_output wait=true clears at the next output",
			[][]*kernel.Message{{stream("stdout", "a"), msg("clear_output", `{"wait":true}`), update("v2", "p"), stream("stdout", "b")}},
			[]string{"stream:stdout=b"}},
		{"cleared display is no longer updated",
			[][]*kernel.Message{{display("v1", "p"), msg("clear_output", `{"wait":false}`), display("w1", "q")}, {update("v2", "p"), update("w2", "q")}},
			[]string{"display_data=w2", ""}},
		{"pending clear does not leak into the next cell",
			[][]*kernel.Message{{stream("stdout", "a"), msg("clear_output", `{"wait":true}`)}, {stream("stdout", "b")}},
			[]string{"stream:stdout=a", "stream:stdout=b"}},
		{"execute_result, error; status and execute_input ignored",
			[][]*kernel.Message{{msg("execute_input", `{"code":"x"}`), msg("execute_result", `{"data":{"text/plain":"42"},"metadata":{},"execution_count":1}`),
				msg("error", `{"ename":"ERROR","evalue":"bad","traceback":["bad"]}`), msg("comm_msg", `{}`)}},
			[]string{"execute_result=42 | error=ERROR/bad"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			nb := &ipynb.Notebook{Cells: make([]ipynb.Cell, len(tc.cells))}
			o := newOutputs(nb)
			for i, ms := range tc.cells {
				o.startCell(i)
				for _, m := range ms {
					if err := o.add(m); err != nil {
						t.Fatal(err)
					}
				}
			}
			for i, want := range tc.want {
				if got := summary(nb.Cells[i].Outputs); got != want {
					t.Errorf("cell %d: %s\nwant %s", i, got, want)
				}
			}
		})
	}
}

func TestCellFailure(t *testing.T) {
	stderr := func(s string) []ipynb.Output {
		return []ipynb.Output{{OutputType: "stream", Name: "stderr", Text: ipynb.MultiString(s)}}
	}
	for _, tc := range []struct {
		name  string
		reply kernel.ExecuteReply
		outs  []ipynb.Output
		want  string // "" = not failed
	}{
		{"ok", kernel.ExecuteReply{Status: "ok"}, stderr("just a warning\n"), ""},
		{"exit status 0 is success", kernel.ExecuteReply{Status: "ok"}, stderr("exit status 0\n"), ""},
		{"exit status mid-text is not the end", kernel.ExecuteReply{Status: "ok"}, stderr("exit status 3\nmore\n"), ""},
		{"os.Exit(3)", kernel.ExecuteReply{Status: "ok"}, stderr("exit status 3\n"), "exit status 3"},
		{"panic", kernel.ExecuteReply{Status: "ok"}, stderr("panic: boom\n\ngoroutine 1 [running]:\nexit status 2\n"), "panic: boom"},
		{"error reply", kernel.ExecuteReply{Status: "error", EValue: "# gonb_cell\n./main.go:11:13: undefined: x\n"}, nil, "undefined: x"},
		{"error output", kernel.ExecuteReply{Status: "ok"}, []ipynb.Output{{OutputType: "error", EName: "E", EValue: "bad"}}, "bad"},
		{"aborted", kernel.ExecuteReply{Status: "aborted"}, nil, "execute_reply status aborted"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := cellFailure(&tc.reply, tc.outs); got != tc.want {
				t.Errorf("cellFailure = %q, want %q", got, tc.want)
			}
		})
	}
}

func TestScrub(t *testing.T) {
	outs := []ipynb.Output{
		{OutputType: "stream", Name: "stderr", Text: "at /tmp/sigprop-kernel-1/gonb_0123abcd/main.go:12\n"},
		{OutputType: "error", EValue: "# gonb_0123abcd", Traceback: []string{"/tmp/sigprop-kernel-1/x"}},
	}
	scrub(outs, "/tmp/sigprop-kernel-1")
	if got := string(outs[0].Text); got != "at $TMPDIR/gonb_cell/main.go:12\n" {
		t.Errorf("stream: %q", got)
	}
	if outs[1].EValue != "# gonb_cell" || outs[1].Traceback[0] != "$TMPDIR/x" {
		t.Errorf("error: %q %q", outs[1].EValue, outs[1].Traceback)
	}
}

// TestStreamMemoryLinear: a cell printing 64 MiB in 16 KiB messages is
// gathered with memory proportional to the text, not to its square
// (issue 36: a cell printing 106 MB took the report to 2.36 GB RSS; each
// message copied the whole text so far: 4096 messages would copy 128 GiB).
// Measured: 64 MiB gathered with 457 MiB allocated in all (the decoding
// of each message's JSON is most of it, garbage at once) and 64 MiB kept.
func TestStreamMemoryLinear(t *testing.T) {
	chunk := strings.Repeat("y", 16<<10-1) + "\n"
	m := msg("stream", `{"name":"stdout","text":"`+strings.ReplaceAll(chunk, "\n", `\n`)+`"}`)
	nb := &ipynb.Notebook{NBFormat: 4, Cells: []ipynb.Cell{{CellType: "code"}}}
	o := newOutputs(nb)
	o.startCell(0)
	const n = 4096 // 64 MiB
	var m0, m1 runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m0)
	for range n {
		if err := o.add(m); err != nil {
			t.Fatal(err)
		}
	}
	runtime.ReadMemStats(&m1)
	text := string(nb.Cells[0].Outputs[0].Text)
	if len(nb.Cells[0].Outputs) != 1 || len(text) != n*len(chunk) || text[:len(chunk)] != chunk {
		t.Fatalf("%d outputs, %d bytes; want one stream of %d", len(nb.Cells[0].Outputs), len(text), n*len(chunk))
	}
	runtime.GC()
	var m2 runtime.MemStats
	runtime.ReadMemStats(&m2)
	alloc, kept := m1.TotalAlloc-m0.TotalAlloc, int64(m2.HeapAlloc)-int64(m0.HeapAlloc)
	t.Logf("gathering %d MiB: %d MiB allocated, %d MiB kept", len(text)>>20, alloc>>20, kept>>20)
	if alloc > 8*uint64(len(text)) || kept > 5*int64(len(text))/2 {
		t.Errorf("want at most 8× allocated (each message's decoding, the builder's doubling) and 2.5× kept")
	}
	// A stream message after another output starts a new output.
	o.add(msg("display_data", `{"data":{"text/plain":"d"},"metadata":{}}`))
	o.add(msg("stream", `{"name":"stdout","text":"a"}`))
	o.add(msg("stream", `{"name":"stdout","text":"b"}`))
	if got := summary(nb.Cells[0].Outputs[1:]); got != "display_data=d | stream:stdout=ab" {
		t.Errorf("after the long stream: %s", got)
	}
}

// TestOutputsDrawFigure: a figure display a cell sent to be drawn
// (bundle.DrawMIMEType) is recorded with the SVG picture.RenderFigure
// draws, as the cell sent it before; one that cannot be drawn becomes an
// error output naming the figure, and the cell fails.
func TestOutputsDrawFigure(t *testing.T) {
	sent := func(f figure.Figure) *kernel.Message {
		enc, err := bundle.Encode(figure.NewBundle(f))
		if err != nil {
			t.Fatal(err)
		}
		data, err := json.Marshal(map[string]string{
			bundle.MIMEType: string(enc), bundle.DrawMIMEType: "image/svg+xml", "text/plain": "Figure " + f.ID,
		})
		if err != nil {
			t.Fatal(err)
		}
		return msg("display_data", `{"data":`+string(data)+`,"metadata":{},"transient":{}}`)
	}
	good := figure.Figure{ID: "good", Series: []figure.Series{{Name: "a", X: []float64{0, 1, 2}, Y: []float64{1, 0.5, 2}, Style: figure.LinePoints}}}
	// Check rejects this figure in the cell; a bundle carrying it stands
	// for a check that let a bad figure through.
	bad := figure.Figure{ID: "wide-x", Series: []figure.Series{{X: []float64{-math.MaxFloat64, math.MaxFloat64}, Y: []float64{0, 1}}}}
	nb := &ipynb.Notebook{Cells: make([]ipynb.Cell, 2)}
	o := newOutputs(nb)
	for i, f := range []figure.Figure{good, bad} {
		o.startCell(i)
		if err := o.add(sent(f)); err != nil {
			t.Fatal(err)
		}
	}
	svg, _, err := picture.RenderFigure(good)
	if err != nil {
		t.Fatal(err)
	}
	out := nb.Cells[0].Outputs
	if len(out) != 1 || out[0].OutputType != "display_data" {
		t.Fatalf("good figure: outputs %s", summary(out))
	}
	if got, _ := out[0].DataString("image/svg+xml"); got != string(svg) {
		t.Errorf("good figure: image/svg+xml is %d bytes, want RenderFigure's %d", len(got), len(svg))
	}
	if _, ok := out[0].Data[bundle.DrawMIMEType]; ok {
		t.Error("good figure: the draw mark is still in the output")
	}
	if _, ok := out[0].Data[bundle.MIMEType]; !ok {
		t.Error("good figure: the bundle is gone")
	}
	reason := cellFailure(&kernel.ExecuteReply{Status: "ok"}, nb.Cells[1].Outputs)
	if got := summary(nb.Cells[1].Outputs); !strings.HasPrefix(got, "error=DrawError/") || !strings.Contains(got, `"wide-x"`) || reason == "" {
		t.Errorf("bad figure: outputs %s, failure %q; want a DrawError naming the figure that fails the cell", got, reason)
	}
}
