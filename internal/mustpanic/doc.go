// Package mustpanic checks, in tests, sigprop's rule that a caller bug
// (a shape mismatch, a parameter outside its range, a nil generator)
// panics (STYLE.md, "Errors and panics"). It is imported only by tests.
//
//	Check(t, what, fn)               fn must panic
//	WithPrefix(t, what, prefix, fn)  fn must panic with a string starting with prefix ("pkg:")
//	All(t, cases)                    Check for every named case, in name order
package mustpanic
