package gonbpipe

import (
	"encoding/gob"
	"errors"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"syscall"
	"testing"
	"time"

	"github.com/janpfeifer/gonb/gonbui/protocol"
)

// fakeKernel plays gonb v0.11.1's side of the pipes
// (internal/jpyexec/namedpipes.go): it reads a gob stream of
// protocol.DisplayData from $GONB_PIPE, forwards each display on shown and
// answers each sync request on $GONB_PIPE_BACK: it sends the messages in
// before at once, then the acknowledgement when release yields (a closed
// channel releases at once).
type fakeKernel struct {
	shown   chan protocol.DisplayData
	synced  chan int // ids of the sync requests received, before they are acknowledged
	release chan struct{}
	before  []protocol.CommValue
}

// startKernel makes the two FIFOs in a temporary directory, sets the
// environment as gonb does and serves them until the program closes
// $GONB_PIPE.
func startKernel(t *testing.T, k *fakeKernel) {
	t.Helper()
	dir := t.TempDir()
	out, back := filepath.Join(dir, "pipe"), filepath.Join(dir, "pipe_back")
	for _, p := range []string{out, back} {
		if err := syscall.Mkfifo(p, 0o600); err != nil {
			t.Skipf("no FIFOs here: %v", err)
		}
	}
	t.Setenv(protocol.GONB_PIPE_ENV, out)
	t.Setenv(protocol.GONB_PIPE_BACK_ENV, back)
	go func() {
		r, err := os.Open(out)
		if err != nil {
			panic(err)
		}
		defer r.Close()
		w, err := os.OpenFile(back, os.O_WRONLY, 0)
		if err != nil {
			panic(err)
		}
		defer w.Close()
		dec, enc := gob.NewDecoder(r), gob.NewEncoder(w)
		for {
			var d protocol.DisplayData
			if err := dec.Decode(&d); err != nil {
				return // the program closed its end
			}
			req, ok := d.Data[protocol.MIMECommValue].(protocol.CommValue)
			if !ok || req.Address != protocol.GonbuiSyncAddress {
				k.shown <- d
				continue
			}
			id := req.Value.(int)
			k.synced <- id
			for _, v := range k.before {
				if err := enc.Encode(&v); err != nil {
					return
				}
			}
			<-k.release
			if err := enc.Encode(&protocol.CommValue{Address: protocol.GonbuiSyncAckAddress, Value: id}); err != nil {
				return
			}
		}
	}()
}

func newFakeKernel() *fakeKernel {
	release := make(chan struct{})
	close(release)
	return &fakeKernel{shown: make(chan protocol.DisplayData, 8), synced: make(chan int, 8), release: release}
}

// TestShowDecodes: what Show writes to the FIFO named by $GONB_PIPE is
// decoded by the kernel as the same protocol.DisplayData, in order, and
// each Show's Sync carries a new id.
func TestShowDecodes(t *testing.T) {
	k := newFakeKernel()
	startKernel(t, k)
	p := FromEnv()
	if p == nil {
		t.Fatal("FromEnv returned nil with $GONB_PIPE set")
	}
	defer p.Close()
	sent := []protocol.DisplayData{
		{Data: map[protocol.MIMEType]any{protocol.MIMEImageSVG: "<svg/>", protocol.MIMETextPlain: "Figure a: x", "application/vnd.sigprop+json": `{"schema":1}`}},
		{Data: map[protocol.MIMEType]any{protocol.MIMETextPlain: "a line\n", "application/vnd.sigprop.stream": "stdout"}},
	}
	for i, d := range sent {
		if err := p.Show(&d); err != nil {
			t.Fatalf("Show %d: %v", i, err)
		}
		if got := <-k.shown; !reflect.DeepEqual(got, d) {
			t.Errorf("display %d: kernel decoded %#v, want %#v", i, got, d)
		}
		if id := <-k.synced; id != i {
			t.Errorf("display %d: sync id %d, want %d", i, id, i)
		}
	}
	if err := p.Err(); err != nil {
		t.Errorf("Err = %v after successful Shows", err)
	}
}

// TestSyncWaitsForAck: Sync does not return before the kernel sends the
// acknowledgement of its id; messages before it (a stale id, another
// address) are skipped.
func TestSyncWaitsForAck(t *testing.T) {
	k := newFakeKernel()
	k.release = make(chan struct{})
	k.before = []protocol.CommValue{
		{Address: protocol.GonbuiSyncAckAddress, Value: 7},
		{Address: "#widget/x", Value: 0},
	}
	startKernel(t, k)
	p := FromEnv()
	defer p.Close()
	done := make(chan error, 1)
	go func() { done <- p.Sync() }()
	<-k.synced
	// The kernel has the request, has sent a stale acknowledgement and a
	// widget's value, and holds the right acknowledgement: a Sync that
	// did not wait for it, or took one of those for it, returns in
	// microseconds.
	select {
	case err := <-done:
		t.Fatalf("Sync returned (%v) before the kernel acknowledged it", err)
	case <-time.After(200 * time.Millisecond):
	}
	close(k.release)
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Sync did not return after its acknowledgement (was it skipped with the messages before it?)")
	}
}

// TestNotNotebook: without $GONB_PIPE there is no Pipe, so show sends
// nothing (it checks for nil).
func TestNotNotebook(t *testing.T) {
	t.Setenv(protocol.GONB_PIPE_ENV, "")
	t.Setenv(protocol.GONB_PIPE_BACK_ENV, "/nonexistent")
	if p := FromEnv(); p != nil {
		t.Errorf("FromEnv = %v with $GONB_PIPE empty, want nil", p)
	}
}

// brokenPipe is the program's end of pipes the kernel has closed: writes
// fail as a write to a FIFO without a reader does, reads see EOF.
type brokenPipe struct{ closed int }

var errBroken = errors.New("write: broken pipe")

func (b *brokenPipe) Write([]byte) (int, error) { return 0, errBroken }
func (b *brokenPipe) Read([]byte) (int, error)  { return 0, io.EOF }
func (b *brokenPipe) Close() error              { b.closed++; return nil }

// TestErrors: a failed write is returned by Send, kept by Err and returned
// by every later call without writing; a reply pipe closed before the
// acknowledgement makes Sync return an error instead of waiting forever.
func TestErrors(t *testing.T) {
	b := &brokenPipe{}
	p := New(b, b)
	d := &protocol.DisplayData{Data: map[protocol.MIMEType]any{protocol.MIMETextPlain: "x"}}
	err := p.Send(d)
	if !errors.Is(err, errBroken) {
		t.Fatalf("Send on a broken pipe = %v, want it to wrap %v", err, errBroken)
	}
	if b.closed != 2 {
		t.Errorf("after the failed write %d ends were closed, want both", b.closed)
	}
	for name, got := range map[string]error{"Err": p.Err(), "Sync": p.Sync(), "Show": p.Show(d)} {
		if got != err {
			t.Errorf("%s after the failed write = %v, want %v", name, got, err)
		}
	}

	// Writes succeed, the reply pipe is at EOF.
	w, r := nopWriter{}, &brokenPipe{}
	p = New(w, r)
	if err := p.Sync(); !errors.Is(err, io.EOF) {
		t.Errorf("Sync with the reply pipe at EOF = %v, want it to wrap io.EOF", err)
	}
	if err := p.Send(d); !errors.Is(err, io.EOF) {
		t.Errorf("Send after the failed Sync = %v, want the kept error", err)
	}
}

type nopWriter struct{}

func (nopWriter) Write(b []byte) (int, error) { return len(b), nil }
func (nopWriter) Close() error                { return nil }
