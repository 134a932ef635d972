// Package markup is the HTML half of the contract between notebooks and
// reports for what is not a figure: a table (RenderTable) and a
// theory-vs-simulation metric line with its PASS/FAIL badge
// (RenderMetric), each returned with its data bundle (package
// github.com/sigprop/sigprop/kernel-ext/contract/bundle), and the
// formatting the report shares with them (FormatFloat, OutcomeBadge,
// MetricCheck, DisagreementHTML).
//
// It imports neither gonum/plot nor notebook-display code: a notebook cell
// reaches it through kernel-ext/show without linking the drawing of
// figures (package picture; see package figure for why), and the report
// generator (reports/render) imports it directly.
//
// The renderers are deterministic: the same input gives the same bytes,
// checked against golden files (testdata/*.golden, regenerated with
// `go test ./kernel-ext/contract/markup -update`).
package markup
