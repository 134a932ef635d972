// Package shapedshow renders the results of lib/shapednet (finite shaped
// networks) and lib/sde (their covariance SDEs) as the figures, tables and
// network-vs-SDE checks of notebook 05-shaped-transformer (Noci et al.
// 2023, "The Shaped Transformer", arXiv:2306.17759).
//
// Each function builds one cell's show.View, pure and deterministic, and
// the notebook shows it with View.Show, so a function's figures, tables
// and metrics keep their place in the report. The figure ids, captions and
// tolerances are the notebook's: where a caption states a setting that the
// data carry (sizes, networks, paths), a function panics if they do not
// have it, rather than label them wrongly.
package shapedshow
