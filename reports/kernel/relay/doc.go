// Package relay is the sigprop Jupyter kernel: gonb, wired to this
// checkout before the first cell, behind a thin relay.
//
// `sigprop kernel install` registers it with Jupyter as "Go (sigprop)"
// (kernelspec name "sigprop"), whose argv is
//
//	KERNELDIR/sigprop kernel run --module ROOT --connection-file {connection_file}
//
// The process (Start, then Wait) binds the five sockets of the connection
// file Jupyter wrote, starts the pinned gonb on a private connection with
// the same HMAC key (package kernel: own process group, private TMPDIR),
// sends it the setup cell silently (kernel.Options.Module, kernel.SetupCell:
// a go.work using ROOT, the replace rule and the gonbui pin), and only then
// starts relaying:
//
//	front end ──shell/control/stdin (ROUTER)──▶ relay ──(DEALER)──▶ gonb
//	front end ◀──────────iopub (PUB)────────── relay ◀───(SUB)────── gonb
//
// Messages cross unchanged (but see below), identities included, as in a ZeroMQ
// ROUTER/DEALER proxy: gonb's answers carry the front end's identity back.
// Answers to the relay's own requests (the start-up handshake, the setup
// cell) carry the relay's session and stay in the relay, so the front end
// sees neither output nor busy/idle status from the setup, and the first
// user cell is execution 1. The front end's heartbeat is echoed by the
// relay itself; it exits when gonb does, so Jupyter sees a dead kernel
// as a dead process and restarts it.
//
// One kind of message is completed on its way: a figure display a cell
// sent to be drawn (bundle.DrawMIMEType; kernel-ext/show checks a figure
// and leaves the drawing, gonum/plot, out of the cell program) gets its
// SVG (picture.DrawDisplay, through kernel.Options.CompleteDisplay) and
// is signed again with the connection key, so that the front end shows,
// and saves, the figure the cell drew before.
//
// Everything else is gonb's own behaviour: completion, inspection, %help,
// errors (HTML, as gonb shows them in Jupyter), displays, comms, input.
//
// # Lifecycle
//
//   - Interrupt: the kernelspec says interrupt_mode "message", so Jupyter
//     sends interrupt_request on control, which gonb receives as any other
//     message. SIGINT to the relay (interrupt_mode "signal", a terminal)
//     is turned into the same request by `sigprop kernel run`.
//   - Shutdown and restart: Jupyter sends shutdown_request on control
//     (restart true or false: a restart is a new process); gonb answers and
//     exits, the relay passes the answer on, kills what is left of gonb's
//     process group, removes its TMPDIR and exits 0. Jupyter's next step,
//     SIGTERM after half its shutdown_wait_time, makes `sigprop kernel run`
//     do the same (Close). SIGKILL of the relay (Jupyter's last resort, and
//     never needed when gonb answers) takes gonb with it (Linux
//     Pdeathsig) but leaves gonb's private TMPDIR, which names its owner
//     (package tempdir) and the kernel's marker, and may orphan the
//     running cell's program: the next `sigprop kernel run` or report ends
//     the processes carrying that marker and removes the directory
//     (kernel.RemoveStale).
//   - If Jupyter itself goes away without a shutdown (the relay's parent
//     process changes), `sigprop kernel run` closes the relay.
//
// The report generator (package execute) starts gonb through the same
// kernel.Start and kernel.Options.Module, so a notebook runs in CI with
// the same gonb, the same wiring and the same setup cell as in Jupyter;
// only the relay is absent. The relay is tested through real Jupyter
// machinery (jupyter_client, nbclient) in cmd/sigprop.
package relay
