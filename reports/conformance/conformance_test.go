package conformance

import (
	"errors"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/kernel-ext/bundle"
	"github.com/sigprop/sigprop/reports/ipynb"
)

func TestCommittedListLoads(t *testing.T) {
	l, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	settings := map[Setting]int{}
	for _, r := range l.Rows {
		settings[r.Setting]++
	}
	t.Logf("%d rows; by setting %v", len(l.Rows), settings)
	if len(l.SortedSources(InSources)) != len(SourceNames) {
		t.Errorf("sources with rows: %v, want all of %v", l.SortedSources(InSources), SourceNames)
	}
}

// An outcome typed into the list is refused, naming the row and the
// field: outcomes are computed from the claim checks.
func TestTypedOutcomeRefused(t *testing.T) {
	for _, field := range []string{"status", "outcome", "verdict"} {
		s := strings.Replace(goodList, `"setting": "paper", "figures": ["nb#f1"]`, `"setting": "paper", "`+field+`": "reproduced", "figures": ["nb#f1"]`, 1)
		if s == goodList {
			t.Fatal("replacement did not apply")
		}
		_, err := Parse([]byte(s))
		if !errors.Is(err, ErrTypedOutcome) || !strings.Contains(err.Error(), `row 1: field "`+field+`"`) {
			t.Errorf("%s: error %v, want ErrTypedOutcome naming row 1", field, err)
		}
	}
	// The committed list holds none (Load would fail), and neither does
	// any row of it once re-encoded.
	b, err := os.ReadFile("figures.json")
	if err != nil {
		t.Fatal(err)
	}
	if regexp.MustCompile(`"(status|outcome|verdict)"\s*:`).Match(b) {
		t.Error("figures.json types an outcome")
	}
}

// kernelExtImport matches an import of a kernel-ext package in a notebook.
var kernelExtImport = regexp.MustCompile(`"github\.com/sigprop/sigprop/(kernel-ext/[a-z0-9_/]+)"`)

// The committed notebooks and the list agree, read from the notebooks'
// Go code (they are not executed here; the report checks the executed
// figures again with List.Check).
func TestCommittedNotebooksMatchList(t *testing.T) {
	l, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	paths, err := filepath.Glob("../../notebooks/*.ipynb")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no notebooks found: %v", err)
	}
	var srcs []*Source
	for _, p := range paths {
		nb, err := ipynb.Load(p)
		if err != nil {
			t.Fatal(err)
		}
		var cells []string
		for _, c := range nb.Cells { // indexed as in the notebook; "" for markdown
			src := ""
			if c.CellType == "code" {
				src = string(c.Source)
			}
			cells = append(cells, src)
		}
		s, err := ParseCells(strings.TrimSuffix(filepath.Base(p), ".ipynb"), cells)
		if err != nil {
			t.Fatal(err)
		}
		// Figures a notebook builds in a kernel-ext package it imports
		// (e.g. kernel-ext/rankshow) count as drawn by the notebook.
		for _, m := range kernelExtImport.FindAllStringSubmatch(strings.Join(cells, "\n"), -1) {
			files, err := filepath.Glob(filepath.Join("../..", m[1], "*.go"))
			if err != nil || len(files) == 0 {
				t.Fatalf("%s imports %s, which has no Go files: %v", p, m[1], err)
			}
			for _, f := range files {
				if strings.HasSuffix(f, "_test.go") {
					continue
				}
				code, err := os.ReadFile(f)
				if err != nil {
					t.Fatal(err)
				}
				if err := s.AddGoFile(f, string(code)); err != nil {
					t.Fatal(err)
				}
			}
		}
		if len(s.Figures) == 0 {
			t.Errorf("%s: no figure literals found; the parser is broken", p)
		}
		srcs = append(srcs, s)
	}
	for _, err := range l.CheckSources(srcs) {
		t.Error(err)
	}
	for _, s := range srcs {
		for _, f := range s.Figures {
			if _, err := ParseClaim(f.PaperFigure); f.PaperFigure != "" && err != nil {
				t.Logf("%s %s: PaperFigure %q names no figure of the list (an equation or section)", s.Notebook, f.Line, f.PaperFigure)
			}
		}
	}
}

func TestParseClaim(t *testing.T) {
	for in, want := range map[string]string{
		"Noci et al. 2022, Fig. 8":                              "Noci et al. 2022, Fig. 8",
		"Noci et al. 2022, Figs. 1/3a (at init) and 8 (right)":  "",
		"Noci et al. 2022, Figs. 1/3a (at init)":                "Noci et al. 2022, Fig. 1|Noci et al. 2022, Fig. 3",
		"Noci et al. 2022, Fig. 3b, c":                          "Noci et al. 2022, Fig. 3",
		"Noci et al. 2022, Figs. 13–14 (theory)":                "Noci et al. 2022, Fig. 13|Noci et al. 2022, Fig. 14",
		"Noci et al. 2022, Figs. 12–14":                         "Noci et al. 2022, Fig. 12|Noci et al. 2022, Fig. 13|Noci et al. 2022, Fig. 14",
		"Cowsik et al. 2024, Figs. 4 and 5 (top rows)":          "Cowsik et al. 2024, Fig. 4|Cowsik et al. 2024, Fig. 5",
		"Noci et al. 2022, Table 1 (analogue: Fashion-MNIST)":   "Noci et al. 2022, Table 1",
		"Tanner lecture, Attention Fig. 2":                      "Tanner lecture, Attention Fig. 2",
		"Tanner lecture, CNN Fig. 1 (analogue)":                 "Tanner lecture, CNN Fig. 1",
		"Tanner lecture, Schoenholz Fig. 5 (analogue)":          "Tanner lecture, Schoenholz Fig. 5",
		"P18, Fig. 2 (erf panel)":                               "P18, Fig. 2",
		"P18 Fig. 2":                                            "",
		"Tanner lecture 6 Fig. 1; P18 Fig. 1":                   "",
		"Noci et al. 2022, Thm 3.3, eq. (15)":                   "",
		"Noci et al. 2023, App. D (analogue)":                   "",
		"Noci et al. 2022, Fig. 8 (unclosed":                    "",
		"Smith et al. 2020, Fig. 1":                             "",
		"Cowsik et al. 2024, Fig. 2 (middle and right columns)": "Cowsik et al. 2024, Fig. 2",
	} {
		got, err := ParseClaim(in)
		if want == "" {
			if err == nil {
				t.Errorf("ParseClaim(%q) = %q, want an error", in, got)
			}
			continue
		}
		if err != nil || strings.Join(got, "|") != want {
			t.Errorf("ParseClaim(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
}

const goodList = `{"rows": [
 {"id": "a-fig1", "source": "Noci et al. 2022", "label": "Fig. 1", "title": "t", "type": "data", "setting": "paper", "figures": ["nb#f1"]},
 {"id": "a-fig2", "source": "Noci et al. 2022", "label": "Fig. 2", "title": "t", "type": "schematic", "setting": "schematic", "reason": "a diagram", "figures": []},
 {"id": "a-fig3", "source": "Noci et al. 2022", "label": "Fig. 3", "title": "t", "type": "data", "setting": "analogue", "reason": "another data set", "figures": ["nb#f3", "nb#tab3"], "optional_figures": ["nb#heat"], "aliases": ["P18, Fig. 3"]},
 {"id": "a-fig4", "source": "Noci et al. 2022", "label": "Fig. 4", "title": "t", "type": "data", "setting": "paper", "missing": "out of reach", "figures": []},
 {"id": "b-fig1", "source": "Tanner lecture", "label": "Schoenholz Fig. 5", "title": "t", "type": "data", "setting": "analogue", "section": "beyond", "reason": "recalled", "figures": ["nb#s5"]}
]}`

func TestParseRejects(t *testing.T) {
	if _, err := Parse([]byte(goodList)); err != nil {
		t.Fatalf("good list: %v", err)
	}
	for name, c := range map[string]struct{ old, new, want string }{
		"unknown setting":   {`"setting": "analogue"`, `"setting": "analog"`, `unknown setting "analog"`},
		"unknown section":   {`"section": "beyond"`, `"section": "outside"`, `unknown section "outside"`},
		"unknown type":      {`"type": "schematic"`, `"type": "diagram"`, `unknown type "diagram"`},
		"duplicate id":      {`"id": "a-fig2"`, `"id": "a-fig1"`, "duplicate id"},
		"missing reason":    {`"reason": "another data set", `, ``, `setting "analogue" needs a reason`},
		"nothing missing":   {`"missing": "out of reach", `, ``, `must say what is missing`},
		"unknown source":    {`"source": "Noci et al. 2022", "label": "Fig. 2"`, `"source": "Noci 2022", "label": "Fig. 2"`, `unknown source "Noci 2022"`},
		"unknown field":     {`"title": "t", "type": "data", "setting": "paper"`, `"titel": "t", "type": "data", "setting": "paper"`, `unknown field "titel"`},
		"bad figure ref":    {`"nb#f1"`, `"f1"`, `want "notebook#figure-id"`},
		"schematic setting": {`"type": "schematic", "setting": "schematic"`, `"type": "schematic", "setting": "paper"`, `only they, have setting`},
		"duplicate name":    {`"label": "Fig. 2"`, `"label": "Fig. 1"`, `is also row "a-fig1"'s`},
		"bad label":         {`"label": "Fig. 3"`, `"label": "Figure three"`, `is not a claim of one figure`},
		"bad id":            {`"id": "a-fig2"`, `"id": "A fig2"`, "id must be lower-case"},
		"figure listed 2×":  {`"nb#tab3"]`, `"nb#f3"]`, `listed twice`},
	} {
		s := strings.Replace(goodList, c.old, c.new, 1)
		if s == goodList {
			t.Fatalf("%s: replacement did not apply", name)
		}
		_, err := Parse([]byte(s))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want it to contain %q", name, err, c.want)
		}
	}
}

func TestCheck(t *testing.T) {
	l, err := Parse([]byte(goodList))
	if err != nil {
		t.Fatal(err)
	}
	ok := []Drawn{
		{Notebook: "nb", ID: "f1", PaperFigure: "Noci et al. 2022, Fig. 1"},
		{Notebook: "nb", ID: "f3", PaperFigure: "P18, Fig. 3 (left)"},
		{Notebook: "nb", ID: "tab3"},
		{Notebook: "nb", ID: "s5"},
		{Notebook: "nb", ID: "other", PaperFigure: "Noci et al. 2022, eq. (15)"},
	}
	off, err := l.Check(ok, map[string]bool{"nb": true})
	if err != nil {
		t.Fatal(err)
	}
	if len(off) != 1 || off[0].ID != "other" {
		t.Errorf("off-list claims %v, want nb#other", off)
	}
	// The optional figure may be drawn and claimed too.
	if _, err := l.Check(append(ok, Drawn{Notebook: "nb", ID: "heat", PaperFigure: "Noci et al. 2022, Fig. 3"}), map[string]bool{"nb": true}); err != nil {
		t.Error(err)
	}
	for name, c := range map[string]struct {
		drawn []Drawn
		want  string
	}{
		"claim not listed": {append(slices.Clip(ok), Drawn{Notebook: "nb", ID: "x", PaperFigure: "Noci et al. 2022, Fig. 1"}), `nb#x claims "Noci et al. 2022, Fig. 1", but row "a-fig1" does not list "nb#x"`},
		"claim off list":   {append(slices.Clip(ok), Drawn{Notebook: "nb", ID: "x", PaperFigure: "Noci et al. 2022, Fig. 9"}), `claims "Noci et al. 2022, Fig. 9", which is not in`},
		"listed not drawn": {ok[1:], `row "a-fig1" lists "nb#f1", which notebook nb did not draw`},
	} {
		_, err := l.Check(c.drawn, map[string]bool{"nb": true})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want it to contain %q", name, err, c.want)
		}
	}
	// A notebook that did not run to the end (or was not run) cannot be
	// blamed for missing figures.
	if _, err := l.Check(ok[1:], map[string]bool{}); err != nil {
		t.Errorf("incomplete notebook: %v", err)
	}
}

func TestResults(t *testing.T) {
	l, err := Parse([]byte(goodList))
	if err != nil {
		t.Fatal(err)
	}
	drawn := []Drawn{{Notebook: "nb", ID: "f1"}, {Notebook: "nb", ID: "f3"}}
	mets := []Metric{
		{"nb", bundle.Metric{Name: "m1", Value: 0.5, Tolerance: 1, Figure: "f1", Pass: true}},
		{"nb", bundle.Metric{Name: "m2", Value: -3, Tolerance: 2, Figure: "f1"}},
		{"nb", bundle.Metric{Name: "m3", Value: 1, Tolerance: 2, Figure: "f3", Rule: bundle.AtMost, Pass: true}},
		{"other", bundle.Metric{Name: "m4", Value: 9, Tolerance: 1, Figure: "f1"}},
		{"nb", bundle.Metric{Name: "m5", Value: 9, Tolerance: 1}},
	}
	res := l.Results(drawn, mets)
	if len(res) != 5 {
		t.Fatalf("%d results", len(res))
	}
	if len(res[0].Metrics) != 2 || res[0].Worst != 1.5 {
		t.Errorf("row 1: %d metrics, worst %v; want 2, 1.5", len(res[0].Metrics), res[0].Worst)
	}
	if len(res[1].Metrics) != 0 || !math.IsNaN(res[1].Worst) || len(res[1].Figures) != 0 {
		t.Errorf("row 2: %+v", res[1])
	}
	if res[2].Worst != 0.5 || len(res[2].Figures) != 2 || res[2].Figures[1].Drawn {
		t.Errorf("row 3: worst %v, figures %+v; want 0.5 and nb#tab3 not drawn (the optional nb#heat left out)", res[2].Worst, res[2].Figures)
	}
	// No metric quotes a claim: drawn but not checked.
	if res[0].Outcome != NotChecked || res[2].Outcome != NotChecked || res[1].Outcome != NotApplicable || res[3].Outcome != NotChecked || res[4].Outcome != NotRun {
		t.Errorf("outcomes %q %q %q %q %q", res[0].Outcome, res[1].Outcome, res[2].Outcome, res[3].Outcome, res[4].Outcome)
	}
}

// The outcome is computed from the claim checks alone, a known
// disagreement counts as a failed claim (outcome, worst ratio, counts),
// a failed central claim decides, and a missing part caps at partial.
func TestOutcomeComputed(t *testing.T) {
	known := &bundle.Disagreement{Paper: "p", Measured: "m", Why: "w", Declared: bundle.Declaration{Commit: "abcdef0"}}
	pass := bundle.Metric{Name: "pass", Value: 0.5, Tolerance: 1, Pass: true, Paper: "Noci et al. 2022, Fig. 1: it holds"}
	fail := bundle.Metric{Name: "fail", Value: 3, Tolerance: 1, Paper: "Noci et al. 2022, Fig. 1: it also holds"}
	kd := bundle.Metric{Name: "known", Value: 4, Tolerance: 1, Disagreement: known}
	internal := bundle.Metric{Name: "quadrature", Value: 0.1, Tolerance: 1, Pass: true}
	central := func(m bundle.Metric) bundle.Metric { m.Central = true; return m }
	for _, c := range []struct {
		name    string
		metrics []bundle.Metric
		missing string
		want    Outcome
		worst   float64
	}{
		{"every claim passes", []bundle.Metric{pass, pass, internal}, "", Reproduced, 0.5},
		{"one of two", []bundle.Metric{pass, fail}, "", Partial, 3},
		{"a known disagreement is a failed claim", []bundle.Metric{pass, kd}, "", Partial, 4},
		{"only known disagreements", []bundle.Metric{kd, internal}, "", NotReproduced, 4},
		{"none passes", []bundle.Metric{fail}, "", NotReproduced, 3},
		{"central fails", []bundle.Metric{pass, pass, central(fail)}, "", NotReproduced, 3},
		{"central known", []bundle.Metric{pass, central(kd)}, "", NotReproduced, 4},
		{"central passes", []bundle.Metric{central(pass), fail}, "", Partial, 3},
		{"internal checks only", []bundle.Metric{internal}, "", NotChecked, 0.1},
		{"all pass, part missing", []bundle.Metric{pass}, "panel b", Partial, 0.5},
	} {
		l, err := Parse([]byte(goodList))
		if err != nil {
			t.Fatal(err)
		}
		l.Rows[0].Missing = c.missing
		var mets []Metric
		for _, m := range c.metrics {
			m.Figure = "f1"
			mets = append(mets, Metric{"nb", m})
		}
		res := l.Results([]Drawn{{Notebook: "nb", ID: "f1"}, {Notebook: "nb", ID: "s5"}}, mets)
		r := res[0]
		if r.Outcome != c.want || r.Worst != c.worst {
			t.Errorf("%s: outcome %q (%s), worst %v; want %q, %v", c.name, r.Outcome, r.Why, r.Worst, c.want, c.worst)
		}
		cnt := Count(res)
		wantN := 1
		if c.want == NotChecked {
			wantN = 2 // a-fig4 draws nothing
		}
		if cnt.Sources[AtPaper][c.want] != wantN || cnt.Rows != 4 || cnt.BeyondRows != 1 || cnt.Beyond[Analogue][NotChecked] != 1 {
			t.Errorf("%s: counts %+v", c.name, cnt)
		}
		wantK := 0
		for _, m := range c.metrics {
			if m.Disagreement != nil {
				wantK++
			}
		}
		if k, _ := KnownDisagreements(res); k != wantK || r.Known != wantK {
			t.Errorf("%s: %d known disagreements, want %d", c.name, k, wantK)
		}
	}
}

func TestParseCells(t *testing.T) {
	cells := []string{
		"func panel(a string) {\n\tshow.Must(show.DisplayFigure(show.Figure{ID: \"fig4-\" + a, PaperFigure: \"Noci et al. 2022, Fig. 3\"}))\n}",
		"%%\nfor _, sw := range []float64{1, 5} {\n\tshow.Must(show.DisplayFigure(show.Figure{ID: fmt.Sprintf(\"fig2-hist-sw%g\", sw), PaperFigure: \"Noci et al. 2022, Fig. 1\"}))\n}\nt := bundle.Table{ID: \"tab3\"}\nx := \"P18, Fig. 3 (left)\"\nfigs := []string{\"f1\", \"he\" + \"at\"}\nshow.Must(show.DisplayFigure(show.Figure{ID: c.id, PaperFigure: c.paper}))",
	}
	s, err := ParseCells("nb", cells)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Figures) != 4 {
		t.Fatalf("%d figures, want 4", len(s.Figures))
	}
	for _, c := range []struct {
		id   string
		want bool
	}{{"fig4-relu", true}, {"fig2-hist-sw1", true}, {"tab3", true}, {"f1", true}, {"heat", true}, {"anything", false}, {"f3", false}} {
		if s.Draws(c.id) != c.want {
			t.Errorf("Draws(%q) = %v", c.id, !c.want)
		}
	}
	if !s.Figures[3].Dynamic || s.Figures[0].ID.MatchString("fig2-x") || !s.Figures[1].ID.MatchString("fig2-hist-sw0.5") {
		t.Errorf("patterns: %v %v, dynamic %v", s.Figures[0].ID, s.Figures[1].ID, s.Figures[3].Dynamic)
	}
	if len(s.Claims) != 1 || s.Claims[0] != "P18, Fig. 3 (left)" {
		t.Errorf("claims %q", s.Claims)
	}
	l, err := Parse([]byte(goodList))
	if err != nil {
		t.Fatal(err)
	}
	// The claims of cell 0 and 1: fig4-* is not listed by a-fig3; fig2-hist-sw* not by a-fig1.
	errs := l.CheckSources([]*Source{s})
	var msgs []string
	for _, e := range errs {
		msgs = append(msgs, e.Error())
	}
	all := strings.Join(msgs, "\n")
	for _, want := range []string{`claims "Noci et al. 2022, Fig. 3", but row "a-fig3" lists no figure of nb`, `claims "Noci et al. 2022, Fig. 1", but row "a-fig1"`} {
		if !strings.Contains(all, want) {
			t.Errorf("CheckSources errors\n%s\nwant one containing %q", all, want)
		}
	}
	// nb#f1 and nb#heat are drawn by the dynamic id (c.id), which can only
	// produce what the code writes; nb#f3 is written nowhere.
	if strings.Contains(all, `"nb#f1"`) || strings.Contains(all, `"nb#heat"`) || !strings.Contains(all, `row "a-fig3" lists "nb#f3", which no figure or table of nb draws`) {
		t.Errorf("the dynamic id should draw exactly the written ids f1 and heat:\n%s", all)
	}
	s.Figures = s.Figures[:3] // without the dynamic one, nb#f1 is drawn by nothing
	s.Figures[0].PaperFigure = "Noci et al. 2022, Fig. 3 top left (no parenthesis)"
	s.Figures[2].PaperFigure = "Noci et al. 2022, eq. (3)" // an equation claims no row
	msgs = nil
	for _, e := range l.CheckSources([]*Source{s}) {
		msgs = append(msgs, e.Error())
	}
	all = strings.Join(msgs, "\n")
	for _, want := range []string{`row "a-fig1" lists "nb#f1", which no figure or table of nb draws`, `PaperFigure "Noci et al. 2022, Fig. 3 top left (no parenthesis)": not of the form`} {
		if !strings.Contains(all, want) {
			t.Errorf("CheckSources errors\n%s\nwant one containing %q", all, want)
		}
	}
	if strings.Contains(all, "eq. (3)") {
		t.Errorf("an equation reference is not a figure claim, but:\n%s", all)
	}
}
