package shapednet

import (
	"fmt"
	"math"

	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/gauss"
	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/lib/result"
)

// The checks of Outputs.Spectrum: the KS level of the networks against
// the SDE's mixture, the |z| of E X⁴ against 3E[V_T²], and the z by which
// E X⁴ must exceed 3(E X²)² for the law to be a non-Gaussian mixture.
const (
	Eq21KSAlpha   = 0.001
	Eq21MomentTol = 4
	Eq21MixtureZ  = 4
)

// eq21Grid is the abscissa of the densities of Outputs.Spectrum and the
// range and bins of its histogram.
const (
	eq21Lo, eq21Hi = -6.0, 6.0
	eq21Points     = 121
	eq21Bins       = 48
)

// Spectrum is eq. (21) of Noci et al. 2023: the output X_out | V ∼ N(0,
// V_T ⊗ I) of a shaped network is a Gaussian scale mixture over the
// random covariance V_T. The networks' outputs (o.XNet, one unit of each
// network) beside the mixture density over the SDE's V_T
// (MixtureDensity) and, as a further line, N(0, E V_T), the Gaussian of
// the same variance; the checks: the KS distance of XNet against XSDE
// (level Eq21KSAlpha); E X⁴ of the networks against 3E[V_T²] of the SDE
// (|z| ≤ Eq21MomentTol, FourthMoment and SquaredMoment); and that the law
// is a genuine mixture, (E X⁴ − 3(E X²)²)/SE ≥ Eq21MixtureZ. The paper
// draws no such figure (Record.NoPaperFigure); the seed is the
// networks'. It panics on a caller bug: token count m < 1 or different in
// the SDE and the networks, or XNet, XSDE not one value per network and
// per path.
//
//sigprop:eq noci2023 eq21
func (o Outputs) Spectrum() result.SpectrumLines {
	run, r, xNet, xSDE := o.Net, o.SDE, o.XNet, o.XSDE
	m := run.M
	if m < 1 || r.M != m || len(xNet) != run.Nets || len(xSDE) != r.Paths {
		panic(fmt.Sprintf("shapednet: Outputs.Spectrum: m = %d and %d, %d outputs of %d networks, %d of %d paths", m, r.M, len(xNet), run.Nets, len(xSDE), r.Paths))
	}
	c := run.Config
	vSDE := r.Entry(0, 0)
	ev := 0.0
	for _, v := range vSDE {
		ev += v / float64(len(vSDE))
	}
	rho0 := 0.0
	if m > 1 {
		rho0 = run.InitialCorr(0, 1)
	}
	xs := empirical.Linspace(eq21Lo, eq21Hi, eq21Points)
	gaussian := make([]float64, len(xs))
	for i, x := range xs {
		gaussian[i] = gauss.Density(x, ev)
	}
	m4, se4, m2 := FourthMoment(xNet)
	t4, st4 := SquaredMoment(vSDE)
	return result.SpectrumLines{Spectrum: result.Spectrum{
		Caption:    fmt.Sprintf("One output unit of %d shaped-ReLU ResNets (γ = %s, width %d, T = %.2f) against the Gaussian scale mixture over %d SDE paths of V_T, and the Gaussian of the same variance.", run.Nets, GammaText(c.Gamma), c.Width, r.T, r.Paths),
		X:          result.Axis{Label: "X_out"},
		SampleName: "networks", Sample: xNet, TheoryName: "SDE", TheorySample: xSDE,
		Density: &result.Line{Name: "mixture over SDE V_T (Eq. 21)", Role: result.Theory, X: xs, Y: MixtureDensity(r.Final, m, 0, xs)},
		Lo:      eq21Lo, Hi: eq21Hi, Bins: eq21Bins,
		Checks: []result.Check{
			{Name: "Eq. 21: network outputs vs the SDE scale mixture (KS)", Kind: result.TheoryVsSimulation, Test: result.KS, Alpha: Eq21KSAlpha, Statement: papers.Noci2023Eq21,
				Basis: "one output unit per network and per path, independent draws"},
			{Name: "Eq. 21: E X⁴ of the networks vs 3E[V_T²] of the SDE (z)", Kind: result.TheoryVsSimulation, Value: (m4 - t4) / math.Hypot(se4, st4), Tol: Eq21MomentTol, Statement: papers.Noci2023Eq21,
				Basis: fmt.Sprintf("SE of both sample means (%d networks, %d paths): P(|z| > 4) ≈ 6e-5", run.Nets, r.Paths)},
			{Name: "Eq. 21: the output is a non-Gaussian mixture, (E X⁴ − 3(E X²)²)/SE", Kind: result.Claim, Rule: result.AtLeast, Value: (m4 - 3*m2*m2) / se4, Tol: Eq21MixtureZ,
				Basis: "the paper's unconditional law is a scale mixture, so E X⁴ > 3(E X²)² when V_T is random; z ≥ 4 with the SE of the networks' E X⁴ (the SE of 3(E X²)² is smaller and left out)"}},
		Record: result.Record{Params: map[string]float64{"n": float64(c.Width), "d": float64(c.Depth), "gamma": c.Gamma, "rho0": rho0, "nets": float64(run.Nets), "paths": float64(r.Paths)},
			Seed: run.Seed, HasSeed: true, NoPaperFigure: true}},
		Lines: []result.Line{{Name: "N(0, E V_T)", Role: result.Theory, X: xs, Y: gaussian}},
	}
}
