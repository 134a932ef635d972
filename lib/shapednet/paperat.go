package shapednet

import "slices"

// This file holds the comparisons a display uses to say whether a result
// ran at the settings of a paper figure (Fig3, Fig5, Fig8): a result
// claims its figure only when its settings are the constructor's, compared
// here, never re-typed as numbers. Seeds do not count.

// At reports whether l ran at s's sizes: width, depth, networks and SDE
// paths per γ, the SDE step and ρ₀ (the γ list and the seeds aside).
func (l CorrLaws) At(s LawSettings) bool {
	return l.Config.Width == s.Config.Width && l.Config.Depth == s.Config.Depth && len(l.Net) > 0 && len(l.Net[0]) == s.Nets &&
		len(l.SDE) > 0 && len(l.SDE[0]) == s.Paths && l.Step == s.SDE.Step && l.Rho0 == s.Rho0
}

// At reports whether b ran at s's network (width, depth, τ₀), study (m,
// networks, token SD) and residual weights γ; the seed aside.
func (b StopByGamma) At(s StopSettings) bool {
	return b.Config.Width == s.Config.Width && b.Config.Depth == s.Config.Depth && b.Config.Tau0 == s.Config.Tau0 &&
		b.Study.M == s.Study.M && b.Study.Nets == s.Study.Nets && b.Study.TokenSD == s.Study.TokenSD && slices.Equal(b.Gamma, s.Gammas)
}

// At reports whether g ran at s's network (width, depth), study (m,
// networks, token SD) and grid of γ and τ₀; the seed aside.
func (g StopGrid) At(s GridSettings) bool {
	return g.Config.Width == s.Config.Width && g.Config.Depth == s.Config.Depth &&
		g.Study.M == s.Study.M && g.Study.Nets == s.Study.Nets && g.Study.TokenSD == s.Study.TokenSD &&
		slices.Equal(g.Gammas, s.Gammas) && slices.Equal(g.Tau0s, s.Tau0s)
}
