package param

import "fmt"

// Err is the error of the setting name at value got, outside allowed,
// wrapping sentinel. Its Field method returns name, so that a caller
// outside lib (a command mapping fields to its flags) finds it with
// errors.As(err, &f), f an interface{ Field() string }.
func Err(sentinel error, name string, got any, allowed string) error {
	return &Error{sentinel, name, got, allowed}
}

// Error is the error Err returns.
type Error struct {
	sentinel error
	name     string
	got      any
	allowed  string
}

func (e *Error) Error() string {
	return fmt.Sprintf("%v: %s = %v, want %s", e.sentinel, e.name, e.got, e.allowed)
}

// Unwrap returns the sentinel, so errors.Is(err, ErrParam) holds.
func (e *Error) Unwrap() error { return e.sentinel }

// Field returns the name of the setting.
func (e *Error) Field() string { return e.name }

// Bound is an integer setting and its smallest allowed value (Min).
type Bound struct {
	name       string
	value, min int
}

// Min is the bound value ≥ min on the setting name.
func Min(name string, value, min int) Bound { return Bound{name, value, min} }

// AtLeast returns, wrapping sentinel, the error of the first bound whose
// value is below its minimum, or nil when every bound holds.
func AtLeast(sentinel error, bounds ...Bound) error {
	for _, b := range bounds {
		if b.value < b.min {
			return Err(sentinel, b.name, b.value, fmt.Sprintf("an integer >= %d", b.min))
		}
	}
	return nil
}
