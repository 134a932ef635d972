package trainability

import (
	"fmt"
	"math"

	"github.com/sigprop/sigprop/lib/tokengeom"
	"github.com/sigprop/sigprop/lib/trainsweep"
)

// EdgeAt returns σ_w on the λ_a = 0 edge (tokengeom.EdgeOfChaosSigmaW) and
// on the λ_g^(L) = 0 edge (tokengeom.GradientEdgeSigmaW, corrected
// variant) at α = α_A = α_M for the model of the sweep s (its n and d),
// each searched by bisection in σ_w ∈ [0.05, 6]; errA or errG is the
// root finder's error where that edge has no root in the interval.
func EdgeAt(s trainsweep.Settings, L int, alpha float64) (ea, eg float64, errA, errG error) {
	cfg := s.Model()
	cfg.AlphaA, cfg.AlphaM, cfg.SigmaW = alpha, alpha, 1
	m := trainsweep.TheoryModel(cfg)
	ea, errA = tokengeom.EdgeOfChaosSigmaW(m, 0.05, 6)
	eg, errG = tokengeom.GradientEdgeSigmaW(m, L, tokengeom.Corrected, 0.05, 6)
	return ea, eg, errA, errG
}

// Edges are the two edges as curves σ_w(α): (AlphaA[i], SigmaA[i]) on
// λ_a = 0 and (AlphaG[i], SigmaG[i]) on λ_g^(L) = 0.
type Edges struct {
	AlphaA, SigmaA []float64
	AlphaG, SigmaG []float64
}

// EdgeCurves returns EdgeAt at each α of alphas, keeping for each edge
// the α's where it has a root in [0.05, 6].
func EdgeCurves(s trainsweep.Settings, L int, alphas []float64) Edges {
	var e Edges
	for _, alpha := range alphas {
		ea, eg, errA, errG := EdgeAt(s, L, alpha)
		if errA == nil {
			e.AlphaA, e.SigmaA = append(e.AlphaA, alpha), append(e.SigmaA, ea)
		}
		if errG == nil {
			e.AlphaG, e.SigmaG = append(e.AlphaG, alpha), append(e.SigmaG, eg)
		}
	}
	return e
}

// NearEdges is lib/sources/cowsik2024.md#protocol-trainability's test that the lowest loss lies near the
// edges: the point of lowest mean test loss, σ_w of both edges at its α,
// Dist = max(|σ_w − EdgeA|, |σ_w − EdgeG|) and the σ_w grid step Step
// against which Dist is judged.
type NearEdges struct {
	Lowest       trainsweep.Result
	EdgeA, EdgeG float64
	Dist, Step   float64
}

// NearEdges returns the test of the lowest-loss point of s's seed means
// (Lowest) against the edges at its α (EdgeAt, at its depth). It returns
// an error if the grid has fewer than two σ_w values or an edge has no
// root at that α.
func (s Set) NearEdges() (NearEdges, error) {
	st := s.Settings[0]
	if len(st.SigmaWs) < 2 {
		return NearEdges{}, fmt.Errorf("trainability: NearEdges needs at least 2 σ_w values, the grid has %d", len(st.SigmaWs))
	}
	r := s.Mean[Lowest(s.Mean)]
	n := NearEdges{Lowest: r, Step: st.SigmaWs[1] - st.SigmaWs[0]}
	var errA, errG error
	n.EdgeA, n.EdgeG, errA, errG = EdgeAt(st, r.Layers, r.Alpha)
	if errA != nil {
		return NearEdges{}, errA
	}
	if errG != nil {
		return NearEdges{}, errG
	}
	n.Dist = math.Max(math.Abs(r.SigmaW-n.EdgeA), math.Abs(r.SigmaW-n.EdgeG))
	return n, nil
}
