package quantity

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/sigprop/sigprop/lib/internal/param"
)

// Param describes one parameter of a quantity. A parameter is either numeric
// (Choices empty) with an inclusive range [Min, Max] (use ±Inf for open
// ends; a value is always finite), or a string taking one of Choices.
type Param struct {
	Name    string   `json:"name"`    // snake_case; sigma_w is a std, a trailing 2 marks a variance
	Doc     string   `json:"doc"`     // one line
	Default string   `json:"default"` // as it would be typed on the command line
	Min     float64  `json:"-"`
	Max     float64  `json:"-"`
	Integer bool     `json:"integer,omitempty"`
	Choices []string `json:"choices,omitempty"`
	// domain, when set (Domain), is the range the owning lib package
	// declares for the setting and checks in its Validate; [Min, Max] is
	// the part of it `sigprop eval` accepts (Register panics if it is
	// wider).
	domain *param.Range
}

// Domain returns p with the range the lib package declares for the
// setting: Min, Max and Integer are taken from it, then narrowed by
// budget (lo, hi), the part `sigprop eval` accepts, when one is given.
// A range is thereby typed once, in the package that validates it.
func Domain(p Param, r param.Range, budget ...float64) Param {
	p.domain = &r
	p.Min, p.Max = r.Closed()
	p.Integer = r.Integer
	if len(budget) == 2 {
		p.Min, p.Max = max(p.Min, budget[0]), min(p.Max, budget[1])
	}
	return p
}

// Range renders the allowed range for messages and listings.
func (p Param) Range() string {
	if len(p.Choices) > 0 {
		return "one of " + strings.Join(p.Choices, "|")
	}
	lo, hi := "-inf", "+inf"
	if !math.IsInf(p.Min, -1) {
		lo = strconv.FormatFloat(p.Min, 'g', -1, 64)
	}
	if !math.IsInf(p.Max, 1) {
		hi = strconv.FormatFloat(p.Max, 'g', -1, 64)
	}
	kind := "real"
	if p.Integer {
		kind = "integer"
	}
	return fmt.Sprintf("%s in [%s, %s]", kind, lo, hi)
}

// Quantity is one evaluable library quantity.
type Quantity struct {
	Name   string // "package.quantity"
	Doc    string // one line
	Source string // e.g. "Tanner lecture eq. (3); Poole et al. 2016"
	Params []Param
	// Eval computes the value from validated parameters. The value must be
	// JSON-encodable (a float64, a struct, a map); data-dependent failures
	// (no fixed point, lost branch) are returned as errors.
	Eval func(v Values) (any, error)
}

// Values holds validated parameters; accessors panic on a name the quantity
// did not declare (a registry bug, not a user error).
type Values struct {
	num map[string]float64
	str map[string]string
}

// Float returns numeric parameter name.
func (v Values) Float(name string) float64 {
	x, ok := v.num[name]
	if !ok {
		panic("quantity: undeclared numeric parameter " + name)
	}
	return x
}

// Int returns integer parameter name.
func (v Values) Int(name string) int { return int(v.Float(name)) }

// String returns string parameter name.
func (v Values) String(name string) string {
	s, ok := v.str[name]
	if !ok {
		panic("quantity: undeclared string parameter " + name)
	}
	return s
}

// Map returns every parameter with its value, for echoing in output.
func (v Values) Map() map[string]any {
	m := make(map[string]any, len(v.num)+len(v.str))
	for k, x := range v.num {
		m[k] = x
	}
	for k, s := range v.str {
		m[k] = s
	}
	return m
}

var registry = map[string]Quantity{}

// maxExactInt is 2^53, the largest magnitude up to which float64 represents
// every integer.
const maxExactInt = 1 << 53

// Register adds q to the registry; it panics on a duplicate name or a
// parameter whose default is outside its own range.
func Register(q Quantity) {
	if _, dup := registry[q.Name]; dup {
		panic("quantity: duplicate " + q.Name)
	}
	defaults := map[string]string{}
	for _, p := range q.Params {
		if p.domain != nil {
			if err := p.domain.Within(p.Min, p.Max); err != nil {
				panic(fmt.Sprintf("quantity: %s: parameter %s: %v", q.Name, p.Name, err))
			}
		}
		if p.Default != "" {
			defaults[p.Name] = p.Default
		}
	}
	if _, err := q.parse(defaults, true); err != nil {
		panic(fmt.Sprintf("quantity: %s: bad default: %v", q.Name, err))
	}
	q.Eval = finiteEval(q.Eval) // NaN and Inf come out as errors (finite.go)
	registry[q.Name] = q
}

// Lookup returns the quantity called name.
func Lookup(name string) (Quantity, error) {
	q, ok := registry[name]
	if !ok {
		return Quantity{}, fmt.Errorf("unknown quantity %q (see `sigprop eval --list`)", name)
	}
	return q, nil
}

// All returns every registered quantity sorted by name.
func All() []Quantity {
	out := make([]Quantity, 0, len(registry))
	for _, q := range registry {
		out = append(out, q)
	}
	slices.SortFunc(out, func(a, b Quantity) int { return strings.Compare(a.Name, b.Name) })
	return out
}

// ErrParam is wrapped by Parse's errors (an unknown, missing or malformed
// parameter, or one out of its range); errors.Is matches any lib
// package's ErrParam (lib/internal/param), so a caller tells a user's bad
// argument from a failure of the evaluation the same way for every
// quantity.
var ErrParam = param.New("quantity")

// parseErr is the error of Parse: the message as formatted, wrapping
// ErrParam (whose own text it does not repeat: the quantity's name leads).
func parseErr(format string, a ...any) error { return &argError{fmt.Sprintf(format, a...)} }

type argError struct{ msg string }

func (e *argError) Error() string { return e.msg }
func (e *argError) Unwrap() error { return ErrParam }

// Parse validates key=value arguments against q's parameters, filling in
// defaults. A numeric value must be finite ("inf" is refused even where the
// range is open) and an integer one at most 2^53 in magnitude. Errors name
// the parameter and its allowed range and wrap ErrParam.
func (q Quantity) Parse(args map[string]string) (Values, error) {
	return q.parse(args, false)
}

func (q Quantity) parse(args map[string]string, allowMissing bool) (Values, error) {
	v := Values{num: map[string]float64{}, str: map[string]string{}}
	known := map[string]bool{}
	for _, p := range q.Params {
		known[p.Name] = true
	}
	for k := range args {
		if !known[k] {
			names := make([]string, 0, len(q.Params))
			for _, p := range q.Params {
				names = append(names, p.Name)
			}
			return v, parseErr("%s: unknown parameter %q (parameters: %s)", q.Name, k, strings.Join(names, ", "))
		}
	}
	for _, p := range q.Params {
		raw, ok := args[p.Name]
		if !ok {
			raw = p.Default
		}
		if raw == "" {
			if allowMissing {
				continue
			}
			return v, parseErr("%s: parameter %s is required (%s)", q.Name, p.Name, p.Range())
		}
		if len(p.Choices) > 0 {
			if !slices.Contains(p.Choices, raw) {
				return v, parseErr("%s: parameter %s=%q out of range: %s", q.Name, p.Name, raw, p.Range())
			}
			v.str[p.Name] = raw
			continue
		}
		x, err := strconv.ParseFloat(raw, 64)
		if math.IsInf(x, 0) {
			// "inf", or "1e400" (ParseFloat's ErrRange): an open end of a
			// range is not a value (found by FuzzParse: q=inf reached a
			// panic in tokengeom, n=inf became n=-2^63).
			return v, parseErr("%s: parameter %s=%s is not finite: %s", q.Name, p.Name, raw, p.Range())
		}
		if err != nil || math.IsNaN(x) {
			return v, parseErr("%s: parameter %s=%q is not a number: %s", q.Name, p.Name, raw, p.Range())
		}
		if p.Integer && x != math.Trunc(x) {
			return v, parseErr("%s: parameter %s=%s is not an integer: %s", q.Name, p.Name, raw, p.Range())
		}
		if p.Integer && math.Abs(x) > maxExactInt {
			// Beyond 2^53 a float64 no longer holds every integer, and
			// Values.Int would not return the value given.
			return v, parseErr("%s: parameter %s=%s is too large for an integer (at most 2^53 in magnitude): %s", q.Name, p.Name, raw, p.Range())
		}
		if x < p.Min || x > p.Max {
			return v, parseErr("%s: parameter %s=%s out of range: %s", q.Name, p.Name, raw, p.Range())
		}
		v.num[p.Name] = x
	}
	return v, nil
}
