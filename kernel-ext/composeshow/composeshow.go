package composeshow

import "github.com/sigprop/sigprop/kernel-ext/show"

func want(ok bool, format string, args ...any) { show.Want(ok, "composeshow", format, args...) }
