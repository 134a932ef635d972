package kernel

import (
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"time"
)

// stderr of a panicking cell as gonb forwards it (recorded from gonb
// v0.11.1): the panic, the goroutine's frames with gonb's cell marks, and
// gonb's own "exit status 2".
const panicStderr = "panic: boom\n\ngoroutine 1 [running]:\nmain.helper(...)\n\t \x1b[7m[[ Cell [2] Line 2 ]]\x1b[0m /tmp/gonb_x/main.go:9\nruntime.gopanic(0x1)\n\t/usr/local/go/src/runtime/panic.go:1 +0x1\nmain.main()\n\t \x1b[7m[[ Cell [2] Line 3 ]]\x1b[0m /tmp/gonb_x/main.go:12 +0xa5\nexit status 2\n"

func TestProgramFailure(t *testing.T) {
	ename, evalue, tb, ok := ProgramFailure(panicStderr)
	if !ok || ename != "panic" || evalue != "panic: boom" {
		t.Fatalf("got %q %q %v", ename, evalue, ok)
	}
	all := strings.Join(tb, "\n")
	if !strings.Contains(all, "main.main()") || !strings.Contains(all, "[[ Cell [2] Line 3 ]]") || strings.Contains(all, "runtime.gopanic") || strings.Contains(all, "exit status") {
		t.Errorf("traceback keeps the cell's frames only:\n%s", all)
	}
	for _, c := range []struct {
		stderr string
		ok     bool
		evalue string
	}{
		{"exit status 3\n", true, "exit status 3"},
		{"a warning\nexit status 0\n", false, ""},
		{"a warning on stderr\n", false, ""},
		{"", false, ""},
		{"panic: a\nvalue over lines\n\ngoroutine 1 [running]:\nmain.main()\n\t/x/main.go:3\nexit status 2\n", true, "panic: a"},
	} {
		_, evalue, _, ok := ProgramFailure(c.stderr)
		if ok != c.ok || evalue != c.evalue {
			t.Errorf("%q: %q %v, want %q %v", c.stderr, evalue, ok, c.evalue, c.ok)
		}
	}
}

// recorder collects what a kernel forwards, in order.
type recorder struct {
	mu  sync.Mutex
	got []*Message
	sig signer
	t   *testing.T
}

func (r *recorder) forward(channel string, frames [][]byte) {
	m, err := r.sig.decode(frames)
	if err != nil {
		r.t.Errorf("forwarded %s message does not verify: %v", channel, err)
		return
	}
	r.mu.Lock()
	r.got = append(r.got, m)
	r.mu.Unlock()
}

func (r *recorder) types() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	var s []string
	for _, m := range r.got {
		s = append(s, m.Type())
	}
	return s
}

// TestCellFailuresRewrite: a reply "ok" of a cell whose program panicked
// is held until the idle status and passed on as an error, after an iopub
// error and the idle status, every message signed with the key; a cell
// that did not fail passes unchanged; a reply whose idle is lost is passed
// on after replyHold.
func TestCellFailuresRewrite(t *testing.T) {
	t.Parallel()
	sig := signer{key: []byte("k")}
	rec := &recorder{sig: sig, t: t}
	k := &Kernel{sig: sig, opt: Options{Forward: rec.forward, ErrorOnExit: true}}
	c := newCellFailures(k)
	req := Header{MsgID: "req-1", Session: "front", MsgType: "execute_request", Version: ProtocolVersion}
	send := func(channel, typ string, content any) {
		raw, _ := json.Marshal(content)
		m := &Message{Identities: [][]byte{[]byte("kernel." + typ)}, Header: Header{MsgID: newID(), Session: "gonb", MsgType: typ, Version: ProtocolVersion}, ParentHeader: req, Content: raw}
		frames, err := sig.encode(m)
		if err != nil {
			t.Fatal(err)
		}
		c.forward(channel, m, frames)
	}
	send("iopub", "stream", map[string]string{"name": "stdout", "text": "hi\n"})
	for _, part := range []string{"panic: ", "boom", panicStderr[len("panic: boom"):]} {
		send("iopub", "stream", map[string]string{"name": "stderr", "text": part})
	}
	send("shell", "execute_reply", map[string]any{"status": "ok", "execution_count": 2, "user_expressions": map[string]any{}})
	if got := strings.Join(rec.types(), " "); got != "stream stream stream stream" {
		t.Fatalf("before idle: %s (the reply must be held)", got)
	}
	send("iopub", "status", map[string]string{"execution_state": "idle"})
	if got := strings.Join(rec.types(), " "); got != "stream stream stream stream error status execute_reply" {
		t.Fatalf("forwarded %s", got)
	}
	var reply ExecuteReply
	if err := rec.got[6].Decode(&reply); err != nil {
		t.Fatal(err)
	}
	if reply.Status != "error" || reply.EName != "panic" || reply.EValue != "panic: boom" || reply.ExecutionCount == nil || *reply.ExecutionCount != 2 || len(reply.Traceback) == 0 {
		t.Errorf("reply %+v", reply)
	}
	if rec.got[4].ParentHeader.MsgID != "req-1" || rec.got[6].ParentHeader.MsgID != "req-1" {
		t.Error("the error and the reply must answer the request")
	}

	// A cell whose program ends well: the reply passes unchanged.
	rec.got = nil
	req.MsgID = "req-2"
	send("iopub", "stream", map[string]string{"name": "stderr", "text": "a warning\n"})
	send("shell", "execute_reply", map[string]any{"status": "ok", "execution_count": 3})
	send("iopub", "status", map[string]string{"execution_state": "idle"})
	if got := strings.Join(rec.types(), " "); got != "stream status execute_reply" {
		t.Fatalf("forwarded %s", got)
	}
	if err := rec.got[2].Decode(&reply); err != nil || reply.Status != "ok" {
		t.Errorf("reply %+v, %v", reply, err)
	}

	// The idle status is read before the reply (the readers of the two
	// sockets run apart): it is held, and the error still comes first.
	rec.got = nil
	req.MsgID = "req-4"
	send("iopub", "stream", map[string]string{"name": "stderr", "text": panicStderr})
	send("iopub", "status", map[string]string{"execution_state": "idle"})
	if got := strings.Join(rec.types(), " "); got != "stream" {
		t.Fatalf("an idle read before its reply was passed on: %s", got)
	}
	send("shell", "execute_reply", map[string]any{"status": "ok", "execution_count": 5})
	if got := strings.Join(rec.types(), " "); got != "stream error status execute_reply" {
		t.Fatalf("forwarded %s", got)
	}

	// The idle status is lost: the reply goes on after replyHold.
	rec.got = nil
	req.MsgID = "req-3"
	send("iopub", "stream", map[string]string{"name": "stderr", "text": "exit status 3\n"})
	send("shell", "execute_reply", map[string]any{"status": "ok", "execution_count": 4})
	time.Sleep(replyHold + 500*time.Millisecond)
	if got := strings.Join(rec.types(), " "); got != "stream error execute_reply" {
		t.Fatalf("forwarded %s", got)
	}
	if err := rec.got[2].Decode(&reply); err != nil || reply.Status != "error" || reply.EValue != "exit status 3" {
		t.Errorf("reply %+v, %v", reply, err)
	}
}
