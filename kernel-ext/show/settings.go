package show

import (
	"fmt"
)

// This file holds what a domain package of kernel-ext uses to show a
// result at settings other than a paper's: a figure claims its paper
// figure only at the paper's settings, and a check that holds only there
// is shown as not applicable rather than failing.

// YourSettings ends the caption of a figure drawn at settings other than
// its paper's.
const YourSettings = " (at your settings)"

// AtPaper returns f unchanged when paper is true (the result ran at the
// settings of f's paper figure), and otherwise f with no Paper (it
// claims nothing) and YourSettings after its caption.
func AtPaper(f Figure, paper bool) Figure {
	if !paper {
		f.Paper, f.PaperNote = nil, ""
		f.Caption += YourSettings
	}
	return f
}

// NotApplicable is the line (a Text item) shown in place of the check name
// that holds only at the paper's settings, with the reason it does not
// apply.
func NotApplicable(name, reason string) Item {
	return Text(fmt.Sprintf("not applicable at your settings: %s (%s)\n", name, reason))
}

// PaperCheck returns Agree(a) when paper is true, and otherwise the line
// NotApplicable(a.Name, reason): the item of a View for a check that holds
// only at the paper's settings (a claim read at the paper's depth, a
// tolerance from the paper's printed digits).
func PaperCheck(a Agreement, paper bool, reason string) Item {
	if paper {
		return Agree(a)
	}
	return NotApplicable(a.Name, reason)
}
