package render

import (
	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/result"
)

// Densities draws r's pairs in the figure f after r's checks: each
// pair's sample as its histogram (Points, r.Bins bins on [Lo, Hi]), its
// kernel density estimate (Line, at 4·Bins + 1 points) or both, and its
// reference as a kernel density estimate (Dashed) in the colour of the
// sample's last series; a KS check compares the pair it names (its
// sample against its reference) or its own Samples. A caller bug
// (r.Wellformed fails) panics.
func Densities(f show.Figure, r result.Densities, opts ...Option) show.View {
	must(r.Wellformed())
	o := apply(opts)
	fig := figure(f, r.Caption, r.X, result.Axis{Label: "density"}, r.Record, o)
	k := 4*r.Bins + 1
	for _, p := range r.Pairs {
		switch p.Draw {
		case result.DrawHistogram:
			fig.Series = append(fig.Series, show.HistSeries(p.Name, p.Sample, r.Lo, r.Hi, r.Bins, show.Points))
		case result.DrawKDE:
			fig.Series = append(fig.Series, show.KDESeries(p.Name, p.Sample, r.Lo, r.Hi, k, show.Line))
		case result.DrawBoth:
			fig.Series = append(fig.Series, show.HistSeries(p.Name, p.Sample, r.Lo, r.Hi, r.Bins, show.Points),
				show.KDESeries(p.Name+" (KDE)", p.Sample, r.Lo, r.Hi, k, show.Line))
		}
		ref := show.KDESeries(p.RefName, p.Ref, r.Lo, r.Hi, k, show.Dashed)
		ref.Colour = len(fig.Series) // the colour of series len − 1, the sample's last
		fig.Series = append(fig.Series, ref)
	}
	var v show.View
	for _, c := range r.Checks {
		var x, y []float64
		if p, ok := r.Pair(c.Sim); ok {
			x, y = p.Sample, p.Ref
		}
		v = append(v, item(agreement(o.checkID(f.ID), c, noLine, x, y), c, r.Record))
	}
	return view(v, show.Fig(fig), o)
}
