package kernel

import (
	"context"
	"testing"

	"github.com/go-zeromq/zmq4"
)

// TestSockets: Channel finds each message channel's socket by name and
// nothing for another name; Ports pairs each socket with its port of the
// connection, in channel order.
func TestSockets(t *testing.T) {
	ctx := context.Background()
	s := Sockets{Shell: zmq4.NewDealer(ctx), Control: zmq4.NewDealer(ctx), Stdin: zmq4.NewDealer(ctx), IOPub: zmq4.NewSub(ctx), HB: zmq4.NewReq(ctx)}
	defer func() {
		for _, p := range s.Ports(Connection{}) {
			p.Socket.Close()
		}
	}()
	for name, want := range map[string]zmq4.Socket{"shell": s.Shell, "control": s.Control, "stdin": s.Stdin, "iopub": s.IOPub} {
		if got := s.Channel(name); got != want {
			t.Errorf("Channel(%q) is not the %s socket", name, name)
		}
	}
	for _, name := range []string{"heartbeat", "hb", "", "Shell"} {
		if got := s.Channel(name); got != nil {
			t.Errorf("Channel(%q) = %v, want nil", name, got)
		}
	}
	c := Connection{ShellPort: 1, ControlPort: 2, StdinPort: 3, IOPubPort: 4, HBPort: 5}
	want := []SocketPort{{s.Shell, 1, "shell"}, {s.Control, 2, "control"}, {s.Stdin, 3, "stdin"}, {s.IOPub, 4, "iopub"}, {s.HB, 5, "heartbeat"}}
	got := s.Ports(c)
	if len(got) != len(want) {
		t.Fatalf("%d ports, want %d", len(got), len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("port %d = %+v, want %+v", i, got[i], want[i])
		}
	}
}
