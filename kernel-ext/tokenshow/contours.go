package tokenshow

import (
	"fmt"
	"math"
	"slices"

	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/lib/tokencheck"
)

// ContourOrder fills f (the notebook's figure of Fig. 6's two edges) with
// the zero contours of the simulated causal λ_g and λ_a over (α, σ_w),
// followed by the paper's two statements about them, at the α both sweeps
// share where each has one zero crossing (a column with several, where
// the exponent is not monotone in σ_w, is left out):
//
//   - the λ_g = 0 contour lies below the λ_a = 0 contour: nowhere is it
//     above by more than the resolution, and at the largest such α it is
//     below by more than the resolution (central);
//   - they meet at small α: at the smallest such α the gap is within the
//     resolution.
//
// The gap is σ_w(λ_a = 0) − σ_w(λ_g = 0); the resolution is the larger of
// the two sweeps' σ_w spacings, since a crossing located by linear
// interpolation between grid rows (SimPlane.ZeroCrossings) is known only
// to within its bracket (the grid means' own SEs are not propagated). f
// claims its paper figure only at the paper's sizes (tokencheck.SimPlane.AtPaper). It
// panics unless the sweeps share at least two such α.
func ContourOrder(f show.Figure, lg, la tokencheck.SimPlane) show.View {
	gx, gy := single(lg.ZeroCrossings())
	ax, ay := single(la.ZeroCrossings())
	var alphas, gaps []float64
	for i, a := range gx {
		if j := slices.IndexFunc(ax, func(x float64) bool { return math.Abs(x-a) < 1e-9 }); j >= 0 {
			alphas, gaps = append(alphas, a), append(gaps, ay[j]-gy[i])
		}
	}
	if len(alphas) < 2 {
		panic(fmt.Sprintf("tokenshow: ContourOrder: the sweeps share %d α with one zero crossing each, want at least 2", len(alphas)))
	}
	res := math.Max(spacing(lg.Y), spacing(la.Y))
	f.Caption = fmt.Sprintf("Zero contours of the simulated causal λ_g (%s) and λ_a (%s) over (α, σ_w), and their gap σ_w(λ_a = 0) − σ_w(λ_g = 0) at the α both share.", simSizes(lg), simSizes(la))
	f.XLabel, f.YLabel, f.Params = "α = α_A = α_M", "σ_w", simParams(lg)
	f.Series = []show.Series{{Name: "λ_g = 0 (causal)", X: gx, Y: gy, Style: show.LinePoints}, {Name: "λ_a = 0 (causal)", X: ax, Y: ay, Style: show.LinePoints},
		show.Scatter("gap λ_a − λ_g edges", alphas, gaps, nil)}
	basis := fmt.Sprintf("resolution %.3g in σ_w: the coarser sweep's grid spacing, within which a linearly interpolated zero crossing is located; %d α shared, each with one crossing in both sweeps", res, len(alphas))
	at := func(i int) string {
		return fmt.Sprintf("gap %+.3f at α = %.3g; gaps %s", gaps[i], alphas[i], fmtGaps(alphas, gaps))
	}
	lo := slices.Index(gaps, slices.Min(gaps))
	paper := lg.AtPaper() && la.AtPaper()
	return show.View{show.Fig(show.AtPaper(f, paper)),
		show.Agree(show.Agreement{Name: "Fig. 6: λ_g = 0 nowhere above λ_a = 0 (smallest gap)", Kind: show.Claim, Rule: show.AtLeast, Value: gaps[lo], Tol: -res,
			Figure: f.ID, Basis: basis, Note: at(lo), Paper: papers.Cowsik2024Fig6Order.Text}),
		show.Agree(show.Agreement{Name: "Fig. 6: λ_g = 0 below λ_a = 0 at the largest α", Kind: show.Claim, Rule: show.AtLeast, Value: gaps[len(gaps)-1], Tol: res,
			Figure: f.ID, Basis: basis, Note: at(len(gaps) - 1), Paper: papers.Cowsik2024Fig6Order.Text, Central: true}),
		show.Agree(show.Agreement{Name: "Fig. 6: the two edges meet at the smallest α", Kind: show.Claim, Value: gaps[0], Tol: res,
			Figure: f.ID, Basis: basis, Note: at(0), Paper: papers.Cowsik2024Fig6Order.Text}),
	}
}

// single keeps the crossings of the columns that have exactly one, in
// order of α.
func single(xs, ys []float64) (sx, sy []float64) {
	for i, x := range xs {
		n := 0
		for _, y := range xs {
			if y == x {
				n++
			}
		}
		if n == 1 {
			sx, sy = append(sx, x), append(sy, ys[i])
		}
	}
	return sx, sy
}

// spacing is the largest step between neighbouring values of y.
func spacing(y []float64) float64 {
	s := 0.0
	for i := 1; i < len(y); i++ {
		s = math.Max(s, y[i]-y[i-1])
	}
	return s
}

// fmtGaps is "α: gap" for each shared α.
func fmtGaps(alphas, gaps []float64) string {
	s := ""
	for i := range alphas {
		if i > 0 {
			s += ", "
		}
		s += fmt.Sprintf("%.3g: %+.2f", alphas[i], gaps[i])
	}
	return s
}
