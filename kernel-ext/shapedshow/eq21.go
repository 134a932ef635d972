package shapedshow

import (
	"fmt"
	"math"

	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/gauss"
	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/lib/shapednet"
)

// Eq21Output fills f (the notebook's eq21-output) with eq. (21) of Noci et
// al. 2023: the output X_out | V ∼ N(0, V_T ⊗ I) of a shaped network is a
// Gaussian scale mixture over the random covariance V_T, from o (a
// shapednet.OutputSettings run): o.XNet is one output unit of each network
// of o.Net and o.XSDE one unit per path of o.SDE, the SDE of the same
// network to T = depth/width; the seed shown is the networks'. The figure:
// the networks' histogram, the mixture density over r's V_T
// (shapednet.MixtureDensity) and N(0, E V_T). Then three checks: the KS
// distance of xNet against xSDE (level 0.1%); E X⁴ of the networks against
// 3E[V_T²] of the SDE (|z| ≤ 4, shapednet.FourthMoment and SquaredMoment);
// and that the law is a genuine mixture, (E X⁴ − 3(E X²)²)/SE ≥ 4. It
// panics unless the SDE and the networks have token count m ≥ 1 and
// XNet, XSDE one value per network and per path.
func Eq21Output(f show.Figure, o shapednet.Outputs) show.View {
	run, r, xNet, xSDE, seed := o.Net, o.SDE, o.XNet, o.XSDE, o.Net.Seed
	m := run.M
	want(m >= 1 && r.M == m && len(xNet) == run.Nets && len(xSDE) == r.Paths, "Eq21Output: m = %d and %d, %d outputs of %d networks, %d of %d paths", m, r.M, len(xNet), run.Nets, len(xSDE), r.Paths)
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
	xs := empirical.Linspace(-6, 6, 121)
	f.Caption = fmt.Sprintf("One output unit of %d shaped-ReLU ResNets (γ = %s, width %d, T = %.2f) against the Gaussian scale mixture over %d SDE paths of V_T, and the Gaussian of the same variance.", run.Nets, shapednet.GammaText(c.Gamma), c.Width, r.T, r.Paths)
	f.XLabel, f.YLabel, f.LogY, f.Seed = "X_out", "density", true, show.Seed(seed)
	f.Series = []show.Series{show.HistSeries("networks", xNet, -6, 6, 48, show.Points),
		{Name: "mixture over SDE V_T (Eq. 21)", X: xs, Y: shapednet.MixtureDensity(r.Final, m, 0, xs)},
		show.Curve("N(0, E V_T)", xs, func(x float64) float64 { return gauss.Density(x, ev) })}
	f.Params = map[string]float64{"n": float64(c.Width), "d": float64(c.Depth), "gamma": c.Gamma, "rho0": rho0, "nets": float64(run.Nets), "paths": float64(r.Paths)}
	m4, se4, m2 := shapednet.FourthMoment(xNet)
	t4, st4 := shapednet.SquaredMoment(vSDE)
	return show.View{show.Fig(f),
		show.Agree(show.KS(show.Agreement{Name: "Eq. 21: network outputs vs the SDE scale mixture (KS)", Kind: show.TheoryVsSimulation, Figure: f.ID, Paper: papers.Noci2023Eq21.Text,
			Basis: "one output unit per network and per path, independent draws"}, xNet, xSDE, 0.001)),
		show.Agree(show.Agreement{Name: "Eq. 21: E X⁴ of the networks vs 3E[V_T²] of the SDE (z)", Kind: show.TheoryVsSimulation, Value: (m4 - t4) / math.Hypot(se4, st4), Tol: 4, Figure: f.ID, Paper: papers.Noci2023Eq21.Text,
			Basis: fmt.Sprintf("SE of both sample means (%d networks, %d paths): P(|z| > 4) ≈ 6e-5", run.Nets, r.Paths)}),
		show.Agree(show.Agreement{Name: "Eq. 21: the output is a non-Gaussian mixture, (E X⁴ − 3(E X²)²)/SE", Kind: show.Claim, Rule: show.AtLeast, Value: (m4 - 3*m2*m2) / se4, Tol: 4, Figure: f.ID,
			Basis: "the paper's unconditional law is a scale mixture, so E X⁴ > 3(E X²)² when V_T is random; z ≥ 4 with the SE of the networks' E X⁴ (the SE of 3(E X²)² is smaller and left out)"})}
}
