package render

import (
	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/result"
)

// CheckList shows r's Notes, one text each, then its checks of the
// figure or table id (as Checks does). A caller bug (r.Wellformed fails)
// panics.
func CheckList(id string, r result.CheckList) show.View {
	must(r.Wellformed())
	var v show.View
	for _, s := range r.Notes {
		v = append(v, show.Text(s))
	}
	return append(v, Checks(id, r.Checks, r.Record)...)
}
