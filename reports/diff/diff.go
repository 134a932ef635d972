package diff

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/reports/publish"
)

// Default tolerances: figures whose numbers agree to about 9 significant
// digits are unchanged. That absorbs the last-bit differences of a
// different CPU or compiler version but flags any real change of a formula
// or a default.
const (
	DefaultRTol = 1e-9
	DefaultATol = 1e-12
)

// Options set the tolerances; zero values mean the defaults, unless
// Given is set: then RTol and ATol are used as they are, so that 0 and 0
// compare exactly (the CLI's --rtol and --atol).
type Options struct {
	RTol, ATol float64
	Given      bool
}

func (o Options) withDefaults() Options {
	if o.Given {
		return o
	}
	if o.RTol == 0 {
		o.RTol = DefaultRTol
	}
	if o.ATol == 0 {
		o.ATol = DefaultATol
	}
	return o
}

// Figure statuses.
const (
	Unchanged = "unchanged"
	Changed   = "changed"
	Added     = "added"
	Removed   = "removed"
)

// SeriesDiff describes one series of a changed figure.
type SeriesDiff struct {
	Name   string `json:"name"`
	Status string `json:"status"` // unchanged, changed, added, removed
	// For a changed series of equal length: the largest absolute and
	// relative difference of y (and of x, when x moved), where they occur.
	MaxAbs  float64 `json:"max_abs"`
	MaxRel  float64 `json:"max_rel"`
	AtIndex int     `json:"at_index"`
	AtX     float64 `json:"at_x"`
	XMoved  bool    `json:"x_moved,omitempty"`
	// Lengths when they differ.
	OldLen int    `json:"old_len"`
	NewLen int    `json:"new_len"`
	Note   string `json:"note,omitempty"` // e.g. "NaN appeared at index 3"
}

// HeatDiff describes the heat grid (bundle.Heat) of a changed figure that
// has one before or after. Its z values are compared cell by cell with the
// same tolerance as series values; a change of grid shape is structural: it
// is reported as such, with no per-cell numbers.
type HeatDiff struct {
	Name   string `json:"name"`
	Status string `json:"status"` // unchanged, changed, added, removed
	// Grid shapes nx × ny before and after (zero when absent).
	OldNX int `json:"old_nx"`
	OldNY int `json:"old_ny"`
	NewNX int `json:"new_nx"`
	NewNY int `json:"new_ny"`
	// For a changed grid of unchanged shape: the largest absolute and
	// relative difference of z, and the cell (i, j) at (x, y) of the largest
	// absolute one (AtI = AtJ = -1 when only NaNs moved). NaN after a shape
	// change.
	MaxAbs float64 `json:"max_abs"`
	MaxRel float64 `json:"max_rel"`
	AtI    int     `json:"at_i"`
	AtJ    int     `json:"at_j"`
	AtX    float64 `json:"at_x"`
	AtY    float64 `json:"at_y"`
	XMoved bool    `json:"x_moved,omitempty"` // a cell centre moved
	YMoved bool    `json:"y_moved,omitempty"`
	// e.g. "shape 3×2 -> 4×2", "NaN appeared at cell (1, 0)",
	// `renamed "a" -> "b"`.
	Note string `json:"note,omitempty"`
}

// ShapeChanged reports whether the grid changed shape (a structural
// difference: no per-cell numbers).
func (h *HeatDiff) ShapeChanged() bool {
	return h.Status == Changed && math.IsNaN(h.MaxAbs)
}

// FigureDiff describes one figure.
type FigureDiff struct {
	ID       string         `json:"id"`
	Notebook string         `json:"notebook"`
	Status   string         `json:"status"`
	Series   []SeriesDiff   `json:"series,omitempty"`
	Heat     *HeatDiff      `json:"heat,omitempty"`
	Params   []string       `json:"params,omitempty"` // "sigma_w: 1.5 -> 1.6", "seed: 1 -> 2"
	Old      *bundle.Figure `json:"-"`
	New      *bundle.Figure `json:"-"`
}

// MetricDiff describes one metric.
type MetricDiff struct {
	Name      string   `json:"name"`
	Notebook  string   `json:"notebook"`
	Status    string   `json:"status"` // unchanged, changed, added, removed
	Old       *float64 `json:"old,omitempty"`
	New       *float64 `json:"new,omitempty"`
	Tolerance float64  `json:"tolerance"`
	OldPass   bool     `json:"old_pass"`
	NewPass   bool     `json:"new_pass"`
	Crossed   bool     `json:"crossed"`   // pass changed
	Regressed bool     `json:"regressed"` // was passing, a known disagreement or absent, now failing
	// OldOutcome and NewOutcome are the verdicts (bundle.Metric.Outcome:
	// pass, fail, known disagreement), "" where the metric is absent.
	OldOutcome bundle.Outcome `json:"old_outcome,omitempty"`
	NewOutcome bundle.Outcome `json:"new_outcome,omitempty"`
	// Known says how a declared known disagreement moved: KnownAppeared,
	// KnownDisappeared, KnownSignChanged, or "" when none did.
	Known string `json:"known_disagreement,omitempty"`
}

// How a known disagreement moved between two reports (MetricDiff.Known).
const (
	// KnownAppeared: the metric is a known disagreement now and was not
	// (absent, passing or failing) before.
	KnownAppeared = "appeared"
	// KnownDisappeared: the metric was a known disagreement and is not
	// now (absent, passing: the paper's claim holds, or failing).
	KnownDisappeared = "disappeared"
	// KnownSignChanged: a known disagreement in both, whose value changed
	// sign (the measured gap now lies on the other side).
	KnownSignChanged = "changed sign"
)

// knownMove classifies the move of a known disagreement from o to n
// (either may be nil).
func knownMove(o, n *publish.MetricEntry) string {
	ko := o != nil && o.Outcome() == bundle.Known
	kn := n != nil && n.Outcome() == bundle.Known
	switch {
	case kn && !ko:
		return KnownAppeared
	case ko && !kn:
		return KnownDisappeared
	case ko && kn && math.Signbit(float64(o.Value)) != math.Signbit(float64(n.Value)) && o.Value != 0 && n.Value != 0:
		return KnownSignChanged
	}
	return ""
}

// Report is the whole comparison.
type Report struct {
	RTol, ATol float64
	Figures    []FigureDiff `json:"figures"`
	Metrics    []MetricDiff `json:"metrics"`
	Unchanged  int          `json:"unchanged_figures"`
	// Conformance lists the rows of the conformance list that changed
	// (status, figures, worst ratio crossing 1) or were added or removed;
	// ConformanceCompared is false when a report predates the list.
	Conformance         []ConformanceDiff `json:"conformance"`
	ConformanceCompared bool              `json:"conformance_compared"`
	// ConformanceCounts are the rows of the sources by setting × computed
	// outcome in each report.
	ConformanceCounts []ConformanceCount `json:"conformance_counts,omitempty"`
	// Values lists the values glued into the notebooks' prose that moved
	// (changed beyond RTol/ATol, added, removed); UnchangedValues counts
	// the rest.
	Values          []ValueDiff `json:"values"`
	UnchangedValues int         `json:"unchanged_values"`
	// Scope, when a report is a run with parameters (`sigprop report -p`),
	// holds the notebooks the comparison is restricted to, and Params the
	// parameters whose values differ; both empty otherwise.
	Scope  []string    `json:"scope,omitempty"`
	Params []ParamDiff `json:"params,omitempty"`
	// Tables lists every table, what moved first; TablesCompared is false
	// (and Tables empty) when a manifest predates tables (schema 1).
	Tables          []TableDiff `json:"tables"`
	UnchangedTables int         `json:"unchanged_tables"`
	TablesCompared  bool        `json:"tables_compared"`
}

// FiguresMoved reports whether any figure is changed, added or removed.
func (r *Report) FiguresMoved() bool {
	for _, f := range r.Figures {
		if f.Status != Unchanged {
			return true
		}
	}
	return false
}

// MetricsRegressed reports whether any metric now fails that passed before
// (or a new metric fails).
func (r *Report) MetricsRegressed() bool {
	for _, m := range r.Metrics {
		if m.Regressed {
			return true
		}
	}
	return false
}

// KnownMoved returns the metrics whose known disagreement appeared,
// disappeared or changed sign, in report order.
func (r *Report) KnownMoved() []MetricDiff {
	var out []MetricDiff
	for _, m := range r.Metrics {
		if m.Known != "" {
			out = append(out, m)
		}
	}
	return out
}

type key struct{ notebook, id string }

// Compare compares manifest a (before) with b (after).
func Compare(a, b *publish.Manifest, opt Options) *Report {
	opt = opt.withDefaults()
	r := &Report{RTol: opt.RTol, ATol: opt.ATol}
	bothConf := len(a.Conformance) > 0 && len(b.Conformance) > 0
	if scope := paramScope(a, b); scope != nil {
		r.Params = paramDiffs(a, b, scope)
		r.Scope = slices.Sorted(maps.Keys(scope))
		a, b = restrict(a, scope), restrict(b, scope)
	}

	r.Figures = join(a.Figures, b.Figures, func(f *publish.FigureEntry) key { return key{f.Notebook, f.ID} }, compareKeys,
		func(k key, oe, ne *publish.FigureEntry) FigureDiff {
			var o, n *bundle.Figure
			if oe != nil {
				o = &oe.Data
			}
			if ne != nil {
				n = &ne.Data
			}
			fd := FigureDiff{ID: k.id, Notebook: k.notebook, Old: o, New: n}
			switch {
			case o == nil:
				fd.Status = Added
			case n == nil:
				fd.Status = Removed
			default:
				fd.Series, fd.Heat, fd.Params = compareFigure(o, n, opt)
				fd.Status = Unchanged
				if len(fd.Params) > 0 || (fd.Heat != nil && fd.Heat.Status != Unchanged) {
					fd.Status = Changed
				}
				for _, s := range fd.Series {
					if s.Status != Unchanged {
						fd.Status = Changed
					}
				}
			}
			if fd.Status == Unchanged {
				r.Unchanged++
				fd.Series = nil
				fd.Heat = nil
			}
			return fd
		}, func(fd FigureDiff) string { return fd.Status })

	r.Metrics = join(a.Metrics, b.Metrics, func(m *publish.MetricEntry) key { return key{m.Notebook, m.Name} }, compareKeys,
		func(k key, o, n *publish.MetricEntry) MetricDiff {
			md := MetricDiff{Name: k.id, Notebook: k.notebook}
			if o != nil {
				v := float64(o.Value)
				md.Old, md.OldPass, md.Tolerance, md.OldOutcome = &v, o.Pass, float64(o.Tolerance), o.Outcome()
			}
			if n != nil {
				v := float64(n.Value)
				md.New, md.NewPass, md.Tolerance, md.NewOutcome = &v, n.Pass, float64(n.Tolerance), n.Outcome()
			}
			md.Known = knownMove(o, n)
			switch {
			case o == nil:
				md.Status = Added
				md.Regressed = md.NewOutcome == bundle.Failed
			case n == nil:
				md.Status = Removed
			default:
				md.Status = Unchanged
				if !equal(float64(o.Value), float64(n.Value), opt) || !equal(float64(o.Tolerance), float64(n.Tolerance), opt) || md.OldOutcome != md.NewOutcome {
					md.Status = Changed
				}
				md.Crossed = o.Pass != n.Pass
				md.Regressed = md.OldOutcome != bundle.Failed && md.NewOutcome == bundle.Failed
			}
			return md
		}, func(md MetricDiff) string { return md.Status })
	r.Conformance, r.ConformanceCompared = compareConformance(a, b)
	if !r.ConformanceCompared && bothConf {
		// Both reports carry the list; the notebooks compared have no row.
		r.ConformanceCompared = true
	}
	if r.ConformanceCompared {
		r.ConformanceCounts = conformanceCounts(a, b)
	}
	r.Tables, r.UnchangedTables, r.TablesCompared = compareTables(a, b, opt)
	r.Values, r.UnchangedValues = compareValues(a, b, opt)
	return r
}

// join matches the entries of two manifests by key (notebook and id): for
// every key of either, in key order, it calls diff with the old and the new
// entry, nil where that side has none, and returns the results with what
// moved first (changed, then added, removed, unchanged; stable by key, as
// status reports them). Figures, metrics, tables and conformance rows are
// joined by it.
func join[K comparable, E, D any](old, new []E, keyOf func(*E) K, cmpKey func(K, K) int, diff func(k K, o, n *E) D, status func(D) string) []D {
	index := func(es []E) map[K]*E {
		m := make(map[K]*E, len(es))
		for i := range es {
			m[keyOf(&es[i])] = &es[i]
		}
		return m
	}
	om, nm := index(old), index(new)
	ks := union(om, nm, cmpKey)
	out := make([]D, 0, len(ks))
	for _, k := range ks {
		out = append(out, diff(k, om[k], nm[k]))
	}
	rank := map[string]int{Changed: 0, Added: 1, Removed: 2, Unchanged: 3}
	sort.SliceStable(out, func(i, j int) bool { return rank[status(out[i])] < rank[status(out[j])] })
	return out
}

// union returns the keys of a and b, each once, sorted by cmp.
func union[K comparable, V any](a, b map[K]V, cmp func(K, K) int) []K {
	ks := make([]K, 0, len(a)+len(b))
	for k := range a {
		ks = append(ks, k)
	}
	for k := range b {
		if _, dup := a[k]; !dup {
			ks = append(ks, k)
		}
	}
	slices.SortFunc(ks, cmp)
	return ks
}

func compareKeys(x, y key) int {
	if c := strings.Compare(x.notebook, y.notebook); c != 0 {
		return c
	}
	return strings.Compare(x.id, y.id)
}

// equal is the tolerance test of the package doc.
func equal(a, b float64, opt Options) bool {
	if math.IsNaN(a) || math.IsNaN(b) {
		return math.IsNaN(a) && math.IsNaN(b)
	}
	if math.IsInf(a, 0) || math.IsInf(b, 0) {
		return a == b
	}
	return math.Abs(a-b) <= opt.ATol+opt.RTol*math.Max(math.Abs(a), math.Abs(b))
}

func compareFigure(o, n *bundle.Figure, opt Options) ([]SeriesDiff, *HeatDiff, []string) {
	var params []string
	for _, k := range union(o.Params, n.Params, strings.Compare) {
		ov, okO := o.Params[k]
		nv, okN := n.Params[k]
		switch {
		case !okO:
			params = append(params, fmt.Sprintf("%s: (none) -> %g", k, nv))
		case !okN:
			params = append(params, fmt.Sprintf("%s: %g -> (none)", k, ov))
		case !equal(ov, nv, opt):
			params = append(params, fmt.Sprintf("%s: %g -> %g", k, ov, nv))
		}
	}
	if seedString(o.Seed) != seedString(n.Seed) {
		params = append(params, fmt.Sprintf("seed: %s -> %s", seedString(o.Seed), seedString(n.Seed)))
	}

	oldS := map[string]*bundle.Series{}
	var names []string
	for i := range o.Series {
		s := &o.Series[i]
		oldS[s.Name] = s
		names = append(names, s.Name)
	}
	newS := map[string]*bundle.Series{}
	for i := range n.Series {
		s := &n.Series[i]
		newS[s.Name] = s
		if _, ok := oldS[s.Name]; !ok {
			names = append(names, s.Name)
		}
	}
	var out []SeriesDiff
	for _, name := range names {
		os, ns := oldS[name], newS[name]
		switch {
		case os == nil:
			out = append(out, SeriesDiff{Name: name, Status: Added, NewLen: len(ns.Y)})
		case ns == nil:
			out = append(out, SeriesDiff{Name: name, Status: Removed, OldLen: len(os.Y)})
		default:
			out = append(out, compareSeries(name, os, ns, opt))
		}
	}
	return out, compareHeat(o.Heat, n.Heat, opt), params
}

// compareHeat compares two heat grids, either of which may be absent (nil
// when both are).
func compareHeat(o, n *bundle.Heat, opt Options) *HeatDiff {
	if o == nil && n == nil {
		return nil
	}
	d := &HeatDiff{Status: Unchanged, AtI: -1, AtJ: -1}
	if o != nil {
		d.Name = o.Name
		d.OldNX, d.OldNY = len(o.X), len(o.Y)
	}
	if n != nil {
		d.Name = n.Name
		d.NewNX, d.NewNY = len(n.X), len(n.Y)
	}
	switch {
	case o == nil:
		d.Status = Added
		return d
	case n == nil:
		d.Status = Removed
		return d
	}
	if o.Name != n.Name {
		d.Status = Changed
		d.Note = fmt.Sprintf("renamed %q -> %q", o.Name, n.Name)
	}
	if d.OldNX != d.NewNX || d.OldNY != d.NewNY || len(o.Z) != len(n.Z) {
		d.Status = Changed
		d.MaxAbs, d.MaxRel = math.NaN(), math.NaN()
		d.Note = joinNote(fmt.Sprintf("shape %d×%d -> %d×%d", d.OldNX, d.OldNY, d.NewNX, d.NewNY), d.Note)
		if len(o.Z) != d.OldNX*d.OldNY || len(n.Z) != d.NewNX*d.NewNY {
			d.Note = joinNote(d.Note, fmt.Sprintf("malformed grid: %d and %d z values", len(o.Z), len(n.Z)))
		}
		return d
	}
	d.XMoved, d.YMoved = moved(o.X, n.X, opt), moved(o.Y, n.Y, opt)
	if d.XMoved || d.YMoved {
		d.Status = Changed
	}
	nx := max(d.NewNX, 1) // a well-formed grid with z values has nx >= 1
	nanNote := ""
	for k := range o.Z {
		a, b := float64(o.Z[k]), float64(n.Z[k])
		if equal(a, b, opt) {
			continue
		}
		d.Status = Changed
		i, j := k%nx, k/nx
		if math.IsNaN(a) != math.IsNaN(b) {
			if nanNote == "" {
				what := "appeared"
				if math.IsNaN(a) {
					what = "disappeared"
				}
				nanNote = fmt.Sprintf("NaN %s at cell (%d, %d)", what, i, j)
			}
			continue
		}
		abs := math.Abs(a - b)
		if abs > d.MaxAbs || d.AtI < 0 {
			d.MaxAbs, d.AtI, d.AtJ = abs, i, j
			if i < len(n.X) && j < len(n.Y) {
				d.AtX, d.AtY = float64(n.X[i]), float64(n.Y[j])
			}
		}
		if m := math.Max(math.Abs(a), math.Abs(b)); m > 0 {
			d.MaxRel = math.Max(d.MaxRel, abs/m)
		}
	}
	d.Note = joinNote(d.Note, nanNote)
	return d
}

// joinNote joins the non-empty notes with "; ".
func joinNote(a, b string) string {
	switch {
	case a == "":
		return b
	case b == "":
		return a
	}
	return a + "; " + b
}

// moved reports whether any coordinate of o differs from n's (same
// length) beyond the tolerances.
func moved(o, n []bundle.Float, opt Options) bool {
	for i := range o {
		if !equal(float64(o[i]), float64(n[i]), opt) {
			return true
		}
	}
	return false
}

func compareSeries(name string, o, n *bundle.Series, opt Options) SeriesDiff {
	d := SeriesDiff{Name: name, Status: Unchanged, OldLen: len(o.Y), NewLen: len(n.Y), AtIndex: -1}
	if len(o.Y) != len(n.Y) || len(o.X) != len(n.X) {
		d.Status = Changed
		d.Note = fmt.Sprintf("length %d -> %d", len(o.Y), len(n.Y))
		d.MaxAbs, d.MaxRel = math.NaN(), math.NaN()
		return d
	}
	if d.XMoved = moved(o.X, n.X, opt); d.XMoved {
		d.Status = Changed
	}
	for i := range o.Y {
		a, b := float64(o.Y[i]), float64(n.Y[i])
		if equal(a, b, opt) {
			continue
		}
		d.Status = Changed
		if math.IsNaN(a) != math.IsNaN(b) {
			if d.Note == "" {
				what := "appeared"
				if math.IsNaN(a) {
					what = "disappeared"
				}
				d.Note = fmt.Sprintf("NaN %s at index %d", what, i)
			}
			continue
		}
		abs := math.Abs(a - b)
		if abs > d.MaxAbs || d.AtIndex < 0 {
			d.MaxAbs, d.AtIndex = abs, i
			if i < len(n.X) {
				d.AtX = float64(n.X[i])
			}
		}
		if m := math.Max(math.Abs(a), math.Abs(b)); m > 0 {
			d.MaxRel = math.Max(d.MaxRel, abs/m)
		}
	}
	if d.Status == Unchanged {
		d.AtIndex = 0
	}
	return d
}

func seedString(s *uint64) string {
	if s == nil {
		return "(none)"
	}
	return fmt.Sprint(*s)
}
