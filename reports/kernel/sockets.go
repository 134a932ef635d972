package kernel

import "github.com/go-zeromq/zmq4"

// Sockets are the five sockets of one end of a Jupyter connection, one
// per channel: the kernel client (Kernel) dials gonb's, the relay (package
// relay) listens for the front end's. Both find a channel's socket by its
// name with Channel and walk the five with their ports with Ports, so the
// names are written once.
type Sockets struct {
	Shell, Control, Stdin, IOPub, HB zmq4.Socket
}

// Channel returns the socket of the message channel name: "shell",
// "control", "stdin" or "iopub"; nil for any other name (the heartbeat
// carries no messages).
func (s *Sockets) Channel(name string) zmq4.Socket {
	switch name {
	case "shell":
		return s.Shell
	case "control":
		return s.Control
	case "stdin":
		return s.Stdin
	case "iopub":
		return s.IOPub
	}
	return nil
}

// SocketPort is one socket of Sockets with its port in a Connection and
// its name for messages ("shell", …, "heartbeat").
type SocketPort struct {
	Socket zmq4.Socket
	Port   int
	Name   string
}

// Ports returns the five sockets with their ports in c, in the order
// shell, control, stdin, iopub, heartbeat.
func (s *Sockets) Ports(c Connection) []SocketPort {
	return []SocketPort{{s.Shell, c.ShellPort, "shell"}, {s.Control, c.ControlPort, "control"}, {s.Stdin, c.StdinPort, "stdin"},
		{s.IOPub, c.IOPubPort, "iopub"}, {s.HB, c.HBPort, "heartbeat"}}
}
