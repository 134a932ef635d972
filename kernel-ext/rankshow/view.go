package rankshow

import "github.com/sigprop/sigprop/kernel-ext/show"

// want panics with a "rankshow:" message unless ok: a caller bug, such as
// runs of one call at different settings. It never pins a setting: at
// settings other than the paper's a figure claims nothing (show.AtPaper).
func want(ok bool, format string, args ...any) { show.Want(ok, "rankshow", format, args...) }
