package rankshow

import (
	"github.com/sigprop/sigprop/kernel-ext/render"
	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/lib/rankexp"
)

// The views notebook 03 shows for the results rendered by kind
// (kernel-ext/render over rankexp's result methods), as its cells make
// them; the tests below read them as they read the builders'.

func propagationView(r rankexp.Propagations) show.View {
	return append(render.Curves(show.Figure{ID: "fig8-rho", Paper: papers.Claim(papers.Noci2022Fig8), PaperNote: "right, uniform attention"}, r.Rho(), render.Legend(show.TopLeft)),
		render.Curves(show.Figure{ID: "fig8-norm", Paper: papers.Claim(papers.Noci2022Fig8), PaperNote: "left, uniform attention"}, r.Norm(), render.Legend(show.TopLeft))...)
}

func rhoLimitsView(c rankexp.Eq15Curves) show.View {
	return render.Curves(show.Figure{ID: "eq15-limit", PaperNote: "Noci et al. 2022, Thm 3.3, eq. (15)"}, c.Limits(), render.Legend(show.TopLeft))
}

func feedForwardView(f rankexp.FeedForward) show.View {
	return render.Curves(show.Figure{ID: "fig10-relu", Paper: papers.Claim(papers.Noci2022Fig10), PaperNote: "uniform attention"}, f.Curves(), render.Legend(show.TopLeft))
}

func uniformityView(u rankexp.Uniformity) show.View {
	return render.Curves(show.Figure{ID: "fig7-uniformity", Paper: papers.Claim(papers.Noci2022Fig7)}, u.Curves())
}
