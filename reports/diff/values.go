package diff

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/reports/publish"
)

// ValueDiff is one value a notebook published for its prose (show.Glue,
// publish.ValueEntry) that moved between two reports: a number the text
// quotes compared as a metric's value is, within RTol and ATol.
type ValueDiff struct {
	Name     string        `json:"name"`
	Notebook string        `json:"notebook"`
	Status   string        `json:"status"`        // changed, added, removed
	Old      *bundle.Float `json:"old,omitempty"` // NaN encoded as null
	New      *bundle.Float `json:"new,omitempty"`
	OldText  string        `json:"old_text,omitempty"`
	NewText  string        `json:"new_text,omitempty"`
}

// compareValues returns the glued values that changed beyond opt's
// tolerances (or whose NaN-ness changed), were added or were removed, and
// the number unchanged.
func compareValues(a, b *publish.Manifest, opt Options) ([]ValueDiff, int) {
	unchanged := 0
	out := join(a.Values, b.Values, func(v *publish.ValueEntry) key { return key{v.Notebook, v.Name} }, compareKeys,
		func(k key, o, n *publish.ValueEntry) ValueDiff {
			d := ValueDiff{Name: k.id, Notebook: k.notebook}
			if o != nil {
				v := o.Value
				d.Old, d.OldText = &v, textOf(o)
			}
			if n != nil {
				v := n.Value
				d.New, d.NewText = &v, textOf(n)
			}
			switch {
			case o == nil:
				d.Status = Added
			case n == nil:
				d.Status = Removed
			default:
				ov, nv := float64(o.Value), float64(n.Value)
				d.Status = Unchanged
				if math.IsNaN(ov) != math.IsNaN(nv) || (!math.IsNaN(ov) && !equal(ov, nv, opt)) {
					d.Status = Changed
				}
			}
			if d.Status == Unchanged {
				unchanged++
			}
			return d
		}, func(d ValueDiff) string { return d.Status })
	return slices.DeleteFunc(out, func(d ValueDiff) bool { return d.Status == Unchanged }), unchanged
}

// ValuesMoved reports whether any glued value changed, was added or was
// removed.
func (r *Report) ValuesMoved() bool { return len(r.Values) > 0 }

// ParamDiff is one parameter of a run with parameters that differs from the
// other report's run of the same notebook ("" where a side sets none: the
// notebook's own value).
type ParamDiff struct {
	Notebook string `json:"notebook"`
	Name     string `json:"name"`
	Old      string `json:"old"`
	New      string `json:"new"`
}

// paramScope returns the notebooks of a run with parameters (publish
// NotebookEntry.Params) in a or b, to which a comparison is restricted: a
// run at other settings is compared with the same notebook of the other
// report, never with the notebooks it did not run. nil when neither report
// is a run with parameters.
func paramScope(a, b *publish.Manifest) map[string]bool {
	var scope map[string]bool
	for _, m := range []*publish.Manifest{a, b} {
		for _, n := range m.Notebooks {
			if len(n.Params) > 0 {
				if scope == nil {
					scope = map[string]bool{}
				}
				scope[n.Name] = true
			}
		}
	}
	return scope
}

// paramDiffs lists, per notebook of scope, the parameters whose values
// differ between a and b, in name order.
func paramDiffs(a, b *publish.Manifest, scope map[string]bool) []ParamDiff {
	params := func(m *publish.Manifest, nb string) map[string]string {
		for _, n := range m.Notebooks {
			if n.Name == nb {
				return n.Params
			}
		}
		return nil
	}
	var out []ParamDiff
	for _, nb := range slices.Sorted(maps.Keys(scope)) {
		pa, pb := params(a, nb), params(b, nb)
		names := slices.Sorted(maps.Keys(pa))
		for _, k := range slices.Sorted(maps.Keys(pb)) {
			if _, ok := pa[k]; !ok {
				names = append(names, k)
			}
		}
		slices.Sort(names)
		for _, k := range names {
			if pa[k] != pb[k] {
				out = append(out, ParamDiff{Notebook: nb, Name: k, Old: pa[k], New: pb[k]})
			}
		}
	}
	return out
}

// restrict returns a copy of m holding only the notebooks of scope (and
// the conformance rows with a figure of theirs).
func restrict(m *publish.Manifest, scope map[string]bool) *publish.Manifest {
	c := *m
	c.Notebooks = slices.DeleteFunc(slices.Clone(m.Notebooks), func(n publish.NotebookEntry) bool { return !scope[n.Name] })
	c.Figures = slices.DeleteFunc(slices.Clone(m.Figures), func(f publish.FigureEntry) bool { return !scope[f.Notebook] })
	c.Metrics = slices.DeleteFunc(slices.Clone(m.Metrics), func(x publish.MetricEntry) bool { return !scope[x.Notebook] })
	c.Tables = slices.DeleteFunc(slices.Clone(m.Tables), func(t publish.TableEntry) bool { return !scope[t.Notebook] })
	c.Values = slices.DeleteFunc(slices.Clone(m.Values), func(v publish.ValueEntry) bool { return !scope[v.Notebook] })
	c.Equations = slices.DeleteFunc(slices.Clone(m.Equations), func(q publish.EquationEntry) bool { return !scope[q.Notebook] })
	c.Conformance = slices.DeleteFunc(slices.Clone(m.Conformance), func(e publish.ConformanceEntry) bool {
		return !slices.ContainsFunc(e.Figures, func(f string) bool { nb, _, _ := strings.Cut(f, "#"); return scope[nb] })
	})
	return &c
}

// textOf is the value as its prose shows it, or its number when it has no
// text.
func textOf(v *publish.ValueEntry) string {
	if v.Text != "" {
		return v.Text
	}
	return fmt.Sprint(float64(v.Value))
}
