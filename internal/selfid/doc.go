// Package selfid identifies the running program by its executable, for
// caches whose entries are made by the program's own code (the figure
// files and site stamps of reports/publish, the equation index of
// reports/eqindex): the Go build ID, whose last part is the hash of the
// executable's content, so that any change of the code, of a dependency
// or of the toolchain gives another ID.
//
// ID returns the identity (the build ID, or the SHA-256 of the
// executable when it has none; empty when neither can be read, which
// turns those caches off).
package selfid
