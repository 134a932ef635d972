// Package publish assembles a report site from executed notebooks: one HTML
// page per notebook, an index, the conformance page (conformance.html: every
// figure and table of the sources against what the report drew, see package
// conformance), the shared assets and manifest.json, the machine-readable
// list of every notebook, figure, table, metric and conformance row (its
// layout is versioned by ManifestSchema). Build checks
// the drawn figures against the conformance list and records each
// disagreement in Manifest.ConformanceErrors, which fails the report.
//
// The site is written atomically: everything goes to a sibling temporary
// directory that replaces the output directory in one rename, so a crash
// never leaves a half-written site behind.
package publish
