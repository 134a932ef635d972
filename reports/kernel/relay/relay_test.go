package relay

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/go-zeromq/zmq4"

	"github.com/sigprop/sigprop/reports/kernel"
)

// frontEnd is a minimal Jupyter front end written against the wire
// protocol directly (not package kernel), so that the relay is checked
// against an independent implementation of the framing and signing.
type frontEnd struct {
	t                     *testing.T
	key, session          string
	shell, control, iopub zmq4.Socket
	hb                    zmq4.Socket
	n                     int
}

func (f *frontEnd) sign(parts ...[]byte) []byte {
	mac := hmac.New(sha256.New, []byte(f.key))
	for _, p := range parts {
		mac.Write(p)
	}
	return []byte(hex.EncodeToString(mac.Sum(nil)))
}

// send sends a request and returns its msg_id.
func (f *frontEnd) send(s zmq4.Socket, msgType string, content any) string {
	f.t.Helper()
	f.n++
	id := fmt.Sprintf("fe-%d", f.n)
	header, _ := json.Marshal(map[string]string{"msg_id": id, "session": f.session, "username": "test", "msg_type": msgType, "version": "5.3", "date": time.Now().UTC().Format(time.RFC3339)})
	c, _ := json.Marshal(content)
	parent, meta := []byte("{}"), []byte("{}")
	if err := s.SendMulti(zmq4.NewMsgFrom([]byte("<IDS|MSG>"), f.sign(header, parent, meta, c), header, parent, meta, c)); err != nil {
		f.t.Fatal(err)
	}
	return id
}

type wireMsg struct {
	Header       struct{ MsgType, MsgID, Session string }
	ParentHeader struct{ MsgID string }
	Content      map[string]any
}

// recv receives one message and checks its signature.
func (f *frontEnd) recv(s zmq4.Socket) wireMsg {
	f.t.Helper()
	m, err := s.Recv()
	if err != nil {
		f.t.Fatal(err)
	}
	w, err := f.decode(m)
	if err != nil {
		f.t.Fatal(err)
	}
	return w
}

// decode parses a received message and checks its signature.
func (f *frontEnd) decode(m zmq4.Msg) (wireMsg, error) {
	var w wireMsg
	d := 0
	for d < len(m.Frames) && !bytes.Equal(m.Frames[d], []byte("<IDS|MSG>")) {
		d++
	}
	if len(m.Frames) < d+6 {
		return w, fmt.Errorf("malformed message: %q", m.Frames)
	}
	fr := m.Frames[d+1:]
	if !hmac.Equal(fr[0], f.sign(fr[1], fr[2], fr[3], fr[4])) {
		return w, fmt.Errorf("bad signature on %s", fr[1])
	}
	var h, p struct {
		MsgType string `json:"msg_type"`
		MsgID   string `json:"msg_id"`
		Session string `json:"session"`
	}
	_ = json.Unmarshal(fr[1], &h)
	_ = json.Unmarshal(fr[2], &p)
	_ = json.Unmarshal(fr[4], &w.Content)
	w.Header.MsgType, w.Header.MsgID, w.Header.Session, w.ParentHeader.MsgID = h.MsgType, h.MsgID, h.Session, p.MsgID
	return w, nil
}

func freePorts(t *testing.T, n int) []int {
	var ports []int
	for range n {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		defer l.Close()
		ports = append(ports, l.Addr().(*net.TCPAddr).Port)
	}
	return ports
}

// startRelay writes a connection file like Jupyter's, starts the relay
// with TMPDIR in a test directory, and connects a front end to it.
func startRelay(t *testing.T) (*Relay, *frontEnd, string) {
	t.Helper()
	root, err := filepath.Abs("../../..")
	if err != nil {
		t.Fatal(err)
	}
	tools, err := kernel.BuildTools(context.Background(), root, "")
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	p := freePorts(t, 5)
	conn := map[string]any{"transport": "tcp", "ip": "127.0.0.1", "shell_port": p[0], "iopub_port": p[1], "stdin_port": p[2],
		"control_port": p[3], "hb_port": p[4], "key": "a-front-end-key", "signature_scheme": "hmac-sha256", "kernel_name": "sigprop"}
	connFile := filepath.Join(t.TempDir(), "kernel-0123abcd.json")
	b, _ := json.Marshal(conn)
	if err := os.WriteFile(connFile, b, 0o600); err != nil {
		t.Fatal(err)
	}
	t0 := time.Now()
	r, err := Start(context.Background(), connFile, Options{Tools: tools, Module: root, Dir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("relay started and wired in %v", time.Since(t0).Round(time.Millisecond))
	t.Cleanup(r.Close)

	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	ep := func(port int) string { return fmt.Sprintf("tcp://127.0.0.1:%d", port) }
	f := &frontEnd{t: t, key: "a-front-end-key", session: "front-end-session",
		shell:   zmq4.NewDealer(ctx, zmq4.WithID(zmq4.SocketIdentity("fe"))),
		control: zmq4.NewDealer(ctx, zmq4.WithID(zmq4.SocketIdentity("fe"))),
		iopub:   zmq4.NewSub(ctx),
		hb:      zmq4.NewReq(ctx),
	}
	for _, s := range []struct {
		s    zmq4.Socket
		port int
	}{{f.shell, p[0]}, {f.iopub, p[1]}, {f.control, p[3]}, {f.hb, p[4]}} {
		if err := s.s.Dial(ep(s.port)); err != nil {
			t.Fatal(err)
		}
	}
	if err := f.iopub.SetOption(zmq4.OptionSubscribe, ""); err != nil {
		t.Fatal(err)
	}
	return r, f, tmp
}

// TestRelay runs a front end against the relay: heartbeat, a first cell
// importing the module (wired before any front-end message, silently:
// execution 1, no trace of the setup cell on iopub), then a
// shutdown_request, after which the relay stops cleanly and leaves no
// process or temporary file.
func TestRelay(t *testing.T) {
	r, f, tmp := startRelay(t)
	if err := f.hb.Send(zmq4.NewMsgString("ping")); err != nil {
		t.Fatal(err)
	}
	if m, err := f.hb.Recv(); err != nil || string(m.Bytes()) != "ping" {
		t.Fatalf("heartbeat: %q, %v", m.Bytes(), err)
	}

	// kernel_info, as every front end sends first, until iopub delivers
	// (the subscription may join after the first status).
	iopub := make(chan wireMsg, 1000)
	iopubErr := make(chan error, 1)
	go func() {
		for {
			m, err := f.iopub.Recv()
			if err != nil {
				return
			}
			w, err := f.decode(m)
			if err != nil {
				iopubErr <- err
				return
			}
			iopub <- w
		}
	}()
	deadline := time.Now().Add(time.Minute)
	infoIDs := map[string]bool{}
	var seen []wireMsg
	for ready := false; !ready; {
		if time.Now().After(deadline) {
			t.Fatal("no kernel_info_reply and iopub status within a minute")
		}
		infoIDs[f.send(f.shell, "kernel_info_request", map[string]any{})] = true
		reply := f.recv(f.shell)
		if reply.Header.MsgType != "kernel_info_reply" || !infoIDs[reply.ParentHeader.MsgID] {
			t.Fatalf("got %s to %s, want a kernel_info_reply", reply.Header.MsgType, reply.ParentHeader.MsgID)
		}
		select {
		case m := <-iopub:
			seen = append(seen, m)
			ready = true
		case <-time.After(300 * time.Millisecond):
		}
	}

	id := f.send(f.shell, "execute_request", map[string]any{
		"code":   "import \"github.com/sigprop/sigprop/lib/quantity\"\n%%\nfmt.Println(len(quantity.All()) > 0)",
		"silent": false, "store_history": true, "user_expressions": map[string]any{}, "allow_stdin": false, "stop_on_error": true,
	})
	reply := f.recv(f.shell)
	for reply.Header.MsgType == "kernel_info_reply" { // late answers to the handshake
		reply = f.recv(f.shell)
	}
	if reply.Header.MsgType != "execute_reply" || reply.ParentHeader.MsgID != id {
		t.Fatalf("got %s to %s, want the execute_reply to %s", reply.Header.MsgType, reply.ParentHeader.MsgID, id)
	}
	if reply.Content["status"] != "ok" || reply.Content["execution_count"] != 1.0 {
		t.Errorf("execute_reply %v, want status ok and execution_count 1", reply.Content)
	}
	var stdout string
	for idle := false; !idle; {
		select {
		case m := <-iopub:
			seen = append(seen, m)
			if m.ParentHeader.MsgID == id && m.Header.MsgType == "stream" {
				stdout += m.Content["text"].(string)
			}
			idle = m.ParentHeader.MsgID == id && m.Header.MsgType == "status" && m.Content["execution_state"] == "idle"
		case <-time.After(time.Minute):
			t.Fatal("no idle status for the cell within a minute")
		}
	}
	select {
	case err := <-iopubErr:
		t.Errorf("iopub: %v", err)
	default:
	}
	if stdout != "true\n" {
		t.Errorf("cell stdout %q, want \"true\\n\"", stdout)
	}
	for _, m := range seen {
		if m.Header.Session != f.session {
			t.Errorf("iopub %s from session %q reached the front end (the relay's own?)", m.Header.MsgType, m.Header.Session)
		}
	}

	gonb := r.Kernel()
	// gonb v0.11.1 answers control requests on its shell socket; the
	// relay passes the answer on whichever channel it came.
	replies := make(chan string, 2)
	for _, s := range []zmq4.Socket{f.shell, f.control} {
		go func() {
			if m, err := s.Recv(); err == nil {
				if w, err := f.decode(m); err == nil {
					replies <- w.Header.MsgType
				}
			}
		}()
	}
	f.send(f.control, "shutdown_request", map[string]any{"restart": false})
	select {
	case got := <-replies:
		if got != "shutdown_reply" {
			t.Errorf("answer to shutdown_request: %s, want shutdown_reply", got)
		}
	case <-time.After(15 * time.Second):
		t.Error("no shutdown_reply within 15 s")
	}
	select {
	case <-r.Done():
	case <-time.After(15 * time.Second):
		t.Fatal("relay still running 15 s after shutdown_request")
	}
	if err := r.Wait(); err != nil {
		t.Errorf("Wait after shutdown_request = %v, want nil", err)
	}
	if pids := kernel.MarkedProcesses(gonb.Marker()); len(pids) > 0 {
		t.Errorf("processes of gonb left: %v", pids)
	}
	if left, _ := os.ReadDir(tmp); len(left) > 0 {
		t.Errorf("left in TMPDIR: %v", left)
	}
}

// TestRelayGonbDies: when gonb dies under it, the relay stops with an
// error wrapping kernel.ErrDied (its process then exits, and Jupyter
// restarts the kernel) and cleans up.
func TestRelayGonbDies(t *testing.T) {
	r, _, tmp := startRelay(t)
	if err := syscall.Kill(-r.Kernel().Pid(), syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	select {
	case <-r.Done():
	case <-time.After(15 * time.Second):
		t.Fatal("relay still running 15 s after gonb was killed")
	}
	if err := r.Wait(); !errors.Is(err, kernel.ErrDied) {
		t.Errorf("Wait = %v, want ErrDied", err)
	}
	if left, _ := os.ReadDir(tmp); len(left) > 0 {
		t.Errorf("left in TMPDIR: %v", left)
	}
}

// TestConnectionFileErrors: what the relay cannot serve is refused with
// the reason.
func TestConnectionFileErrors(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct{ content, want string }{
		{`{"transport":"ipc","ip":"x","shell_port":1,"iopub_port":2,"stdin_port":3,"control_port":4,"hb_port":5}`, "only tcp"},
		{`{"transport":"tcp","ip":"127.0.0.1","shell_port":1,"iopub_port":2,"stdin_port":3,"control_port":4,"hb_port":5,"key":"k","signature_scheme":"hmac-md5"}`, "only hmac-sha256"},
		{`{"transport":"tcp","ip":"127.0.0.1","shell_port":1}`, "lacks an ip or a port"},
		{`{`, "connection file"},
	} {
		p := filepath.Join(dir, "c.json")
		if err := os.WriteFile(p, []byte(tc.content), 0o600); err != nil {
			t.Fatal(err)
		}
		if _, err := readConnection(p); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err = %v, want %q", tc.content, err, tc.want)
		}
	}
}
