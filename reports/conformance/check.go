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

// Outcome is how far a report reproduces a row, computed from the claim
// checks of the row's drawn figures (metrics that quote a source statement:
// bundle.Metric.ClaimText), never typed.
type Outcome string

const (
	// Reproduced: every claim check passes, and nothing of the figure is
	// missing.
	Reproduced Outcome = "reproduced"
	// Partial: some claim checks pass, or all do but part of the figure
	// is missing.
	Partial Outcome = "partial"
	// NotReproduced: no claim check passes, or the central one does not
	// (a known disagreement is a claim that does not hold).
	NotReproduced Outcome = "not reproduced"
	// NotChecked: the figures are drawn but no check quotes a claim of
	// the source, or nothing is drawn.
	NotChecked Outcome = "not checked"
	// NotRun: none of the row's figures is in this report (their
	// notebooks did not run or failed).
	NotRun Outcome = "not in this report"
	// NotApplicable: a schematic or settings row, nothing to compute.
	NotApplicable Outcome = "schematic"
)

// Outcomes lists the outcomes in display order.
var Outcomes = []Outcome{Reproduced, Partial, NotReproduced, NotChecked, NotRun, NotApplicable}

// Result is one row with what a report drew for it and its computed
// outcome.
type Result struct {
	Row     *Row
	Figures []FigureState
	// Metrics are the metrics whose Figure is one of the row's drawn
	// figures (in the same notebook), in report order.
	Metrics []Metric
	// Claims counts the Metrics that check a claim of the source (their
	// ClaimText is not empty), ClaimsPassed those that pass, Known those
	// whose outcome is a declared known disagreement (a claim that does
	// not hold); CentralFailed says a central claim check did not pass.
	Claims, ClaimsPassed, Known int
	CentralFailed               bool
	// Outcome is computed from the claim checks (see Outcome's values);
	// Why says how, in words.
	Outcome Outcome
	Why     string
	// Worst is the largest Ratio() of Metrics (≤ 1 passes), known
	// disagreements included; NaN when there is none, or when a metric's
	// ratio is NaN (a failed metric).
	Worst float64
}

// Results joins the list with the figures and metrics of a report, one
// Result per row in list order, each with its outcome computed.
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
		res.tally()
		out[i] = res
	}
	return out
}

// tally counts the claim checks of res.Metrics and computes the outcome.
func (res *Result) tally() {
	drawn := 0
	for _, f := range res.Figures {
		if f.Drawn {
			drawn++
		}
	}
	for _, m := range res.Metrics {
		if m.ClaimText() == "" {
			continue
		}
		res.Claims++
		switch m.Outcome() {
		case bundle.Passed:
			res.ClaimsPassed++
		case bundle.Known:
			res.Known++
		}
		if m.Central && m.Outcome() != bundle.Passed {
			res.CentralFailed = true
		}
	}
	r := res.Row
	claims := fmt.Sprintf("%d of %d claim check%s pass", res.ClaimsPassed, res.Claims, plural(res.Claims))
	if res.Known > 0 {
		claims += fmt.Sprintf(" (%d known disagreement%s, counted as failed)", res.Known, plural(res.Known))
	}
	switch {
	case r.Setting == SchematicSetting:
		res.Outcome, res.Why = NotApplicable, "nothing to compute"
	case len(r.Figures) == 0 && len(res.Figures) == 0:
		res.Outcome, res.Why = NotChecked, "nothing drawn: "+r.Missing
	case drawn == 0:
		res.Outcome, res.Why = NotRun, "none of its figures is in this report"
	case res.Claims == 0:
		res.Outcome, res.Why = NotChecked, "no check of its figures quotes a claim of the source"
	case res.CentralFailed:
		res.Outcome, res.Why = NotReproduced, claims+"; the central claim does not hold"
	case res.ClaimsPassed == 0:
		res.Outcome, res.Why = NotReproduced, claims
	case res.ClaimsPassed < res.Claims:
		res.Outcome, res.Why = Partial, claims
	case r.Missing != "":
		res.Outcome, res.Why = Partial, claims+"; missing: "+r.Missing
	default:
		res.Outcome, res.Why = Reproduced, claims
	}
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
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

// Counts are the computed outcomes of a report's rows by setting, for the
// rows of the sources and, apart, for the rows beyond them.
type Counts struct {
	// Sources[setting][outcome] counts the rows of the five sources.
	Sources map[Setting]map[Outcome]int
	// Beyond counts the rows that are not figures of the sources.
	Beyond map[Setting]map[Outcome]int
	// ByType counts the rows of the sources per type.
	ByType map[Type]int
	// Rows and BeyondRows are the two totals.
	Rows, BeyondRows int
}

// Count tallies the computed outcomes of results.
func Count(results []Result) Counts {
	c := Counts{Sources: map[Setting]map[Outcome]int{}, Beyond: map[Setting]map[Outcome]int{}, ByType: map[Type]int{}}
	for _, s := range Settings {
		c.Sources[s] = map[Outcome]int{}
		c.Beyond[s] = map[Outcome]int{}
	}
	for _, r := range results {
		if r.Row.Section == Beyond {
			c.Beyond[r.Row.Setting][r.Outcome]++
			c.BeyondRows++
			continue
		}
		c.Sources[r.Row.Setting][r.Outcome]++
		c.ByType[r.Row.Type]++
		c.Rows++
	}
	return c
}

// Of is the number of rows of the sources with outcome o, over every
// setting.
func (c Counts) Of(o Outcome) int {
	n := 0
	for _, s := range Settings {
		n += c.Sources[s][o]
	}
	return n
}

// SortedSources returns the sources in SourceNames order that have rows of
// section sec.
func (l *List) SortedSources(sec Section) []string {
	var out []string
	for _, s := range SourceNames {
		if slices.ContainsFunc(l.Rows, func(r Row) bool { return r.Source == s && r.Section == sec }) {
			out = append(out, s)
		}
	}
	return out
}
