package diff

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/sigprop/sigprop/reports/publish"
)

// ConformanceDiff describes one row of the conformance list (a source
// figure or table) that changed between two reports.
type ConformanceDiff struct {
	ID        string   `json:"id"`     // e.g. "noci2022-fig8"
	Status    string   `json:"status"` // changed, added, removed
	OldStatus string   `json:"old_status,omitempty"`
	NewStatus string   `json:"new_status,omitempty"`
	OldWorst  *float64 `json:"old_worst_ratio,omitempty"`
	NewWorst  *float64 `json:"new_worst_ratio,omitempty"`
	// Crossed: the worst |value|/tolerance crossed 1 (passing ↔ failing),
	// or appeared or disappeared on one side of 1.
	Crossed bool `json:"crossed,omitempty"`
	// Changes lists what changed: "status partial -> reproduced",
	// "figures +03-rank-collapse#fig8-norm", "worst ratio 0.4 -> 1.3".
	Changes []string `json:"changes,omitempty"`
}

// compareConformance compares the conformance rows of a and b. It is
// skipped (nil, false) when either report predates the conformance list.
func compareConformance(a, b *publish.Manifest) ([]ConformanceDiff, bool) {
	if len(a.Conformance) == 0 || len(b.Conformance) == 0 {
		return nil, false
	}
	out := join(a.Conformance, b.Conformance, func(e *publish.ConformanceEntry) string { return e.ID }, strings.Compare,
		func(id string, o, n *publish.ConformanceEntry) ConformanceDiff {
			d := ConformanceDiff{ID: id}
			if o != nil {
				d.OldStatus, d.OldWorst = o.Verdict(), worstPtr(o)
			}
			if n != nil {
				d.NewStatus, d.NewWorst = n.Verdict(), worstPtr(n)
			}
			switch {
			case o == nil:
				d.Status = Added
				d.Changes = append(d.Changes, "added with outcome "+n.Verdict())
			case n == nil:
				d.Status = Removed
				d.Changes = append(d.Changes, "removed (was "+o.Verdict()+")")
			default:
				if o.Verdict() != n.Verdict() {
					d.Changes = append(d.Changes, fmt.Sprintf("outcome %s -> %s", o.Verdict(), n.Verdict()))
				}
				if o.Setting != n.Setting && o.Setting != "" {
					d.Changes = append(d.Changes, fmt.Sprintf("setting %s -> %s", o.Setting, n.Setting))
				}
				if o.Claims != n.Claims || o.ClaimsPassed != n.ClaimsPassed {
					d.Changes = append(d.Changes, fmt.Sprintf("claim checks passed %d/%d -> %d/%d", o.ClaimsPassed, o.Claims, n.ClaimsPassed, n.Claims))
				}
				var plus, minus []string
				for _, f := range n.Figures {
					if !slices.Contains(o.Figures, f) {
						plus = append(plus, "+"+f)
					}
				}
				for _, f := range o.Figures {
					if !slices.Contains(n.Figures, f) {
						minus = append(minus, "-"+f)
					}
				}
				if len(plus)+len(minus) > 0 {
					d.Changes = append(d.Changes, "figures "+strings.Join(append(plus, minus...), " "))
				}
				if side(d.OldWorst) != side(d.NewWorst) {
					d.Crossed = true
					d.Changes = append(d.Changes, fmt.Sprintf("worst ratio %s -> %s", fmtPtr(d.OldWorst), fmtPtr(d.NewWorst)))
				}
				d.Status = Unchanged
				if len(d.Changes) > 0 {
					d.Status = Changed
				}
			}
			return d
		}, func(d ConformanceDiff) string { return d.Status })
	// Only the rows that changed, were added or were removed are listed.
	out = slices.DeleteFunc(out, func(d ConformanceDiff) bool { return d.Status == Unchanged })
	return out, true
}

func worstPtr(e *publish.ConformanceEntry) *float64 {
	if e.WorstRatio == nil {
		return nil
	}
	v := float64(*e.WorstRatio)
	return &v
}

// side says where a worst ratio lies: "none" (no metric, or NaN), "pass"
// (≤ 1) or "fail".
func side(p *float64) string {
	switch {
	case p == nil || math.IsNaN(*p):
		return "none"
	case *p <= 1:
		return "pass"
	}
	return "fail"
}

// ConformanceCount is the number of rows of the sources with one setting
// and one outcome, in the old report and the new.
type ConformanceCount struct {
	Setting string `json:"setting"` // "" in a report whose rows record none
	Outcome string `json:"outcome"`
	Old     int    `json:"old"`
	New     int    `json:"new"`
}

// conformanceCounts tallies the rows of the sources (not those beyond
// them) of a and b by setting × outcome, in a stable order.
func conformanceCounts(a, b *publish.Manifest) []ConformanceCount {
	type key struct{ setting, outcome string }
	old, nw := map[key]int{}, map[key]int{}
	var keys []key
	tally := func(m *publish.Manifest, into map[key]int) {
		for i := range m.Conformance {
			e := &m.Conformance[i]
			if e.Section != "" {
				continue
			}
			k := key{e.Setting, e.Verdict()}
			if old[k]+nw[k] == 0 {
				keys = append(keys, k) // first seen on either side
			}
			into[k]++
		}
	}
	tally(a, old)
	tally(b, nw)
	slices.SortFunc(keys, func(x, y key) int {
		if c := strings.Compare(x.setting, y.setting); c != 0 {
			return c
		}
		return strings.Compare(x.outcome, y.outcome)
	})
	out := make([]ConformanceCount, 0, len(keys))
	for _, k := range keys {
		out = append(out, ConformanceCount{Setting: k.setting, Outcome: k.outcome, Old: old[k], New: nw[k]})
	}
	return out
}
