package enum

import "fmt"

// Name returns names[v], or "typ(v)" when v has no name in the table
// (out of range or an empty entry), as fmt prints an unknown value.
func Name[E ~int](v E, typ string, names []string) string {
	if v >= 0 && int(v) < len(names) && names[v] != "" {
		return names[v]
	}
	return fmt.Sprintf("%s(%d)", typ, int(v))
}

// Parse returns the value whose name in the table is s, and whether there
// is one. The empty string names no value.
func Parse[E ~int](s string, names []string) (E, bool) {
	if s == "" {
		return 0, false
	}
	for i, n := range names {
		if n == s {
			return E(i), true
		}
	}
	return 0, false
}
