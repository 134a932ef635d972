// Package rankshow renders the results of lib/rankexp (the experiments of
// Noci et al. 2022, "Signal Propagation in Transformers: Theoretical
// Perspectives and the Role of Rank Collapse") as the figures, tables and
// theory-vs-simulation checks of notebook 03-rank-collapse.
//
// Each function builds one cell's show.View, pure and deterministic, and
// the notebook shows it with View.Show, so a function's figures, tables,
// metrics and printed lines keep their place in the report. The figure ids
// and tolerances are the notebook's; captions, Params, sample counts and
// seeds are formatted from the settings the results record, so any
// setting runs:
// a figure claims its paper figure only at the paper's settings (at others
// its caption says "at your settings"), a claim that holds only there is
// shown as not applicable with the reason (show.PaperCheck), and the z, KS
// and DKW checks, whose tolerances come from the run's own sample sizes,
// apply at any settings. A function panics only on a caller bug (results
// of one call at different settings, an argument that disagrees with the
// settings a result records).
package rankshow
