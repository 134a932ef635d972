package bundle

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// MIMEType is the display_data key under which a Bundle is sent.
const MIMEType = "application/vnd.sigprop.v1+json"

// StreamMIMEType marks a display_data that stands for text printed on an
// output stream: its value is the stream's name ("stdout") and its
// "text/plain" is the text. kernel-ext/show sends a View's Text items
// this way, through the pipe its figures, tables and checks take, so that
// a line keeps its place among them (gonb forwards a cell program's
// stdout from a goroutine of its own, so a line printed before a figure
// can reach the notebook after it); the executor (reports/execute)
// records such a display as the stream output the print would have made.
const StreamMIMEType = "application/vnd.sigprop.stream"

// DrawMIMEType marks a display_data whose figure is drawn by the process
// that shows it, not by the cell: its value names the format to draw
// ("image/svg+xml"), the bundle under MIMEType carries the figure.
// kernel-ext/show sends figures this way, after checking them, so that a
// cell program links no drawing code (gonum/plot); the hosts, the report
// executor (reports/execute) and the Jupyter relay of `sigprop kernel`
// (reports/kernel/relay), draw the figure (picture.DrawDisplay), put it
// under that MIME type and drop the mark, so that a saved notebook holds
// the display the cell would have sent had it drawn the figure itself.
const DrawMIMEType = "application/vnd.sigprop.draw"

// SchemaVersion is the version encoded in MIMEType.
const SchemaVersion = 1

// Kind says what a Bundle describes.
type Kind string

const (
	KindFigure Kind = "figure"
	KindMetric Kind = "metric"
	KindTable  Kind = "table"
	// KindValue is a named value a cell publishes for the notebook's
	// prose (show.Glue; markdown refers to it as {glue}`name`).
	KindValue Kind = "value"
)

// Bundle is the payload sent under MIMEType. Exactly one of Figure, Metric,
// Table, Value is set, matching Kind.
type Bundle struct {
	Schema int     `json:"schema"`
	Kind   Kind    `json:"kind"`
	Figure *Figure `json:"figure,omitempty"`
	Metric *Metric `json:"metric,omitempty"`
	Table  *Table  `json:"table,omitempty"`
	Value  *Value  `json:"value,omitempty"`
}

// Value is a number a cell computed and published under Name so that the
// notebook's prose can quote it ({glue}`Name`): Text is the number as the
// cell formatted it, which the page shows; Value is the number itself.
type Value struct {
	Name  string `json:"name"`
	Value Float  `json:"value"`
	Text  string `json:"text"`
}

// Figure is the data behind one plotted figure.
type Figure struct {
	ID      string `json:"id"`      // unique within a notebook, e.g. "fig1-phase-diagram"
	Caption string `json:"caption"` // one or two sentences
	// Paper holds the ids of the source figures it reproduces (lib/papers,
	// e.g. "noci2022-fig8"), set from the typed values (papers.Claim);
	// PaperNote says which part, e.g. "right panel".
	Paper     []string           `json:"paper,omitempty"`
	PaperNote string             `json:"paper_note,omitempty"`
	XLabel    string             `json:"x_label,omitempty"`
	YLabel    string             `json:"y_label,omitempty"`
	Series    []Series           `json:"series"`
	Params    map[string]float64 `json:"params,omitempty"`
	Seed      *uint64            `json:"seed,omitempty"`
	// Heat is the grid of a heatmap figure; absent (omitted) otherwise.
	Heat *Heat `json:"heat,omitempty"`
	// Draw says how the figure is drawn; absent in a bundle written
	// before it existed.
	Draw *Draw `json:"draw,omitempty"`
}

// Draw is how a figure is drawn, which with its data is enough for
// package picture to draw it again (picture.FromBundle): a report does,
// to offer each figure as PDF and PNG beside the page's SVG. It is
// presentation, not data: Hash leaves it out and sigprop diff does not
// compare it.
type Draw struct {
	Styles  []string `json:"styles,omitempty"`  // per series: line, points, linepoints or dashed
	Colours []int    `json:"colours,omitempty"` // per series: picture.Series.Colour (0: own index)
	LogX    bool     `json:"log_x,omitempty"`
	LogY    bool     `json:"log_y,omitempty"`
	Legend  string   `json:"legend,omitempty"` // picture.Corner's name; empty: top-right
	Wide    bool     `json:"wide,omitempty"`
	Width   float64  `json:"width,omitempty"`  // points; 0: the default
	Height  float64  `json:"height,omitempty"` // points; 0: the default
	// HeatMin and HeatMax are the heatmap's colour range (both 0: the
	// data's range).
	HeatMin float64 `json:"heat_min,omitempty"`
	HeatMax float64 `json:"heat_max,omitempty"`
}

// Heat is the scalar field of a heatmap figure on a rectangular grid of cell
// centres X (nx values) by Y (ny values): Z holds nx·ny values, row-major,
// Z[j*nx+i] at (X[i], Y[j]). NaN and ±Inf are encoded as JSON null (see
// Float), so a blank cell decodes as NaN.
type Heat struct {
	Name   string  `json:"name"`
	X      []Float `json:"x"`
	Y      []Float `json:"y"`
	Z      []Float `json:"z"`
	ZLabel string  `json:"z_label,omitempty"`
}

// Shape returns nx = len(X), ny = len(Y) and whether len(Z) = nx·ny.
func (h *Heat) Shape() (nx, ny int, ok bool) {
	return len(h.X), len(h.Y), len(h.Z) == len(h.X)*len(h.Y)
}

// Series is one named curve or point set. NaN and ±Inf are encoded as JSON
// null (see Float).
type Series struct {
	Name string  `json:"name"`
	X    []Float `json:"x"`
	Y    []Float `json:"y"`
	// YErr, when present, holds one symmetric error-bar half-width per
	// point (same length as Y), e.g. a Monte Carlo standard error.
	YErr []Float `json:"y_err,omitempty"`
}

// Metric is one measured agreement: a discrepancy Value checked against a
// Tolerance by Rule (Pass says whether it held), what it compares (Kind),
// why the tolerance is what it is (Basis), and the figure it checks.
type Metric struct {
	Name      string     `json:"name"`
	Kind      MetricKind `json:"kind,omitempty"`
	Value     Float      `json:"value"`
	Tolerance Float      `json:"tolerance"`
	Rule      Rule       `json:"rule,omitempty"`
	Pass      bool       `json:"pass"`
	Basis     string     `json:"basis,omitempty"`  // e.g. "3 SE, SE from 12 nets of width 1000"
	Figure    string     `json:"figure,omitempty"` // id of the figure or table it checks, in the same notebook
	Note      string     `json:"note,omitempty"`
	// Paper, when set, makes the metric a claim check: it quotes the
	// source's statement that Value against Tolerance tests, as the
	// source makes it, with where it stands ("Noci et al. 2022, Sec. 3.3:
	// …"). The conformance outcome of the row of the metric's figure is
	// computed from its claim checks alone (see ClaimText). A metric
	// without it checks sigprop's own code (a quadrature against a closed
	// form, two methods against each other): it can fail a report but
	// does not decide whether a paper figure is reproduced.
	Paper string `json:"paper,omitempty"`
	// Central marks the claim check of the figure's main statement: a
	// row whose central claim does not hold is not reproduced, whatever
	// its other checks say.
	Central bool `json:"central,omitempty"`
	// Disagreement, when set, declares that the source's claim this
	// metric checks (Value against Tolerance by Rule, stated as the
	// paper states it) is known not to hold in sigprop; see Outcome. A
	// known disagreement is a claim check that failed, wherever claims
	// are counted.
	Disagreement *Disagreement `json:"disagreement,omitempty"`
}

// ClaimText is the source statement the metric checks: Paper, or the
// declared Disagreement's Paper; "" for a metric that checks no claim.
func (m Metric) ClaimText() string {
	if m.Paper != "" {
		return m.Paper
	}
	if m.Disagreement != nil {
		return m.Disagreement.Paper
	}
	return ""
}

// Disagreement is a known disagreement with a source: what the paper
// says, what sigprop measures instead, why the two differ, and what was
// known when it was declared (Declared), from which its timing is
// computed, never typed (Declaration.Timing).
type Disagreement struct {
	Paper    string      `json:"paper"`
	Measured string      `json:"measured"`
	Why      string      `json:"why"`
	Declared Declaration `json:"declared"`
}

// Declaration records what was known when a known disagreement was
// declared, so that its timing can be computed: a declaration is
// pre-registered only when a pilot decided it whose seeds are not among
// the reported data's, and its result was not seen before (Seen empty).
type Declaration struct {
	// Commit is the commit that declared the disagreement (an
	// abbreviated hash, as git log prints it).
	Commit string `json:"commit"`
	// Pilot describes the pilot run that decided the declaration; ""
	// when none did.
	Pilot string `json:"pilot,omitempty"`
	// PilotSeeds are the pilot's seeds.
	PilotSeeds []uint64 `json:"pilot_seeds,omitempty"`
	// DataSeeds are the seeds of the data the check reads in the report,
	// set by the code that runs the check from the run itself.
	DataSeeds []uint64 `json:"data_seeds,omitempty"`
	// Seen says where the check's result could be read before the
	// declaration (stored data, a commit message, a deterministic run at
	// the reported seeds); "" when nowhere.
	Seen string `json:"seen,omitempty"`
}

// Timing is when a known disagreement was declared relative to its result.
type Timing string

const (
	// PreRegistered: declared from a pilot on other seeds before the
	// result was seen.
	PreRegistered Timing = "pre-registered"
	// AfterSeen: declared after the result was seen (or could have been:
	// the pilot's seeds are among the reported data's, or no pilot is
	// named).
	AfterSeen Timing = "declared after the result was seen"
)

// Timing computes the declaration's timing: PreRegistered when a pilot
// with seeds is named, the reported data's seeds are known and share none
// with the pilot's, and Seen is empty; AfterSeen otherwise.
func (d Declaration) Timing() Timing {
	if d.Pilot == "" || len(d.PilotSeeds) == 0 || len(d.DataSeeds) == 0 || d.Seen != "" {
		return AfterSeen
	}
	for _, p := range d.PilotSeeds {
		if slices.Contains(d.DataSeeds, p) {
			return AfterSeen
		}
	}
	return PreRegistered
}

// Wording is the sentence a page shows for the declaration's timing,
// generated from the record: e.g. "pre-registered: declared in commit
// 1a2b3c4 from a pilot (…, seeds 77) whose seeds are not in the reported
// data (seeds 1, 2)" or "declared after the result was seen (…) in commit
// 1a2b3c4".
func (d Declaration) Wording() string {
	seeds := func(s []uint64) string {
		t := make([]string, len(s))
		for i, x := range s {
			t[i] = strconv.FormatUint(x, 10)
		}
		return strings.Join(t, ", ")
	}
	commit := ""
	if d.Commit != "" {
		commit = " in commit " + d.Commit
	}
	if d.Timing() == PreRegistered {
		return fmt.Sprintf("%s: declared%s from a pilot (%s; seeds %s) whose seeds are not in the reported data (seeds %s)",
			PreRegistered, commit, d.Pilot, seeds(d.PilotSeeds), seeds(d.DataSeeds))
	}
	var why []string
	if d.Seen != "" {
		why = append(why, "seen in "+d.Seen)
	}
	if d.Pilot != "" {
		switch {
		case len(d.PilotSeeds) == 0:
			why = append(why, "the pilot ("+d.Pilot+") names no seeds")
		case len(d.DataSeeds) == 0:
			why = append(why, "the pilot ("+d.Pilot+"; seeds "+seeds(d.PilotSeeds)+") cannot be told apart from the reported data, whose seeds are not recorded")
		default:
			why = append(why, "the pilot ("+d.Pilot+"; seeds "+seeds(d.PilotSeeds)+") shares seeds with the reported data (seeds "+seeds(d.DataSeeds)+")")
		}
	} else if d.Seen == "" {
		why = append(why, "no pilot is named")
	}
	out := string(AfterSeen)
	if len(why) > 0 {
		out += " (" + strings.Join(why, "; ") + ")"
	}
	return out + commit
}

// Validate reports a declaration that cannot be audited: no commit, or a
// pilot without seeds.
func (d Declaration) Validate() error {
	if !commitRE.MatchString(d.Commit) {
		return fmt.Errorf("declaration: commit %q, want the declaring commit's hash (7 to 40 hex digits)", d.Commit)
	}
	if d.Pilot != "" && len(d.PilotSeeds) == 0 {
		return fmt.Errorf("declaration: pilot %q names no seeds", d.Pilot)
	}
	if d.Pilot == "" && len(d.PilotSeeds) > 0 {
		return errors.New("declaration: pilot seeds without a pilot")
	}
	return nil
}

var commitRE = regexp.MustCompile(`^[0-9a-f]{7,40}$`)

// Outcome is the verdict of one metric.
type Outcome string

const (
	// Passed: the check holds.
	Passed Outcome = "pass"
	// Failed: the check does not hold, or its value is NaN or infinite.
	Failed Outcome = "fail"
	// Known: the check of a paper's claim does not hold, as its declared
	// Disagreement said it would; neither a pass nor a failure.
	Known Outcome = "known disagreement"
)

// Outcomes lists the outcomes in display order.
var Outcomes = []Outcome{Passed, Known, Failed}

// Outcome is Passed when m.Pass, Failed when not and no disagreement is
// declared or the value is NaN or infinite, and Known when the check
// fails with a finite value under a declared Disagreement. A declared
// disagreement whose check holds is Passed: the disagreement has gone,
// which `sigprop diff` lists.
func (m Metric) Outcome() Outcome {
	v := float64(m.Value)
	switch {
	case m.Pass:
		return Passed
	case m.Disagreement != nil && !math.IsNaN(v) && !math.IsInf(v, 0):
		return Known
	}
	return Failed
}

// MetricKind says what a metric compares.
type MetricKind string

const (
	// TheoryVsSimulation: a theory prediction against a finite-size
	// simulation (Monte Carlo, random networks, SDE paths).
	TheoryVsSimulation MetricKind = "theory vs simulation"
	// TheoryVsClosedForm: a numerical method against a closed form or a
	// known limit.
	TheoryVsClosedForm MetricKind = "theory vs closed form"
	// TheoryVsTheory: two numerical methods or two theories for the same
	// quantity (e.g. quadrature against series, finite depth against its
	// limit law).
	TheoryVsTheory MetricKind = "theory vs theory"
	// TheoryVsPrinted: a computed value against a number printed in a
	// source or its spec.
	TheoryVsPrinted MetricKind = "theory vs printed"
	// SimulationVsSimulation: two simulations (e.g. a network and its SDE
	// limit, two widths).
	SimulationVsSimulation MetricKind = "simulation vs simulation"
	// Claim: a qualitative claim of a source made quantitative (a sign, an
	// ordering, a ratio beyond a threshold).
	Claim MetricKind = "claim"
)

// MetricKinds lists the kinds in display order.
var MetricKinds = []MetricKind{TheoryVsSimulation, TheoryVsClosedForm, TheoryVsTheory, TheoryVsPrinted, SimulationVsSimulation, Claim}

// Rule says how Value is checked against Tolerance.
type Rule string

const (
	// Within (the default, also spelled ""): |Value| <= Tolerance.
	Within Rule = "within"
	// AtMost: Value <= Tolerance (a one-sided claim, e.g. a log ratio
	// below −1).
	AtMost Rule = "at most"
	// AtLeast: Value >= Tolerance.
	AtLeast Rule = "at least"
)

// Holds reports whether value passes tol under r. NaN never passes, and
// neither does an infinite value under Within.
func (r Rule) Holds(value, tol float64) bool {
	switch r {
	case "", Within:
		return math.Abs(value) <= tol
	case AtMost:
		return value <= tol
	case AtLeast:
		return value >= tol
	}
	return false
}

// Ratio is the metric's worst-case measure on one scale for every rule:
// |Value|/Tolerance under Within (≤ 1 passes). For one-sided rules it is
// 1 + (Value − Tolerance)/|Tolerance| (AtMost) or 1 − (Value − Tolerance)/|Tolerance|
// (AtLeast), so again ≤ 1 passes; a zero tolerance there gives ±Inf or 1.
func (m Metric) Ratio() float64 {
	v, t := float64(m.Value), float64(m.Tolerance)
	switch m.Rule {
	case AtMost:
		return 1 + (v-t)/math.Abs(t)
	case AtLeast:
		return 1 - (v-t)/math.Abs(t)
	}
	return math.Abs(v) / t
}

// Table is a small table of strings with a header row.
type Table struct {
	ID string `json:"id,omitempty"`
	// Paper holds the ids of the source figures or tables it reproduces,
	// as Figure.Paper.
	Paper   []string   `json:"paper,omitempty"`
	Caption string     `json:"caption,omitempty"`
	Header  []string   `json:"header"`
	Rows    [][]string `json:"rows"`
}

// Float is a float64 that encodes NaN and ±Inf as JSON null rather than
// failing, and decodes null as NaN.
type Float float64

// MarshalJSON implements json.Marshaler.
func (f Float) MarshalJSON() ([]byte, error) {
	v := float64(f)
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return []byte("null"), nil
	}
	return json.Marshal(v)
}

// UnmarshalJSON implements json.Unmarshaler.
func (f *Float) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		*f = Float(math.NaN())
		return nil
	}
	var v float64
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	*f = Float(v)
	return nil
}

// Floats converts a []float64 to []Float.
func Floats(xs []float64) []Float {
	out := make([]Float, len(xs))
	for i, x := range xs {
		out[i] = Float(x)
	}
	return out
}

// Encode returns the canonical JSON encoding of b (no HTML escaping, sorted
// map keys, no trailing newline). Same bundle, same bytes.
func Encode(b Bundle) ([]byte, error) {
	b.Schema = SchemaVersion
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(b); err != nil {
		return nil, err
	}
	return bytes.TrimRight(buf.Bytes(), "\n"), nil
}

// Decode parses a bundle and checks its schema version, its kind and, for a
// heatmap figure, that the grid's shape is consistent.
func Decode(data []byte) (Bundle, error) {
	var b Bundle
	if err := json.Unmarshal(data, &b); err != nil {
		return Bundle{}, fmt.Errorf("bundle: %w", err)
	}
	if b.Schema != SchemaVersion {
		return Bundle{}, fmt.Errorf("bundle: schema version %d, this sigprop reads %d", b.Schema, SchemaVersion)
	}
	switch {
	case b.Kind == KindFigure && b.Figure != nil:
		if h := b.Figure.Heat; h != nil {
			if nx, ny, ok := h.Shape(); !ok {
				return Bundle{}, fmt.Errorf("bundle: figure %q heat has %d z values, want len(x)·len(y) = %d·%d = %d", b.Figure.ID, len(h.Z), nx, ny, nx*ny)
			}
		}
	case b.Kind == KindMetric && b.Metric != nil:
		// Pass is recomputed from Value, Tolerance and Rule, never
		// trusted from the data: a bundle cannot claim a pass it did not
		// earn.
		switch b.Metric.Rule {
		case "", Within, AtMost, AtLeast:
		default:
			return Bundle{}, fmt.Errorf("bundle: metric %q rule %q, want %q, %q or %q", b.Metric.Name, b.Metric.Rule, Within, AtMost, AtLeast)
		}
		b.Metric.Pass = b.Metric.Rule.Holds(float64(b.Metric.Value), float64(b.Metric.Tolerance))
	case b.Kind == KindTable && b.Table != nil:
	case b.Kind == KindValue && b.Value != nil:
		if b.Value.Name == "" || b.Value.Text == "" {
			return Bundle{}, fmt.Errorf("bundle: value %q without a name or text", b.Value.Name)
		}
	default:
		return Bundle{}, fmt.Errorf("bundle: kind %q without its payload", b.Kind)
	}
	return b, nil
}

// Hash returns the hex SHA-256 of the canonical encoding of f without
// its Draw: the figure's data hash in the manifest, which a change of
// style alone leaves as it is.
func (f Figure) Hash() string {
	f.Draw = nil
	data, err := Encode(Bundle{Kind: KindFigure, Figure: &f})
	if err != nil {
		panic("bundle: " + err.Error())
	}
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}
