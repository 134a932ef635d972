package papers

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// statementErrs checks statements as data: each has a source of Sources
// and a text, no text is typed twice, and every figure a statement is
// about is a figure of All whose source (or one of its other names'
// sources) is the statement's own, or the lecture's for a P18 statement.
func statementErrs(stmts []*Statement) []error {
	var errs []error
	seen := map[string]bool{}
	for i, s := range stmts {
		if s.Source == nil || !slices.Contains(Sources, s.Source) {
			errs = append(errs, fmt.Errorf("statement %d (%.60q): source not in Sources", i, s.Text))
			continue
		}
		if strings.TrimSpace(s.Text) == "" || s.String() != s.Text {
			errs = append(errs, fmt.Errorf("statement %d: empty text or String not Text", i))
		}
		if seen[s.Text] {
			errs = append(errs, fmt.Errorf("statement %d (%.60q) typed twice", i, s.Text))
		}
		seen[s.Text] = true
		for _, f := range s.Figures {
			if !slices.Contains(All, f) {
				errs = append(errs, fmt.Errorf("statement %.60q: figure %v not in All", s.Text, f))
				continue
			}
			srcs := []*Source{f.Source}
			for _, r := range f.AlsoAs {
				srcs = append(srcs, r.Source)
			}
			if !slices.Contains(srcs, s.Source) && !(s.Source == P18 && f.Source == Tanner) {
				errs = append(errs, fmt.Errorf("statement %.60q of %s is about %v of another source", s.Text, s.Source.Cite, f))
			}
		}
	}
	return errs
}

func TestStatements(t *testing.T) {
	for _, err := range statementErrs(Statements) {
		t.Error(err)
	}
}

// TestStatementsPlanted checks that statementErrs can fail, on each of
// its rules.
func TestStatementsPlanted(t *testing.T) {
	twice := &Statement{Source: Noci2022, Text: Noci2022Lemmas.Text}
	other := &Statement{Source: Noci2022, Figures: []*Figure{Cowsik2024Fig2}, Text: "planted"}
	empty := &Statement{Source: Noci2022, Text: " "}
	none := &Statement{Text: "no source"}
	for _, c := range []struct {
		name  string
		stmts []*Statement
	}{{"typed twice", []*Statement{Noci2022Lemmas, twice}}, {"another source's figure", []*Statement{other}},
		{"empty text", []*Statement{empty}}, {"no source", []*Statement{none}}} {
		if len(statementErrs(c.stmts)) == 0 {
			t.Errorf("%s: not caught", c.name)
		}
	}
}
