package meanfield

import (
	"fmt"

	"github.com/sigprop/sigprop/lib/activation"
)

// PhaseGrid is the phase diagram of φ over a grid: Phase[j][i] and
// Chi1[j][i] at (SigmaW2[i], SigmaB2[j]), from the q-map iteration started
// at Settings.Q0 (Net.Phase; χ₁ is 0 where Divergent).
type PhaseGrid struct {
	SigmaW2, SigmaB2 []float64
	Phase            [][]Phase
	Chi1             [][]float64
}

// PhaseDiagram evaluates Net.Phase at every point of the grid
// sigmaW2 × sigmaB2 with settings s.
//
// Errors: the first point's error of Net.Phase (a repelling or unfound
// fixed point; divergence is a phase, not an error), naming its σ_w², σ_b².
func PhaseDiagram(phi activation.Func, sigmaW2, sigmaB2 []float64, s *Settings) (PhaseGrid, error) {
	g := PhaseGrid{SigmaW2: sigmaW2, SigmaB2: sigmaB2, Phase: make([][]Phase, len(sigmaB2)), Chi1: make([][]float64, len(sigmaB2))}
	for j, b := range sigmaB2 {
		g.Phase[j], g.Chi1[j] = make([]Phase, len(sigmaW2)), make([]float64, len(sigmaW2))
		for i, w := range sigmaW2 {
			ps, err := Net{Phi: phi, SigmaW2: w, SigmaB2: b, Settings: s}.Phase()
			if err != nil {
				return PhaseGrid{}, fmt.Errorf("meanfield: PhaseDiagram at sigma_w2 = %v, sigma_b2 = %v: %w", w, b, err)
			}
			g.Phase[j][i], g.Chi1[j][i] = ps.Phase, ps.Chi1
		}
	}
	return g, nil
}

// Count returns how many grid points are in phase p.
func (g PhaseGrid) Count(p Phase) int {
	n := 0
	for _, row := range g.Phase {
		for _, x := range row {
			if x == p {
				n++
			}
		}
	}
	return n
}
