package papers

import (
	"fmt"
	"strconv"
)

// Source is one text sigprop implements (or, as P18, a paper whose
// figures one of them shows).
type Source struct {
	// Key is the source's BibTeX key in lib/sources/refs.bib.
	Key string
	// Cite is the short citation the pages and captions use,
	// e.g. "Noci et al. 2022".
	Cite string
	// Reference is the full reference.
	Reference string
	// Page is sigprop's notes on the source, e.g. "lib/sources/noci2022.md".
	Page string
}

// Kind says whether a label numbers a figure or a table.
type Kind int

const (
	KindFig Kind = iota
	KindTable
)

// Label is a figure's or table's number as its source prints it: "Fig. 8",
// "Table 2", or with a prefix naming the part of the lecture it belongs to
// (a paper the lecture cites): "Attention Fig. 2", "Murray Fig. 1". N = 0
// is an unnumbered figure: "Summary figure".
type Label struct {
	Prefix string
	Kind   Kind
	N      int
}

// Fig is the label "Fig. n".
func Fig(n int) Label { return Label{Kind: KindFig, N: n} }

// Table is the label "Table n".
func Table(n int) Label { return Label{Kind: KindTable, N: n} }

// String is the label as the source prints it.
func (l Label) String() string {
	word := "Fig."
	if l.Kind == KindTable {
		word = "Table"
	}
	s := word + " " + strconv.Itoa(l.N)
	if l.N == 0 {
		s = map[Kind]string{KindFig: "figure", KindTable: "table"}[l.Kind]
	}
	if l.Prefix != "" {
		s = l.Prefix + " " + s
	}
	return s
}

// Type says what a source figure or table is.
type Type string

const (
	Data          Type = "data"      // plotted or tabulated results
	Diagram       Type = "schematic" // a diagram
	SettingsTable Type = "settings"  // a table of hyperparameters
)

// Types lists the types in display order.
var Types = []Type{Data, Diagram, SettingsTable}

// Setting says at what settings sigprop draws a source figure: the one
// verdict-like property that is typed, since no code can know it. How well
// the drawing agrees with the source's claims is computed by the report
// from the claim checks, never typed.
type Setting string

const (
	// AtPaper: at the paper's parameters (or sigprop's stated choice
	// where the paper gives none).
	AtPaper Setting = "paper"
	// Analogue: a different dataset, model or form; Reason says what
	// differs.
	Analogue Setting = "analogue"
	// Schematic: a diagram or a table of hyperparameters, nothing to
	// compute.
	Schematic Setting = "schematic"
)

// Settings lists the settings in display order.
var Settings = []Setting{AtPaper, Analogue, Schematic}

// Section says whether a figure is one of the five sources' or one sigprop
// added beyond them (a figure a source only cites, recalled rather than
// read): the two are counted apart.
type Section string

const (
	// InSources: a figure or table of one of the five sources.
	InSources Section = ""
	// Beyond: not a figure of the sources.
	Beyond Section = "beyond"
)

// Ref names a figure by its source and label, e.g. P18's Fig. 1 for the
// lecture's Fig. 1.
type Ref struct {
	Source *Source
	Label  Label
}

// String is "<Cite>, <Label>".
func (r Ref) String() string { return r.Source.Cite + ", " + r.Label.String() }

// Figure is one figure or table of a source: the one place it is
// defined. A notebook's figure claims it by its ID (bundle.Figure.Paper,
// set from the value with Claim); the conformance table's row is this
// value with the figures that claimed it in a report.
type Figure struct {
	// ID is the figure's stable identifier, e.g. "noci2022-fig8".
	ID     string
	Source *Source
	Label  Label
	Title  string
	Type   Type
	// Setting is at the paper's settings, an analogue or schematic.
	Setting Setting
	// Section is Beyond for a figure that is not one of the sources'.
	Section Section
	// Notebook is the notebook that draws the figure ("" when sigprop
	// draws none: Missing says why). A report that ran it to the end at
	// its own settings must hold a figure that claims this one.
	Notebook string
	// Reason says what differs from the source (an analogue) or why
	// there is nothing to compute (a schematic).
	Reason string
	// Missing says what of the source figure sigprop does not draw (a
	// panel, a data set out of reach).
	Missing string
	Notes   string
	// AlsoAs are other names of the same figure, e.g. P18's Fig. 1 for
	// the lecture's Fig. 1.
	AlsoAs []Ref
}

// Ref is the figure's source and label.
func (f *Figure) Ref() Ref { return Ref{f.Source, f.Label} }

// Name is "<Cite>, <Label>", e.g. "Noci et al. 2022, Fig. 8".
func (f *Figure) Name() string { return f.Ref().String() }

// String is the figure's name.
func (f *Figure) String() string { return f.Name() }

// Claim returns the ids of figs, the value of a bundle.Figure's Paper
// field for a figure that reproduces them.
func Claim(figs ...*Figure) []string {
	out := make([]string, len(figs))
	for i, f := range figs {
		out[i] = f.ID
	}
	return out
}

// ByID returns the figure with the given id.
func ByID(id string) (*Figure, bool) {
	f, ok := byID[id]
	return f, ok
}

// ByName returns the figure named "<Cite>, <Label>" (by its own name or
// one of AlsoAs).
func ByName(name string) (*Figure, bool) {
	f, ok := byName[name]
	return f, ok
}

var byID, byName = index()

func index() (map[string]*Figure, map[string]*Figure) {
	ids, names := map[string]*Figure{}, map[string]*Figure{}
	for _, f := range All {
		if _, dup := ids[f.ID]; dup {
			panic(fmt.Sprintf("papers: duplicate id %q", f.ID))
		}
		ids[f.ID] = f
		for _, r := range append([]Ref{f.Ref()}, f.AlsoAs...) {
			if _, dup := names[r.String()]; dup {
				panic(fmt.Sprintf("papers: duplicate name %q", r))
			}
			names[r.String()] = f
		}
	}
	return ids, names
}

// Of is l with a prefix naming the part of the lecture it belongs to:
// Of("Attention", Fig(2)) is "Attention Fig. 2".
func Of(prefix string, l Label) Label {
	l.Prefix = prefix
	return l
}

// Describe is how a page names what a figure reproduces: the names of the
// figures ids claims, joined by "; ", then note in parentheses ("Noci et
// al. 2022, Fig. 8 (right)"); an id that names no figure is shown as it
// is, and a note without ids alone (a section or an equation of a source
// that is no figure).
func Describe(ids []string, note string) string {
	var s string
	for i, id := range ids {
		if i > 0 {
			s += "; "
		}
		if f, ok := ByID(id); ok {
			s += f.Name()
		} else {
			s += id
		}
	}
	switch {
	case note == "":
		return s
	case s == "":
		return note
	}
	return s + " (" + note + ")"
}
