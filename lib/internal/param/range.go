package param

import (
	"fmt"
	"math"
	"strconv"
)

// Range is the allowed interval of a numeric setting, declared once by the
// package that owns the setting and used both by its Validate and by
// lib/quantity's parameter of the same name (which may narrow it to what
// `sigprop eval` budgets, never widen it). Min and Max are the bounds
// (±Inf: none); MinOpen and MaxOpen exclude them; Integer requires a whole
// number. A value must also be finite unless a bound is itself infinite
// and closed, which no Range here declares.
type Range struct {
	Min, Max         float64
	MinOpen, MaxOpen bool
	Integer          bool
}

// Contains reports whether x lies in r (NaN never does).
func (r Range) Contains(x float64) bool {
	switch {
	case math.IsNaN(x), math.IsInf(x, 0):
		return false
	case r.Integer && x != math.Trunc(x):
		return false
	case r.MinOpen && !(x > r.Min), !r.MinOpen && !(x >= r.Min):
		return false
	case r.MaxOpen && !(x < r.Max), !r.MaxOpen && !(x <= r.Max):
		return false
	}
	return true
}

// String renders r as the "want" of an error: "an integer >= 2",
// "in [0, 1]", "in (0, +inf)".
func (r Range) String() string {
	if r.Integer && math.IsInf(r.Max, 1) && !r.MinOpen {
		return "an integer >= " + num(r.Min)
	}
	lo, hi := "[", "]"
	if r.MinOpen || math.IsInf(r.Min, -1) {
		lo = "("
	}
	if r.MaxOpen || math.IsInf(r.Max, 1) {
		hi = ")"
	}
	kind := "in "
	if r.Integer {
		kind = "an integer in "
	}
	return kind + lo + num(r.Min) + ", " + num(r.Max) + hi
}

func num(x float64) string {
	switch {
	case math.IsInf(x, 1):
		return "+inf"
	case math.IsInf(x, -1):
		return "-inf"
	}
	return strconv.FormatFloat(x, 'g', -1, 64)
}

// Check returns nil when x lies in r, else Err(sentinel, name, x, r).
func (r Range) Check(sentinel error, name string, x float64) error {
	if r.Contains(x) {
		return nil
	}
	return Err(sentinel, name, x, r.String())
}

// CheckInt is Check for an integer setting.
func (r Range) CheckInt(sentinel error, name string, n int) error {
	if r.Contains(float64(n)) {
		return nil
	}
	return Err(sentinel, name, n, r.String())
}

// Closed returns the inclusive bounds [lo, hi] a parser with closed ranges
// (lib/quantity, which refuses infinite values itself) uses for r: an open
// finite bound moves to the next float64 inward; an infinite one stays.
func (r Range) Closed() (lo, hi float64) {
	lo, hi = r.Min, r.Max
	if r.MinOpen && !math.IsInf(lo, 0) {
		lo = math.Nextafter(lo, math.Inf(1))
	}
	if r.MaxOpen && !math.IsInf(hi, 0) {
		hi = math.Nextafter(hi, math.Inf(-1))
	}
	return lo, hi
}

// Within reports whether the closed interval [lo, hi] lies inside r: a
// narrower range (a budget) is allowed, a wider one is not.
func (r Range) Within(lo, hi float64) error {
	a, b := r.Closed()
	if lo < a || hi > b {
		return fmt.Errorf("[%v, %v] is not inside %v", lo, hi, r)
	}
	return nil
}
