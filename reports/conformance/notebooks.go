package conformance

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// Source is what the Go code of one notebook says about its figures,
// read without executing it.
type Source struct {
	Notebook string
	// Figures are the show.Figure, bundle.Figure and bundle.Table
	// literals with an ID field.
	Figures []SourceFigure
	// Claims are the other string literals of the form "<Source>, Fig. N"
	// (e.g. a PaperFigure held in a variable).
	Claims []string
	// Written matches the strings the code writes anywhere: its string
	// literals, fmt.Sprintf formats and concatenations, as ID patterns
	// (idPattern), wholly computed ones left out. An id that only a figure
	// literal with a wholly computed ID (e.g. ID: id) can produce is drawn
	// only if the code writes it.
	Written []*regexp.Regexp
}

// SourceFigure is one figure or table literal.
type SourceFigure struct {
	// ID matches the ids the literal can produce: a string literal
	// exactly, a fmt.Sprintf format with each verb as ".+", a
	// concatenation with each non-literal part as ".+", anything else
	// as ".+".
	ID *regexp.Regexp
	// PaperFigure is the field's value when it is a string literal, and
	// Dynamic is true when the field is set by an expression.
	PaperFigure string
	Dynamic     bool
	Line        string // "cell N" for messages
}

// ParseCells reads the figures of a notebook from its code cells (gonb
// cells: a "%%" cell is the body of main, others are declarations; lines
// starting with "%" or "!" are kernel commands and are skipped).
func ParseCells(notebook string, cells []string) (*Source, error) {
	s := &Source{Notebook: notebook}
	for i, src := range cells {
		body := false
		var lines []string
		for _, ln := range strings.Split(src, "\n") {
			t := strings.TrimSpace(ln)
			if t == "%%" {
				body = true
				lines = append(lines, "")
				continue
			}
			if strings.HasPrefix(t, "%") || strings.HasPrefix(t, "!") {
				lines = append(lines, "")
				continue
			}
			lines = append(lines, ln)
		}
		code := strings.Join(lines, "\n")
		if body {
			code = "func main() {\n" + code + "\n}"
		}
		f, err := parser.ParseFile(token.NewFileSet(), "cell.go", "package main\n"+code, parser.SkipObjectResolution)
		if err != nil {
			return nil, fmt.Errorf("%s cell %d: %w", notebook, i, err)
		}
		s.collect(f, "cell "+strconv.Itoa(i))
	}
	return s, nil
}

// AddGoFile adds the figure literals and claims of one Go source file to
// s, as ParseCells does for a cell: the code of a package the notebook
// imports that builds its figures (e.g. kernel-ext/rankshow for notebook
// 03), so a figure built there counts as drawn by the notebook. name is
// the file's name for messages.
func (s *Source) AddGoFile(name, code string) error {
	f, err := parser.ParseFile(token.NewFileSet(), name, code, parser.SkipObjectResolution)
	if err != nil {
		return fmt.Errorf("%s: %w", s.Notebook, err)
	}
	s.collect(f, name)
	return nil
}

// collect adds the figure literals and claims of f, found at where.
func (s *Source) collect(f *ast.File, where string) {
	inField := map[*ast.BasicLit]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr, *ast.BinaryExpr:
			if p := idPattern(n.(ast.Expr)); !computed(p) {
				s.Written = append(s.Written, regexp.MustCompile("^"+p+"$"))
			}
		case *ast.CompositeLit:
			sel, ok := n.Type.(*ast.SelectorExpr)
			if !ok || (sel.Sel.Name != "Figure" && sel.Sel.Name != "Table") {
				return true
			}
			var fig SourceFigure
			hasID := false
			for _, e := range n.Elts {
				kv, ok := e.(*ast.KeyValueExpr)
				if !ok {
					continue
				}
				key, _ := kv.Key.(*ast.Ident)
				if key == nil {
					continue
				}
				switch key.Name {
				case "ID":
					fig.ID = regexp.MustCompile("^" + idPattern(kv.Value) + "$")
					hasID = true
				case "PaperFigure":
					if lit, ok := kv.Value.(*ast.BasicLit); ok && lit.Kind == token.STRING {
						fig.PaperFigure, _ = strconv.Unquote(lit.Value)
						inField[lit] = true
					} else {
						fig.Dynamic = true
					}
				}
			}
			if hasID {
				fig.Line = where
				s.Figures = append(s.Figures, fig)
			}
		case *ast.BasicLit:
			if n.Kind != token.STRING {
				return true
			}
			v, _ := strconv.Unquote(n.Value)
			s.Written = append(s.Written, regexp.MustCompile("^"+regexp.QuoteMeta(v)+"$"))
			if inField[n] {
				return true
			}
			if _, err := ParseClaim(v); err == nil {
				s.Claims = append(s.Claims, v)
			}
		}
		return true
	})
}

var verbRE = regexp.MustCompile(`%[-+# 0-9.*\[\]]*[a-zA-Z%]`)

// idPattern turns an ID expression into a regular expression.
func idPattern(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.BasicLit:
		if e.Kind == token.STRING {
			v, _ := strconv.Unquote(e.Value)
			return regexp.QuoteMeta(v)
		}
	case *ast.BinaryExpr:
		if e.Op == token.ADD {
			return idPattern(e.X) + idPattern(e.Y)
		}
	case *ast.ParenExpr:
		return idPattern(e.X)
	case *ast.CallExpr:
		if sel, ok := e.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Sprintf" && len(e.Args) > 0 {
			if lit, ok := e.Args[0].(*ast.BasicLit); ok && lit.Kind == token.STRING {
				format, _ := strconv.Unquote(lit.Value)
				var b strings.Builder
				last := 0
				for _, m := range verbRE.FindAllStringIndex(format, -1) {
					b.WriteString(regexp.QuoteMeta(format[last:m[0]]))
					if format[m[0]:m[1]] == "%%" {
						b.WriteString("%")
					} else {
						b.WriteString(".+")
					}
					last = m[1]
				}
				b.WriteString(regexp.QuoteMeta(format[last:]))
				return b.String()
			}
		}
	}
	return dynamicID
}

// dynamicID is the pattern of an ID expression with no literal part.
const dynamicID = ".+"

// computed reports whether an ID pattern has no literal part (".+",
// ".+.+", ...): it would match any id.
func computed(pattern string) bool {
	return strings.ReplaceAll(pattern, dynamicID, "") == ""
}

// Draws reports whether some figure literal of s can produce id. A
// literal whose ID is wholly computed (pattern ".+", e.g. ID: id in a
// rendering helper) produces id only if s's code writes id somewhere
// (Written); otherwise every id would count as drawn and the check could
// not fail.
func (s *Source) Draws(id string) bool {
	return slices.ContainsFunc(s.Figures, func(f SourceFigure) bool {
		if computed(strings.Trim(f.ID.String(), "^$")) {
			return slices.ContainsFunc(s.Written, func(w *regexp.Regexp) bool { return w.MatchString(id) })
		}
		return f.ID.MatchString(id)
	})
}

// CheckSources checks the list against notebooks read by ParseCells,
// without running them. A PaperFigure literal that names a figure or
// table (NamesFigure) must be a claim of the form "<Source>, Fig. N"; one
// that names only an equation, theorem or section ("Noci et al. 2022,
// Thm 3.3, eq. (15)") claims no row. Each row a claim names
// claims must exist and list a figure of that notebook that the literal's
// ID can produce. Other claim literals must name rows. Every listed
// figure must be producible by a figure literal of its notebook.
func (l *List) CheckSources(srcs []*Source) []error {
	var errs []error
	byNB := map[string]*Source{}
	for _, s := range srcs {
		byNB[s.Notebook] = s
	}
	for _, s := range srcs {
		for _, f := range s.Figures {
			if f.PaperFigure == "" {
				continue
			}
			names, err := ParseClaim(f.PaperFigure)
			if err != nil {
				if NamesFigure(f.PaperFigure) {
					errs = append(errs, fmt.Errorf("%s %s: PaperFigure %w", s.Notebook, f.Line, err))
				}
				continue
			}
			for _, name := range names {
				r, ok := l.Row(name)
				if !ok {
					errs = append(errs, fmt.Errorf("%s %s: PaperFigure %q claims %q, which is not in figures.json", s.Notebook, f.Line, f.PaperFigure, name))
					continue
				}
				listed := false
				for _, ref := range append(slices.Clip(r.Figures), r.OptionalFigures...) {
					nb, id, _ := SplitFigure(ref)
					if nb == s.Notebook && f.ID.MatchString(id) {
						listed = true
					}
				}
				if !listed {
					errs = append(errs, fmt.Errorf("%s %s: figure %s claims %q, but row %q lists no figure of %s with that id", s.Notebook, f.Line, f.ID, name, r.ID, s.Notebook))
				}
			}
		}
		for _, c := range s.Claims {
			names, _ := ParseClaim(c)
			for _, name := range names {
				if _, ok := l.Row(name); !ok {
					errs = append(errs, fmt.Errorf("%s: %q claims %q, which is not in figures.json", s.Notebook, c, name))
				}
			}
		}
	}
	for i := range l.Rows {
		r := &l.Rows[i]
		for _, ref := range append(slices.Clip(r.Figures), r.OptionalFigures...) {
			nb, id, _ := SplitFigure(ref)
			s, ok := byNB[nb]
			switch {
			case !ok:
				errs = append(errs, fmt.Errorf("row %q lists %q: there is no notebook %s", r.ID, ref, nb))
			case !s.Draws(id):
				errs = append(errs, fmt.Errorf("row %q lists %q, which no figure or table of %s draws", r.ID, ref, nb))
			}
		}
	}
	return errs
}

// NamesFigure reports whether a PaperFigure string mentions a figure or a
// table ("Fig", "Figure", "Table") anywhere, so that it must parse as a
// claim of rows of the list.
func NamesFigure(s string) bool {
	return strings.Contains(s, "Fig") || strings.Contains(s, "Table")
}
