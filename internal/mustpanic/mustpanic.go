// Package mustpanic checks, in tests, sigprop's rule that a caller bug
// (a shape mismatch, a parameter outside its range, a nil generator)
// panics (STYLE.md, "Errors and panics"). It is imported only by tests.
package mustpanic

import (
	"maps"
	"slices"
	"testing"
)

// Check calls fn and fails the test, naming what, unless fn panics.
func Check(t testing.TB, what string, fn func()) {
	t.Helper()
	if !panics(fn) {
		t.Errorf("%s: no panic", what)
	}
}

// panics calls fn and reports whether it panicked.
func panics(fn func()) (panicked bool) {
	defer func() { panicked = recover() != nil }()
	fn()
	return false
}

// All checks every case, in the order of their names.
func All(t testing.TB, cases map[string]func()) {
	t.Helper()
	for _, name := range slices.Sorted(maps.Keys(cases)) {
		Check(t, name, cases[name])
	}
}
