package show

import "fmt"

// Must stops a notebook cell on an error: it panics with err, which the
// kernel shows as the cell's failure. Notebooks wrap every call that
// returns an error in it; library code never uses it.
func Must(err error) {
	if err != nil {
		panic(err)
	}
}

// Val returns v after Must(err), to unwrap a (value, error) pair inline.
func Val[T any](v T, err error) T {
	Must(err)
	return v
}

// Val2 is Val for a call with two results.
func Val2[T, U any](a T, b U, err error) (T, U) {
	Must(err)
	return a, b
}

// Want panics with the message prefix+": "+fmt.Sprintf(format, args...)
// unless ok: the guard with which a domain package of kernel-ext refuses a
// caller bug (e.g. results of one call at different settings). It does not
// pin a paper's settings: at other settings a figure claims nothing
// (AtPaper) and a paper-only check is not applicable (PaperCheck).
func Want(ok bool, prefix, format string, args ...any) {
	if !ok {
		panic(prefix + ": " + fmt.Sprintf(format, args...))
	}
}

// Seed returns a pointer to s, for Figure.Seed.
func Seed(s uint64) *uint64 { return &s }
