package diff

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
)

// WriteText writes the plain-text summary: one line per moved figure and
// series, then every metric that changed.
func (r *Report) WriteText(w io.Writer) error {
	if len(r.Scope) > 0 {
		fmt.Fprintf(w, "a run with parameters: compared on %s only\n", strings.Join(r.Scope, ", "))
		for _, p := range r.Params {
			fmt.Fprintf(w, "param %s/%s: %s -> %s\n", p.Notebook, p.Name, orDefault(p.Old), orDefault(p.New))
		}
	}
	moved := 0
	for _, f := range r.Figures {
		if f.Status == Unchanged {
			continue
		}
		moved++
		fmt.Fprintf(w, "%-9s %s/%s\n", f.Status, f.Notebook, f.ID)
		for _, p := range f.Params {
			fmt.Fprintf(w, "          param %s\n", p)
		}
		for _, s := range f.Series {
			if s.Status == Unchanged {
				continue
			}
			switch {
			case s.Status != Changed:
				fmt.Fprintf(w, "          series %q %s\n", s.Name, s.Status)
			case math.IsNaN(s.MaxAbs):
				fmt.Fprintf(w, "          series %q %s\n", s.Name, s.Note)
			default:
				fmt.Fprintf(w, "          series %q max |Δy| %.3g (rel %.3g) at index %d (x=%g)", s.Name, s.MaxAbs, s.MaxRel, s.AtIndex, s.AtX)
				if s.XMoved {
					fmt.Fprint(w, "; x moved")
				}
				if s.Note != "" {
					fmt.Fprintf(w, "; %s", s.Note)
				}
				fmt.Fprintln(w)
			}
		}
		if h := f.Heat; h != nil && h.Status != Unchanged {
			fmt.Fprintf(w, "          %s\n", heatLine(h))
		}
	}
	fmt.Fprintf(w, "figures: %d moved, %d unchanged (rtol %g, atol %g)\n", moved, r.Unchanged, r.RTol, r.ATol)
	changedMetrics := 0
	for _, m := range r.Metrics {
		if m.Status == Unchanged {
			continue
		}
		changedMetrics++
		flag := ""
		switch {
		case m.Regressed:
			flag = "  REGRESSED"
		case m.NewOutcome == bundle.Passed && m.OldOutcome != bundle.Passed && m.OldOutcome != "":
			flag = "  now passes"
		}
		if m.Known != "" {
			flag += "  known disagreement " + m.Known
		}
		fmt.Fprintf(w, "metric %-9s %s/%s: %s -> %s (tol %g)%s\n", m.Status, m.Notebook, m.Name, fmtPtr(m.Old), fmtPtr(m.New), m.Tolerance, flag)
	}
	if _, err := fmt.Fprintf(w, "metrics: %d changed of %d\n", changedMetrics, len(r.Metrics)); err != nil {
		return err
	}
	for _, m := range r.KnownMoved() {
		fmt.Fprintf(w, "known disagreement %s: %s/%s: %s -> %s (%s -> %s)\n", m.Known, m.Notebook, m.Name, fmtPtr(m.Old), fmtPtr(m.New), outcomeOrAbsent(m.OldOutcome), outcomeOrAbsent(m.NewOutcome))
	}
	if err := r.writeTablesText(w); err != nil {
		return err
	}
	for _, v := range r.Values {
		fmt.Fprintf(w, "value %-7s %s/%s: %s -> %s\n", v.Status, v.Notebook, v.Name, valueText(v.Old, v.OldText), valueText(v.New, v.NewText))
	}
	fmt.Fprintf(w, "values: %d moved, %d unchanged\n", len(r.Values), r.UnchangedValues)
	if !r.ConformanceCompared {
		_, err := fmt.Fprintln(w, "conformance: not compared (a report predates the conformance list)")
		return err
	}
	for _, c := range r.ConformanceCounts {
		if c.Old != c.New {
			fmt.Fprintf(w, "conformance count %s / %s: %d -> %d\n", orNone(c.Setting), c.Outcome, c.Old, c.New)
		}
	}
	for _, c := range r.Conformance {
		fmt.Fprintf(w, "conformance %-7s %s: %s\n", c.Status, c.ID, strings.Join(c.Changes, "; "))
	}
	_, err := fmt.Fprintf(w, "conformance: %d rows changed\n", len(r.Conformance))
	return err
}

func orDefault(s string) string {
	if s == "" {
		return "(the notebook's own)"
	}
	return s
}

// valueText is a glued value as the prose shows it, with its number.
func valueText(v *bundle.Float, text string) string {
	if v == nil {
		return "absent"
	}
	x := float64(*v)
	if text == "" || text == fmt.Sprint(x) {
		return fmt.Sprint(x)
	}
	return fmt.Sprintf("%q (%g)", text, x)
}

func orNone(s string) string {
	if s == "" {
		return "(no setting)"
	}
	return s
}

func outcomeOrAbsent(o bundle.Outcome) string {
	if o == "" {
		return "absent"
	}
	return string(o)
}

// maxCellLines is how many moved cells of one table the text summary
// lists; the JSON report and the HTML page list all.
const maxCellLines = 5

// writeTablesText writes one line per moved table, its structural changes
// and first moved cells, then the tables count line.
func (r *Report) writeTablesText(w io.Writer) error {
	if !r.TablesCompared {
		_, err := fmt.Fprintln(w, "tables: not compared (a report predates tables in the manifest)")
		return err
	}
	moved := 0
	for _, t := range r.Tables {
		if t.Status == Unchanged {
			continue
		}
		moved++
		fmt.Fprintf(w, "table %-9s %s/%s", t.Status, t.Notebook, t.ID)
		if t.MaxAbs > 0 {
			fmt.Fprintf(w, ": max |Δ| %.3g (rel %.3g) over numeric cells", t.MaxAbs, t.MaxRel)
		}
		fmt.Fprintln(w)
		for _, c := range t.Changes {
			fmt.Fprintf(w, "          %s\n", c)
		}
		for i, c := range t.Cells {
			if i == maxCellLines {
				fmt.Fprintf(w, "          ... and %d more cells\n", len(t.Cells)-maxCellLines)
				break
			}
			fmt.Fprintf(w, "          %s\n", cellLine(c))
		}
	}
	_, err := fmt.Fprintf(w, "tables: %d moved, %d unchanged (numeric cells: rtol %g, atol %g)\n", moved, r.UnchangedTables, r.RTol, r.ATol)
	return err
}

// cellLine is the text summary of one moved cell.
func cellLine(c CellDiff) string {
	s := fmt.Sprintf("cell (%d, %d)", c.Row, c.Col)
	if c.Label != "" || c.Column != "" {
		s += fmt.Sprintf(" [%s | %s]", c.Label, c.Column)
	}
	s += fmt.Sprintf(" %q -> %q", c.Old, c.New)
	if c.Numeric {
		s += fmt.Sprintf(" (|Δ| %.3g, rel %.3g)", c.MaxAbs, c.MaxRel)
	}
	return s
}

// heatLine is the text summary of a heat grid that is not unchanged.
func heatLine(h *HeatDiff) string {
	s := fmt.Sprintf("heat %q ", h.Name)
	switch {
	case h.Status == Added:
		return s + fmt.Sprintf("added (%d×%d)", h.NewNX, h.NewNY)
	case h.Status == Removed:
		return s + fmt.Sprintf("removed (%d×%d)", h.OldNX, h.OldNY)
	case h.ShapeChanged():
		return s + h.Note
	}
	var parts []string
	if h.AtI >= 0 {
		parts = append(parts, fmt.Sprintf("max |Δz| %.3g (rel %.3g) at cell (%d, %d) (x=%g, y=%g)", h.MaxAbs, h.MaxRel, h.AtI, h.AtJ, h.AtX, h.AtY))
	}
	if h.XMoved {
		parts = append(parts, "x moved")
	}
	if h.YMoved {
		parts = append(parts, "y moved")
	}
	if h.Note != "" {
		parts = append(parts, h.Note)
	}
	return s + strings.Join(parts, "; ")
}

func fmtPtr(p *float64) string {
	if p == nil {
		return "(none)"
	}
	return fmt.Sprintf("%.6g", *p)
}

// jsonFloat encodes NaN as null for the JSON report.
type jsonFloat float64

func (f jsonFloat) MarshalJSON() ([]byte, error) {
	if math.IsNaN(float64(f)) || math.IsInf(float64(f), 0) {
		return []byte("null"), nil
	}
	return json.Marshal(float64(f))
}

// WriteJSON writes the report for machines.
func (r *Report) WriteJSON(w io.Writer) error {
	type series struct {
		SeriesDiff
		MaxAbs jsonFloat `json:"max_abs"`
		MaxRel jsonFloat `json:"max_rel"`
		AtX    jsonFloat `json:"at_x"`
	}
	type heat struct {
		HeatDiff
		MaxAbs jsonFloat `json:"max_abs"`
		MaxRel jsonFloat `json:"max_rel"`
		AtX    jsonFloat `json:"at_x"`
		AtY    jsonFloat `json:"at_y"`
	}
	type figure struct {
		FigureDiff
		Series []series `json:"series,omitempty"`
		Heat   *heat    `json:"heat,omitempty"`
	}
	type cell struct {
		CellDiff
		MaxAbs jsonFloat `json:"max_abs"`
		MaxRel jsonFloat `json:"max_rel"`
	}
	type table struct {
		TableDiff
		Cells []cell `json:"cells,omitempty"`
	}
	out := struct {
		RTol      float64      `json:"rtol"`
		ATol      float64      `json:"atol"`
		Figures   []figure     `json:"figures"`
		Unchanged int          `json:"unchanged_figures"`
		Metrics   []MetricDiff `json:"metrics"`
		// Conformance is null when a report predates the conformance list.
		Conformance []ConformanceDiff `json:"conformance"`
		// ConformanceCounts: rows of the sources by setting × outcome.
		ConformanceCounts []ConformanceCount `json:"conformance_counts,omitempty"`
		// Values: the glued values that moved, and how many did not.
		Values          []ValueDiff `json:"values"`
		UnchangedValues int         `json:"unchanged_values"`
		// Scope and Params: see Report.
		Scope  []string    `json:"scope,omitempty"`
		Params []ParamDiff `json:"params,omitempty"`
		// Tables is null when a report predates tables in the manifest.
		Tables          []table `json:"tables"`
		UnchangedTables int     `json:"unchanged_tables"`
	}{RTol: r.RTol, ATol: r.ATol, Unchanged: r.Unchanged, Metrics: r.Metrics, Figures: []figure{}, Conformance: r.Conformance,
		ConformanceCounts: r.ConformanceCounts, UnchangedTables: r.UnchangedTables,
		Values: r.Values, UnchangedValues: r.UnchangedValues, Scope: r.Scope, Params: r.Params}
	if out.Values == nil {
		out.Values = []ValueDiff{}
	}
	if out.Metrics == nil {
		out.Metrics = []MetricDiff{}
	}
	if r.ConformanceCompared && out.Conformance == nil {
		out.Conformance = []ConformanceDiff{}
	}
	if r.TablesCompared {
		out.Tables = []table{}
	}
	for _, t := range r.Tables {
		tt := table{TableDiff: t}
		for _, c := range t.Cells {
			tt.Cells = append(tt.Cells, cell{CellDiff: c, MaxAbs: jsonFloat(c.MaxAbs), MaxRel: jsonFloat(c.MaxRel)})
		}
		out.Tables = append(out.Tables, tt)
	}
	for _, f := range r.Figures {
		ff := figure{FigureDiff: f}
		for _, s := range f.Series {
			ff.Series = append(ff.Series, series{SeriesDiff: s, MaxAbs: jsonFloat(s.MaxAbs), MaxRel: jsonFloat(s.MaxRel), AtX: jsonFloat(s.AtX)})
		}
		if h := f.Heat; h != nil {
			ff.Heat = &heat{HeatDiff: *h, MaxAbs: jsonFloat(h.MaxAbs), MaxRel: jsonFloat(h.MaxRel), AtX: jsonFloat(h.AtX), AtY: jsonFloat(h.AtY)}
		}
		out.Figures = append(out.Figures, ff)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}
