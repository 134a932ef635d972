package render

import (
	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/result"
)

// disagreement is d as the report contract's record (nil for none): every
// field as it is, the seeds copied. Its timing is not mapped but computed
// by the contract from the record (bundle.Declaration.Timing). A caller
// bug in d (result.Disagreement.Wellformed) panics.
func disagreement(d *result.Disagreement) *show.Disagreement {
	if d == nil {
		return nil
	}
	must(d.Wellformed())
	dd := d.WithDataSeeds(d.Declared.DataSeeds...) // a copy sharing no slice
	return &show.Disagreement{Paper: dd.Paper, Measured: dd.Measured, Why: dd.Why,
		Declared: bundle.Declaration{Commit: dd.Declared.Commit, Pilot: dd.Declared.Pilot, PilotSeeds: dd.Declared.PilotSeeds,
			DataSeeds: dd.Declared.DataSeeds, Seen: dd.Declared.Seen}}
}
