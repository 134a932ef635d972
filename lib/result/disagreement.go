package result

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// Disagreement is a known disagreement of a check with its source, as
// data: what the source says (Paper, the claim as the source makes it),
// what sigprop measures instead (Measured), why the two differ (Why), and
// the facts known when it was declared (Declared). A check carries it in
// Check.Disagreement; the renderer hands it to the report contract
// (kernel-ext/contract/bundle.Disagreement), whose
// bundle.Declaration.Timing computes from Declared whether it was
// pre-registered or declared after the result was seen: no timing is
// stated here, in a caption or in prose.
//
// It is never set from the result: a check whose value happens to fail
// does not become a known disagreement; the record is written when the
// disagreement is declared (in the commit Declared.Commit names) and only
// its DataSeeds are filled from the run (WithDataSeeds).
type Disagreement struct {
	Paper    string
	Measured string
	Why      string
	Declared Declaration
}

// Declaration is what was known when a disagreement was declared
// (bundle.Declaration field by field): the declaring Commit (an
// abbreviated hash), the Pilot that decided it and the pilot's
// PilotSeeds ("" and nil when no pilot did), the DataSeeds of the data
// the check reads in the report (set from the run by the experiment that
// makes the check, WithDataSeeds; nil when not recorded), and Seen, where
// the check's result could be read before the declaration ("" when
// nowhere).
type Declaration struct {
	Commit     string
	Pilot      string
	PilotSeeds []uint64
	DataSeeds  []uint64
	Seen       string
}

// WithDataSeeds returns a copy of d whose Declared.DataSeeds are seeds
// (copied: the copy shares no slice with d or seeds); nil stays nil.
func (d *Disagreement) WithDataSeeds(seeds ...uint64) *Disagreement {
	if d == nil {
		return nil
	}
	dd := d.clone()
	dd.Declared.DataSeeds = slices.Clone(seeds)
	return dd
}

// clone is a copy of d sharing no slice with it.
func (d *Disagreement) clone() *Disagreement {
	dd := *d
	dd.Declared.PilotSeeds = slices.Clone(d.Declared.PilotSeeds)
	dd.Declared.DataSeeds = slices.Clone(d.Declared.DataSeeds)
	return &dd
}

var commitHash = regexp.MustCompile(`^[0-9a-f]{7,40}$`)

// Wellformed reports a caller bug in d: an empty Paper, Measured or Why, a
// Commit that is not a hash (7 to 40 hex digits), a pilot without seeds
// or seeds without a pilot. A nil d is well formed (no disagreement).
func (d *Disagreement) Wellformed() error {
	switch {
	case d == nil:
		return nil
	case strings.TrimSpace(d.Paper) == "" || strings.TrimSpace(d.Measured) == "" || strings.TrimSpace(d.Why) == "":
		return fmt.Errorf("result: a disagreement must say what the source says, what is measured and why (%q, %q, %q)", d.Paper, d.Measured, d.Why)
	case !commitHash.MatchString(d.Declared.Commit):
		return fmt.Errorf("result: disagreement declared in commit %q, want its hash (7 to 40 hex digits)", d.Declared.Commit)
	case d.Declared.Pilot != "" && len(d.Declared.PilotSeeds) == 0:
		return fmt.Errorf("result: disagreement's pilot %q names no seeds", d.Declared.Pilot)
	case d.Declared.Pilot == "" && len(d.Declared.PilotSeeds) > 0:
		return fmt.Errorf("result: disagreement has pilot seeds %v without a pilot", d.Declared.PilotSeeds)
	}
	return nil
}
