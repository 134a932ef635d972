package tokencheck

import (
	"slices"

	"github.com/sigprop/sigprop/lib/tokengeom"
)

// This file holds the comparisons a display uses to say whether a result
// ran at the settings of a figure of Cowsik et al. 2024: the settings are
// compared with the constructors' (Fig2, Fig3), never re-typed as
// numbers. Seeds and the number of networks (unstated in the paper) do
// not count unless a figure states them.

// Fig2SigmaWs are the σ_w of Fig. 2's two rows: 1 (ordered) and 5
// (chaotic).
var Fig2SigmaWs = []float64{1, 5}

// Fig2Checked is the number of layers over which Fig. 2's per-layer means
// are checked (layers 1–8): a run of fewer blocks is not at the figure.
const Fig2Checked = 8

// Fig2HistogramNetworks is the number of networks of Fig. 2's per-layer
// histograms: the paper's are of one network.
const Fig2HistogramNetworks = 1

// GradientDepth is the depth L of the paper's λ_g^(L) (Fig. 5 and its
// planes: 16).
const GradientDepth = 16

// AtSize reports whether m has the paper's token count n and width d
// (Fig2's model: n = 256, d = 64), the sizes of every simulated figure.
func AtSize(m tokengeom.Model) bool {
	p := Fig2(1).Model
	return m.N == p.N && m.D == p.D
}

// AtEnsemble reports whether m is drawn from the paper's ensemble of
// random transformers but for α and σ_w, the axes of its figures: Fig2's
// n, d (AtSize) and σ_A² (1). The MLP depth and φ are not compared: no
// figure varies them.
func AtEnsemble(m tokengeom.Model) bool {
	return AtSize(m) && m.SigmaA2 == Fig2(1).Model.SigmaA2
}

// AtFig2Block reports whether m is the block of Figs. 2–5 but for σ_w:
// the paper's ensemble (AtEnsemble) at Fig2's α_A = α_M = 8^{-1/2}.
func AtFig2Block(m tokengeom.Model) bool {
	p := Fig2(1).Model
	return AtEnsemble(m) && m.AlphaA == p.AlphaA && m.AlphaM == p.AlphaM
}

// AtFig2Row reports whether m is the block of a row of Fig. 2: the block
// of Fig2 (AtFig2Block) at a σ_w of Fig2SigmaWs.
func AtFig2Row(m tokengeom.Model) bool {
	return AtFig2Block(m) && slices.Contains(Fig2SigmaWs, m.SigmaW)
}

// AtFig2 reports whether c ran at Fig. 2's per-layer setting: the block
// of one of its rows (AtFig2Row) and at least Fig2Checked blocks.
func (c Curves) AtFig2() bool {
	return AtFig2Row(c.Model) && len(c.Q)-1 >= Fig2Checked
}

// AtFig2 reports whether h ran at Fig. 2's histogram setting: the block of
// Fig2 (AtFig2Block) and Fig2HistogramNetworks networks.
func (h Histograms) AtFig2() bool {
	return AtFig2Block(h.Model) && h.Networks == Fig2HistogramNetworks
}

// At reports whether s ran at r's model (n, d, α_A, α_M, σ_w, σ_A²) and
// input (q, p1, p2); the depth, the networks and the seeds aside. Fig3 is
// the paper's.
func (s Symmetry) At(r Restoration) bool {
	m, p := s.Model, r.Model
	return m.N == p.N && m.D == p.D && m.AlphaA == p.AlphaA && m.AlphaM == p.AlphaM && m.SigmaW == p.SigmaW && m.SigmaA2 == p.SigmaA2 &&
		s.Q == r.Q && s.P1 == r.P1 && s.P2 == r.P2
}

// AtPaper reports whether the sweep s ran at the paper's n and d (AtSize)
// and, when it has a depth (L > 0), at GradientDepth.
func (s SimPlane) AtPaper() bool {
	p := Fig2(1).Model
	return s.N == p.N && float64(s.D) == p.D && (s.L == 0 || s.L == GradientDepth)
}

// AtFig2 reports whether w was measured where the Fig. 2 norm bias is
// declared (a known disagreement): Fig2's n, α_A, α_M and σ_A² at the
// first width d = 64, at σ_w = 1 (the first row, Fig2SigmaWs[0]) and
// layer Fig2Checked.
func (w WidthBias) AtFig2() bool {
	p, m := Fig2(Fig2SigmaWs[0]).Model, w.Model
	return m.N == p.N && len(w.Widths) > 0 && float64(w.Widths[0]) == p.D && m.SigmaW == p.SigmaW && w.L == Fig2Checked &&
		m.AlphaA == p.AlphaA && m.AlphaM == p.AlphaM && m.SigmaA2 == p.SigmaA2
}
