// Package golden compares rendered output (SVG, HTML, JSON) with golden
// files committed under testdata, and rewrites them when the test binary
// runs with -update (as gonum/plot's cmpimg and Go's go/printer tests do).
// It is imported only by tests.
//
// Check(t, path, got) is the comparison (and, under -update, the rewrite);
// Update reports whether the flag is set, for a test that rewrites a file
// of its own format itself (reports/render's spec-style case files).
package golden
