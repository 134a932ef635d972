package result

import (
	"fmt"

	"github.com/sigprop/sigprop/lib/papers"
)

// Record is what a result was made at: its settings as named numbers
// (a figure's Params), the seed its draws come from (HasSeed false for
// a deterministic result), and whether the settings are the paper
// figure's (AtPaper, from the experiment's At/Matches). When they are
// not, NotPaper says how they differ, for the checks that apply only at
// the paper's settings. NoPaperFigure marks a result that reproduces no
// paper figure (a composition no source analysed): it has nothing to
// claim or to disclaim, and AtPaper is ignored.
type Record struct {
	Params        map[string]float64
	Seed          uint64
	HasSeed       bool
	AtPaper       bool
	NotPaper      string
	NoPaperFigure bool
}

// Axis is an axis of a result: its label and whether it is drawn on a log
// scale.
type Axis struct {
	Label string
	Log   bool
}

// Role says what a line of Curves is.
type Role int

const (
	// Theory is a theory line.
	Theory Role = iota
	// Simulated is simulated points, with their SE when SE is set.
	Simulated
	// SimulatedLine is simulated points joined by a line.
	SimulatedLine
	// Reference is a second law drawn over a first (an SDE over its
	// network, a limit over its finite-depth curve).
	Reference
	// Contour is computed points of a level set (where a value changes
	// sign across a grid), drawn as points.
	Contour
	// TheoryPoints is a theory at the points of a simulation, drawn as
	// points.
	TheoryPoints
	// SimulatedTrace is simulated values drawn as a plain line without
	// points (a mean over many networks at every layer, a path): simulation,
	// not theory, whatever its style.
	SimulatedTrace
	// TheoryLinePoints is a theory evaluated at a few settings (a table's
	// rows), drawn as points joined by a line: theory, not simulation.
	TheoryLinePoints
)

// Line is one line of Curves: Y (± SE, one per point, or nil) at X.
// Name is its legend entry (empty for none); Key, when set, is what
// checks name it by instead (two lines may share a legend entry, never a
// key).
type Line struct {
	Key  string
	Name string
	Role Role
	X    []float64
	Y    []float64
	SE   []float64
	// Pair, when not 0, draws the line in the Pair-th colour of the
	// palette: lines of one Pair (a theory and its simulation at one
	// width) share a colour.
	Pair int
}

// Kind says what a check compares (the metric kinds of the report).
type Kind int

const (
	TheoryVsSimulation Kind = iota
	TheoryVsClosedForm
	TheoryVsTheory
	TheoryVsPrinted
	SimulationVsSimulation
	// Claim: a statement of a source read as a test.
	Claim
)

// Rule says how a check's value is held against its tolerance.
type Rule int

const (
	// Within: |value| <= Tol.
	Within Rule = iota
	// AtMost: value <= Tol.
	AtMost
	// AtLeast: value >= Tol.
	AtLeast
)

// Test says how a check's value is found.
type Test int

const (
	// Given: the Value the experiment computed.
	Given Test = iota
	// MaxZ: the largest |z| of the line named Sim (its Y ± SE) against
	// the line named Theory (its Y), at the same points; Rule is Within.
	MaxZ
	// MaxZNets: as MaxZ, but each z is the normal equivalent of a
	// t-score over Nets networks (Nets − 1 degrees of freedom: each
	// network is one sample, Unit says what it averages); fewer than 2
	// networks or an SE that is not positive give NaN, a failing check.
	MaxZNets
	// KS: the two-sample Kolmogorov–Smirnov distance between the samples
	// of a Spectrum (or of the pair of Densities named Sim, or the
	// check's own Samples), against the critical value at level Alpha
	// (the renderer sets Tol).
	KS
)

// Check is one test of a result: Name, what it compares (Kind), how its
// value is found (Test, with Sim and Theory naming lines of Curves for
// MaxZ, over their points From on; Value for Given; Alpha for KS), the
// tolerance Tol held by Rule, the Basis of the tolerance, and, for a
// check of a source, the Statement it tests. PaperOnly marks a check
// that holds only at the paper's settings (a claim read at the paper's
// depth): shown as not applicable elsewhere, with the Record's NotPaper.
// A check with NotApplicable set does not apply to this result at all
// (too few points where its theory holds): the reason is shown in its
// place. Central marks the check of the figure's main claim.
type Check struct {
	Name      string
	Kind      Kind
	Test      Test
	Sim       string
	Theory    string
	From      int
	Nets      int
	Unit      string
	Value     float64
	Alpha     float64
	Tol       float64
	Rule      Rule
	Basis     string
	Note      string
	Statement *papers.Statement
	Central   bool
	PaperOnly bool
	// NotApplicable, when set, is why the check does not apply.
	NotApplicable string
	// Points, when set, are a MaxZ check's own points (Sim and Theory
	// empty): the simulated values ± SE and the theory at them, when the
	// theory the check reads is not a drawn line (a closed form at the
	// Monte Carlo points beside a line on a finer grid) or the check pools
	// several lines.
	Points *Points
	// Disagreement, when set, declares the source's claim this check
	// tests known not to hold here (see Disagreement).
	Disagreement *Disagreement
	// Samples, when set, are a KS check's own samples, when they are not
	// drawn (a sample beside a curve of KS distances).
	Samples *Samples
}

// Points are estimates Y ± SE and the Theory at the same points.
type Points struct {
	Y, SE, Theory []float64
}

// Curves is lines over one axis (a quantity against depth, width, ρ):
// theory lines and simulated points ± SE, with their checks and
// Remarks (lines of text shown after the checks: a number the caption
// cannot carry).
type Curves struct {
	Caption string
	X, Y    Axis
	Lines   []Line
	Checks  []Check
	Remarks []string
	Record  Record
}

// Index is 0, 1, …, n−1: the abscissa of a per-layer profile (layer ℓ).
func Index(n int) []float64 {
	x := make([]float64, n)
	for i := range x {
		x[i] = float64(i)
	}
	return x
}

// ID is the line's key, or its name when it has none.
func (l Line) ID() string {
	if l.Key != "" {
		return l.Key
	}
	return l.Name
}

// Line returns the line whose ID is id.
func (c Curves) Line(id string) (Line, bool) {
	for _, l := range c.Lines {
		if l.ID() == id {
			return l, true
		}
	}
	return Line{}, false
}

// Wellformed reports a caller bug in c: a line whose X, Y (and SE, when
// set) differ in length, two lines of one name, or a MaxZ check naming a
// line c does not have or lines of different lengths.
func (c Curves) Wellformed() error {
	seen := map[string]bool{}
	for _, l := range c.Lines {
		if len(l.X) != len(l.Y) || (l.SE != nil && len(l.SE) != len(l.Y)) {
			return fmt.Errorf("result: line %q has %d x, %d y and %d SE", l.ID(), len(l.X), len(l.Y), len(l.SE))
		}
		if l.ID() != "" && seen[l.ID()] {
			return fmt.Errorf("result: two lines keyed %q", l.ID())
		}
		seen[l.ID()] = true
	}
	for _, k := range c.Checks {
		if (k.Test != MaxZ && k.Test != MaxZNets) || k.NotApplicable != "" {
			continue
		}
		if p := k.Points; p != nil {
			if len(p.SE) != len(p.Y) || len(p.Theory) != len(p.Y) || k.From < 0 || k.From >= len(p.Y) {
				return fmt.Errorf("result: check %q: %d points with %d SE and %d theory values, from %d", k.Name, len(p.Y), len(p.SE), len(p.Theory), k.From)
			}
			continue
		}
		s, ok1 := c.Line(k.Sim)
		th, ok2 := c.Line(k.Theory)
		if !ok1 || !ok2 {
			return fmt.Errorf("result: check %q names lines %q and %q, not both in the result", k.Name, k.Sim, k.Theory)
		}
		if len(s.Y) != len(th.Y) || len(s.SE) != len(s.Y) || k.From < 0 || k.From >= len(s.Y) {
			return fmt.Errorf("result: check %q: %d simulated points with %d SE against %d theory points, from %d", k.Name, len(s.Y), len(s.SE), len(th.Y), k.From)
		}
	}
	return nil
}
