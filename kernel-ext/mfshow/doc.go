// Package mfshow renders the results of lib/meanfield (the mean-field
// theory of deep random networks) and lib/randmlp (the finite networks
// that check it) as the figures, tables and theory-vs-simulation checks of
// notebook 01-mean-field (Tanner's lecture, after Poole et al. 2016,
// Schoenholz et al. 2017 and Pennington et al. 2018).
//
// Each function builds one cell's show.View, pure and deterministic, and
// the notebook shows it with View.Show, so a function's figures, tables
// and metrics keep their place in the report. The figure ids, captions and
// tolerances are the notebook's: where a caption states a setting that the
// data carry (σ_b², depth, width), a function panics if they do not have
// it, rather than label them wrongly.
package mfshow
