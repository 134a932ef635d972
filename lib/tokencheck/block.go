package tokencheck

import (
	"github.com/sigprop/sigprop/lib/compose"
	"github.com/sigprop/sigprop/lib/internal/param"
	"github.com/sigprop/sigprop/lib/tokengeom"
	"github.com/sigprop/sigprop/lib/tokennet"
)

// LayersFor returns the per-layer experiment of Fig. 2 (Fig2's input
// (q, p) = (d, 0) and networks) for the block b, described once as a
// compose.Block: the network is tokennet.FromBlock(b) (its depth
// b.Depth, its branch weights at that depth), the theory model the same
// block's tokengeom.Model, whose Act is left unset (tokengeom's tanh)
// where b's φ computes tanh, so LayersFor(compose.Cowsik(256, 64, 16, α,
// α, σ_w, 1, 2, tanh)) is Fig2(σ_w) for α = 8^{-1/2}. Change a field and
// run Curves, Portrait or Histograms. Errors: tokennet.FromBlock's (an
// error wrapping ErrParam naming the field the transformer cannot run),
// and ErrParam naming "causal" for a causal block, whose tokens the
// permutation-symmetric theory does not describe.
func LayersFor(b compose.Block) (Layers, error) {
	cfg, err := tokennet.FromBlock(b)
	if err != nil {
		return Layers{}, err
	}
	if cfg.Causal {
		return Layers{}, param.Err(ErrParam, "causal", true, "false (the (q, p) theory of tokengeom has no mask)")
	}
	m := tokengeom.Model{AlphaA: cfg.AlphaA, AlphaM: cfg.AlphaM, SigmaW: cfg.SigmaW, MLPLayers: cfg.MLPLayers,
		N: cfg.N, D: float64(cfg.D), SigmaA2: cfg.SigmaA2}
	if cfg.Act != nil {
		m.Act = *cfg.Act
	}
	fig := Fig2(cfg.SigmaW)
	return Layers{Model: m, L: cfg.Layers, Q0: m.D, P0: 0, Networks: fig.Networks}, nil
}
