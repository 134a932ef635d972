package finiteview

import (
	rd "github.com/sigprop/sigprop/kernel-ext/render"
	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/finitewidth"
	"github.com/sigprop/sigprop/lib/result"
)

// The views notebook 08 shows, as its cells make them (kernel-ext/render
// over lib/finitewidth's results); the tests read them.

// variance is the variance figure id of a one-case r with beyond declared,
// and for a case with an exact law of Var log q̂ (ReLU) figure id-log.
func variance(id string, r finitewidth.CheckResult, beyond *result.Disagreement) show.View {
	v := rd.Curves(show.Figure{ID: id}, r.Variance(id, beyond), rd.Wide(), rd.After())
	if r.HasLogVariance() {
		v = append(v, rd.Curves(show.Figure{ID: id + "-log"}, r.LogVariance(id+"-log"), rd.Wide(), rd.After())...)
	}
	return v
}

// blockView is the block named name compared at its widths: figure id
// with the checks and, unless a post-norm fixes q̂, figure id-q.
func blockView(id, name string, cs, wrong []*finitewidth.BlockComparison) show.View {
	rho, q := finitewidth.BlockVariance(name, cs, wrong)
	v := rd.Curves(show.Figure{ID: id}, rho, rd.After())
	if q != nil {
		v = append(v, rd.Curves(show.Figure{ID: id + "-q"}, *q)...)
	}
	return v
}
