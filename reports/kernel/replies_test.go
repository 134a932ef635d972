package kernel

import (
	"encoding/json"
	"reflect"
	"testing"
)

func msg(typ string, content any) *Message {
	raw, _ := json.Marshal(content)
	return &Message{Header: Header{MsgType: typ}, Content: raw}
}

// gonb's completion lists each name twice once gopls has loaded (both of
// its sources) and offers the package's tests and benchmarks; while gopls
// loads it answers an error. tidyReply keeps every API name once, in
// order, and turns the timeout into a "loading" answer.
func TestTidyReply(t *testing.T) {
	m := msg("complete_reply", map[string]any{"status": "ok", "cursor_start": 11, "cursor_end": 11, "metadata": map[string]any{},
		"matches": []string{"Net", "FixedPoint", "Net", "BenchmarkChi1GridTanh", "TestQStar", "Example", "ExampleNet_QStar", "FuzzEoC", "Testable", "FixedPoint", "EoCSigmaW2"}})
	if !tidyReply(m) {
		t.Fatal("not changed")
	}
	var c struct {
		Status  string
		Matches []string
		Cursor  int `json:"cursor_start"`
	}
	json.Unmarshal(m.Content, &c)
	if want := []string{"Net", "FixedPoint", "Testable", "EoCSigmaW2"}; !reflect.DeepEqual(c.Matches, want) || c.Status != "ok" || c.Cursor != 11 {
		t.Errorf("tidied %+v, want matches %q", c, want)
	}
	clean := msg("complete_reply", map[string]any{"status": "ok", "matches": []string{"A", "B"}})
	if tidyReply(clean) {
		t.Error("a clean reply was changed")
	}
	loading := msg("complete_reply", map[string]any{"status": "error", "ename": "ERROR", "evalue": "context deadline exceeded", "traceback": []string{}})
	if !tidyReply(loading) {
		t.Fatal("the timeout was passed on")
	}
	var l struct {
		Status   string
		Matches  []string
		Metadata map[string]map[string]string
	}
	json.Unmarshal(loading.Content, &l)
	if l.Status != "ok" || len(l.Matches) != 0 || l.Matches == nil || l.Metadata["sigprop"]["status"] != "loading" {
		t.Errorf("loading answer %s", loading.Content)
	}
	other := msg("complete_reply", map[string]any{"status": "error", "evalue": "parse error"})
	if tidyReply(other) {
		t.Error("an error other than the timeout was changed")
	}
	hover := msg("inspect_reply", map[string]any{"status": "ok", "found": true, "data": map[string]string{"text/plain": "context deadline exceeded"}})
	if !tidyReply(hover) {
		t.Fatal("hover timeout passed on")
	}
	var h struct {
		Found bool
		Data  map[string]string
	}
	json.Unmarshal(hover.Content, &h)
	if h.Found || len(h.Data) != 0 {
		t.Errorf("hover %s", hover.Content)
	}
	doc := msg("inspect_reply", map[string]any{"status": "ok", "found": true, "data": map[string]string{"text/markdown": "func meanfield.EoCSigmaW2(...)\n\nthe deadline of a run ..." + string(make([]byte, 300))}})
	if tidyReply(doc) {
		t.Error("a real doc mentioning a deadline was changed")
	}
}

// Shift-Tab just after a name asks for the position after its last
// character; tidyRequest moves it onto the name (code points, not bytes).
func TestTidyRequest(t *testing.T) {
	for _, c := range []struct {
		code   string
		pos    int
		want   int
		change bool
	}{
		{"meanfield.EoCSigmaW2", 20, 19, true},
		{"x := σ_w2", 9, 8, true},
		{"meanfield.EoCSigmaW2(", 21, 21, false},
		{"meanfield.EoCSigmaW2", 12, 12, false},
		{"", 0, 0, false},
		{"f( ", 3, 3, false},
	} {
		m := msg("inspect_request", map[string]any{"code": c.code, "cursor_pos": c.pos, "detail_level": 0})
		changed := tidyRequest(m)
		var got struct {
			Pos int `json:"cursor_pos"`
		}
		json.Unmarshal(m.Content, &got)
		if changed != c.change || got.Pos != c.want {
			t.Errorf("%q at %d: %d (changed %v), want %d", c.code, c.pos, got.Pos, changed, c.want)
		}
	}
}

// The relay's own "loading" answer to a complete_request: signed with the
// key, routed to the request's identity, answering its msg_id, with the
// empty range at the cursor.
func TestLoadingCompleteReply(t *testing.T) {
	k := &Kernel{sig: signer{key: []byte("key")}}
	req := &Message{Identities: [][]byte{[]byte("front-end-id")}, Header: Header{MsgID: "req-9", Session: "fe", MsgType: "complete_request", Version: ProtocolVersion},
		Content: json.RawMessage(`{"code": "meanfield.", "cursor_pos": 10}`)}
	frames, err := k.sig.encode(req)
	if err != nil {
		t.Fatal(err)
	}
	out, err := k.LoadingCompleteReply(frames)
	if err != nil {
		t.Fatal(err)
	}
	m, err := k.sig.decode(out)
	if err != nil {
		t.Fatalf("the reply does not verify: %v", err)
	}
	var c struct {
		Status     string
		Matches    []string
		Start, End int
		Metadata   map[string]map[string]string
	}
	json.Unmarshal(m.Content, &c)
	var raw map[string]any
	json.Unmarshal(m.Content, &raw)
	if m.Type() != "complete_reply" || m.ParentHeader.MsgID != "req-9" || string(m.Identities[0]) != "front-end-id" || c.Status != "ok" || len(c.Matches) != 0 ||
		raw["cursor_start"] != float64(10) || raw["cursor_end"] != float64(10) || c.Metadata["sigprop"]["status"] != "loading" {
		t.Errorf("reply %s %+v parent %q ids %q", m.Type(), raw, m.ParentHeader.MsgID, m.Identities)
	}
	if _, err := k.LoadingCompleteReply([][]byte{[]byte("junk")}); err == nil {
		t.Error("no error for a malformed request")
	}
}
