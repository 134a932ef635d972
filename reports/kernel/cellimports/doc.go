// Command cellimports is what the report's kernels run as goimports: gonb
// runs `goimports -w main.go` before it builds each cell, to drop the
// imports of earlier cells that the new program no longer uses and to add
// any that a cell uses without importing. Adding one is goimports' costly
// part (it asks go for the workspace and scans the module cache: about
// 0.1 CPU-seconds a cell); dropping one needs only the file and each
// import's package name.
//
// Usage:
//
//	cellimports -real GOIMPORTS -names FILE -w main.go
//
// FILE lists "IMPORTPATH NAME" per line (the kernel's direct build writes
// it with its import configuration; see reports/kernel's
// directBuildScript). When every package name the file qualifies with
// (the identifier before a dot that the file does not declare) is one of
// its imports or flag in flag.Parse, and every import without a name of
// its own is listed in FILE, cellimports imports flag for flag.Parse if
// the file does not (gonb's main calls it and leaves its import to
// goimports, in every cell), removes the imports nothing uses, as
// goimports would, and exits. Otherwise (a name to import, a package FILE does not list, a
// dot or cgo import, a file that does not parse, FILE missing, other
// arguments) it runs GOIMPORTS with the same arguments, which then does
// everything as before.
package main
