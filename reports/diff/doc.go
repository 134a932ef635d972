// Package diff compares two sigprop report manifests number by number: for
// every figure whether it is unchanged, changed, added or removed, and for a
// changed one, per series, the largest absolute and relative difference and
// where it occurs; for every metric the old and new value and outcome
// (pass, fail, known disagreement: bundle.Metric.Outcome) and whether it
// crossed its tolerance, listing a declared known disagreement that
// appears, disappears or whose value changes sign (MetricDiff.Known,
// Report.KnownMoved). A failure that was a pass or a known disagreement is
// a regression. A figure's heat grid (bundle.Heat) is compared cell
// by cell with the same tolerance: the largest absolute and relative
// difference of z and the cell (i, j) at (x, y) where it occurs, whether the
// cell centres moved, NaNs appearing or disappearing; a change of grid shape
// (nx×ny) is a structural difference, reported as such without cell numbers.
//
// Tables (bundle.Table, recorded in manifests of schema 2 and later) are
// matched by notebook and ID (a table without an ID by its position among
// its notebook's unnamed tables, "#1", "#2", ...) and compared cell by cell
// over the rows both sides have: two cells that are the same text around
// the same count of numbers ("0.123", "1.2e-05", "3.5 ± 0.25", "12 / 2048")
// compare those numbers with the tolerance below; any other pair of cells,
// and captions and headers, compare as exact text; a changed row count or
// row length is structural. When either manifest predates tables (schema
// 1), tables are "not compared" rather than all added or removed.
//
// When both reports carry the conformance list (publish.ConformanceEntry),
// the rows whose status or figures changed, that were added or removed, or
// whose worst |value|/tolerance crossed 1 are listed too.
//
// Pixel diffs of SVGs are noise (fonts, anti-aliasing); the numbers behind
// the figures are what a researcher needs to see move.
//
// Two values a and b are equal when |a − b| <= ATol + RTol·max(|a|, |b|),
// or both are NaN (NaN is encoded as null in the manifest: a NaN appearing
// or disappearing is a change).
package diff
