package rankshow

import (
	"slices"

	"github.com/sigprop/sigprop/kernel-ext/show"
)

// declared returns a copy of d whose Declared.DataSeeds are seeds, the
// seeds of the runs the check reads (from the runs' records, never typed
// in the declaration).
func declared(d show.Disagreement, seeds ...uint64) *show.Disagreement {
	d.Declared.DataSeeds = slices.Clone(seeds)
	d.Declared.PilotSeeds = slices.Clone(d.Declared.PilotSeeds)
	return &d
}
