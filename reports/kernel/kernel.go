package kernel

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/sigprop/sigprop/internal/tempdir"

	"github.com/go-zeromq/zmq4"
)

// ErrDied is wrapped by every error caused by the kernel process having
// exited, been killed, or stopped answering heartbeats.
var ErrDied = errors.New("kernel died")

// errConnect marks a failure to connect to a freshly started kernel; Start
// retries those.
var errConnect = errors.New("kernel: cannot connect to gonb")

// MarkerEnv is the environment variable set, with a value unique to each
// kernel, in the environment of the gonb process; every process it starts
// (go build, goimports, the cell binaries, gopls) inherits it. Kill uses it
// to find descendants that left the kernel's process group.
const MarkerEnv = "SIGPROP_KERNEL_ID"

// Options configures Start. The zero value of every field but Tools is a
// sensible default.
type Options struct {
	Tools Tools // gonb binary and the directory put first on the kernel's PATH (see BuildTools); required

	Dir string   // working directory of the kernel and of the cell programs; "" = current directory
	Env []string // extra environment variables (KEY=VALUE) for the kernel

	// TempRoot is the directory in which Start creates the kernel's
	// private TMPDIR (TempPrefix + random); "" = os.TempDir(). RemoveStale
	// looks only in os.TempDir(), so a caller that sets it owns the
	// clean-up of what a killed kernel leaves there (a test's own
	// directory, checked empty at its end, can run beside other tests).
	TempRoot string

	// HTMLErrors makes gonb report compile errors as HTML display_data; the
	// default (false) passes --raw_error, giving plain-text errors that
	// read the same in a terminal and in a report.
	HTMLErrors bool

	// Module, when not "", is the root directory of a Go module (this
	// repository) that cells import at its working-tree version: Start
	// wires gonb's scratch module to it with SetupCell, silently, before
	// it returns, and sets RootEnv to it in the kernel's environment.
	Module string

	// NoAutoGet, with Module, turns off gonb's `go get` before each
	// cell's build (%noautoget in the setup cell). That go get changes
	// nothing when every package a cell imports is in the build list of
	// the workspace (the module's and the standard library's, as for
	// every notebook of the report), but asks the module proxy about
	// each dependency on every cell: about a second of waiting per cell.
	// A cell importing a package outside the build list then fails to
	// build, naming the package, instead of downloading it. The report's
	// executor sets it; an interactive kernel keeps gonb's default.
	NoAutoGet bool

	// DirectBuild, when not nil, has each cell's program built by the
	// compiler and linker directly against the export data of these
	// packages and of the cell's own imports (with everything they depend
	// on, found at the first cell and again after any cell it could not
	// build so, which go build builds), without go build's check that none
	// is stale. See directBuildScript. The report's
	// executor sets it to the module's packages its notebooks import,
	// which no one edits while it runs; an interactive kernel, whose
	// user may edit them between cells, leaves it nil.
	DirectBuild []string

	// Key is the HMAC-SHA256 key of the connection to gonb; "" = a fresh
	// random key. A relay passes the front end's key so that messages
	// cross it unchanged (see SendFrames and Forward).
	Key string

	// ConnectionFile is the base name of the connection file written in
	// the kernel's TMPDIR; "" = "connection.json". A relay passes the
	// base name of Jupyter's (kernel-ID.json): gonb reads the Jupyter
	// kernel id from it (GONB_JUPYTER_KERNEL_ID, its browser comms).
	ConnectionFile string

	// Forward, when not nil, receives every message from gonb that answers
	// none of this client's own requests (those sent by someone else
	// through SendFrames), as its raw frames, on the goroutine reading
	// channel ("shell", "control", "stdin" or "iopub"). It must not block
	// for long.
	Forward func(channel string, frames [][]byte)

	// ErrorOnExit, with Forward, makes a cell whose program panics or
	// exits with a non-zero status an error for the front end: gonb
	// answers such a cell with status "ok" and only an "exit status N"
	// line on stderr, so the forwarded execute_reply is held until the
	// request's idle status and passed on with status "error", ename,
	// evalue and traceback (ProgramFailure), after an iopub "error".
	ErrorOnExit bool

	// TidyReplies, with Forward, fixes gonb's completion and hover
	// answers for the front end (see tidyReply: no duplicate, no test
	// function, a "loading" answer instead of gopls's timeout) and lets
	// TidyRequest move a hover request's cursor from just after a name
	// onto it.
	TidyReplies bool

	// CompleteDisplay, with Forward, may complete the data (MIME type to
	// JSON value) of each display_data, update_display_data and
	// execute_result gonb forwards, reporting whether it changed them;
	// the message is then signed again with Key. An error replaces the
	// display with an iopub "error" (ename DisplayError, evalue the
	// error), which with ErrorOnExit also makes the cell's reply an error.
	// The relay draws the figures cells leave to draw with it
	// (picture.DrawDisplay).
	CompleteDisplay func(data map[string]json.RawMessage) (bool, error)

	// Timing makes gonb log the steps of each cell it compiles
	// (--vmodule=execcode=2), so that Execution.Timing can say how long
	// the compilation took; those log lines are consumed, not passed to
	// Log.
	Timing bool

	StartTimeout     time.Duration // 0 = 60 s: process start to ready handshake
	HeartbeatTimeout time.Duration // 0 = 60 s without a heartbeat answer means the kernel is dead

	Log io.Writer // copy of the kernel's own stdout/stderr (klog); nil = discarded (a tail is kept for errors)
}

// Info is the part of kernel_info_reply the client uses.
type Info struct {
	ProtocolVersion       string `json:"protocol_version"`
	Implementation        string `json:"implementation"`
	ImplementationVersion string `json:"implementation_version"`
	Banner                string `json:"banner"`
	InterruptMode         string `json:"interrupt_mode"` // not sent by gonb; "" means "message"
	LanguageInfo          struct {
		Name    string `json:"name"`
		Version string `json:"version"`
	} `json:"language_info"`
}

// Connection is the content of a Jupyter connection file (the kernel's
// addresses and the key that signs its messages); the relay reads the one
// Jupyter writes with the same type.
type Connection struct {
	Transport       string `json:"transport"`
	IP              string `json:"ip"`
	ShellPort       int    `json:"shell_port"`
	IOPubPort       int    `json:"iopub_port"`
	StdinPort       int    `json:"stdin_port"`
	ControlPort     int    `json:"control_port"`
	HBPort          int    `json:"hb_port"`
	Key             string `json:"key"`
	SignatureScheme string `json:"signature_scheme"`
	KernelName      string `json:"kernel_name"`
}

// Kernel is a running gonb kernel and the client end of its five sockets.
// Its methods are safe for concurrent use.
type Kernel struct {
	opt     Options
	cmd     *exec.Cmd
	tmpDir  string // per-kernel TMPDIR: connection file, gonb's work dir, go build's scratch
	marker  string
	session string
	sig     signer
	info    Info
	tail    *tailBuffer

	failures *cellFailures // Options.ErrorOnExit; nil otherwise

	ctx    context.Context // sockets live as long as ctx
	cancel context.CancelFunc

	shell, control, stdin, iopub, hb zmq4.Socket
	sendMu                           sync.Mutex

	mu        sync.Mutex
	pending   map[string]*Execution
	steps     []step // gonb's cell steps (Options.Timing), for Execution.Timing
	iopubSeen chan struct{}
	seenOnce  sync.Once

	exited   chan struct{} // closed when the gonb process has been waited for
	exitErr  error
	dead     chan struct{} // closed when the kernel is unusable
	deadErr  error
	deadOnce sync.Once
	closing  atomic.Bool

	cleanupOnce sync.Once
}

// Start launches gonb in its own process group, connects to it and waits
// until it answers kernel_info_request and its iopub channel delivers
// messages. A kernel that exits or cannot be connected to during start-up
// (typically because another process took one of its ports between the
// choice of the ports and gonb's bind) is retried twice with fresh ports.
func Start(ctx context.Context, opt Options) (*Kernel, error) {
	if opt.Tools.Gonb == "" {
		panic("kernel: Options.Tools.Gonb must be set (see BuildTools)")
	}
	var w *wiring
	if opt.Module != "" {
		var err error
		if w, err = newWiring(opt.Module, opt.Tools.GonbVersion); err != nil {
			return nil, err
		}
		w.noAutoGet = opt.NoAutoGet
		opt.Module = w.root
	}
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		var k *Kernel
		k, err = start(ctx, opt)
		if err == nil {
			if w != nil {
				if err := k.wire(ctx, w); err != nil {
					k.Kill()
					return nil, err
				}
			}
			return k, nil
		}
		if !(errors.Is(err, ErrDied) || errors.Is(err, errConnect)) || ctx.Err() != nil {
			break
		}
	}
	return nil, err
}

func start(ctx context.Context, opt Options) (*Kernel, error) {
	if opt.StartTimeout == 0 {
		opt.StartTimeout = 60 * time.Second
	}
	if opt.HeartbeatTimeout == 0 {
		opt.HeartbeatTimeout = 60 * time.Second
	}
	tmpDir, err := tempdir.NewIn(opt.TempRoot, TempPrefix)
	if err != nil {
		return nil, fmt.Errorf("kernel: %w", err)
	}
	key := opt.Key
	if key == "" {
		var b [32]byte
		if _, err := rand.Read(b[:]); err != nil {
			panic("kernel: crypto/rand failed: " + err.Error())
		}
		key = hex.EncodeToString(b[:])
	}
	ports, err := freePorts(5)
	if err != nil {
		os.RemoveAll(tmpDir)
		return nil, err
	}
	conn := Connection{
		Transport: "tcp", IP: "127.0.0.1",
		ShellPort: ports[0], IOPubPort: ports[1], StdinPort: ports[2], ControlPort: ports[3], HBPort: ports[4],
		Key: key, SignatureScheme: "hmac-sha256", KernelName: "gonb",
	}
	connName := "connection.json"
	if opt.ConnectionFile != "" {
		connName = filepath.Base(opt.ConnectionFile)
	}
	connFile := filepath.Join(tmpDir, connName)
	b, _ := json.MarshalIndent(conn, "", "  ")
	if err := os.WriteFile(connFile, b, 0o600); err != nil {
		os.RemoveAll(tmpDir)
		return nil, fmt.Errorf("kernel: %w", err)
	}

	k := &Kernel{
		opt:       opt,
		tmpDir:    tmpDir,
		marker:    newID(),
		session:   newID(),
		sig:       signer{key: []byte(conn.Key)},
		tail:      &tailBuffer{max: 16 << 10},
		pending:   map[string]*Execution{},
		iopubSeen: make(chan struct{}),
		exited:    make(chan struct{}),
		dead:      make(chan struct{}),
	}
	if opt.ErrorOnExit && opt.Forward != nil {
		k.failures = newCellFailures(k)
	}
	k.ctx, k.cancel = context.WithCancel(context.Background())
	if err := writeMarker(tmpDir, k.marker); err != nil { // for RemoveStale after a kill -9
		os.RemoveAll(tmpDir)
		return nil, fmt.Errorf("kernel: %w", err)
	}

	args := []string{"--kernel", connFile}
	if !opt.HTMLErrors {
		args = append(args, "--raw_error")
	}
	if opt.Timing {
		args = append(args, timingArgs...)
	}
	goBin, err := goWrapperDir(tmpDir, opt.Env, opt.DirectBuild, opt.Tools)
	if err != nil {
		os.RemoveAll(tmpDir)
		return nil, fmt.Errorf("kernel: %w", err)
	}
	k.cmd = exec.Command(opt.Tools.Gonb, args...)
	k.cmd.Dir = opt.Dir
	k.cmd.Env = kernelEnv(opt, tmpDir, goBin, k.marker)
	k.cmd.SysProcAttr = sysProcAttr()
	var logw io.Writer = k.tail
	if opt.Log != nil {
		logw = io.MultiWriter(k.tail, opt.Log)
	}
	if opt.Timing {
		logw = &stepWriter{next: logw, record: k.recordStep}
	}
	k.cmd.Stdout, k.cmd.Stderr = logw, logw
	k.cmd.WaitDelay = 2 * time.Second // a grandchild holding the pipes must not delay death detection
	if err := k.cmd.Start(); err != nil {
		k.cleanup()
		return nil, fmt.Errorf("kernel: starting %s: %w", opt.Tools.Gonb, err)
	}
	go func() {
		k.exitErr = k.cmd.Wait()
		close(k.exited)
		reason := "gonb exited"
		if k.exitErr != nil {
			reason = "gonb exited: " + k.exitErr.Error()
		}
		k.die(errors.New(reason))
	}()

	startCtx, cancel := context.WithTimeout(ctx, opt.StartTimeout)
	defer cancel()
	if err := k.connect(startCtx, conn); err != nil {
		k.Kill()
		return nil, err
	}
	if err := k.handshake(startCtx); err != nil {
		k.Kill()
		return nil, err
	}
	go k.heartbeat()
	return k, nil
}

// cellGoFlags is added to GOFLAGS in the kernel's environment: gonb's go
// build of every cell links without the ELF symbol table and, as -s
// implies, without DWARF debugging information. The link is most of a
// cell's build (about 0.23 of 0.4 CPU-seconds for a notebook's program,
// which links some 275 packages); DWARF was a quarter of it, the symbol
// table a few percent more. The code, and so every result, is the same; a
// panic's stack trace still names functions, files and lines (they come
// from the program's pclntab, which -s keeps). A GOFLAGS of the caller's
// that sets -ldflags is left alone.
const cellGoFlags = "-ldflags=-s"

// kernelEnv is the caller's environment with goBin (the go wrapper of
// goWrapperDir, if not "") and the tool directory first on PATH (then
// Tools.GoplsDir, if set), TMPDIR set to the kernel's private directory (gonb creates its work
// directory there, go build its scratch space), cellGoFlags in GOFLAGS, the marker variable,
// RootEnv set to Options.Module when wiring, and no GOWORK (a go.work in
// gonb's scratch module must be the one used).
func kernelEnv(opt Options, tmpDir, goBin, marker string) []string {
	var env []string
	goflags := ""
	path := opt.Tools.Dir
	if goBin != "" {
		path = goBin + string(os.PathListSeparator) + path
	}
	if opt.Tools.GoplsDir != "" {
		path += string(os.PathListSeparator) + opt.Tools.GoplsDir
	}
	for _, kv := range os.Environ() {
		switch {
		case strings.HasPrefix(kv, "PATH="):
			path += string(os.PathListSeparator) + kv[len("PATH="):]
		case strings.HasPrefix(kv, "GOFLAGS="):
			goflags = kv[len("GOFLAGS="):]
		case strings.HasPrefix(kv, "TMPDIR="), strings.HasPrefix(kv, MarkerEnv+"="), strings.HasPrefix(kv, "GOWORK="),
			opt.Module != "" && strings.HasPrefix(kv, RootEnv+"="):
		default:
			env = append(env, kv)
		}
	}
	if !strings.Contains(goflags, "-ldflags") {
		goflags = strings.TrimSpace(goflags + " " + cellGoFlags)
	}
	env = append(env, "PATH="+path, "TMPDIR="+tmpDir, MarkerEnv+"="+marker, "GOFLAGS="+goflags)
	if opt.Module != "" {
		env = append(env, RootEnv+"="+opt.Module)
	}
	return append(env, opt.Env...)
}

// recentPorts remembers the ports handed out by freePorts in this process,
// so that kernels started concurrently never get the same port even if the
// operating system hands it out twice.
var recentPorts struct {
	sync.Mutex
	used map[int]bool
}

// freePorts returns n distinct TCP ports free on 127.0.0.1 at the time of
// the call and not returned before by this process.
func freePorts(n int) ([]int, error) {
	recentPorts.Lock()
	defer recentPorts.Unlock()
	if recentPorts.used == nil || len(recentPorts.used) > 10000 {
		recentPorts.used = map[int]bool{}
	}
	var ls []net.Listener
	defer func() {
		for _, l := range ls {
			l.Close()
		}
	}()
	var ports []int
	for len(ports) < n {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return nil, fmt.Errorf("kernel: finding a free port: %w", err)
		}
		ls = append(ls, l) // held open until return, so no port repeats within this call
		p := l.Addr().(*net.TCPAddr).Port
		if !recentPorts.used[p] {
			recentPorts.used[p] = true
			ports = append(ports, p)
		}
	}
	return ports, nil
}

// connect dials the five sockets, giving up when the process dies or ctx
// ends.
func (k *Kernel) connect(ctx context.Context, c Connection) error {
	ep := func(port int) string { return fmt.Sprintf("tcp://%s:%d", c.IP, port) }
	opts := []zmq4.Option{zmq4.WithDialerRetry(50 * time.Millisecond), zmq4.WithDialerMaxRetries(-1)}
	id := zmq4.WithID(zmq4.SocketIdentity(k.session))
	k.shell = zmq4.NewDealer(k.ctx, append(opts, id)...)
	k.control = zmq4.NewDealer(k.ctx, append(opts, id)...)
	k.stdin = zmq4.NewDealer(k.ctx, append(opts, id)...)
	k.iopub = zmq4.NewSub(k.ctx, opts...)
	k.hb = zmq4.NewReq(k.ctx, opts...)
	socks := (&Sockets{Shell: k.shell, Control: k.control, Stdin: k.stdin, IOPub: k.iopub, HB: k.hb}).Ports(c)
	errc := make(chan error, len(socks))
	for _, s := range socks {
		go func() {
			if err := s.Socket.Dial(ep(s.Port)); err != nil {
				errc <- fmt.Errorf("%w: dialing %s: %w", errConnect, s.Name, err)
				return
			}
			errc <- nil
		}()
	}
	for range socks {
		select {
		case err := <-errc:
			if err != nil {
				return err
			}
		case <-k.dead:
			return k.deathError("while connecting")
		case <-ctx.Done():
			return fmt.Errorf("kernel: connecting to gonb: %w", ctx.Err())
		}
	}
	if err := k.iopub.SetOption(zmq4.OptionSubscribe, ""); err != nil {
		return fmt.Errorf("kernel: subscribing to iopub: %w", err)
	}
	go k.readLoop(k.shell, "shell")
	go k.readLoop(k.control, "control")
	go k.readLoop(k.iopub, "iopub")
	go k.readLoop(k.stdin, "stdin")
	return nil
}

// handshake sends kernel_info_request every 50 ms until one is answered
// and the iopub channel has delivered at least one message (the busy/idle
// status each request triggers), so that no output of the first cell can
// be lost to the PUB/SUB slow-joiner race.
func (k *Kernel) handshake(ctx context.Context) error {
	var reply *Message
	var sent []*Execution
	defer func() {
		for _, e := range sent {
			k.forget(e.ID)
		}
	}()
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	for {
		// Keep asking until iopub has delivered too: the status messages of
		// requests answered before the SUB socket joined are lost, so a
		// handshake that stopped asking once the shell reply came could
		// wait forever for iopub.
		{
			e, err := k.send(k.shell, "kernel_info_request", map[string]any{}, false)
			if err != nil {
				return err
			}
			sent = append(sent, e)
		}
		for _, e := range sent {
			if r := e.Reply(); r != nil && reply == nil {
				reply = r
			}
		}
		if reply != nil {
			select {
			case <-k.iopubSeen:
				if err := reply.Decode(&k.info); err != nil {
					return err
				}
				return nil
			default:
			}
		}
		select {
		case <-tick.C:
		case <-k.dead:
			return k.deathError("during start-up")
		case <-ctx.Done():
			return fmt.Errorf("kernel: gonb not ready after %v: %w\n%s", k.opt.StartTimeout, ctx.Err(), k.tail.String())
		}
	}
}

// Info returns the kernel's kernel_info_reply.
func (k *Kernel) Info() Info { return k.info }

// Pid returns the process id of gonb, which is also its process group id.
func (k *Kernel) Pid() int { return k.cmd.Process.Pid }

// Marker returns the value of MarkerEnv in the environment of this kernel
// and all its descendants.
func (k *Kernel) Marker() string { return k.marker }

// TempDir returns the kernel's private TMPDIR, removed by Shutdown and Kill.
func (k *Kernel) TempDir() string { return k.tmpDir }

// Dead is closed when the kernel can no longer be used.
func (k *Kernel) Dead() <-chan struct{} { return k.dead }

// Err returns why the kernel died (wrapping ErrDied), or nil while it lives.
func (k *Kernel) Err() error {
	select {
	case <-k.dead:
		return k.deathError("")
	default:
		return nil
	}
}

func (k *Kernel) deathError(when string) error {
	if when != "" {
		when = " " + when
	}
	msg := k.deadErr.Error()
	if t := strings.TrimSpace(k.tail.String()); t != "" && !k.closing.Load() {
		msg += "\nlast kernel log lines:\n" + lastLines(t, 10)
	}
	return fmt.Errorf("%w%s: %s", ErrDied, when, msg)
}

// die marks the kernel unusable and wakes every waiter.
func (k *Kernel) die(reason error) {
	k.deadOnce.Do(func() {
		k.deadErr = reason
		close(k.dead)
	})
}

// readLoop receives messages from one socket until it is closed and routes
// them to the Execution whose request they answer.
func (k *Kernel) readLoop(s zmq4.Socket, channel string) {
	for {
		raw, err := s.Recv()
		if err != nil {
			return // socket closed (kernel gone or client closing)
		}
		m, err := k.sig.decode(raw.Frames)
		if err != nil {
			// A bad signature or malformed message is dropped, as the
			// protocol prescribes; it is recorded for diagnosis.
			fmt.Fprintf(k.tail, "sigprop client: dropped %s message: %v\n", channel, err)
			continue
		}
		if channel == "iopub" {
			k.seenOnce.Do(func() { close(k.iopubSeen) })
		}
		k.mu.Lock()
		e := k.pending[m.ParentHeader.MsgID]
		k.mu.Unlock()
		switch {
		case e != nil:
			e.add(channel, m)
		case k.opt.Forward != nil && m.Header.Session != k.session && (k.failures != nil || k.opt.TidyReplies || k.opt.CompleteDisplay != nil):
			frames := raw.Frames
			changed := k.opt.TidyReplies && tidyReply(m)
			if channel == "iopub" && k.opt.CompleteDisplay != nil && completeDisplay(m, k.opt.CompleteDisplay) {
				changed = true
			}
			if changed {
				if f, err := k.sig.encode(m); err == nil {
					frames = f
				}
			}
			if k.failures != nil {
				k.failures.forward(channel, m, frames)
			} else {
				k.opt.Forward(channel, frames)
			}
		case k.opt.Forward != nil && m.Header.Session != k.session:
			// gonb copies the request's session into every message it
			// sends in answer, so late answers to this client's own
			// requests (handshake, wiring) stay here.
			k.opt.Forward(channel, raw.Frames)
		}
	}
}

// heartbeat pings the heartbeat socket every 2 s and declares the kernel
// dead (and kills it) when no echo arrives within HeartbeatTimeout.
func (k *Kernel) heartbeat() {
	for {
		select {
		case <-k.dead:
			return
		case <-time.After(2 * time.Second):
		}
		echo := make(chan error, 1)
		go func() {
			if err := k.hb.Send(zmq4.NewMsgString("ping")); err != nil {
				echo <- err
				return
			}
			_, err := k.hb.Recv()
			echo <- err
		}()
		select {
		case <-k.dead:
			return
		case err := <-echo:
			if err != nil {
				select {
				case <-k.dead:
					return
				default:
				}
				k.die(fmt.Errorf("heartbeat failed: %v", err))
				k.Kill()
				return
			}
		case <-time.After(k.opt.HeartbeatTimeout):
			k.die(fmt.Errorf("no heartbeat answer for %v", k.opt.HeartbeatTimeout))
			k.Kill()
			return
		}
	}
}

// send signs and sends a request on sock and registers the Execution that
// collects its reply (and, if waitIdle, its iopub messages up to the
// kernel's idle status).
func (k *Kernel) send(sock zmq4.Socket, msgType string, content any, waitIdle bool) (*Execution, error) {
	if err := k.Err(); err != nil {
		return nil, err
	}
	m, err := newRequest(k.session, msgType, content)
	if err != nil {
		return nil, err
	}
	frames, err := k.sig.encode(m)
	if err != nil {
		return nil, err
	}
	e := newExecution(k, m.Header.MsgID, waitIdle)
	k.mu.Lock()
	k.pending[e.ID] = e
	k.mu.Unlock()
	k.sendMu.Lock()
	err = sock.SendMulti(zmq4.NewMsgFrom(frames...))
	k.sendMu.Unlock()
	if err != nil {
		k.forget(e.ID)
		if err := k.Err(); err != nil {
			return nil, err
		}
		return nil, fmt.Errorf("kernel: sending %s: %w", msgType, err)
	}
	return e, nil
}

func (k *Kernel) forget(id string) {
	k.mu.Lock()
	delete(k.pending, id)
	k.mu.Unlock()
}

// ExecOptions are the flags of an execute_request.
type ExecOptions struct {
	Silent       bool // no execute_input, no output expected, counter not advanced
	StoreHistory bool // advance the execution counter (what a notebook front end does for each cell)
}

// Execute sends an execute_request for code and returns at once; call
// Wait on the returned Execution.
func (k *Kernel) Execute(code string, opt ExecOptions) (*Execution, error) {
	return k.send(k.shell, "execute_request", map[string]any{
		"code":             code,
		"silent":           opt.Silent,
		"store_history":    opt.StoreHistory,
		"user_expressions": map[string]any{},
		"allow_stdin":      false,
		"stop_on_error":    false,
	}, true)
}

// Interrupt asks the kernel to interrupt the running cell: an
// interrupt_request on the control channel (gonb's interrupt_mode is
// "message"), falling back to SIGINT to the process group when the
// kernel announces interrupt_mode "signal" or does not answer within 5 s.
func (k *Kernel) Interrupt(ctx context.Context) error {
	if err := k.Err(); err != nil {
		return err
	}
	if k.info.InterruptMode != "signal" {
		e, err := k.send(k.control, "interrupt_request", map[string]any{}, false)
		if err == nil {
			wctx, cancel := context.WithTimeout(ctx, 5*time.Second)
			err = e.Wait(wctx)
			cancel()
			k.forget(e.ID)
			if err == nil {
				return nil
			}
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
	}
	return signalGroup(k.Pid(), syscall.SIGINT)
}

// Shutdown asks the kernel to shut down (shutdown_request on control),
// waits up to 5 s (or ctx) for it to exit, then kills whatever is left of
// its process group and removes its temporary directory. It is safe to call
// on a dead kernel and more than once.
func (k *Kernel) Shutdown(ctx context.Context) error {
	k.closing.Store(true)
	if k.Err() == nil {
		wctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		if e, err := k.send(k.control, "shutdown_request", map[string]any{"restart": false}, false); err == nil {
			_ = e.Wait(wctx)
			k.forget(e.ID)
		}
		select {
		case <-k.exited:
		case <-wctx.Done():
		}
		cancel()
	}
	k.Kill()
	return nil
}

// Kill kills the kernel's whole process group (gonb, go build, the cell
// binary) with SIGKILL, then any other process carrying this kernel's
// MarkerEnv, waits for gonb to be reaped, closes the sockets and removes
// the kernel's temporary directory. Safe to call more than once.
func (k *Kernel) Kill() {
	k.die(errors.New("killed"))
	if k.cmd.Process != nil {
		_ = signalGroup(k.cmd.Process.Pid, syscall.SIGKILL)
		killMarked(k.marker)
		select {
		case <-k.exited:
		case <-time.After(5 * time.Second):
		}
		killMarked(k.marker)
	}
	k.cleanup()
}

func (k *Kernel) cleanup() {
	k.cleanupOnce.Do(func() {
		k.cancel()
		for _, s := range []zmq4.Socket{k.shell, k.control, k.stdin, k.iopub, k.hb} {
			if s != nil {
				s.Close()
			}
		}
		os.RemoveAll(k.tmpDir)
	})
}

// tailBuffer keeps the last max bytes written to it.
type tailBuffer struct {
	mu  sync.Mutex
	max int
	b   []byte
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.b = append(t.b, p...)
	if len(t.b) > t.max {
		t.b = append(t.b[:0:0], t.b[len(t.b)-t.max:]...)
	}
	return len(p), nil
}

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.b)
}

func lastLines(s string, n int) string {
	lines := strings.Split(s, "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}
