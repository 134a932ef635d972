package quantity

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/internal/mustpanic"
	"github.com/sigprop/sigprop/lib/internal/param"
)

func testQuantity() Quantity {
	return Quantity{
		Name: "test.sum",
		Params: []Param{
			{Name: "a", Default: "1", Min: 0, Max: 10},
			{Name: "n", Default: "2", Min: 2, Max: math.Inf(1), Integer: true},
			{Name: "mode", Default: "x", Choices: []string{"x", "y"}},
		},
		Eval: func(v Values) (any, error) { return v.Float("a") + float64(v.Int("n")), nil },
	}
}

func TestParse(t *testing.T) {
	q := testQuantity()
	v, err := q.Parse(map[string]string{"a": "3.5"})
	if err != nil {
		t.Fatal(err)
	}
	if got := v.Float("a"); got != 3.5 {
		t.Errorf("a = %v, want 3.5", got)
	}
	if got := v.Int("n"); got != 2 {
		t.Errorf("n default = %v, want 2", got)
	}
	if got := v.String("mode"); got != "x" {
		t.Errorf("mode default = %q", got)
	}
	for _, tc := range []struct {
		args map[string]string
		want string // substring of the error
	}{
		{map[string]string{"a": "11"}, "a=11 out of range: real in [0, 10]"},
		{map[string]string{"a": "nan"}, "not a number"},
		{map[string]string{"n": "2.5"}, "n=2.5 is not an integer"},
		{map[string]string{"n": "1"}, "integer in [2, +inf]"},
		{map[string]string{"mode": "z"}, "one of x|y"},
		{map[string]string{"b": "1"}, `unknown parameter "b"`},
		// Found by FuzzParse: open range ends and huge integers.
		{map[string]string{"n": "inf"}, "n=inf is not finite: integer in [2, +inf]"},
		{map[string]string{"a": "1e400"}, "a=1e400 is not finite"},
		{map[string]string{"n": "1e300"}, "n=1e300 is too large for an integer"},
		{map[string]string{"n": "9007199254740994"}, "is too large for an integer"},
	} {
		_, err := q.Parse(tc.args)
		if !errors.Is(err, ErrParam) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Parse(%v) error = %v, want ErrParam containing %q", tc.args, err, tc.want)
		}
	}
}

// A parameter whose [Min, Max] is wider than the domain its lib package
// declares (Domain) is a registry bug, refused at Register; a budget
// inside it is accepted.
func TestRegisterRejectsWiderThanDomain(t *testing.T) {
	r := param.Range{Min: 0, Max: 1}
	q := testQuantity()
	q.Name = "test.domain"
	q.Params[0] = Domain(Param{Name: "a", Default: "0.5"}, r, 0, 0.9)
	if p := q.Params[0]; p.Min != 0 || p.Max != 0.9 {
		t.Errorf("budget [0, 0.9] inside [0, 1]: Min, Max = %v, %v", p.Min, p.Max)
	}
	Register(q)
	delete(registry, q.Name)
	q.Params[0].Max = 2
	mustpanic.Check(t, "a = [0, 2] outside its domain [0, 1]", func() { Register(q) })
}

func TestRegisterRejectsBadDefault(t *testing.T) {
	q := testQuantity()
	q.Name = "test.bad"
	q.Params[0].Default = "20"
	mustpanic.Check(t, "Register with a default outside its range", func() { Register(q) })
}

// evalError is a call of a registered quantity that must fail with an
// error containing want.
type evalError struct {
	name string
	args map[string]string
	want string
}

// checkEvalErrors evaluates each case as evalNamed does and checks that
// it fails (in Parse or in Eval) with an error containing its want.
func checkEvalErrors(t *testing.T, cases []evalError) {
	t.Helper()
	for _, c := range cases {
		_, err := evalNamed(t, c.name, c.args)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s %v: error %v, want containing %q", c.name, c.args, err, c.want)
		}
	}
}

// evalNamed parses args for the registered quantity name and evaluates it:
// what `sigprop eval` does, minus the JSON. An unknown name is a test bug.
func evalNamed(t *testing.T, name string, args map[string]string) (any, error) {
	t.Helper()
	q, err := Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	v, err := q.Parse(args)
	if err != nil {
		return nil, err
	}
	return q.Eval(v)
}
