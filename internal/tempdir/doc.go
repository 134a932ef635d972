// Package tempdir makes temporary directories that name their owner
// process, so that a later run can remove the ones a killed run left
// behind, and only those.
//
// New("sigprop-kernel-") creates os.TempDir()/sigprop-kernel-XXXX holding a
// file .owner with the creating process's pid and, on Linux, its start
// time (field 22 of /proc/PID/stat, so that a recycled pid is not taken
// for the owner). RemoveStale("sigprop-kernel-") removes every directory
// with that prefix whose owner process is gone; a directory without a
// readable .owner file (made by something else, or still being set up) is
// left alone unless it is older than a day.
//
// NewIn and RemoveStaleIn do the same in a directory of the caller's
// (publishing a site builds it beside the output directory); there a
// directory without an owner file is never removed.
//
// The executor (reports/execute) and `sigprop diff` (reports/diff) use it
// for the kernels' private TMPDIRs and the revisions' worktrees: kill -9
// of a report cannot run its cleanup, and the next run does it.
package tempdir
