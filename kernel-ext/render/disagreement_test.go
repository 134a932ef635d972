package render

import (
	"reflect"
	"testing"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/result"
)

// declared is a curves result whose claim check (max |z| 0.5 against a
// tolerance of 0.1: it fails) carries a declared disagreement with the
// given pilot and data seeds and Seen.
func declared(pilot, data []uint64, seen string) result.Curves {
	c := curves(1, true)
	c.Checks = c.Checks[:1]
	c.Checks[0].Tol = 0.1
	d := &result.Disagreement{Paper: "the paper's claim", Measured: "max |z| 0.5", Why: "a reason",
		Declared: result.Declaration{Commit: "abc1234", Seen: seen}}
	if len(pilot) > 0 {
		d.Declared.Pilot, d.Declared.PilotSeeds = "a pilot", pilot
	}
	c.Checks[0].Disagreement = d.WithDataSeeds(data...)
	return c
}

// TestDisagreementTiming: a check's declared disagreement reaches the
// metric field by field, and its timing, computed by the contract from
// the record, is pre-registered only for a pilot whose seeds are not the
// data's and a result not seen before; a pilot sharing a seed with the
// data, a result seen, no pilot or data seeds not recorded come out
// "declared after the result was seen". The failed check is a known
// disagreement.
func TestDisagreementTiming(t *testing.T) {
	for _, c := range []struct {
		name        string
		pilot, data []uint64
		seen        string
		want        bundle.Timing
	}{
		{"pilot on other seeds", []uint64{77}, []uint64{1, 2}, "", bundle.PreRegistered},
		{"pilot seeds overlap the data's", []uint64{2, 77}, []uint64{1, 2}, "", bundle.AfterSeen},
		{"seen before", []uint64{77}, []uint64{1, 2}, "a commit message", bundle.AfterSeen},
		{"no pilot", nil, []uint64{1, 2}, "", bundle.AfterSeen},
		{"data seeds not recorded", []uint64{77}, nil, "", bundle.AfterSeen},
	} {
		r := declared(c.pilot, c.data, c.seen)
		m := metric(t, Curves(show.Figure{ID: "f"}, r).Agreements()[0])
		d := m.Disagreement
		if d == nil {
			t.Fatalf("%s: the metric carries no disagreement", c.name)
		}
		rd := r.Checks[0].Disagreement
		want := bundle.Disagreement{Paper: rd.Paper, Measured: rd.Measured, Why: rd.Why, Declared: bundle.Declaration{Commit: "abc1234",
			Pilot: rd.Declared.Pilot, PilotSeeds: c.pilot, DataSeeds: c.data, Seen: c.seen}}
		if !reflect.DeepEqual(*d, want) {
			t.Errorf("%s: record %+v, want %+v", c.name, *d, want)
		}
		if got := d.Declared.Timing(); got != c.want {
			t.Errorf("%s: timing %q, want %q", c.name, got, c.want)
		}
		if m.Outcome() != bundle.Known {
			t.Errorf("%s: outcome %q, want %q", c.name, m.Outcome(), bundle.Known)
		}
	}
}

// TestDisagreementNotShared: the metric's record shares no slice with the
// result's, and a check without a disagreement has none.
func TestDisagreementNotShared(t *testing.T) {
	r := declared([]uint64{77}, []uint64{1}, "")
	a := Curves(show.Figure{ID: "f"}, r).Agreements()[0]
	r.Checks[0].Disagreement.Declared.DataSeeds[0] = 77
	r.Checks[0].Disagreement.Declared.PilotSeeds[0] = 1
	if a.Disagreement.Declared.DataSeeds[0] != 1 || a.Disagreement.Declared.PilotSeeds[0] != 77 {
		t.Errorf("the rendered record follows the result's: %+v", a.Disagreement.Declared)
	}
	if a := Curves(show.Figure{ID: "f"}, curves(1, true)).Agreements()[0]; a.Disagreement != nil {
		t.Errorf("a check without a declaration got %+v", a.Disagreement)
	}
}

// TestDisagreementMalformedPanics: a record without its commit is a
// caller bug the renderer refuses.
func TestDisagreementMalformedPanics(t *testing.T) {
	r := declared(nil, []uint64{1}, "")
	r.Checks[0].Disagreement.Declared.Commit = ""
	defer func() {
		if recover() == nil {
			t.Error("no panic on a disagreement without its commit")
		}
	}()
	Curves(show.Figure{ID: "f"}, r)
}
