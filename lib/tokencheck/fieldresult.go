package tokencheck

import (
	"fmt"
	"math"

	"github.com/sigprop/sigprop/lib/internal/param"

	"github.com/sigprop/sigprop/lib/result"
)

// Field is the phase portrait of F at s (Portrait: the field on the grid
// xs × ys of (x, y) = (q/d, p/q), the theory's trajectory from (Q0, P0)
// over L blocks and the fixed points) as a result.Field whose segments
// have drawn extent (lx, ly) in data units, the first column of Fig. 2.
// The trajectory is a theory line with points; each fixed point is a
// point named by its stability ("stable FP" for a stable collapsed
// point; "unstable FP" and "stable FP, p < q" in the chaotic phase,
// λ_a > 0). It records the paper's figure at the paper's n, d,
// α = 8^{-1/2}, σ_A² = 1 and a σ_w of one of Fig. 2's rows (AtFig2Row).
//
// Errors: ErrParam for lx or ly not positive, those of Portrait, and an
// error when a step of the field is not finite.
func (s Layers) Field(xs, ys []float64, lx, ly float64) (result.Field, error) {
	if !(lx > 0) {
		return result.Field{}, param.Err(ErrParam, "Layers.Field lx", lx, "> 0")
	}
	if !(ly > 0) {
		return result.Field{}, param.Err(ErrParam, "Layers.Field ly", ly, "> 0")
	}
	pt, err := s.Portrait(xs, ys)
	if err != nil {
		return result.Field{}, err
	}
	m := s.Model
	f := result.Field{
		Caption: fmt.Sprintf("Vector field of F at σ_w = %g, α = %s, σ_A² = %g (segments point from a grid point towards its image; heads marked), the %d-block trajectory from (d, 0), and the fixed points (FP); λ_a = %.4f.",
			m.SigmaW, alphaText(m.AlphaA), m.SigmaA2, len(pt.TrajX)-1, pt.LambdaA),
		X: result.Axis{Label: "q/d"}, Y: result.Axis{Label: "p/q"}, LX: lx, LY: ly,
		Lines:  []result.Line{{Name: "trajectory", Role: result.TheoryLinePoints, X: pt.TrajX, Y: pt.TrajY}},
		Record: result.Record{Params: map[string]float64{"sigma_w": m.SigmaW, "alpha": m.AlphaA, "n": float64(m.N), "d": m.D, "sigma_a2": m.SigmaA2}, AtPaper: AtFig2Row(m)},
	}
	for _, a := range pt.Field {
		if math.IsNaN(a.DX) || math.IsNaN(a.DY) || math.IsInf(a.DX, 0) || math.IsInf(a.DY, 0) {
			return result.Field{}, fmt.Errorf("tokencheck: the step of F at (q/d, p/q) = (%g, %g) is (%g, %g), not finite", a.X, a.Y, a.DX, a.DY)
		}
		f.Xs, f.Ys, f.DX, f.DY = append(f.Xs, a.X), append(f.Ys, a.Y), append(f.DX, a.DX), append(f.DY, a.DY)
	}
	names := []string{"stable FP"}
	if pt.LambdaA > 0 {
		names = []string{"unstable FP", "stable FP, p < q"}
	}
	for k := range pt.FixedX {
		f.Lines = append(f.Lines, result.Line{Name: names[k], Role: result.TheoryPoints, X: []float64{pt.FixedX[k]}, Y: []float64{pt.FixedY[k]}})
	}
	return f, nil
}
