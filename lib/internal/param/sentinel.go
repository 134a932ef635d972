package param

// sentinel is a package's ErrParam: its text names the package, and
// errors.Is matches it against any package's ErrParam, so that an error a
// package passes on from another (compose from rankcollapse, a notebook
// from any of them) is still errors.Is(err, ErrParam) of the package the
// caller called.
type sentinel struct{ pkg string }

func (s *sentinel) Error() string { return s.pkg + ": parameter out of range" }

// Is reports whether target is a package's ErrParam.
func (s *sentinel) Is(target error) bool {
	_, ok := target.(*sentinel)
	return ok
}

// New returns the ErrParam of package pkg, "pkg: parameter out of range".
func New(pkg string) error { return &sentinel{pkg} }
