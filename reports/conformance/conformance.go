package conformance

import (
	"errors"
	"fmt"
	"slices"

	"github.com/sigprop/sigprop/lib/papers"
)

// Setting, Type and Section are lib/papers' (a row is a papers.Figure).
type (
	Setting = papers.Setting
	Type    = papers.Type
	Section = papers.Section
)

const (
	AtPaper          = papers.AtPaper
	Analogue         = papers.Analogue
	SchematicSetting = papers.Schematic

	Data          = papers.Data
	SchematicType = papers.Diagram
	SettingsType  = papers.SettingsTable

	InSources = papers.InSources
	Beyond    = papers.Beyond
)

// Settings and Types list the settings and types in display order.
var (
	Settings = papers.Settings
	Types    = papers.Types
)

// Row is one figure or table of a source, as lib/papers defines it.
type Row = papers.Figure

// List is the conformance table's rows: the figures of lib/papers.
type List struct {
	Rows []*Row
}

// Load returns the list of every figure of lib/papers (papers.All).
func Load() (*List, error) { return New(papers.All...) }

// New returns the list of rows, which must have distinct ids.
func New(rows ...*Row) (*List, error) {
	if len(rows) == 0 {
		return nil, errors.New("conformance: no rows")
	}
	ids := map[string]bool{}
	for _, r := range rows {
		if ids[r.ID] {
			return nil, fmt.Errorf("conformance: duplicate row %q", r.ID)
		}
		ids[r.ID] = true
	}
	return &List{Rows: slices.Clone(rows)}, nil
}

// Row returns the row with the given id.
func (l *List) Row(id string) (*Row, bool) {
	for _, r := range l.Rows {
		if r.ID == id {
			return r, true
		}
	}
	return nil, false
}

// SortedSources returns the citations of the sources, in papers.Sources
// order, that have rows of section sec.
func (l *List) SortedSources(sec Section) []string {
	var out []string
	for _, s := range papers.Sources {
		if slices.ContainsFunc(l.Rows, func(r *Row) bool { return r.Source == s && r.Section == sec }) {
			out = append(out, s.Cite)
		}
	}
	return out
}
