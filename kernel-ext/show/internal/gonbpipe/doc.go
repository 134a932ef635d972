// Package gonbpipe sends display data from a cell program to the gonb
// kernel that runs it: the few calls of gonbui that package show makes
// (IsNotebook, SendData, Sync, Error), written against gonbui/protocol's
// types and the standard library only.
//
// It speaks the named-pipe protocol of gonb v0.11.1 (the version go.mod's
// tool directive pins and the executor's setup cell requires), as the
// kernel's side reads it in internal/jpyexec/namedpipes.go:
//
//   - The kernel starts the cell program with two FIFOs in its
//     environment: $GONB_PIPE (protocol.GONB_PIPE_ENV), which the program
//     writes, and $GONB_PIPE_BACK (protocol.GONB_PIPE_BACK_ENV), which it
//     reads. A program started without $GONB_PIPE is not in a notebook
//     (gonbui's IsNotebook): FromEnv returns nil and nothing is sent.
//   - The program writes one encoding/gob stream of protocol.DisplayData
//     values to $GONB_PIPE; the kernel publishes each as a Jupyter
//     display_data. The values in Data travel as `any`, so they must be
//     types protocol registers with gob (strings here).
//   - Sync is a round trip: a DisplayData whose Data holds, under
//     protocol.MIMECommValue, a *protocol.CommValue at
//     protocol.GonbuiSyncAddress with an int id; the kernel answers on
//     $GONB_PIPE_BACK, a gob stream of protocol.CommValue, with the same id
//     at protocol.GonbuiSyncAckAddress once it has read (and published)
//     everything written before. gonb does not wait for $GONB_PIPE to drain
//     when the program exits, so a display not followed by a Sync can be
//     lost.
//
// The pipes are opened at the first Send, as gonbui does: opening a FIFO
// blocks until the other end is open, and the kernel opens its ends
// whether or not the program ever does. An error on either pipe closes
// both and is kept: every later call returns it (gonbui's Error).
//
// Why not gonbui itself: it links klog, uuid, pkg/errors and gonb/common
// into every cell program (151 packages against protocol's 70), and gonb
// builds one program per cell. Linking a main that imports lib/meanfield
// took 0.070 s alone, 0.078 s with gonbui/protocol and 0.130 s with gonbui
// (go build -ldflags=-s -debug-actiongraph, the link action; 2 cores). For
// a cell of notebook 01 (show, render, lib/meanfield; 263 packages with
// gonbui, 231 with this package) the link took 0.267 s of CPU with gonbui
// and 0.204 s with this package, and the whole go build 0.46 s and 0.375 s
// (means of 6 alternated builds, beside other work at load 14), about
// 0.09 CPU-s on each of the notebooks' 141 code cells. Sigprop's cells need
// no widgets, input requests or display ids, so this package sends display
// data and syncs, nothing else; a CommValue the kernel sends other than
// the awaited acknowledgement is skipped.
package gonbpipe
