// Package rankshow renders the results of lib/rankexp (the experiments of
// Noci et al. 2022, "Signal Propagation in Transformers: Theoretical
// Perspectives and the Role of Rank Collapse") as the figures, tables and
// theory-vs-simulation checks of notebook 03-rank-collapse.
//
// Each function builds one cell's show.View, pure and deterministic, and
// the notebook shows it with View.Show, so a function's figures, tables,
// metrics and printed lines keep their place in the report. The figure
// ids, captions and tolerances are the notebook's: a caption states the
// setting the notebook runs (sizes, draws), and where the data carry that
// setting a function panics if they do not have it, rather than label
// them wrongly.
package rankshow
