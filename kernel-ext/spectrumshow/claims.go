package spectrumshow

import (
	"fmt"
	"slices"

	"github.com/sigprop/sigprop/kernel-ext/show"
)

// paperUnless is claim for a check that declares no disagreement, and ""
// for one that does (its Disagreement carries the claim).
func paperUnless(claim string, d *show.Disagreement) string {
	if d != nil {
		return ""
	}
	return claim
}

// withDataSeeds is a copy of d whose Declared.DataSeeds are seeds, the
// seeds of the data its check reads; nil for nil.
func withDataSeeds(d *show.Disagreement, seeds []uint64) *show.Disagreement {
	if d == nil {
		return nil
	}
	dd := *d
	dd.Declared.DataSeeds = slices.Clone(seeds)
	return &dd
}

// declare is v with the check named name carrying the known disagreement
// d (nil: v unchanged): its Paper moved to the disagreement (paperUnless)
// and d's record completed with seeds, the seeds of the data it reads
// (withDataSeeds). lib/result carries no disagreement: the notebook
// declares it and this package attaches it to the rendered check. It
// panics unless v has the check (a caller bug).
func declare(v show.View, name string, d *show.Disagreement, seeds []uint64) show.View {
	if d == nil {
		return v
	}
	out := slices.Clone(v)
	for i, it := range out {
		if a, ok := it.Agreement(); ok && a.Name == name {
			a.Disagreement = withDataSeeds(d, seeds)
			a.Paper = paperUnless(a.Paper, a.Disagreement)
			out[i] = show.Agree(a)
			return out
		}
	}
	panic(fmt.Sprintf("spectrumshow: no check %q to declare a disagreement on", name))
}
