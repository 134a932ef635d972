// Package meanfieldshow renders the results of lib/meanfield (the mean-field
// theory of deep random networks) and lib/randmlp (the finite networks
// that check it) as the figures, tables and theory-vs-simulation checks of
// notebook 01-mean-field (Tanner's lecture, after Poole et al. 2016,
// Schoenholz et al. 2017 and Pennington et al. 2018).
//
// Each function builds one cell's show.View, pure and deterministic, and
// the notebook shows it with View.Show, so a function's figures, tables
// and metrics keep their place in the report. The figure ids and
// tolerances are the notebook's; captions, Params, sample counts and seeds
// are formatted from the settings the results record (randmlp's
// QCheckSettings, CCheckSettings, Chi1Settings, SlopeLawSettings and
// CriticalSpectrumSettings record them), so any setting runs: a
// figure claims its paper figure only at the paper's settings (at others
// its caption says "at your settings"), a claim that holds only there is
// shown as not applicable with the reason (show.PaperCheck), and the z, KS
// and DKW checks, whose tolerances come from the run's own sample sizes,
// apply at any settings. A function panics only on a caller bug (results
// of one call at different settings, an argument that disagrees with the
// settings a result records).
package meanfieldshow
