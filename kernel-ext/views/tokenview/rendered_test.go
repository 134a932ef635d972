package tokenview

import (
	"fmt"

	"github.com/sigprop/sigprop/kernel-ext/render"
	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/lib/result"
	"github.com/sigprop/sigprop/lib/tokencheck"
)

// The views notebook 02 shows for the figures rendered by kind
// (kernel-ext/render over tokencheck's result functions), as its cells
// make them; the tests read them as they read the builders'.

func oneBlockView(k int, c tokencheck.Curves) show.View {
	return render.Checks("", c.OneBlockChecks(k), result.Record{})
}

func layerView(c tokencheck.Curves, checkNorm bool) show.View {
	return render.Curves(show.Figure{ID: fmt.Sprintf("fig2-layers-sw%g", c.Model.SigmaW), Paper: papers.Claim(papers.Cowsik2024Fig2), PaperNote: "second and third columns, means"},
		c.LayerCurves(checkNorm), render.After())
}

func histogramView(h tokencheck.Histograms) show.View {
	norms, cosines := h.Planes()
	fig := func(kind, column string) show.Figure {
		return show.Figure{ID: fmt.Sprintf("fig2-hist-%s-sw%g", kind, h.Model.SigmaW), Paper: papers.Claim(papers.Cowsik2024Fig2),
			PaperNote: column + " column, " + tokencheck.Fig2Row(h.Model) + " row"}
	}
	return append(render.Plane(fig("norms", "second"), norms, render.Legend(show.NoLegend)), render.Plane(fig("cosines", "third"), cosines, render.Legend(show.NoLegend))...)
}

func symmetryView(s tokencheck.Symmetry) show.View {
	return render.Curves(show.Figure{ID: "fig3-symmetry", Paper: papers.Claim(papers.Cowsik2024Fig3)}, s.Curves(), render.After())
}

func angleSliceView(f show.Figure, e tokencheck.Exponents, edge float64, fine []float64) show.View {
	return render.Curves(f, e.AngleSliceCurves(edge, fine), render.After())
}

func gradientSliceView(f show.Figure, es []tokencheck.Exponents, fine []float64) show.View {
	return render.Curves(f, tokencheck.GradientSliceCurves(es, fine), render.After())
}

func errataView(e tokencheck.Exponents, agree int, caption string) show.View {
	return render.Curves(show.Figure{ID: "errata-lambda-g"}, e.ErrataCurves(agree, caption), render.After())
}

func lambdaAPlaneView(theory, numeric show.Figure, a tokencheck.PlaneAxes, sim tokencheck.SimPlane) show.View {
	th, nu := tokencheck.LambdaAPlanes(a, sim)
	return append(render.Plane(theory, th), render.Plane(numeric, nu, render.After())...)
}

func lambdaGPlaneView(theory, numeric show.Figure, a tokencheck.PlaneAxes, sim tokencheck.SimPlane) show.View {
	th, nu := tokencheck.LambdaGPlanes(a, sim)
	v := append(render.Plane(theory, th), render.Plane(numeric, nu)...)
	return append(v, gradientChecksView(numeric.ID, tokencheck.GradientPlane(a.Plane, sim, sim.L))...)
}

func gradientChecksView(id string, a tokencheck.PlaneAgreement) show.View {
	return render.Checks(id, a.Checks(id), result.Record{})
}

func widthBiasView(w tokencheck.WidthBias) show.View {
	return render.CheckList(fmt.Sprintf("fig2-layers-sw%g", w.Model.SigmaW), w.Checks())
}

func causalView(f show.Figure, label string, causal, acausal tokencheck.SimPlane) show.View {
	return render.Plane(f, tokencheck.CausalPlane(label, causal, acausal), render.After())
}

func contourView(f show.Figure, lg, la tokencheck.SimPlane) show.View {
	return render.Curves(f, tokencheck.ContourOrder(lg, la), render.After())
}
