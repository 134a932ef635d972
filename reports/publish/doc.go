// Package publish assembles a report site from executed notebooks: one HTML
// page per notebook, an index, the shared assets and manifest.json, the
// machine-readable list of every notebook, figure and metric.
//
// The site is written atomically: everything goes to a sibling temporary
// directory that replaces the output directory in one rename, so a crash
// never leaves a half-written site behind.
package publish
