package kernel

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/go-zeromq/zmq4"
	"golang.org/x/mod/modfile"
)

// RootEnv is set to Options.Module in the environment of a wired kernel,
// and so of every cell program: a notebook finds the repository's data
// through it.
const RootEnv = "SIGPROP_ROOT"

// setupMarker is echoed by the setup cell once its shell commands succeed.
const setupMarker = "SIGPROP_SETUP_OK"

// wireTimeout bounds the setup cell (three go commands, no download).
const wireTimeout = 2 * time.Minute

// SetupCell returns the cell Start sends, silently and without advancing
// the execution counter, when Options.Module is set. It turns gonb's
// per-kernel scratch module into a Go workspace that uses the module at
// root (module path modulePath), so that cells import modulePath/...
// (lib/, kernel-ext/) at the working-tree version, and pins
// github.com/janpfeifer/gonb, hence gonbui, at gonbVersion, the version of
// the gonb kernel itself:
//
//	!*rm -f go.work && go work init && go work use . 'ROOT' && go mod edit -require=github.com/janpfeifer/gonb@VERSION -replace=MODULE='ROOT' && echo SIGPROP_SETUP_OK
//
// `!*` runs the line with bash in gonb's scratch directory. The replace
// rule is what gonb's %goworkfix would add: gonb runs `go get` before each
// build, and `go get` ignores go.work `use` entries. The require makes
// gonbui resolve to the kernel's own version rather than the latest one.
func SetupCell(root, modulePath, gonbVersion string) string {
	q := shellQuote(root)
	return fmt.Sprintf("!*rm -f go.work && go work init && go work use . %s && go mod edit -require=%s@%s -replace=%s=%s && echo %s\n",
		q, gonbPkg, gonbVersion, modulePath, q, setupMarker)
}

// shellQuote quotes s for sh and bash.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// wiring is what the setup cell needs, read before gonb starts so that a
// bad Module fails fast.
type wiring struct {
	root, modulePath, gonbVersion string
	noAutoGet                     bool // Options.NoAutoGet
}

// noAutoGetLine is the line Options.NoAutoGet puts before the setup
// cell's shell command: gonb's special command that stops its `go get`
// before each build.
const noAutoGetLine = "%noautoget\n"

func newWiring(root, gonbVersion string) (*wiring, error) {
	if gonbVersion == "" {
		return nil, fmt.Errorf("kernel: Options.Module needs Tools.GonbVersion (see BuildTools)")
	}
	root, err := filepath.Abs(root)
	if err != nil {
		return nil, fmt.Errorf("kernel: %w", err)
	}
	p := filepath.Join(root, "go.mod")
	b, err := os.ReadFile(p)
	if err != nil {
		return nil, fmt.Errorf("kernel: Options.Module: %w", err)
	}
	mp := modfile.ModulePath(b)
	if mp == "" {
		return nil, fmt.Errorf("kernel: %s has no module line", p)
	}
	return &wiring{root: root, modulePath: mp, gonbVersion: gonbVersion}, nil
}

// wire runs the setup cell and checks that it succeeded: reply ok and the
// marker on stdout. Its messages never reach Forward.
func (k *Kernel) wire(ctx context.Context, w *wiring) error {
	cell := SetupCell(w.root, w.modulePath, w.gonbVersion)
	if w.noAutoGet {
		cell = noAutoGetLine + cell
	}
	e, err := k.Execute(cell, ExecOptions{Silent: true})
	if err != nil {
		return fmt.Errorf("kernel: setup cell: %w", err)
	}
	ctx, cancel := context.WithTimeout(ctx, wireTimeout)
	defer cancel()
	if err := e.Wait(ctx); err != nil {
		return fmt.Errorf("kernel: setup cell: %w", err)
	}
	var stdout, stderr strings.Builder
	for _, m := range e.Messages() {
		var s struct{ Name, Text string }
		if m.Type() == "stream" && m.Decode(&s) == nil {
			if s.Name == "stdout" {
				stdout.WriteString(s.Text)
			} else {
				stderr.WriteString(s.Text)
			}
		}
	}
	reply, _ := e.ExecuteReply()
	if reply.Status != "ok" || !strings.Contains(stdout.String(), setupMarker) {
		return fmt.Errorf("kernel: setup cell wiring %s: status %q, evalue %q, stdout %q, stderr %q",
			w.root, reply.Status, reply.EValue, stdout.String(), stderr.String())
	}
	return nil
}

// SendFrames sends a message received from elsewhere (a Jupyter front
// end) to gonb unchanged on channel "shell", "control" or "stdin": frames
// are identities…, "<IDS|MSG>", signature, header, parent_header,
// metadata, content, buffers…, signed with Options.Key. gonb's answers,
// which carry those identities back, go to Options.Forward.
func (k *Kernel) SendFrames(channel string, frames [][]byte) error {
	if err := k.Err(); err != nil {
		return err
	}
	s := (&Sockets{Shell: k.shell, Control: k.control, Stdin: k.stdin}).Channel(channel)
	if s == nil {
		panic("kernel: SendFrames: unknown channel " + channel)
	}
	k.sendMu.Lock()
	defer k.sendMu.Unlock()
	if err := s.SendMulti(zmq4.NewMsgFrom(frames...)); err != nil {
		if err := k.Err(); err != nil {
			return err
		}
		return fmt.Errorf("kernel: relaying to %s: %w", channel, err)
	}
	return nil
}
