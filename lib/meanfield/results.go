package meanfield

import (
	"fmt"

	"github.com/sigprop/sigprop/lib/result"
)

// Curves is the depth scales ξ_c and ξ_q along the scan (log scale), with
// the critical σ_w² = wc in the caption: a figure of no paper figure
// (result.Record.NoPaperFigure), for kernel-ext/render.
func (sc Scan) Curves(wc float64) result.Curves {
	return result.Curves{Caption: fmt.Sprintf("Depth scales for %s, σ_b² = %g: ξ_c diverges at the critical σ_w² = %.4f, ξ_q stays finite.", sc.Phi, sc.SigmaB2, wc),
		X: result.Axis{Label: "σ_w²"}, Y: result.Axis{Label: "depth scale", Log: true},
		Lines:  []result.Line{{Name: "ξ_c", Role: result.Theory, X: sc.SigmaW2, Y: sc.XiC}, {Name: "ξ_q", Role: result.Theory, X: sc.SigmaW2, Y: sc.XiQ}},
		Record: result.Record{Params: map[string]float64{"sigma_b2": sc.SigmaB2}, NoPaperFigure: true}}
}
