package conformance

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

//go:embed figures.json
var figuresJSON []byte

// Setting says at what settings sigprop draws a source figure or table:
// the one column of a row that is typed, since no code can know it. How
// well the drawing agrees with the source's claims is computed by the
// report from the claim checks (Outcome), never typed.
type Setting string

const (
	// AtPaper: at the paper's parameters (or sigprop's stated choice
	// where the paper gives none).
	AtPaper Setting = "paper"
	// Analogue: a different dataset, model or form; the row's Reason
	// says what differs.
	Analogue Setting = "analogue"
	// SchematicSetting: a diagram or a table of hyperparameters, nothing
	// to compute.
	SchematicSetting Setting = "schematic"
)

// Settings lists the settings in display order.
var Settings = []Setting{AtPaper, Analogue, SchematicSetting}

// Section says whether a row is a figure of the five sources or one
// sigprop added beyond them (a figure a source only cites, recalled rather
// than read): the two are counted apart.
type Section string

const (
	// InSources: a figure or table of one of the five sources (the default).
	InSources Section = ""
	// Beyond: not a figure of the sources.
	Beyond Section = "beyond"
)

// Type says what a source figure or table is.
type Type string

const (
	Data          Type = "data"      // plotted or tabulated results
	SchematicType Type = "schematic" // a diagram
	SettingsType  Type = "settings"  // a table of hyperparameters
)

// Types lists the types in display order.
var Types = []Type{Data, SchematicType, SettingsType}

// SourceNames are the names a PaperFigure field may start with. "P18" is
// Pennington et al. 2018, for its figures shown in the Tanner lecture.
var SourceNames = []string{"Cowsik et al. 2024", "Noci et al. 2022", "Noci et al. 2023", "Tanner lecture", "P18"}

// Row is one figure or table of a source.
type Row struct {
	ID     string `json:"id"`     // e.g. "noci2022-fig8"
	Source string `json:"source"` // one of SourceNames
	Label  string `json:"label"`  // as the source numbers it: "Fig. 8", "Table 1", "Attention Fig. 2"
	Title  string `json:"title"`
	Type   Type   `json:"type"`
	// Setting is the only typed verdict-like column: at the paper's
	// settings, an analogue, or schematic. Its outcome is computed
	// (Result.Outcome).
	Setting Setting `json:"setting"`
	// Section is "beyond" for a row that is not a figure of the sources.
	Section Section `json:"section,omitempty"`
	// Reason says what differs from the source (required for an
	// analogue and a schematic row).
	Reason string `json:"reason,omitempty"`
	// Missing says what of the source figure sigprop does not draw (a
	// panel, a data set out of reach); a row with something missing is
	// at best partial, and a row that draws nothing must say what.
	Missing string `json:"missing,omitempty"`
	// Aliases are other "<Source>, <Label>" names of the same figure,
	// e.g. "P18, Fig. 1" for the lecture's Fig. 1.
	Aliases []string `json:"aliases,omitempty"`
	// Figures are the sigprop figures and tables that reproduce it, as
	// "notebook#figure-id"; every one must be drawn by its notebook.
	Figures []string `json:"figures"`
	// OptionalFigures are drawn only on request (e.g. from a sweep named
	// by an environment variable): a claim may name them, but their
	// absence is not an error.
	OptionalFigures []string `json:"optional_figures,omitempty"`
	Notes           string   `json:"notes,omitempty"`
}

// Name is the row's "<Source>, <Label>", as a PaperFigure field names it.
func (r *Row) Name() string { return r.Source + ", " + r.Label }

// List is the content of figures.json.
type List struct {
	Rows []Row `json:"rows"`

	byName map[string]*Row
}

// Load returns the list committed in figures.json, validated.
func Load() (*List, error) {
	l, err := Parse(figuresJSON)
	if err != nil {
		return nil, fmt.Errorf("reports/conformance/figures.json: %w", err)
	}
	return l, nil
}

// ErrTypedOutcome is returned by Parse for a row that types an outcome
// ("status", "outcome"): outcomes are computed by the report from the
// claim checks.
var ErrTypedOutcome = errors.New("an outcome is computed by the report from the row's claim checks, never typed: type only the setting (\"paper\", \"analogue\" or \"schematic\") and the reason")

// Parse decodes and validates a list. Unknown fields are errors; a typed
// outcome is ErrTypedOutcome.
func Parse(b []byte) (*List, error) {
	var raw struct {
		Rows []map[string]json.RawMessage `json:"rows"`
	}
	if err := json.Unmarshal(b, &raw); err == nil {
		var errs []error
		for i, r := range raw.Rows {
			for _, k := range []string{"status", "outcome", "verdict"} {
				if _, ok := r[k]; ok {
					errs = append(errs, fmt.Errorf("row %d: field %q: %w", i+1, k, ErrTypedOutcome))
				}
			}
		}
		if len(errs) > 0 {
			return nil, errors.Join(errs...)
		}
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	var l List
	if err := dec.Decode(&l); err != nil {
		return nil, err
	}
	if err := l.validate(); err != nil {
		return nil, err
	}
	return &l, nil
}

var idRE = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

func (l *List) validate() error {
	var errs []error
	bad := func(i int, r *Row, format string, args ...any) {
		errs = append(errs, fmt.Errorf("row %d (%q): %s", i+1, r.ID, fmt.Sprintf(format, args...)))
	}
	if len(l.Rows) == 0 {
		return errors.New("no rows")
	}
	ids := map[string]bool{}
	l.byName = map[string]*Row{}
	for i := range l.Rows {
		r := &l.Rows[i]
		if !idRE.MatchString(r.ID) {
			bad(i, r, "id must be lower-case words joined by '-', e.g. \"noci2022-fig8\"")
		}
		if ids[r.ID] {
			bad(i, r, "duplicate id")
		}
		ids[r.ID] = true
		if !slices.Contains(SourceNames, r.Source) {
			bad(i, r, "unknown source %q; allowed: %s", r.Source, strings.Join(SourceNames, ", "))
		}
		if r.Label == "" || r.Title == "" {
			bad(i, r, "label and title are required")
		}
		if !slices.Contains(Types, r.Type) {
			bad(i, r, "unknown type %q; allowed: %s", r.Type, joinQuoted(Types))
		}
		if !slices.Contains(Settings, r.Setting) {
			bad(i, r, "unknown setting %q; allowed: %s", r.Setting, joinQuoted(Settings))
		}
		if r.Section != InSources && r.Section != Beyond {
			bad(i, r, "unknown section %q; allowed: %q (omitted: a figure of the sources)", r.Section, Beyond)
		}
		if (r.Setting == Analogue || r.Setting == SchematicSetting) && strings.TrimSpace(r.Reason) == "" {
			bad(i, r, "setting %q needs a reason (what differs from the source)", r.Setting)
		}
		if (r.Type == SchematicType || r.Type == SettingsType) != (r.Setting == SchematicSetting) {
			bad(i, r, "type %q with setting %q: schematic and settings rows, and only they, have setting %q", r.Type, r.Setting, SchematicSetting)
		}
		if r.Setting != SchematicSetting && len(r.Figures) == 0 && strings.TrimSpace(r.Missing) == "" {
			bad(i, r, "a data row that lists no sigprop figure must say what is missing (\"missing\")")
		}
		if r.Setting == SchematicSetting && (len(r.Figures) > 0 || r.Missing != "") {
			bad(i, r, "a schematic row lists no figures and nothing missing")
		}
		seen := map[string]bool{}
		for _, f := range append(slices.Clip(r.Figures), r.OptionalFigures...) {
			if _, _, err := SplitFigure(f); err != nil {
				bad(i, r, "%v", err)
			}
			if seen[f] {
				bad(i, r, "figure %q listed twice", f)
			}
			seen[f] = true
		}
		for _, name := range append([]string{r.Name()}, r.Aliases...) {
			if o, ok := l.byName[name]; ok {
				bad(i, r, "name %q is also row %q's", name, o.ID)
				continue
			}
			if refs, err := ParseClaim(name); (len(r.Figures) > 0 || len(r.OptionalFigures) > 0) && (err != nil || len(refs) != 1 || refs[0] != name) {
				bad(i, r, "name %q is not a claim of one figure (\"<Source>, Fig. N\")", name)
			}
			l.byName[name] = r
		}
	}
	return errors.Join(errs...)
}

func joinQuoted[T ~string](xs []T) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = strconv.Quote(string(x))
	}
	return strings.Join(s, ", ")
}

// SplitFigure splits "notebook#figure-id".
func SplitFigure(ref string) (notebook, id string, err error) {
	nb, id, ok := strings.Cut(ref, "#")
	if !ok || nb == "" || id == "" || strings.ContainsAny(nb, "/# ") || strings.Contains(id, "#") {
		return "", "", fmt.Errorf("figure %q: want \"notebook#figure-id\", e.g. \"03-rank-collapse#fig8-rho\"", ref)
	}
	return nb, id, nil
}

// Row returns the row named "<Source>, <Label>" (or by an alias).
func (l *List) Row(name string) (*Row, bool) {
	r, ok := l.byName[name]
	return r, ok
}

// Lists reports whether r lists figure ref ("notebook#id"), optional or not.
func (r *Row) Lists(ref string) bool {
	return slices.Contains(r.Figures, ref) || slices.Contains(r.OptionalFigures, ref)
}

// ErrNotAClaim is returned by ParseClaim for a string that does not have
// the form "<Source>, Fig. N" (or "Table N", "Figs. N and M", ...).
var ErrNotAClaim = errors.New(`not of the form "<Source>, Fig. N (note)"`)

// labelRE matches the figure references after "<Source>, ": an optional
// prefix word (the lecture's "Attention Fig. 2", "Murray Fig. 1", "CNN Fig. 1",
// "Schoenholz Fig. 5": a figure of a paper the lecture cites), then
// "Fig."/"Figs."/"Table"/"Tables" and a list of numbers with optional panel
// letters, separated by ",", "/", "and" or a range dash.
var labelRE = regexp.MustCompile(`^(?:(Attention|Murray|CNN|Schoenholz) )?(Figs?\.|Tables?) ?(\d+[a-z]?(?:(?:, ?| ?/ ?| and |–|-)(?:\d+[a-z]?|[a-z]))*)$`)

var numRE = regexp.MustCompile(`\d+`)

// ParseClaim turns a PaperFigure field into the names of the rows it
// claims: "Noci et al. 2022, Figs. 1/3a (at init)" gives "Noci et al. 2022,
// Fig. 1" and "Noci et al. 2022, Fig. 3"; a range "Figs. 13–14" gives both.
// Panel letters and the parenthesis are dropped. A string of another form
// gives ErrNotAClaim.
func ParseClaim(s string) ([]string, error) {
	src := ""
	for _, x := range SourceNames {
		if strings.HasPrefix(s, x+", ") {
			src = x
		}
	}
	if src == "" {
		return nil, fmt.Errorf("%q: %w", s, ErrNotAClaim)
	}
	rest := strings.TrimPrefix(s, src+", ")
	if i := strings.Index(rest, " ("); i >= 0 {
		if !oneParenthesis(rest[i+1:]) {
			return nil, fmt.Errorf("%q: %w", s, ErrNotAClaim)
		}
		rest = rest[:i]
	}
	m := labelRE.FindStringSubmatch(rest)
	if m == nil {
		return nil, fmt.Errorf("%q: %w", s, ErrNotAClaim)
	}
	prefix, word := m[1], "Fig."
	if strings.HasPrefix(m[2], "Table") {
		word = "Table"
	}
	if prefix != "" {
		word = prefix + " " + word
	}
	var nums []int
	pos := numRE.FindAllStringIndex(m[3], -1)
	for k, p := range pos {
		n, _ := strconv.Atoi(m[3][p[0]:p[1]])
		if k > 0 {
			sep := m[3][pos[k-1][1]:p[0]]
			if strings.Trim(sep, "abcdefghijklmnopqrstuvwxyz") == "–" || strings.Trim(sep, "abcdefghijklmnopqrstuvwxyz") == "-" {
				for j := nums[len(nums)-1] + 1; j < n; j++ {
					nums = append(nums, j)
				}
			}
		}
		nums = append(nums, n)
	}
	var out []string
	for _, n := range nums {
		name := fmt.Sprintf("%s, %s %d", src, word, n)
		if !slices.Contains(out, name) {
			out = append(out, name)
		}
	}
	return out, nil
}

// oneParenthesis reports whether s is one balanced parenthesis, "(...)".
func oneParenthesis(s string) bool {
	depth := 0
	for i, c := range s {
		switch c {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 && i != len(s)-1 {
				return false
			}
		}
	}
	return depth == 0 && strings.HasPrefix(s, "(") && strings.HasSuffix(s, ")")
}
