package render

import (
	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/result"
)

// SampleCurves draws r as Curves draws r.Curves (with its options), with
// each sample's comparison after r's own checks and remarks, in order:
// its checks (as Checks shows them, claiming as r.Record does) or its
// NotCompared line. A caller bug (r.Wellformed fails) panics.
func SampleCurves(f show.Figure, r result.SampleCurves, opts ...Option) show.View {
	must(r.Wellformed())
	o := apply(opts)
	v, fig := curveItems(f, r.Curves, o)
	for _, s := range r.Samples {
		if s.NotCompared != "" {
			v = append(v, show.Text(s.NotCompared))
			continue
		}
		v = append(v, Checks(f.ID, s.Checks, r.Record)...)
	}
	return view(v, fig, o)
}
