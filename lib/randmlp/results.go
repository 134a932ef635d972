package randmlp

import (
	"fmt"

	"github.com/sigprop/sigprop/lib/meanfield"
	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/lib/result"
)

// This file gives the finite-network checks of the mean-field maps as the
// result kinds of lib/result, drawn by kernel-ext/render, with their
// claims (the lecture's statements, papers.TannerQMap, TannerCMap,
// TannerChi1) and whether they claim the lecture's figure (the Lecture…
// settings' Ran and At). Their z checks count the network as the sample
// unit (result.MaxZNets: the normal equivalent of a t-score over the
// networks).

// BothInputs is the sample unit of a QCheckSettings run.
const BothInputs = "the average of its 2 inputs, which share its weights"

// LayerChecks is the layer checks of one QCheckSettings or CCheckSettings
// run, one per case.
type LayerChecks []LayerCheck

// nets returns the mean-field networks of cs, which must share one width
// and number of networks (a caller bug otherwise: it panics).
func (cs LayerChecks) nets(fn string) (mf []meanfield.Net, width, nets int) {
	if len(cs) == 0 {
		panic(fmt.Sprintf("randmlp: %s: no checks", fn))
	}
	out := make([]meanfield.Net, len(cs))
	width, nets = cs[0].MLP.Width, cs[0].Nets
	for k, r := range cs {
		if r.MLP.Width != width || r.Nets != nets {
			panic(fmt.Sprintf("randmlp: %s: check %d ran %d networks of width %d, check 0 %d of width %d", fn, k, r.Nets, r.MLP.Width, nets, width))
		}
		out[k] = r.MLP.MeanField()
	}
	return out, width, nets
}

// family describes the activation and σ_b² that nets share, as "tanh,
// σ_b² = 0.05", and reports whether they share them.
func family(nets []meanfield.Net) (desc string, same bool) {
	phi, b2 := nets[0].Phi.Name, nets[0].SigmaB2
	for _, n := range nets {
		if n.Phi.Name != phi || n.SigmaB2 != b2 {
			return "the activations and σ_b² of the legend", false
		}
	}
	return fmt.Sprintf("%s, σ_b² = %g", phi, b2), true
}

// falseAlarm bounds the chance that one of k independent z-scores passes 5
// under the null, k·P(|z| > 5) with P(|z| > 5) < 5.8e-7, in words.
func falseAlarm(k int) string {
	if p := float64(k) * 5.8e-7; p >= 1e-5 {
		return fmt.Sprintf("about %.1e", p)
	}
	return "below 1e-5"
}

// QCurves is the q-map against finite networks: for each start q¹ of a
// QCheckSettings run, the q-map's line and the networks' mean ± SE
// against layer, with a z check over the networks (tolerance 5), claiming
// the lecture's figure at LectureQIteration only.
func (cs LayerChecks) QCurves() result.Curves {
	mf, width, nets := cs.nets("QCurves")
	_, same := family(mf)
	w2 := mf[0].SigmaW2
	for _, n := range mf {
		same = same && n.SigmaW2 == w2
	}
	paper := LectureQIteration().Ran(cs)
	c := result.Curves{X: result.Axis{Label: "layer ℓ"}, Y: result.Axis{Label: "q^ℓ"}}
	for k, r := range cs {
		th, sim := fmt.Sprintf("q-map from q¹=%g", r.Start), fmt.Sprintf("sim %d", k)
		c.Lines = append(c.Lines, result.Line{Name: th, Role: result.Theory, X: r.Layers, Y: r.Theory},
			result.Line{Key: sim, Name: fmt.Sprintf("N=%d, %d nets", width, nets), Role: result.Simulated, X: r.Layers, Y: r.Mean, SE: r.SE})
		c.Checks = append(c.Checks, result.Check{Name: fmt.Sprintf("q-map vs simulation from q¹=%g: max |z|", r.Start), Test: result.MaxZNets, Sim: sim, Theory: th, Tol: 5,
			Nets: r.Nets, Unit: BothInputs, Statement: papers.TannerQMap,
			Basis: fmt.Sprintf("N = %d, Gaussian weights; 5 keeps a false alarm over %d layers %s", width, len(r.Layers), falseAlarm(len(r.Layers)))})
	}
	c.Caption = "q^ℓ of the networks of the legend: the q-map (lines) against finite networks (points, ±1 SE)."
	params := map[string]float64{"width": float64(width)}
	if same {
		c.Caption = fmt.Sprintf("q^ℓ for %s, σ_w² = %g, σ_b² = %g: the q-map (lines) against finite networks (points, ±1 SE).", mf[0].Phi.Name, w2, mf[0].SigmaB2)
		params["sigma_w2"], params["sigma_b2"] = w2, mf[0].SigmaB2
		if q, err := mf[0].QStar(); err == nil && paper {
			c.Caption += fmt.Sprintf(" Both starts converge to q* = %.4f within a few layers.", q)
		} else if err == nil {
			c.Caption += fmt.Sprintf(" The fixed point is q* = %.4f.", q)
		}
	}
	c.Record = result.Record{Params: params, Seed: cs[0].Seed, HasSeed: true, AtPaper: paper}
	return c
}

// CCurves is the covariance map against finite networks: for each case
// (σ_w², c¹) of a CCheckSettings run, the map's line and the networks'
// mean ± SE of the correlation of two inputs against layer, with a z
// check over the networks (tolerance 5), claiming the lecture's figure at
// LectureCIteration only.
func (cs LayerChecks) CCurves() result.Curves {
	mf, width, _ := cs.nets("CCurves")
	fam, same := family(mf)
	c := result.Curves{Caption: fmt.Sprintf("Correlation of two inputs, %s: covariance map (lines) against finite networks (points, ±1 SE).", fam),
		X: result.Axis{Label: "layer ℓ"}, Y: result.Axis{Label: "c^ℓ"}}
	for k, r := range cs {
		th, sim := fmt.Sprintf("σ_w²=%g, c¹=%g", mf[k].SigmaW2, r.Start), fmt.Sprintf("sim %d", k)
		c.Lines = append(c.Lines, result.Line{Name: th, Role: result.Theory, X: r.Layers, Y: r.Theory},
			result.Line{Key: sim, Role: result.Simulated, X: r.Layers, Y: r.Mean, SE: r.SE})
		c.Checks = append(c.Checks, result.Check{Name: fmt.Sprintf("c-map vs simulation, σ_w²=%g, c¹=%g: max |z|", mf[k].SigmaW2, r.Start), Test: result.MaxZNets, Sim: sim, Theory: th, Tol: 5,
			Nets: r.Nets, Unit: "the correlation of its input pair", Statement: papers.TannerCMap,
			Basis: fmt.Sprintf("width %d; 5 keeps a false alarm over %d layers %s", width, len(r.Layers), falseAlarm(len(r.Layers)))})
	}
	params := map[string]float64{}
	if same {
		params["sigma_b2"] = mf[0].SigmaB2
	}
	params["width"] = float64(width)
	c.Record = result.Record{Params: params, Seed: cs[0].Seed, HasSeed: true, AtPaper: LectureCIteration().Ran(cs)}
	return c
}

// XiCCurves is the decay of 1 − c^ℓ (a CCheckSettings run with Gap, one
// case) against the c-map and the asymptote e^{−ℓ/ξ_c} through the last
// layer (meanfield.DecayThrough), with a z check over the networks
// (tolerance 5), claiming the lecture's figure at LectureXiC only.
func (r LayerCheck) XiCCurves(xiC float64) result.Curves {
	mf, width, _ := LayerChecks{r}.nets("XiCCurves")
	n, depth := mf[0], len(r.Layers)
	paper := LectureXiC().Ran([]LayerCheck{r})
	caption := fmt.Sprintf("%s, σ_w² = %g, σ_b² = %g: 1 − c^ℓ against the c-map and e^{−ℓ/ξ_c}, ξ_c = %.3f.", n.Phi.Name, n.SigmaW2, n.SigmaB2, xiC)
	if paper {
		caption = fmt.Sprintf("Ordered phase, tanh, σ_w² = 1.2, σ_b² = 0.05: 1 − c^ℓ decays like e^{−ℓ/ξ_c}, ξ_c = %.3f.", xiC)
	}
	return result.Curves{Caption: caption, X: result.Axis{Label: "layer ℓ"}, Y: result.Axis{Label: "1 − c^ℓ", Log: true},
		Lines: []result.Line{{Name: "c-map", Role: result.Theory, X: r.Layers, Y: r.Theory},
			{Name: "e^{−ℓ/ξ_c}", Role: result.Theory, X: r.Layers, Y: meanfield.DecayThrough(r.Layers, r.Theory[depth-1], float64(depth), xiC)},
			{Name: fmt.Sprintf("N=%d", width), Role: result.Simulated, X: r.Layers, Y: r.Mean, SE: r.SE}},
		Checks: []result.Check{{Name: fmt.Sprintf("1 − c^ℓ vs simulation, σ_w²=%g: max |z|", n.SigmaW2), Test: result.MaxZNets, Sim: fmt.Sprintf("N=%d", width), Theory: "c-map", Tol: 5,
			Nets: r.Nets, Unit: "1 − the correlation of its input pair", Statement: papers.TannerCMap, Basis: fmt.Sprintf("width %d; 5 over %d layers", width, depth)}},
		Record: result.Record{Params: map[string]float64{"sigma_w2": n.SigmaW2, "sigma_b2": n.SigmaB2, "width": float64(width)}, Seed: r.Seed, HasSeed: true, AtPaper: paper}}
}

// Curves is χ₁ on and beside the critical line: the theory at each point
// and the networks' mean ± SE, with the lecture's claim that χ₁ = 1 on the
// line (papers.TannerChi1) as a z check over the networks (tolerance 5),
// claiming the lecture's Fig. 1 at LectureChi1 only.
func (p Chi1Points) Curves() result.Curves {
	k, units := len(p.SigmaW2), p.Nets*p.Width
	paper := p.At(LectureChi1())
	crit := fmt.Sprintf("%d of %s's", k/3, p.Phi)
	if paper {
		crit = "five"
	}
	sim := fmt.Sprintf("N=%d simulation", p.Width)
	return result.Curves{Caption: fmt.Sprintf("χ₁ at %s critical points (σ_w² on the curve, χ₁ = 1) and %g to either side of each: mean-field theory and finite networks (±1 SE).", crit, p.Offset),
		X: result.Axis{Label: "σ_w²"}, Y: result.Axis{Label: "χ₁"},
		Lines: []result.Line{{Name: "theory", Role: result.TheoryPoints, X: p.SigmaW2, Y: p.Theory}, {Name: sim, Role: result.Simulated, X: p.SigmaW2, Y: p.Mean, SE: p.SE}},
		Checks: []result.Check{{Name: "χ₁ on and beside the critical line vs simulation: max |z|", Test: result.MaxZNets, Sim: sim, Theory: "theory", Tol: 5,
			Nets: p.Nets, Unit: fmt.Sprintf("the mean over its %d units, which share its last-layer input", p.Width), Statement: papers.TannerChi1, Central: true,
			Basis: fmt.Sprintf("%d units per point; 5 over %d points", units, k)}},
		Record: result.Record{Params: map[string]float64{"width": float64(p.Width), "depth": float64(p.Depth)}, Seed: p.Seed, HasSeed: true, AtPaper: paper}}
}
