// Package conformance is the conformance table of a report: one row per
// figure and table of the sources, as lib/papers defines them
// (papers.All), joined with what the report drew and checked for it.
//
// A row's figures are the report's figures and tables whose Paper field
// names it (bundle.Figure.Paper, bundle.Table.Paper: ids of lib/papers,
// set by the builders from the typed values and only at the paper's
// settings), read from the executed notebooks' bundles; no list of
// figures is typed and no code is read. List.Check fails the report
// (publish.Build) when a figure claims an id lib/papers does not define,
// a schematic row, or a row another notebook draws (papers.Figure.Notebook),
// and when a notebook that ran to the end at its own settings left a row
// it draws unclaimed.
//
// A row's Setting (paper, analogue, schematic), Reason, Missing and
// Section are typed in lib/papers, since no code can know them. Its
// Outcome is never typed: Results computes it from the claim checks of the
// report (bundle.Metric.ClaimText) of the row's figures, a known
// disagreement counting as a failed claim, and Count tallies the outcomes
// by setting. Results also records the metrics of each row (bundle.Metric.Figure
// names the figure a metric checks) and the worst Ratio() (|value|/tolerance,
// ≤ 1 passing), known disagreements included, for the conformance page and
// the manifest.
package conformance
