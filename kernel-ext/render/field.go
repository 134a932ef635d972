package render

import (
	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/result"
)

// Field draws r as a quiver (show.Quiver: each step as a segment of
// extent (r.LX, r.LY) along its direction, and the segments' heads as
// points) with r's lines over it, in the figure f after r's checks. A
// caller bug (r.Wellformed fails) panics.
func Field(f show.Figure, r result.Field, opts ...Option) show.View {
	must(r.Wellformed())
	o := apply(opts)
	fig := figure(f, r.Caption, r.X, r.Y, r.Record, o)
	seg, heads := show.Quiver(r.Xs, r.Ys, r.DX, r.DY, r.LX, r.LY)
	fig.Series = append([]show.Series{seg, heads}, series(r.Lines)...)
	line := func(id string) (result.Line, bool) { return result.Curves{Lines: r.Lines}.Line(id) }
	var v show.View
	for _, c := range r.Checks {
		v = append(v, item(agreement(f.ID, c, line, nil, nil), c, r.Record))
	}
	return view(v, show.Fig(fig), o)
}
