//go:build !linux

package publish

import "errors"

// exchange is not available: swap falls back to two renames.
func exchange(a, b string) error { return errors.New("publish: no atomic exchange on this system") }
