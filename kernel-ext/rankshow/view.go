package rankshow

import "fmt"

// want panics with a "rankshow:" message when a setting the caption
// states does not hold.
func want(ok bool, format string, args ...any) {
	if !ok {
		panic(fmt.Sprintf("rankshow: "+format, args...))
	}
}
