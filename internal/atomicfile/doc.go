// Package atomicfile replaces a file's contents in one step: a reader, or
// a run killed half-way, sees the old file or the new one, never part of
// one. The executor's result cache (reports/execute) and the sweep
// directories (internal/sweeprun), which several processes read and write at
// once, write through it.
//
// Write(path, b) is the whole API: it writes b to a temporary file beside
// path, sets its permission to Mode and renames it over path.
package atomicfile
