// Package rankshow renders the results of lib/rankexp (the experiments of
// Noci et al. 2022, "Signal Propagation in Transformers: Theoretical
// Perspectives and the Role of Rank Collapse") as the figures, tables and
// theory-vs-simulation checks of notebook 03-rank-collapse.
//
// Each function builds one cell's View, pure and deterministic, and the
// notebook shows it with View.Show. A View lists the outputs in the order
// the cell shows them, so a function's figures, tables, metrics and
// printed lines keep their place in the report. The figure ids, captions
// and tolerances are the notebook's: a caption states the setting the
// notebook runs (sizes, draws), and a function panics if the data it is
// given do not have that setting, rather than label them wrongly.
package rankshow
