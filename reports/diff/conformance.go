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
				d.OldStatus, d.OldWorst = o.Status, worstPtr(o)
			}
			if n != nil {
				d.NewStatus, d.NewWorst = n.Status, worstPtr(n)
			}
			switch {
			case o == nil:
				d.Status = Added
				d.Changes = append(d.Changes, "added with status "+n.Status)
			case n == nil:
				d.Status = Removed
				d.Changes = append(d.Changes, "removed (was "+o.Status+")")
			default:
				if o.Status != n.Status {
					d.Changes = append(d.Changes, fmt.Sprintf("status %s -> %s", o.Status, n.Status))
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
