package spectrumshow

import (
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
