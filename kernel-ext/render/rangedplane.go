package render

import (
	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/result"
)

// RangedPlane draws r as Plane draws r.Plane (with its checks and
// options), its colour scale spanning [r.Min, r.Max]. A caller bug
// (r.Wellformed fails) panics.
func RangedPlane(f show.Figure, r result.RangedPlane, opts ...Option) show.View {
	must(r.Wellformed())
	v := Plane(f, r.Plane, opts...)
	for i, it := range v {
		if fig, ok := it.Figure(); ok {
			h := *fig.Heat
			h.Min, h.Max = r.Min, r.Max
			fig.Heat = &h
			v[i] = show.Fig(fig)
		}
	}
	return v
}
