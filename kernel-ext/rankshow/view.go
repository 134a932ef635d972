package rankshow

import "github.com/sigprop/sigprop/kernel-ext/show"

// want panics with a "rankshow:" message when a setting the caption
// states does not hold (show.Want).
func want(ok bool, format string, args ...any) { show.Want(ok, "rankshow", format, args...) }
