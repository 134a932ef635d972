// Package tokenshow renders the token-geometry results of Cowsik et al.
// 2024 (lib/tokengeom's theory, lib/tokencheck's comparisons with the
// finite-width transformer) as the figures and agreements of notebook
// 02-token-geometry: pure constructors that return a show.View (figures,
// then the agreements that check them) built from a lib result, which the
// notebook shows with View.Show, the one display route of package show.
//
// Figures the notebook names (Field, LambdaASlice, LambdaGSlice,
// and the stored planes of Figs. 4–6:
// LambdaAPlane, LambdaGPlane, CausalPlane, ContourOrder, whose sizes come from the
// sweeps' records) take a show.Figure with its ID and Paper and fill
// the rest; a figure claims its paper figure only at the paper's n = 256,
// d = 64 (and the other settings it fixes), and a check whose tolerance
// was set at those settings is not applicable elsewhere
// (show.PaperCheck).
//
// The theory-only curves are drawn by the renderer of their kind
// (kernel-ext/render) over tokencheck's result functions, with their
// claims as papers statements: att-map (tokencheck.AttMapCurves),
// critical-slowing (tokencheck.CriticalSlowingCurves, Sec. 3.3,
// papers.Cowsik2024Slowing) and edge-gap (tokencheck.EdgeGapCurves,
// Sec. 4.2, papers.Cowsik2024EdgeGap); they draw claims of the text, not
// figures at a paper's settings, and their checks hold at any settings.
// The builders left here are the figures with simulations, sweeps and
// declared disagreements (LayerFigure, WidthBias, GradientPlaneChecks
// declare known disagreements; the planes pair a theory and a numeric
// heat map with z checks across them; Field draws a quiver), not yet
// moved to result kinds.
//
// The constructors only arrange numbers the lib computed: series, heat
// maps, metric values and their tolerances' bases. A figure's id, caption
// and paper figure are those of the notebook; numbers in the text (widths,
// network counts, σ_w) are read from the result, so a result computed at
// other settings is described truthfully.
package tokenshow
