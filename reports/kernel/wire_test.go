package kernel

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestWire starts a kernel wired to this repository (Options.Module): its
// first cell imports a package of the module, which an unwired gonb cannot
// (the module is not published), sees RootEnv, and is execution 1 because
// the setup cell was silent.
func TestWire(t *testing.T) {
	t.Parallel()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	t0 := time.Now()
	k, tmp := startKernel(t, Options{Module: root})
	t.Logf("start and wiring took %v", time.Since(t0).Round(time.Millisecond))
	e, r := run(t, k, "import \"github.com/sigprop/sigprop/lib/quantity\"\n%%\nfmt.Println(len(quantity.All()) > 0, os.Getenv(\"SIGPROP_ROOT\"))", 3*time.Minute)
	if got, want := streamText(t, e, "stdout"), "true "+root+"\n"; got != want || r.Status != "ok" {
		t.Errorf("first cell: status %q stdout %q stderr %q; want ok and %q", r.Status, got, streamText(t, e, "stderr"), want)
	}
	if r.ExecutionCount == nil || *r.ExecutionCount != 1 {
		t.Errorf("first cell execution_count %v, want 1 (the setup cell is silent)", r.ExecutionCount)
	}
	if err := k.Shutdown(context.Background()); err != nil {
		t.Fatal(err)
	}
	checkGone(t, k, tmp)
}

// TestNoAutoGet: a kernel wired with NoAutoGet builds a cell importing a
// package of the module (in the workspace's build list) as TestWire's, and
// fails a cell importing a package outside the build list in go build
// ("no required module provides package"), not in the `go get` gonb runs
// without it (whose failure gonb reports as `failed to run ".../go get"`,
// after asking the module proxy).
func TestNoAutoGet(t *testing.T) {
	t.Parallel()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	k, _ := startKernel(t, Options{Module: root, NoAutoGet: true})
	e, r := run(t, k, "import \"github.com/sigprop/sigprop/lib/quantity\"\n%%\nfmt.Println(len(quantity.All()) > 0)", 3*time.Minute)
	if got := streamText(t, e, "stdout"); got != "true\n" || r.Status != "ok" {
		t.Errorf("cell importing the module: status %q stdout %q stderr %q; want ok and \"true\\n\"", r.Status, got, streamText(t, e, "stderr"))
	}
	_, r = run(t, k, "import \"example.com/sigprop/absent\"\n%%\nabsent.F()", 3*time.Minute)
	msg := r.EValue + strings.Join(r.Traceback, "\n")
	if r.Status != "error" || !strings.Contains(msg, "no required module provides package example.com/sigprop/absent") || strings.Contains(msg, "failed to run") {
		t.Errorf("cell importing a package outside the build list: status %q, error %q; want go build's refusal, no go get", r.Status, msg)
	}
}

// TestWireFailure: a Module without go.mod fails before gonb starts; one
// whose go.mod the go command rejects fails in the setup cell, and the
// kernel started for it is cleaned up.
func TestWireFailure(t *testing.T) {
	t.Parallel()
	tools := testTools(t)
	if _, err := Start(context.Background(), Options{Tools: tools, Module: t.TempDir()}); err == nil || !strings.Contains(err.Error(), "go.mod") {
		t.Errorf("Module without go.mod: err = %v, want one naming go.mod", err)
	}
	broken := t.TempDir()
	if err := os.WriteFile(filepath.Join(broken, "go.mod"), []byte("module example.com/broken\n\nnot a directive\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	k, err := Start(context.Background(), Options{Tools: tools, Dir: tmp, TempRoot: tmp, Module: broken})
	if err == nil {
		k.Kill()
		t.Fatal("a go.mod the go command rejects: Start succeeded")
	}
	if !strings.Contains(err.Error(), "setup cell") || !strings.Contains(err.Error(), "unknown directive") {
		t.Errorf("err = %v, want the setup cell's failure with go's complaint", err)
	}
	if left, _ := os.ReadDir(tmp); len(left) > 0 {
		t.Errorf("left in the kernel's TMPDIR parent after the failed start: %v", left)
	}
}

// TestForward plays a relay's front end: a request sent with SendFrames,
// framed and signed elsewhere (another session, an identity frame in
// front), comes back through Forward unchanged in form: reply on shell
// and outputs on iopub, the identity first, signed with the shared key.
// Nothing of the client's own requests (handshake, a cell it runs
// itself) reaches Forward.
func TestForward(t *testing.T) {
	t.Parallel()
	const key = "relay-test-key"
	type fwd struct {
		channel string
		frames  [][]byte
	}
	var mu sync.Mutex
	var got []fwd
	k, tmp := startKernel(t, Options{Key: key, Forward: func(channel string, frames [][]byte) {
		mu.Lock()
		got = append(got, fwd{channel, frames})
		mu.Unlock()
	}})

	// A cell of the client's own, then one from the "front end".
	run(t, k, "%%\nfmt.Println(\"own\")", time.Minute)
	sig := signer{key: []byte(key)}
	req, err := newRequest("front-end-session", "execute_request", map[string]any{
		"code": "%%\nfmt.Println(\"relayed\")", "silent": false, "store_history": true,
		"user_expressions": map[string]any{}, "allow_stdin": false, "stop_on_error": false,
	})
	if err != nil {
		t.Fatal(err)
	}
	req.Identities = [][]byte{[]byte("front-end-id")}
	frames, err := sig.encode(req)
	if err != nil {
		t.Fatal(err)
	}
	if err := k.SendFrames("shell", frames); err != nil {
		t.Fatal(err)
	}

	var reply *Message
	var stdout string
	idle := false
	deadline := time.Now().Add(time.Minute)
	for seen := 0; reply == nil || !idle; {
		if time.Now().After(deadline) {
			t.Fatalf("no reply and idle status forwarded within a minute (reply %v, idle %v)", reply != nil, idle)
		}
		time.Sleep(20 * time.Millisecond)
		mu.Lock()
		batch := got[seen:]
		seen = len(got)
		mu.Unlock()
		for _, f := range batch {
			if f.channel != "iopub" && !bytes.Equal(f.frames[0], []byte("front-end-id")) {
				t.Errorf("%s message forwarded without the front end's identity first: %q", f.channel, f.frames[0])
			}
			m, err := sig.decode(f.frames)
			if err != nil {
				t.Fatalf("forwarded %s message does not decode with the shared key: %v", f.channel, err)
			}
			if m.Header.Session == k.session || m.ParentHeader.Session == k.session {
				t.Errorf("the client's own %s %s was forwarded", f.channel, m.Type())
			}
			if m.ParentHeader.MsgID != req.Header.MsgID {
				continue
			}
			switch {
			case f.channel == "shell" && m.Type() == "execute_reply":
				reply = m
			case f.channel == "iopub" && m.Type() == "stream":
				var s struct{ Text string }
				_ = json.Unmarshal(m.Content, &s)
				stdout += s.Text
			case f.channel == "iopub" && m.Type() == "status" && strings.Contains(string(m.Content), `"idle"`):
				idle = true
			}
		}
	}
	var r ExecuteReply
	if err := reply.Decode(&r); err != nil {
		t.Fatal(err)
	}
	if r.Status != "ok" || r.ExecutionCount == nil || *r.ExecutionCount != 2 || stdout != "relayed\n" {
		t.Errorf("relayed cell: status %q count %v stdout %q; want ok, 2, \"relayed\\n\"", r.Status, r.ExecutionCount, stdout)
	}
	k.Shutdown(context.Background())
	checkGone(t, k, tmp)
}
