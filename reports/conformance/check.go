package conformance

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
)

// Drawn is one figure or table that a notebook drew in a report.
type Drawn struct {
	Notebook string
	ID       string
	// Paper holds the ids of the lib/papers figures it claims (nil for
	// one that claims none); Note says which part, or, without Paper,
	// what of a source that is no figure it reproduces.
	Paper []string
	Note  string
}

// Ref is "notebook#id".
func (d Drawn) Ref() string { return d.Notebook + "#" + d.ID }

// Claims reports whether d claims the row with the given id.
func (d Drawn) Claims(id string) bool { return slices.Contains(d.Paper, id) }

// Check compares the list with what a report drew. complete holds the
// notebooks that ran to the end in this report at their own settings
// (a run with parameters claims nothing where its settings are not the
// paper's): only they can leave a row unclaimed. It returns the drawn
// figures with a Note but no Paper (something of a source that is no
// figure, shown on the conformance page apart) and an error naming every
// claim of an id the list does not hold, of a schematic row, or of a row
// another notebook draws (papers.Figure.Notebook), and every row drawn by
// a complete notebook that no figure claimed.
func (l *List) Check(drawn []Drawn, complete map[string]bool) (offList []Drawn, err error) {
	var errs []error
	claimed := map[string]bool{}
	for _, d := range drawn {
		if len(d.Paper) == 0 {
			if d.Note != "" {
				offList = append(offList, d)
			}
			continue
		}
		for _, id := range d.Paper {
			r, ok := l.Row(id)
			switch {
			case !ok:
				errs = append(errs, fmt.Errorf("%s claims %q, which lib/papers does not define", d.Ref(), id))
			case r.Setting == SchematicSetting:
				errs = append(errs, fmt.Errorf("%s claims %q, a schematic figure (nothing to draw)", d.Ref(), id))
			case r.Notebook != d.Notebook:
				errs = append(errs, fmt.Errorf("%s claims %q, which lib/papers says notebook %q draws", d.Ref(), id, r.Notebook))
			default:
				claimed[id] = true
			}
		}
	}
	for _, r := range l.Rows {
		if r.Notebook != "" && complete[r.Notebook] && !claimed[r.ID] {
			errs = append(errs, fmt.Errorf("notebook %s ran to the end at its own settings, but no figure of it claims %q (%s)", r.Notebook, r.ID, r.Name()))
		}
	}
	if len(errs) > 0 {
		return offList, fmt.Errorf("conformance: lib/papers and the notebooks' figures disagree (edit lib/papers or the figure's Paper):\n%w", errors.Join(errs...))
	}
	return offList, nil
}

// Metric is one agreement metric of a report, with its notebook.
type Metric struct {
	Notebook string
	bundle.Metric
}

// FigureState is one figure of a row: a figure or table the report drew
// that claims the row.
type FigureState struct {
	Ref      string // "notebook#id"
	Notebook string
	ID       string
	Note     string // which part of the source figure (Drawn.Note)
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
	// NotRun: no figure of this report claims the row (its notebook did
	// not run, failed, or ran at settings other than the paper's).
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
	// Metrics are the metrics whose Figure is one of the row's figures
	// (in the same notebook), in report order.
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
// Result per row in list order, each with its outcome computed. A row's
// figures are the drawn figures that claim it, in report order.
func (l *List) Results(drawn []Drawn, metrics []Metric) []Result {
	out := make([]Result, len(l.Rows))
	for i, r := range l.Rows {
		res := Result{Row: r, Worst: math.NaN()}
		mine := map[string]bool{}
		for _, d := range drawn {
			if d.Claims(r.ID) && !mine[d.Ref()] {
				mine[d.Ref()] = true
				res.Figures = append(res.Figures, FigureState{Ref: d.Ref(), Notebook: d.Notebook, ID: d.ID, Note: d.Note})
			}
		}
		nanSeen := false
		for _, m := range metrics {
			if m.Figure == "" || !mine[m.Notebook+"#"+m.Figure] {
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
	case r.Notebook == "":
		res.Outcome, res.Why = NotChecked, "nothing drawn: "+r.Missing
	case len(res.Figures) == 0:
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
