package rankshow

import (
	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/rankexp"
)

// want panics with a "rankshow:" message unless ok: a caller bug, such as
// runs of one call at different settings. It never pins a setting: at
// settings other than the paper's a figure claims nothing (show.AtPaper).
func want(ok bool, format string, args ...any) { show.Want(ok, "rankshow", format, args...) }

// atSizes reports whether a result ran at the sizes s of a paper figure
// (rankexp.Fig8 and the like): n tokens of width d, L blocks, draws
// networks.
func atSizes(s rankexp.Sizes, n, d, L, draws int) bool {
	return n == s.N && d == s.D && L == s.L && draws == s.Draws
}
