package relay

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"

	"github.com/go-zeromq/zmq4"

	"github.com/sigprop/sigprop/kernel-ext/contract/picture"
	"github.com/sigprop/sigprop/reports/kernel"
)

// Options configures Start.
type Options struct {
	Tools  kernel.Tools // gonb, goimports and gopls (see kernel.BuildTools); required
	Module string       // root of the Go module the cells import (the checkout); required

	Dir string   // working directory of gonb and the cells; "" = current directory (Jupyter starts kernels in the notebook's directory)
	Env []string // extra environment variables for gonb

	Log io.Writer // gonb's own log (klog) and the relay's; nil = discarded
}

func readConnection(path string) (kernel.Connection, error) {
	var c kernel.Connection
	b, err := os.ReadFile(path)
	if err != nil {
		return c, fmt.Errorf("relay: %w", err)
	}
	if err := json.Unmarshal(b, &c); err != nil {
		return c, fmt.Errorf("relay: connection file %s: %w", path, err)
	}
	switch {
	case c.Transport != "tcp":
		return c, fmt.Errorf("relay: connection file %s: transport %q, only tcp is supported", path, c.Transport)
	case c.Key != "" && c.SignatureScheme != "hmac-sha256":
		return c, fmt.Errorf("relay: connection file %s: signature_scheme %q, only hmac-sha256 is supported", path, c.SignatureScheme)
	case c.IP == "" || c.ShellPort == 0 || c.IOPubPort == 0 || c.StdinPort == 0 || c.ControlPort == 0 || c.HBPort == 0:
		return c, fmt.Errorf("relay: connection file %s lacks an ip or a port", path)
	}
	return c, nil
}

// Relay is a running sigprop kernel: the front end's five sockets, bound
// as the connection file says, and the wired gonb behind them.
type Relay struct {
	k   *kernel.Kernel
	log io.Writer

	ctx    context.Context // front-end sockets live as long as ctx
	cancel context.CancelFunc

	shell, control, stdin, iopub, hb zmq4.Socket

	sendMu sync.Mutex // serialises sends to the front end

	// completions holds, per front-end complete_request in flight, a
	// channel closed when gonb's reply is passed on (awaitCompletion).
	completions sync.Map

	closing         atomic.Bool   // Close was called
	shutdownAsked   atomic.Bool   // the front end sent shutdown_request
	shutdownReplied chan struct{} // gonb's shutdown_reply was passed on
	replyOnce       sync.Once

	done      chan struct{} // closed when the relay has stopped and cleaned up
	err       error
	closeOnce sync.Once
}

// Start binds the front end's sockets described by the Jupyter connection
// file at connFile, starts gonb on a private connection with the same key,
// wires it to opt.Module (kernel.Options.Module: the setup cell runs,
// silently, before any front-end message reaches gonb), then relays
// messages both ways until gonb exits or Close is called. Requests the
// front end sends during start-up wait in the sockets' queues.
func Start(ctx context.Context, connFile string, opt Options) (*Relay, error) {
	if opt.Module == "" {
		return nil, errors.New("relay: Options.Module must be set")
	}
	c, err := readConnection(connFile)
	if err != nil {
		return nil, err
	}
	r := &Relay{log: opt.Log, shutdownReplied: make(chan struct{}), done: make(chan struct{})}
	if r.log == nil {
		r.log = io.Discard
	}
	r.ctx, r.cancel = context.WithCancel(context.Background())
	if err := r.bind(c); err != nil {
		r.closeSockets()
		return nil, err
	}
	go r.heartbeat()

	r.k, err = kernel.Start(ctx, kernel.Options{
		Tools:  opt.Tools,
		Dir:    opt.Dir,
		Env:    opt.Env,
		Module: opt.Module,
		Key:    c.Key,
		// gonb reads Jupyter's kernel id from the file name.
		ConnectionFile: filepath.Base(connFile),
		Forward:        r.toFrontEnd,
		// Plain-text errors: a compile error's reply and traceback carry
		// the compiler's messages (with HTML errors the reply says only
		// "failed to run go build: exit status 1"), as in a report; and
		// a cell whose program panics or exits non-zero is an error
		// reply, as it is for the report, so nbconvert --execute and
		// "Run All" stop there.
		ErrorOnExit: true,
		// Completion and hover worth using: no duplicate, no test
		// function, a "loading" answer while gopls loads (started at once
		// by WarmUp below), hover just after a name.
		TidyReplies: true,
		// A figure a cell checked and left to draw (bundle.DrawMIMEType,
		// see kernel-ext/show) is drawn here, the SVG the cell drew
		// before; one that cannot be drawn is an error naming it.
		CompleteDisplay: picture.DrawDisplay,
		Log:             opt.Log,
	})
	if err != nil {
		r.closeSockets()
		return nil, err
	}
	for _, ch := range []struct {
		s    zmq4.Socket
		name string
	}{{r.shell, "shell"}, {r.control, "control"}, {r.stdin, "stdin"}} {
		go r.toGonb(ch.s, ch.name)
	}
	go r.watch()
	r.k.WarmUp()
	return r, nil
}

// bind listens on the five front-end endpoints: ROUTER for shell, control
// and stdin, PUB for iopub, REP for the heartbeat, as a kernel does.
func (r *Relay) bind(c kernel.Connection) error {
	r.shell = zmq4.NewRouter(r.ctx)
	r.control = zmq4.NewRouter(r.ctx)
	r.stdin = zmq4.NewRouter(r.ctx)
	r.iopub = zmq4.NewPub(r.ctx)
	r.hb = zmq4.NewRep(r.ctx)
	for _, s := range (&kernel.Sockets{Shell: r.shell, Control: r.control, Stdin: r.stdin, IOPub: r.iopub, HB: r.hb}).Ports(c) {
		ep := fmt.Sprintf("tcp://%s:%d", c.IP, s.Port)
		if err := s.Socket.Listen(ep); err != nil {
			return fmt.Errorf("relay: %s socket: listening on %s: %w", s.Name, ep, err)
		}
	}
	return nil
}

// heartbeat echoes the front end's pings for as long as the relay runs;
// the relay exits when gonb dies, so a live process means a live kernel.
func (r *Relay) heartbeat() {
	for {
		m, err := r.hb.Recv()
		if err != nil {
			return
		}
		if err := r.hb.Send(m); err != nil {
			return
		}
	}
}

// msgType returns header.msg_type of a message in wire frames, or "".
func msgType(frames [][]byte) string {
	for i, f := range frames {
		if bytes.Equal(f, []byte("<IDS|MSG>")) {
			if i+2 >= len(frames) {
				return ""
			}
			var h struct {
				MsgType string `json:"msg_type"`
			}
			_ = json.Unmarshal(frames[i+2], &h)
			return h.MsgType
		}
	}
	return ""
}

// toGonb passes what the front end sends on one channel to gonb, frames
// unchanged (the front end's identity first: gonb's replies carry it back).
func (r *Relay) toGonb(s zmq4.Socket, channel string) {
	for {
		m, err := s.Recv()
		if err != nil {
			return // socket closed
		}
		if msgType(m.Frames) == "shutdown_request" {
			r.shutdownAsked.Store(true)
		}
		if channel == "shell" && msgType(m.Frames) == "complete_request" {
			r.awaitCompletion(m.Frames)
		}
		if err := r.k.SendFrames(channel, r.k.TidyRequest(m.Frames)); err != nil {
			fmt.Fprintf(r.log, "sigprop kernel: %v\n", err)
		}
	}
}

// toFrontEnd passes gonb's answers to front-end requests (kernel.Options.
// Forward) to the front end's socket of the same channel.
func (r *Relay) toFrontEnd(channel string, frames [][]byte) {
	if channel == "shell" && msgType(frames) == "complete_reply" {
		id := parentID(frames)
		v, ok := r.completions.LoadAndDelete(id)
		if !ok {
			return // answered already with "loading" (awaitCompletion)
		}
		close(v.(chan struct{}))
	}
	r.send(channel, frames)
	if channel == "control" || channel == "shell" {
		if msgType(frames) == "shutdown_reply" {
			r.replyOnce.Do(func() { close(r.shutdownReplied) })
		}
	}
}

// watch ends the relay when gonb exits: cleanly after a shutdown request
// once its reply has been passed on, with gonb's error otherwise.
func (r *Relay) watch() {
	select {
	case <-r.k.Dead():
	case <-r.done:
		return
	}
	if r.closing.Load() {
		return // Close stops the relay
	}
	var err error
	if r.shutdownAsked.Load() {
		select {
		case <-r.shutdownReplied:
		case <-time.After(2 * time.Second):
		}
	} else {
		err = r.k.Err()
	}
	r.stop(err)
}

// stop kills what is left of gonb, removes its temporary directory and
// closes the front-end sockets, after a short delay that lets queued iopub
// messages (the final idle status) leave.
func (r *Relay) stop(err error) {
	r.closeOnce.Do(func() {
		r.err = err
		r.k.Kill()
		time.Sleep(100 * time.Millisecond)
		r.closeSockets()
		close(r.done)
	})
}

func (r *Relay) closeSockets() {
	r.cancel()
	for _, s := range []zmq4.Socket{r.shell, r.control, r.stdin, r.iopub, r.hb} {
		if s != nil {
			s.Close()
		}
	}
}

// Interrupt interrupts the running cell, as an interrupt_request from the
// front end would (what SIGINT to the kernel process means to Jupyter).
func (r *Relay) Interrupt(ctx context.Context) error { return r.k.Interrupt(ctx) }

// Close asks gonb to shut down (kernel.Kernel.Shutdown: up to 5 s, then
// SIGKILL to its process group), removes its temporary directory and
// closes the front-end sockets. Wait then returns nil.
func (r *Relay) Close() {
	r.closing.Store(true)
	r.k.Shutdown(context.Background())
	r.stop(nil)
}

// Done is closed once the relay has stopped and cleaned up.
func (r *Relay) Done() <-chan struct{} { return r.done }

// Wait blocks until the relay stops and returns nil after a front-end
// shutdown_request or Close, or why gonb died (wrapping kernel.ErrDied).
func (r *Relay) Wait() error {
	<-r.done
	return r.err
}

// Kernel returns the client of gonb behind the relay.
func (r *Relay) Kernel() *kernel.Kernel { return r.k }

// CompletionWait is how long a front end's complete_request waits for
// gonb before the relay answers "loading" itself (kernel.
// LoadingCompleteReply): gonb waits up to 2 s for gopls, which loads the
// module's packages for about half a minute after start-up on two cores,
// and a Tab that answers after 2 s is worse than one that says "loading".
// gonb's late answer is dropped.
const CompletionWait = 1500 * time.Millisecond

// awaitCompletion answers the complete_request in frames with "loading"
// unless gonb answers it within CompletionWait.
func (r *Relay) awaitCompletion(frames [][]byte) {
	id := msgID(frames)
	if id == "" {
		return
	}
	done := make(chan struct{})
	r.completions.Store(id, done)
	go func() {
		select {
		case <-done:
		case <-r.done:
		case <-time.After(CompletionWait):
			if _, ok := r.completions.LoadAndDelete(id); !ok {
				return
			}
			reply, err := r.k.LoadingCompleteReply(frames)
			if err != nil {
				fmt.Fprintf(r.log, "sigprop kernel: %v\n", err)
				return
			}
			r.send("shell", reply)
		}
	}()
}

// send passes frames to the front end's socket of channel, one sender at
// a time: a held execute reply (kernel.Options.ErrorOnExit) is passed on
// from the iopub reader or a timer, a "loading" completion from a timer.
func (r *Relay) send(channel string, frames [][]byte) {
	s := (&kernel.Sockets{Shell: r.shell, Control: r.control, Stdin: r.stdin, IOPub: r.iopub}).Channel(channel)
	if s == nil {
		return
	}
	r.sendMu.Lock()
	err := s.SendMulti(zmq4.NewMsgFrom(frames...))
	r.sendMu.Unlock()
	if err != nil {
		fmt.Fprintf(r.log, "sigprop kernel: relaying %s to the front end: %v\n", channel, err)
	}
}

// msgID and parentID return header.msg_id and parent_header.msg_id of a
// message in wire frames, or "".
func msgID(frames [][]byte) string { return headerField(frames, 2) }

func parentID(frames [][]byte) string { return headerField(frames, 3) }

func headerField(frames [][]byte, off int) string {
	for i, f := range frames {
		if bytes.Equal(f, []byte("<IDS|MSG>")) {
			if i+off >= len(frames) {
				return ""
			}
			var h struct {
				MsgID string `json:"msg_id"`
			}
			_ = json.Unmarshal(frames[i+off], &h)
			return h.MsgID
		}
	}
	return ""
}
