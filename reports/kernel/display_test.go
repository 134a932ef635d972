package kernel

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

// TestCompleteDisplay: Options.CompleteDisplay sees the data of display
// messages only; new data replace the old ones, an error turns the
// display into an iopub error, and with ErrorOnExit the cell's "ok" reply
// becomes that error, published once.
func TestCompleteDisplay(t *testing.T) {
	complete := func(data map[string]json.RawMessage) (bool, error) {
		if _, ok := data["mark"]; !ok {
			return false, nil
		}
		if string(data["mark"]) == `"bad"` {
			return true, errors.New(`cannot draw figure "f"`)
		}
		delete(data, "mark")
		data["image/svg+xml"] = json.RawMessage(`"<svg/>"`)
		return true, nil
	}
	msgOf := func(typ, content string) *Message {
		return &Message{Header: Header{MsgType: typ}, Content: json.RawMessage(content)}
	}
	for _, tc := range []struct {
		name, typ, content string
		changed            bool
		wantType, want     string
	}{
		{"unmarked display", "display_data", `{"data":{"text/plain":"x"},"metadata":{}}`, false, "display_data", `{"data":{"text/plain":"x"},"metadata":{}}`},
		{"marked display", "display_data", `{"data":{"mark":"svg","text/plain":"x"},"metadata":{},"transient":{}}`, true, "display_data",
			`{"data":{"image/svg+xml":"\u003csvg/\u003e","text/plain":"x"},"metadata":{},"transient":{}}`},
		{"marked update", "update_display_data", `{"data":{"mark":"svg"},"metadata":{}}`, true, "update_display_data", `{"data":{"image/svg+xml":"\u003csvg/\u003e"},"metadata":{}}`},
		{"stream untouched", "stream", `{"name":"stdout","text":"mark"}`, false, "stream", `{"name":"stdout","text":"mark"}`},
		{"undrawable", "display_data", `{"data":{"mark":"bad"},"metadata":{}}`, true, "error",
			`{"ename":"DisplayError","evalue":"cannot draw figure \"f\"","traceback":["cannot draw figure \"f\""]}`},
	} {
		m := msgOf(tc.typ, tc.content)
		if got := completeDisplay(m, complete); got != tc.changed || m.Type() != tc.wantType || string(m.Content) != tc.want {
			t.Errorf("%s: changed %v, %s %s\nwant %v, %s %s", tc.name, got, m.Type(), m.Content, tc.changed, tc.wantType, tc.want)
		}
	}

	// The error fails the cell whose program ended well.
	sig := signer{key: []byte("k")}
	rec := &recorder{sig: sig, t: t}
	k := &Kernel{sig: sig, opt: Options{Forward: rec.forward, ErrorOnExit: true, CompleteDisplay: complete}}
	c := newCellFailures(k)
	req := Header{MsgID: "req-1", Session: "front", MsgType: "execute_request", Version: ProtocolVersion}
	send := func(channel, typ string, content any) {
		raw, _ := json.Marshal(content)
		m := &Message{Identities: [][]byte{[]byte("kernel." + typ)}, Header: Header{MsgID: newID(), Session: "gonb", MsgType: typ, Version: ProtocolVersion}, ParentHeader: req, Content: raw}
		if channel == "iopub" {
			completeDisplay(m, complete)
		}
		frames, err := sig.encode(m)
		if err != nil {
			t.Fatal(err)
		}
		c.forward(channel, m, frames)
	}
	send("iopub", "display_data", map[string]any{"data": map[string]string{"mark": "bad"}, "metadata": map[string]any{}})
	send("shell", "execute_reply", map[string]any{"status": "ok", "execution_count": 2})
	send("iopub", "status", map[string]string{"execution_state": "idle"})
	if got := strings.Join(rec.types(), " "); got != "error status execute_reply" {
		t.Fatalf("forwarded %s", got)
	}
	var reply ExecuteReply
	if err := rec.got[2].Decode(&reply); err != nil {
		t.Fatal(err)
	}
	if reply.Status != "error" || reply.EName != "DisplayError" || !strings.Contains(reply.EValue, `figure "f"`) {
		t.Errorf("reply %+v, want the display's error", reply)
	}
}
