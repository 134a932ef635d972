// Package tokenshow renders the token-geometry results of Cowsik et al.
// 2024 (lib/tokengeom's theory, lib/tokencheck's comparisons with the
// finite-width transformer) as the figures and agreements of notebook
// 02-token-geometry: pure constructors that return a show.View (figures,
// then the agreements that check them) built from a lib result, which the
// notebook shows with View.Show, the one display route of package show.
//
// Figures the notebook names (AttMap, Field, LambdaASlice, LambdaGSlice,
// CriticalSlowing, EdgeGap, and the stored planes of Figs. 4–6:
// LambdaAPlane, LambdaGPlane, CausalPlane, ContourOrder, whose sizes come from the
// sweeps' records) take a show.Figure with its ID and Paper and fill
// the rest; a figure claims its paper figure only at the paper's n = 256,
// d = 64 (and the other settings it fixes), and a check whose tolerance
// was set at those settings is not applicable elsewhere
// (show.PaperCheck). CriticalSlowing (Sec. 3.3) and EdgeGap (Sec. 4.2)
// draw claims of the text, not figures of the paper, and their checks
// hold at any settings.
//
// The constructors only arrange numbers the lib computed: series, heat
// maps, metric values and their tolerances' bases. A figure's id, caption
// and paper figure are those of the notebook; numbers in the text (widths,
// network counts, σ_w) are read from the result, so a result computed at
// other settings is described truthfully.
package tokenshow
