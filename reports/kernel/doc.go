// Package kernel is a Jupyter messaging-protocol client, in pure Go over
// ZeroMQ (github.com/go-zeromq/zmq4), for the gonb Go kernel. It starts
// the kernel itself: no Python, no Jupyter server.
//
// It is the sigprop kernel's driver, so it lives in kernel-ext beside what
// the notebooks import: `sigprop kernel run` serves it to Jupyter through
// package relay, and the report's executor (reports/execute) drives it
// headlessly, so what runs in CI is what runs in Jupyter.
//
// # Protocol
//
// It follows the Jupyter messaging protocol, version 5.3
// (https://jupyter-client.readthedocs.io/en/stable/messaging.html):
//
//   - Start writes a connection file (five free TCP ports on 127.0.0.1, a
//     random 256-bit key, signature_scheme hmac-sha256), runs
//     `gonb --kernel FILE --raw_error` in its own process group and dials
//     shell, control and stdin (DEALER), iopub (SUB) and heartbeat (REQ).
//
//   - Every message is framed as identities…, "<IDS|MSG>", signature,
//     header, parent_header, metadata, content, buffers…, with
//
//     signature = hex(HMAC-SHA256(key, header ‖ parent_header ‖ metadata ‖ content))
//
//     Incoming messages with a wrong signature are dropped.
//
//   - Ready handshake: kernel_info_request is sent every 50 ms until one
//     is answered and at least one iopub message has arrived, so the SUB
//     socket is known to be subscribed before the first cell runs (PUB/SUB
//     drops what is published before a subscriber joins).
//
//   - Kernel.Execute sends execute_request (silent and store_history as
//     asked); Execution.Wait returns once both the execute_reply and the
//     iopub status "idle" with the request as parent have arrived (or 5 s
//     after the reply if the idle status was lost). Execution.Messages
//     holds the request's iopub messages in arrival order.
//
//   - Kernel.Interrupt sends interrupt_request on control (gonb's
//     interrupt_mode is "message"), or SIGINT to the process group when the
//     kernel announces interrupt_mode "signal" or does not answer.
//
//   - Kernel.Shutdown sends shutdown_request; Kernel.Kill sends SIGKILL to
//     the whole process group (gonb, go build, the cell program) and to any
//     process carrying the kernel's MarkerEnv value (gonb starts gopls, when
//     installed, in a process group of its own), then removes the kernel's
//     private TMPDIR, where gonb keeps its scratch module.
//
//   - With Options.Timing set, gonb runs with --vmodule=execcode=2 and
//     logs the steps of each cell it compiles; the client consumes those
//     lines and Execution.Timing says where a request's time went: wall
//     time, the compilation (goimports, go get, go build) and the go
//     build alone, and the CPU time of gonb's process tree (Linux: the
//     change of utime+stime+cutime+cstime in /proc/PID/stat of gonb,
//     which holds every process gonb started and reaped, the cell's
//     program and go build's compiler and linker among them).
//
//   - With Options.Module set, Start also wires the kernel to that Go
//     module (the checkout) before it returns: it sends SetupCell silently
//     and checks its marker (see package execute for what the cell does).
//     Options.NoAutoGet adds %noautoget to it: cells are then built
//     without gonb's `go get`, which only queries the module proxy when
//     every import is in the workspace's build list (the report's case).
//     Options.DirectBuild has the go of the kernel's PATH build each cell
//     with the compiler and linker themselves, against the export data
//     of the packages listed and of the cell's imports, found once (see
//     directBuildScript): the report's cells then skip go build's loading
//     of the workspace and staleness check (the report's 140 cells, two
//     alternated cold reports on 2 cores: go build 0.36–0.39 s of wall
//     time a cell, the direct build 0.26–0.27 s). With Tools.CellImports
//     set as well, gonb's goimports is the cellimports command: it drops
//     the imports a cell's program no longer uses and adds flag (gonb's
//     main calls flag.Parse), by the package names the direct build
//     found, and runs goimports for a cell that needs an import found
//     (goimports 0.10–0.13 s a cell, most of it asking go about the
//     workspace; cellimports about 0.01 s).
//
//   - For a relay (package relay), Options.Key and Options.ConnectionFile
//     give gonb the front end's key and connection-file name, SendFrames
//     passes a front end's message to gonb unchanged, and Options.Forward
//     receives every message gonb sends that is not an answer to one of
//     the client's own requests (those carry the client's session).
//
//   - A kernel is dead, and every Wait returns an error wrapping ErrDied,
//     as soon as the gonb process exits or no heartbeat echo arrives within
//     Options.HeartbeatTimeout (then it is killed).
//
// # Tools
//
// BuildTools builds gonb and goimports (gonb runs goimports and go for
// every cell) at the versions pinned by the `tool` directives of the
// repository's go.mod, once per (gonb version, x/tools version, Go version,
// platform), under os.UserCacheDir()/sigprop/tools, and the checkout's
// cellimports command (CellImportsDir) once per (its source, Go version,
// platform). BuildGopls builds gopls
// there too, at the version pinned by the module in GoplsModule; a kernel
// whose Tools.GoplsDir holds it answers Jupyter's complete_request and
// inspect_request (completion and hover docs: gonb asks gopls). gonb starts
// gopls with the kernel, in a process group of its own; gopls carries the
// kernel's MarkerEnv, so Kill and RemoveStale end it too.
//
// # gonb behaviour the client relies on (gonb v0.11.1)
//
// gonb creates its scratch module in $TMPDIR/gonb_XXXXXXXX and removes it on
// a clean exit; Start points TMPDIR at a per-kernel directory so that even
// a killed kernel leaves nothing behind. gonb runs the go command by name
// (go build for every cell, go get, go mod) and each cell's program
// itself, so a `go` first on the kernel's PATH changes the toolchain's
// environment and not the cells': Start writes one in the per-kernel
// directory that runs the go command with GOGC=off GOMEMLIMIT=1GiB (the go
// command, compiler and linker of a cell's build then never collect
// garbage; see toolGC), unless the caller sets GOGC or GOMEMLIMIT itself,
// and cells link with -ldflags=-s (see cellGoFlags). A cell program that panics or
// calls os.Exit(N) still gets an execute_reply with status "ok": the only
// sign is "exit status N" at the end of its stderr stream (package execute
// turns that into a failed cell). gonb does not wait for the display pipe
// of gonbui to drain when a cell program exits, so display data sent just
// before the exit can be lost unless the program calls gonbui.Sync().
package kernel
