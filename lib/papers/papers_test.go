package papers

import (
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

func TestLabel(t *testing.T) {
	for _, c := range []struct {
		l    Label
		want string
	}{
		{Fig(8), "Fig. 8"},
		{Table(2), "Table 2"},
		{Of("Attention", Fig(2)), "Attention Fig. 2"},
		{Of("CNN", Fig(1)), "CNN Fig. 1"},
		{Label{Prefix: "Summary"}, "Summary figure"},
	} {
		if got := c.l.String(); got != c.want {
			t.Errorf("%+v: %q, want %q", c.l, got, c.want)
		}
	}
	if got := Noci2022Fig8.Name(); got != "Noci et al. 2022, Fig. 8" {
		t.Errorf("Noci2022Fig8.Name() = %q", got)
	}
}

var idRE = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// Every figure is well formed: what the conformance list's loader checked
// of reports/conformance/figures.json, now checked of the one definition.
func TestRegistry(t *testing.T) {
	notebooks, err := os.ReadDir("../../notebooks")
	if err != nil {
		t.Fatal(err)
	}
	var nbs []string
	for _, e := range notebooks {
		nbs = append(nbs, strings.TrimSuffix(e.Name(), ".ipynb"))
	}
	bib, err := os.ReadFile("../sources/refs.bib")
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range Sources {
		if _, err := os.Stat("../../" + s.Page); err != nil {
			t.Errorf("%s: page %v", s.Cite, err)
		}
		if !strings.Contains(string(bib), "{"+s.Key+",") {
			t.Errorf("%s: key %q is not in lib/sources/refs.bib", s.Cite, s.Key)
		}
	}
	for _, f := range All {
		bad := func(format string, args ...any) { t.Errorf("%s: "+format, append([]any{f.ID}, args...)...) }
		if !idRE.MatchString(f.ID) {
			bad("id must be lower-case words joined by '-'")
		}
		if g, ok := ByID(f.ID); !ok || g != f {
			bad("ByID does not find it")
		}
		if g, ok := ByName(f.Name()); !ok || g != f {
			bad("ByName(%q) does not find it", f.Name())
		}
		if !slices.Contains(Sources, f.Source) {
			bad("unknown source")
		}
		if f.Title == "" || (f.Label.N == 0 && f.Label.Prefix == "") {
			bad("label and title are required")
		}
		if !slices.Contains(Types, f.Type) || !slices.Contains(Settings, f.Setting) || (f.Section != InSources && f.Section != Beyond) {
			bad("type %q, setting %q, section %q", f.Type, f.Setting, f.Section)
		}
		if (f.Setting == Analogue || f.Setting == Schematic) && strings.TrimSpace(f.Reason) == "" {
			bad("setting %q needs a reason (what differs from the source)", f.Setting)
		}
		if (f.Type == Diagram || f.Type == SettingsTable) != (f.Setting == Schematic) {
			bad("type %q with setting %q: schematic and settings figures, and only they, are Schematic", f.Type, f.Setting)
		}
		if f.Setting != Schematic && f.Notebook == "" && strings.TrimSpace(f.Missing) == "" {
			bad("a data figure that no notebook draws must say what is missing")
		}
		if f.Setting == Schematic && (f.Notebook != "" || f.Missing != "") {
			bad("a schematic figure is drawn by no notebook and misses nothing")
		}
		if f.Notebook != "" && !slices.Contains(nbs, f.Notebook) {
			bad("notebook %q is not in notebooks/", f.Notebook)
		}
	}
	if len(byID) != len(All) {
		t.Errorf("%d ids for %d figures", len(byID), len(All))
	}
}

func TestDescribe(t *testing.T) {
	for _, c := range []struct {
		ids  []string
		note string
		want string
	}{
		{Claim(Noci2022Fig8), "right", "Noci et al. 2022, Fig. 8 (right)"},
		{Claim(Noci2022Fig3, Noci2022Fig1), "", "Noci et al. 2022, Fig. 3; Noci et al. 2022, Fig. 1"},
		{nil, "Noci et al. 2022, Thm 3.3, eq. (15)", "Noci et al. 2022, Thm 3.3, eq. (15)"},
		{[]string{"nosuch-fig1"}, "", "nosuch-fig1"},
		{nil, "", ""},
	} {
		if got := Describe(c.ids, c.note); got != c.want {
			t.Errorf("Describe(%q, %q) = %q, want %q", c.ids, c.note, got, c.want)
		}
	}
}

// figureAnchor matches a figure's anchor on a sources page, "figure-8" or
// "figure-3-theory".
var figureAnchor = regexp.MustCompile(`<a id="figure-(\d+)(-[a-z-]+)?"></a>`)

// The sources pages narrate some of their figures, each under an anchor
// figure-N: every such anchor names a figure of this package whose source
// has that page (the pages hold no list of figures to check the other way:
// the conformance table, generated from All, is that list).
func TestSourcePagesNameFigures(t *testing.T) {
	pages := map[string]bool{}
	for _, s := range Sources {
		pages[s.Page] = true
	}
	found := 0
	for page := range pages {
		b, err := os.ReadFile("../../" + page)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range figureAnchor.FindAllStringSubmatch(string(b), -1) {
			found++
			ok := slices.ContainsFunc(All, func(f *Figure) bool {
				return f.Source.Page == page && f.Label.Prefix == "" && f.Label.Kind == KindFig && strconv.Itoa(f.Label.N) == m[1]
			})
			if !ok {
				t.Errorf("%s: anchor %q names no figure of lib/papers with that page", page, m[0])
			}
		}
	}
	if found == 0 {
		t.Error("no figure anchor found on the sources pages: the pattern is stale")
	}
}
