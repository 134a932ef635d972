package param

import "fmt"

// Err is the error of the setting name at value got, outside allowed,
// wrapping sentinel.
func Err(sentinel error, name string, got any, allowed string) error {
	return fmt.Errorf("%w: %s = %v, want %s", sentinel, name, got, allowed)
}

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
