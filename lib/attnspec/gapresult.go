package attnspec

import (
	"fmt"
	"math"
	"math/cmplx"

	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/lib/result"
)

// GapBandT and GapBandS bound where the notes state the bands of the
// spectral-gap checks (lib/sources/tanner2024.md#check-26): T >= 256 and
// s <= 1. Elsewhere the checks are not applicable.
const (
	GapBandT = 256
	GapBandS = 1.0
)

// circlePoints is the number of points of the drawn circle |λ| = r_T.
const circlePoints = 200

// Curves is the spectral gap of g in the complex plane (F34): its
// eigenvalues and the circle of radius r_T = BulkRadius(T, s), with the
// checks |λ₁ − 1| (exact at any T: A1 = 1) and the notes' bands on
// |λ₂|/r_T, the share of the bulk outside 1.1 r_T (OutsideFraction) and
// σ₂/(2 r_T), stated for T >= GapBandT, s <= GapBandS and not applicable
// elsewhere. It claims the notes' figure at GapNotes' T and s
// (GapSettings.At). It panics unless g has T >= 2 eigenvalues and
// singular values (a caller bug: Run returns them).
//
//sigprop:eq tanner2024 F34
func (g GapResult) Curves() result.Curves {
	T, s, eigs, sv := g.Settings.T, g.Settings.S, g.Eigs, g.SV
	if T < 2 || len(eigs) != T || len(sv) != T {
		panic(fmt.Sprintf("attnspec: GapResult.Curves needs T ≥ 2 eigenvalues and singular values: T = %d, %d and %d", T, len(eigs), len(sv)))
	}
	r := BulkRadius(T, s)
	re, im := make([]float64, T), make([]float64, T)
	for i, v := range eigs {
		re[i], im[i] = real(v), imag(v)
	}
	th := empirical.Linspace(0, 2*math.Pi, circlePoints)
	cx, cy := make([]float64, circlePoints), make([]float64, circlePoints)
	for i, t := range th {
		cx[i], cy[i] = r*math.Cos(t), r*math.Sin(t)
	}
	na := ""
	if !(T >= GapBandT && s <= GapBandS) {
		na = fmt.Sprintf("the notes state this band for T ≥ %d, s ≤ %g; here T = %d, s = %g", GapBandT, GapBandS, T, s)
	}
	return result.Curves{
		Caption: fmt.Sprintf("Eigenvalues of a random %d×%d softmax matrix (s = %g): one at 1, the rest in the disc of radius r_T.", T, T, s),
		X:       result.Axis{Label: "Re λ"}, Y: result.Axis{Label: "Im λ"},
		Lines: []result.Line{{Name: "eigenvalues", Role: result.Simulated, X: re, Y: im},
			{Name: "|λ| = r_T", Role: result.Theory, X: cx, Y: cy}},
		Checks: []result.Check{
			{Name: "|λ₁ − 1|", Kind: result.TheoryVsClosedForm, Value: cmplx.Abs(eigs[0] - 1), Tol: 1e-10,
				Basis: fmt.Sprintf("A1 = 1 exactly; a nonsymmetric eigensolver at T = %d is accurate to ~1e-13 (lib/sources/tanner2024.md#check-25: 1e-10)", T)},
			{Name: "|λ₂|/r_T − 1", Kind: result.TheoryVsSimulation, Value: cmplx.Abs(eigs[1])/r - 1, Tol: 0.15, Statement: papers.TannerAttentionGap,
				Basis: "lib/sources/tanner2024.md#check-26: band [0.9, 1.15] for T ≥ 256, s ≤ 1 (observed 1.007–1.017 at T = 256–1024)", NotApplicable: na},
			{Name: "fraction of the bulk outside 1.1 r_T", Kind: result.TheoryVsSimulation, Value: OutsideFraction(eigs, 1.1*r), Tol: 0.05, Rule: result.AtMost, Statement: papers.TannerAttentionGap,
				Basis: "lib/sources/tanner2024.md#check-26: at least 95% of the non-outlier eigenvalues within 1.1 r_T", NotApplicable: na},
			{Name: "σ₂/(2 r_T) − 1", Kind: result.TheoryVsSimulation, Value: sv[1]/(2*r) - 1, Tol: 0.3,
				Basis: "quarter-circle law of the centred part; lib/sources/tanner2024.md#check-26 band [0.9, 1.3] (observed 0.99–1.19)", NotApplicable: na},
		},
		Record: result.Record{Params: map[string]float64{"T": float64(T), "s": s}, Seed: g.Settings.Seed, HasSeed: true, AtPaper: g.Settings.At(GapNotes())},
	}
}
