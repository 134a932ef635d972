package nbparams

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"go/ast"
	"go/constant"
	"go/parser"
	"go/token"
	"maps"
	"math"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/reports/ipynb"
)

// Tag marks the cell holding a notebook's parameters; InjectedTag the cell
// Inject adds after it (ipynb.InjectedTag, by which a notebook's cells are
// labelled as its author numbers them: ipynb.Notebook.CellLabel).
const (
	Tag         = "parameters"
	InjectedTag = ipynb.InjectedTag
)

// OneOfDirective, on a line of its own in the comment right above a
// string parameter's declaration, restricts its values to a named set:
//
//	//sigprop:oneof activation
//	const Phi = "tanh" // φ, by name
//
// takes only the names activation.ByName accepts. The sets are those of
// Sets, each read from the package that defines it.
const OneOfDirective = "//sigprop:oneof "

// Sets are the named sets a OneOfDirective may name, each the function
// of lib that lists it (one source of truth: the list the library itself
// accepts).
var Sets = map[string]func() []string{
	"activation": activation.Names, // activation.ByName's names
}

// CheckDirective, on a line of its own in the comment right above a
// floating-point parameter's declaration, names a library setting the
// value reaches (one line each), whose own validation then checks it
// before any cell runs:
//
//	//sigprop:check sde.Model.Gamma
//	var Gamma float64 = 1 / math.Sqrt(8)
//
// The checks are those of Checks; a range is written once, in the
// library.
const CheckDirective = "//sigprop:check "

// A CheckDirective whose name is one of Joint, followed by bindings of
// its roles to parameters in parentheses, checks those parameters
// together (on a line of its own anywhere in the cell's comments):
//
//	//sigprop:check tokencheck.EdgeGapAlphas(lo=EdgeGapAlphaLo, hi=EdgeGapAlphaHi, points=EdgeGapPoints)
//
// Each role's value is the parameter's value given to the run, or else
// its default, evaluated when it is written as numbers (literals, + − × ÷,
// math.Sqrt, the names of other parameters, a slice literal of those), or
// else the check's library default (JointCheck.Defaults).

// jointUse is a joint check the cell names, with its bindings: by role,
// the parameter.
type jointUse struct {
	name string
	bind map[string]string
}

// Param is one parameter the parameters cell declares.
type Param struct {
	Name  string
	Const bool   // const rather than var
	Type  string // declared type, or "" for an untyped constant or inferred variable
	Kind  string // what values it takes: "int", "uint", "float", "bool" or "string" (of each element, for a list)
	Bits  int    // size of Kind for sized types (int8 … float32), else 64
	// List is true for a slice of one of those kinds ([]float64, []int,
	// …): its value is given as comma-separated elements, each checked
	// as a value of Kind (and by its directives).
	List  bool
	Value string // its source in the parameters cell
	// OneOf names the set a string parameter's values are taken from (its
	// OneOfDirective), and Allowed lists that set; both empty for a
	// parameter that takes any value of its kind.
	OneOf   string
	Allowed []string
	// Check names the library checks of a floating-point parameter's
	// values (its CheckDirectives, one a setting it reaches), if any.
	Check []string
	// literalType is the type of a list declared without one
	// (var X = []float64{...}), written before its injected elements.
	literalType string
	group       *ast.GenDecl
	spec        *ast.ValueSpec
}

// Cell is a notebook's parameters cell.
type Cell struct {
	Index  int              // position of the cell in the notebook
	Params map[string]Param // by name
	src    string           // the Go source parsed (gonb's directives blanked)
	// unusable maps names the cell declares but that cannot be set (a
	// multi-name spec, a value of no parameter type) to the reason.
	unusable map[string]string
	joints   []jointUse
}

// Find returns nb's parameters cell. A notebook without one, or with more
// than one, is an error.
func Find(nb *ipynb.Notebook) (*Cell, error) {
	idx := -1
	for i, c := range nb.Cells {
		if c.CellType == "code" && c.HasTag(Tag) {
			if idx >= 0 {
				return nil, fmt.Errorf("nbparams: cells %d and %d are both tagged %q; a notebook has one parameters cell", idx+1, i+1, Tag)
			}
			idx = i
		}
	}
	if idx < 0 {
		return nil, fmt.Errorf("nbparams: the notebook has no code cell tagged %q (cell metadata \"tags\": [%q]) to take -p values", Tag, Tag)
	}
	return parseCell(idx, string(nb.Cells[idx].Source))
}

// parseCell parses the declarations of a parameters cell. Lines of gonb
// directives (%..., !...) are blanked, keeping positions.
func parseCell(idx int, source string) (*Cell, error) {
	lines := strings.Split(source, "\n")
	for i, l := range lines {
		t := strings.TrimSpace(l)
		if strings.HasPrefix(t, "%") || strings.HasPrefix(t, "!") {
			lines[i] = ""
		}
	}
	src := "package p\n" + strings.Join(lines, "\n")
	f, err := parser.ParseFile(token.NewFileSet(), "parameters", src, parser.ParseComments)
	if err != nil {
		return nil, fmt.Errorf("nbparams: cell %d (the parameters cell) does not parse as top-level Go declarations: %v", idx+1, err)
	}
	c := &Cell{Index: idx, Params: map[string]Param{}, src: src, unusable: map[string]string{}}
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || (g.Tok != token.CONST && g.Tok != token.VAR) {
			continue
		}
		for _, s := range g.Specs {
			vs := s.(*ast.ValueSpec)
			if len(vs.Names) != 1 || len(vs.Values) != 1 {
				for _, n := range vs.Names {
					c.unusable[n.Name] = "it is declared together with other names or without a value of its own; declare it alone as NAME = VALUE"
				}
				continue
			}
			p := Param{Name: vs.Names[0].Name, Const: g.Tok == token.CONST, Value: c.text(vs.Values[0]), group: g, spec: vs}
			if vs.Type != nil {
				p.Type = c.text(vs.Type)
				p.Kind, p.Bits, p.List = kindOfType(p.Type)
			} else if cl, ok := vs.Values[0].(*ast.CompositeLit); ok && cl.Type != nil {
				p.Kind, p.Bits, p.List = kindOfType(c.text(cl.Type)) // var X = []float64{...}
				p.literalType = c.text(cl.Type)
			} else {
				p.Kind = kindOfLiteral(vs.Values[0])
				p.Bits = 64
			}
			if p.Kind == "" {
				c.unusable[p.Name] = fmt.Sprintf("its type (%s) is not an integer, floating-point, boolean or string type, or a slice of one; give it one explicitly", orUnknown(p.Type))
				continue
			}
			doc := vs.Doc
			if doc == nil && !g.Lparen.IsValid() {
				doc = g.Doc
			}
			if err := p.oneOf(doc); err != nil {
				return nil, fmt.Errorf("nbparams: cell %d (the parameters cell): %w", idx+1, err)
			}
			c.Params[p.Name] = p
		}
	}
	for _, g := range f.Comments {
		for _, cm := range g.List {
			name, ok := strings.CutPrefix(cm.Text, CheckDirective)
			if !ok || !strings.Contains(name, "(") {
				continue
			}
			j, err := c.joint(strings.TrimSpace(name))
			if err != nil {
				return nil, fmt.Errorf("nbparams: cell %d (the parameters cell): %s%s: %w", idx+1, CheckDirective, strings.TrimSpace(name), err)
			}
			c.joints = append(c.joints, j)
		}
	}
	return c, nil
}

// joint parses a joint check's directive, NAME(role=Param, ...): NAME one
// of Joint, each of its roles bound once to a numeric parameter whose
// default is numbers the cell writes (or the check has a library default).
func (c *Cell) joint(directive string) (jointUse, error) {
	name, args, _ := strings.Cut(directive, "(")
	args, closed := strings.CutSuffix(strings.TrimSpace(args), ")")
	jc, known := Joint[name]
	if !known || !closed {
		return jointUse{}, fmt.Errorf("not a known joint check NAME(role=Parameter, ...) (known: %s)", strings.Join(sortedKeys(Joint), ", "))
	}
	j := jointUse{name: name, bind: map[string]string{}}
	for _, a := range strings.Split(args, ",") {
		role, param, ok := strings.Cut(a, "=")
		role, param = strings.TrimSpace(role), strings.TrimSpace(param)
		if !ok || !slices.Contains(jc.Roles, role) || j.bind[role] != "" {
			return jointUse{}, fmt.Errorf("%q is not one binding of a role (%s) to a parameter", a, strings.Join(jc.Roles, ", "))
		}
		p, declared := c.Params[param]
		if !declared || (p.Kind != "float" && p.Kind != "int" && p.Kind != "uint") {
			return jointUse{}, fmt.Errorf("role %s: %s is not a numeric parameter of the cell", role, param)
		}
		if _, ok := c.numbers(param, nil, 0); !ok && jc.Defaults == nil {
			return jointUse{}, fmt.Errorf("role %s: the default of %s (%s) is not written as numbers, and the check has no library default", role, param, p.Value)
		}
		j.bind[role] = param
	}
	for _, r := range jc.Roles {
		if j.bind[r] == "" {
			return jointUse{}, fmt.Errorf("role %s is not bound to a parameter", r)
		}
	}
	return j, nil
}

// checkJoint runs the joint check j on the values of the run (gos, Go
// source by name, over the defaults), and returns its error naming the
// parameter at fault and the others it was checked with.
func (c *Cell) checkJoint(j jointUse, gos map[string]string) error {
	jc := Joint[j.name]
	v := map[string][]float64{}
	for _, r := range jc.Roles {
		xs, ok := c.numbers(j.bind[r], gos, 0)
		if !ok {
			xs = jc.Defaults()[r]
		}
		v[r] = xs
	}
	role, err := jc.Check(v)
	if err == nil {
		return nil
	}
	fault := j.bind[role]
	var with []string
	for _, r := range jc.Roles {
		if p := j.bind[r]; p != fault {
			with = append(with, fmt.Sprintf("%s = %s", p, formatNumbers(v[r], c.Params[p].List)))
		}
	}
	if fault == "" {
		return fmt.Errorf("parameters %s are out of range together (%s: %v)", strings.Join(slices.Sorted(maps.Values(j.bind)), ", "), j.name, err)
	}
	if len(with) == 0 { // a check of one parameter (a list's elements together)
		return fmt.Errorf("parameter %s: %s is out of range (%s: %v)", fault, formatNumbers(v[role], c.Params[fault].List), j.name, err)
	}
	return fmt.Errorf("parameter %s: %s is out of range with %s (%s: %v)", fault, formatNumbers(v[role], c.Params[fault].List), strings.Join(with, ", "), j.name, err)
}

func formatNumbers(xs []float64, list bool) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = strconv.FormatFloat(x, 'g', -1, 64)
	}
	if !list && len(s) == 1 {
		return s[0]
	}
	return "[" + strings.Join(s, ", ") + "]"
}

// numbers evaluates parameter name's value (its Go source in gos if set
// there, else its default) when it is written as numbers: numeric
// literals, + − × ÷, parentheses, math.Sqrt and the names of other
// parameters, or a slice literal of those. A scalar is a list of one;
// ok is false for anything else (a call into the library).
func (c *Cell) numbers(name string, gos map[string]string, depth int) ([]float64, bool) {
	p, declared := c.Params[name]
	if !declared || depth > len(c.Params) {
		return nil, false
	}
	src := p.Value
	if g, set := gos[name]; set {
		src = g
	}
	e, err := parser.ParseExpr(src)
	if err != nil {
		return nil, false
	}
	elts := []ast.Expr{e}
	if cl, ok := e.(*ast.CompositeLit); ok {
		elts = cl.Elts
	}
	out := make([]float64, len(elts))
	for i, el := range elts {
		x, ok := c.number(el, gos, depth)
		if !ok {
			return nil, false
		}
		out[i], _ = constant.Float64Val(constant.ToFloat(x))
	}
	return out, true
}

// number evaluates one numeric expression of numbers (see numbers) as Go
// evaluates constants: exactly, an integer quotient of integers
// truncated.
func (c *Cell) number(e ast.Expr, gos map[string]string, depth int) (constant.Value, bool) {
	switch v := e.(type) {
	case *ast.BasicLit:
		if v.Kind == token.INT || v.Kind == token.FLOAT {
			x := constant.MakeFromLiteral(v.Value, v.Kind, 0)
			return x, x.Kind() != constant.Unknown
		}
	case *ast.ParenExpr:
		return c.number(v.X, gos, depth)
	case *ast.UnaryExpr:
		if x, ok := c.number(v.X, gos, depth); ok && (v.Op == token.SUB || v.Op == token.ADD) {
			return constant.UnaryOp(v.Op, x, 0), true
		}
	case *ast.BinaryExpr:
		x, okx := c.number(v.X, gos, depth)
		y, oky := c.number(v.Y, gos, depth)
		if !okx || !oky {
			return nil, false
		}
		switch v.Op {
		case token.ADD, token.SUB, token.MUL:
			return constant.BinaryOp(x, v.Op, y), true
		case token.QUO:
			if constant.Sign(y) == 0 {
				return nil, false
			}
			if x.Kind() == constant.Int && y.Kind() == constant.Int {
				return constant.BinaryOp(x, token.QUO_ASSIGN, y), true
			}
			return constant.BinaryOp(x, token.QUO, y), true
		}
	case *ast.CallExpr:
		if sel, ok := v.Fun.(*ast.SelectorExpr); ok && len(v.Args) == 1 {
			if pkg, ok := sel.X.(*ast.Ident); ok && pkg.Name == "math" && sel.Sel.Name == "Sqrt" {
				if x, ok := c.number(v.Args[0], gos, depth); ok {
					f, _ := constant.Float64Val(constant.ToFloat(x))
					if r := math.Sqrt(f); !math.IsNaN(r) {
						return constant.MakeFloat64(r), true
					}
				}
			}
		}
	case *ast.Ident:
		if xs, ok := c.numbers(v.Name, gos, depth+1); ok && len(xs) == 1 && !c.Params[v.Name].List {
			if k := c.Params[v.Name].Kind; k == "int" || k == "uint" {
				return constant.MakeInt64(int64(xs[0])), true // an integer constant stays one (A / 2 truncates)
			}
			return constant.MakeFloat64(xs[0]), true
		}
	}
	return nil, false
}

// oneOf reads p's OneOfDirective and CheckDirective from its doc comment,
// if it has them: the set must be one of Sets, p a string, and p's own
// value in the set; the check one of Checks and p floating-point.
func (p *Param) oneOf(doc *ast.CommentGroup) error {
	if doc == nil {
		return nil
	}
	for _, cm := range doc.List {
		if name, ok := strings.CutPrefix(cm.Text, CheckDirective); ok {
			name = strings.TrimSpace(name)
			if strings.Contains(name, "(") {
				continue // a joint check (parseCell)
			}
			if _, known := Checks[name]; !known {
				return fmt.Errorf("parameter %s: %s%s names no known check (known: %s)", p.Name, CheckDirective, name, strings.Join(sortedKeys(Checks), ", "))
			}
			if p.Kind != "float" && p.Kind != "int" && p.Kind != "uint" {
				return fmt.Errorf("parameter %s: %s%s on a parameter of kind %s, want a number or a list of numbers", p.Name, CheckDirective, name, p.Kind)
			}
			p.Check = append(p.Check, name)
			continue
		}
		name, ok := strings.CutPrefix(cm.Text, OneOfDirective)
		if !ok {
			continue
		}
		name = strings.TrimSpace(name)
		list, known := Sets[name]
		if !known {
			return fmt.Errorf("parameter %s: %s%s names no known set (known: %s)", p.Name, OneOfDirective, name, strings.Join(sortedKeys(Sets), ", "))
		}
		if p.Kind != "string" {
			return fmt.Errorf("parameter %s: %s%s on a parameter of kind %s, want a string", p.Name, OneOfDirective, name, p.Kind)
		}
		p.OneOf, p.Allowed = name, list()
		vals := []ast.Expr{p.spec.Values[0]}
		if cl, ok := vals[0].(*ast.CompositeLit); ok && p.List {
			vals = cl.Elts
		}
		for _, e := range vals {
			lit, _ := e.(*ast.BasicLit)
			v, err := "", error(nil)
			if lit != nil {
				v, err = strconv.Unquote(lit.Value)
			}
			if lit == nil || err != nil || !slices.Contains(p.Allowed, v) {
				return fmt.Errorf("parameter %s: its value %s is not one of the %s names (%s)", p.Name, p.Value, name, strings.Join(p.Allowed, ", "))
			}
		}
	}
	return nil
}

func orUnknown(t string) string {
	if t == "" {
		return "not stated, and its value is not a literal"
	}
	return t
}

func (c *Cell) text(n ast.Node) string {
	return c.src[n.Pos()-1 : n.End()-1]
}

// kindOfType returns the kind and size of the type t, and whether t is a
// slice of it ([]float64, []int, …); "" for any other type.
func kindOfType(t string) (string, int, bool) {
	if e, ok := strings.CutPrefix(t, "[]"); ok {
		k, b := scalarKind(e)
		return k, b, k != ""
	}
	k, b := scalarKind(t)
	return k, b, false
}

func scalarKind(t string) (string, int) {
	switch t {
	case "int", "int64":
		return "int", 64
	case "int8", "int16", "int32":
		b, _ := strconv.Atoi(t[3:])
		return "int", b
	case "uint", "uint64", "uintptr":
		return "uint", 64
	case "uint8", "uint16", "uint32", "byte":
		if t == "byte" {
			return "uint", 8
		}
		b, _ := strconv.Atoi(t[4:])
		return "uint", b
	case "float64":
		return "float", 64
	case "float32":
		return "float", 32
	case "bool":
		return "bool", 64
	case "string":
		return "string", 64
	}
	return "", 0
}

func kindOfLiteral(e ast.Expr) string {
	switch v := e.(type) {
	case *ast.BasicLit:
		switch v.Kind {
		case token.INT:
			return "int"
		case token.FLOAT:
			return "float"
		case token.STRING:
			return "string"
		}
	case *ast.UnaryExpr:
		if v.Op == token.SUB || v.Op == token.ADD {
			if k := kindOfLiteral(v.X); k == "int" || k == "float" {
				return k
			}
		}
	case *ast.ParenExpr:
		return kindOfLiteral(v.X)
	case *ast.Ident:
		if v.Name == "true" || v.Name == "false" {
			return "bool"
		}
	}
	return ""
}

// Go returns the Go source of value as a value of p, or an error naming p
// when value is not one. A list's value is its elements separated by
// commas ("0.1, 0.5,0.9"), each checked as a value of the element's kind
// and by p's directives; the error names the element by position.
func (p Param) Go(value string) (string, error) {
	if !p.List {
		return p.elem(value, "")
	}
	if strings.TrimSpace(value) == "" {
		return "", fmt.Errorf("parameter %s: an empty list (declared %s in the parameters cell); give its elements separated by commas", p.Name, p.describe())
	}
	parts := strings.Split(value, ",")
	gos := make([]string, len(parts))
	for i, e := range parts {
		g, err := p.elem(strings.TrimSpace(e), fmt.Sprintf("element %d of %d = ", i+1, len(parts)))
		if err != nil {
			return "", err
		}
		gos[i] = g
	}
	typ := p.Type
	if typ == "" {
		typ = p.literalType
	}
	return typ + "{" + strings.Join(gos, ", ") + "}", nil
}

// elem returns the Go source of value as a value of p's kind (of one
// element of a list, which what names), checked by p's directives.
func (p Param) elem(value, what string) (string, error) {
	bad := func(kind string) error {
		return fmt.Errorf("parameter %s: %s%q is not %s (declared %s in the parameters cell)", p.Name, what, value, kind, p.describe())
	}
	check := func(x float64, v string) error {
		for _, c := range p.Check {
			if err := Checks[c](x); err != nil {
				return fmt.Errorf("parameter %s: %s%s is out of range (%s: %v)", p.Name, what, v, c, err)
			}
		}
		return nil
	}
	v := strings.TrimSpace(value)
	switch p.Kind {
	case "int":
		n, err := strconv.ParseInt(v, 10, p.Bits)
		if err != nil {
			return "", bad(fmt.Sprintf("an integer of %d bits", p.Bits))
		}
		if err := check(float64(n), v); err != nil {
			return "", err
		}
		return strconv.FormatInt(n, 10), nil
	case "uint":
		n, err := strconv.ParseUint(v, 10, p.Bits)
		if err != nil {
			return "", bad(fmt.Sprintf("a non-negative integer of %d bits", p.Bits))
		}
		if err := check(float64(n), v); err != nil {
			return "", err
		}
		return strconv.FormatUint(n, 10), nil
	case "float":
		x, err := strconv.ParseFloat(v, p.Bits)
		if err != nil || math.IsInf(x, 0) || math.IsNaN(x) {
			return "", bad("a finite number")
		}
		if err := check(x, v); err != nil {
			return "", err
		}
		s := strconv.FormatFloat(x, 'g', -1, p.Bits)
		if !strings.ContainsAny(s, ".e") {
			s += ".0" // keep an untyped constant floating-point
		}
		return s, nil
	case "bool":
		b, err := strconv.ParseBool(v)
		if err != nil {
			return "", bad("true or false")
		}
		return strconv.FormatBool(b), nil
	case "string":
		if p.Allowed != nil && !slices.Contains(p.Allowed, value) {
			return "", bad(fmt.Sprintf("one of the %s names (%s)", p.OneOf, strings.Join(p.Allowed, ", ")))
		}
		return strconv.Quote(value), nil
	}
	panic("nbparams: parameter " + p.Name + " of no kind")
}

func (p Param) describe() string {
	kw := "var"
	if p.Const {
		kw = "const"
	}
	if p.Type != "" {
		return fmt.Sprintf("%s %s %s = %s", kw, p.Name, p.Type, p.Value)
	}
	return fmt.Sprintf("%s %s = %s", kw, p.Name, p.Value)
}

// Check returns the Go source of each value by name, or the first error
// (in name order) naming a parameter the cell does not declare or a value
// its type does not take.
func (c *Cell) Check(values map[string]string) (map[string]string, error) {
	out := map[string]string{}
	for _, name := range sortedKeys(values) {
		p, ok := c.Params[name]
		if !ok {
			if why, ok := c.unusable[name]; ok {
				return nil, fmt.Errorf("parameter %s cannot be set: %s", name, why)
			}
			return nil, fmt.Errorf("parameter %s is not declared in the parameters cell (cell %d); it declares %s", name, c.Index+1, strings.Join(sortedKeys(c.Params), ", "))
		}
		g, err := p.Go(values[name])
		if err != nil {
			return nil, err
		}
		out[name] = g
	}
	for _, j := range c.joints {
		if err := c.checkJoint(j, out); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func sortedKeys[V any](m map[string]V) []string {
	k := make([]string, 0, len(m))
	for n := range m {
		k = append(k, n)
	}
	sort.Strings(k)
	return k
}

// Inject returns a copy of nb with a cell tagged InjectedTag right after
// its parameters cell that declares the parameters in values again with
// those values (see the package doc), or an error naming a parameter that
// the cell does not declare or a value its type does not take. With no
// values, nb is returned unchanged.
func Inject(nb *ipynb.Notebook, values map[string]string) (*ipynb.Notebook, error) {
	if len(values) == 0 {
		return nb, nil
	}
	c, err := Find(nb)
	if err != nil {
		return nil, err
	}
	gos, err := c.Check(values)
	if err != nil {
		return nil, err
	}
	var b strings.Builder
	b.WriteString("// Parameters injected by sigprop report (-p, --params): this run's values\n")
	for _, name := range sortedKeys(values) {
		fmt.Fprintf(&b, "//   %s = %s\n", name, gos[name])
	}
	done := map[*ast.GenDecl]bool{}
	for _, name := range sortedKeys(values) {
		p := c.Params[name]
		if !p.Const {
			if p.Type != "" {
				fmt.Fprintf(&b, "var %s %s = %s\n", p.Name, p.Type, gos[name])
			} else {
				fmt.Fprintf(&b, "var %s = %s\n", p.Name, gos[name])
			}
			continue
		}
		if !p.group.Lparen.IsValid() {
			if p.Type != "" {
				fmt.Fprintf(&b, "const %s %s = %s\n", p.Name, p.Type, gos[name])
			} else {
				fmt.Fprintf(&b, "const %s = %s\n", p.Name, gos[name])
			}
			continue
		}
		if done[p.group] {
			continue
		}
		done[p.group] = true
		b.WriteString("const (\n")
		for _, s := range p.group.Specs {
			vs := s.(*ast.ValueSpec)
			line := c.text(vs)
			if len(vs.Names) == 1 && len(vs.Values) == 1 {
				if g, ok := gos[vs.Names[0].Name]; ok {
					line = c.text(vs)[:vs.Values[0].Pos()-vs.Pos()] + g
				}
			}
			fmt.Fprintf(&b, "\t%s\n", line)
		}
		b.WriteString(")\n")
	}
	out := *nb
	out.Cells = make([]ipynb.Cell, 0, len(nb.Cells)+1)
	out.Cells = append(out.Cells, nb.Cells[:c.Index+1]...)
	cell := ipynb.Cell{CellType: "code", Metadata: map[string]any{"tags": []any{InjectedTag}}, Source: ipynb.MultiString(b.String())}
	if nb.Cells[c.Index].ID != "" {
		cell.ID = InjectedTag
	}
	out.Cells = append(out.Cells, cell)
	out.Cells = append(out.Cells, nb.Cells[c.Index+1:]...)
	return &out, nil
}

// Parse reads NAME=VALUE assignments (the -p flags, or the lines of a
// --params file) into values; a name given twice is an error.
func Parse(values map[string]string, assignments []string, where string) error {
	for _, a := range assignments {
		name, value, ok := strings.Cut(a, "=")
		name = strings.TrimSpace(name)
		if !ok || name == "" {
			return fmt.Errorf("%s: %q is not NAME=VALUE", where, a)
		}
		if _, dup := values[name]; dup {
			return fmt.Errorf("%s: parameter %s given twice", where, name)
		}
		values[name] = value
	}
	return nil
}

// ReadFile reads a --params file: one NAME=VALUE a line; blank lines and
// lines starting with # are skipped, and a UTF-8 byte order mark at the
// start. A line longer than 64 KiB is an error naming the file and line.
func ReadFile(path string) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	ln := 0
	for sc.Scan() {
		ln++
		l := sc.Text()
		if ln == 1 {
			l = strings.TrimPrefix(l, "\ufeff") // a byte order mark, as editors on Windows write it
		}
		l = strings.TrimSpace(l)
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		lines = append(lines, l)
	}
	if err := sc.Err(); errors.Is(err, bufio.ErrTooLong) {
		return nil, fmt.Errorf("%s line %d: longer than %d bytes", path, ln+1, bufio.MaxScanTokenSize)
	} else if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return lines, nil
}

// Hash is a short hex digest of values (names and values, in name order):
// the name of a parameterised run's default site.
func Hash(values map[string]string) string {
	h := sha256.New()
	for _, n := range sortedKeys(values) {
		fmt.Fprintf(h, "%s=%s\n", n, values[n])
	}
	return hex.EncodeToString(h.Sum(nil))[:12]
}
