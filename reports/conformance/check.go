package conformance

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/sigprop/sigprop/kernel-ext/bundle"
)

// Drawn is one figure or table that a notebook drew in a report.
type Drawn struct {
	Notebook    string
	ID          string
	PaperFigure string // "" for tables and figures that claim nothing
}

// Ref is "notebook#id".
func (d Drawn) Ref() string { return d.Notebook + "#" + d.ID }

// Check compares the list with what a report drew. complete holds the
// notebooks that ran to the end in this report: only their figures can be
// missing. It returns the drawn figures whose PaperFigure is not of the
// form "<Source>, Fig. N" (shown on the conformance page as claims off the
// list) and an error naming every figure that claims a row which does not
// list it, every claim of a figure or table not on the list, and every
// listed figure of a complete notebook that was not drawn.
func (l *List) Check(drawn []Drawn, complete map[string]bool) (offList []Drawn, err error) {
	var errs []error
	have := map[string]bool{}
	for _, d := range drawn {
		have[d.Ref()] = true
		if d.PaperFigure == "" {
			continue
		}
		names, perr := ParseClaim(d.PaperFigure)
		if perr != nil {
			offList = append(offList, d)
			continue
		}
		for _, name := range names {
			r, ok := l.Row(name)
			switch {
			case !ok:
				errs = append(errs, fmt.Errorf("%s claims %q, which is not in reports/conformance/figures.json", d.Ref(), name))
			case !r.Lists(d.Ref()):
				errs = append(errs, fmt.Errorf("%s claims %q, but row %q does not list %q", d.Ref(), name, r.ID, d.Ref()))
			}
		}
	}
	for i := range l.Rows {
		r := &l.Rows[i]
		for _, f := range r.Figures {
			nb, _, _ := SplitFigure(f)
			if complete[nb] && !have[f] {
				errs = append(errs, fmt.Errorf("row %q lists %q, which notebook %s did not draw", r.ID, f, nb))
			}
		}
	}
	if len(errs) > 0 {
		return offList, fmt.Errorf("conformance: the figure list and the notebooks disagree (edit reports/conformance/figures.json or the figure's PaperFigure):\n%w", errors.Join(errs...))
	}
	return offList, nil
}

// Metric is one agreement metric of a report, with its notebook.
type Metric struct {
	Notebook string
	bundle.Metric
}

// FigureState is one listed figure of a row.
type FigureState struct {
	Ref      string // "notebook#id"
	Notebook string
	ID       string
	Drawn    bool // drawn in this report
	Optional bool
}

// Result is one row with what a report drew for it.
type Result struct {
	Row     *Row
	Figures []FigureState
	// Metrics are the metrics whose Figure is one of the row's drawn
	// figures (in the same notebook), in report order.
	Metrics []Metric
	// Worst is the largest Ratio() of Metrics (≤ 1 passes) other than
	// the known disagreements; NaN when there is none, or when a metric's
	// ratio is NaN (a failed metric).
	Worst float64
	// Known counts the Metrics whose outcome is a declared known
	// disagreement (bundle.Metric.Outcome); they are shown in their own
	// colour and left out of Worst.
	Known int
}

// Results joins the list with the figures and metrics of a report, one
// Result per row in list order.
func (l *List) Results(drawn []Drawn, metrics []Metric) []Result {
	have := map[string]bool{}
	for _, d := range drawn {
		have[d.Ref()] = true
	}
	out := make([]Result, len(l.Rows))
	for i := range l.Rows {
		r := &l.Rows[i]
		res := Result{Row: r, Worst: math.NaN()}
		add := func(f string, optional bool) {
			nb, id, _ := SplitFigure(f)
			if optional && !have[f] {
				return
			}
			res.Figures = append(res.Figures, FigureState{Ref: f, Notebook: nb, ID: id, Drawn: have[f], Optional: optional})
		}
		for _, f := range r.Figures {
			add(f, false)
		}
		for _, f := range r.OptionalFigures {
			add(f, true)
		}
		nanSeen := false
		for _, m := range metrics {
			ref := m.Notebook + "#" + m.Figure
			if m.Figure == "" || !have[ref] || !r.Lists(ref) {
				continue
			}
			res.Metrics = append(res.Metrics, m)
			if m.Outcome() == bundle.Known {
				res.Known++
				continue
			}
			x := m.Ratio()
			switch {
			case math.IsNaN(x):
				nanSeen = true
			case math.IsNaN(res.Worst) || x > res.Worst:
				res.Worst = x
			}
		}
		if nanSeen {
			res.Worst = math.NaN()
		}
		out[i] = res
	}
	return out
}

// KnownDisagreements counts the known disagreements over results and the
// rows that have any.
func KnownDisagreements(results []Result) (metrics, rows int) {
	for _, r := range results {
		metrics += r.Known
		if r.Known > 0 {
			rows++
		}
	}
	return metrics, rows
}

// Counts are the rows per status and per type.
type Counts struct {
	ByStatus map[Status]int
	ByType   map[Type]int
	// DataByStatus counts the data rows only.
	DataByStatus map[Status]int
}

// Count tallies the list.
func (l *List) Count() Counts {
	c := Counts{ByStatus: map[Status]int{}, ByType: map[Type]int{}, DataByStatus: map[Status]int{}}
	for _, r := range l.Rows {
		c.ByStatus[r.Status]++
		c.ByType[r.Type]++
		if r.Type == Data {
			c.DataByStatus[r.Status]++
		}
	}
	return c
}

// SortedSources returns the sources in Sources order that have rows.
func (l *List) SortedSources() []string {
	var out []string
	for _, s := range Sources {
		if slices.ContainsFunc(l.Rows, func(r Row) bool { return r.Source == s }) {
			out = append(out, s)
		}
	}
	return out
}
