// Package provenance asks git which commit a checkout is at and whether it
// has uncommitted changes: the source revision that every provenance record
// of sigprop carries (a report's manifest, reports/publish; a sweep's or a
// generated data set's invocation, internal/sweeprun).
//
// Git(ctx, root) returns the commit of HEAD (`git rev-parse HEAD`) and
// whether tracked files have uncommitted changes; outside a repository, or
// without git, it returns "" and false rather than an error.
package provenance
