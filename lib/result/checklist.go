package result

import "fmt"

// CheckList is checks with no figure of their own to draw (Given values:
// the numbers an experiment computed), after Notes: lines of text shown
// before the checks, the numbers they read that no figure carries (a
// measurement at two widths beside a figure at one).
type CheckList struct {
	Notes  []string
	Checks []Check
	Record Record
}

// Wellformed reports a caller bug: a check that is not Given (a MaxZ or
// KS check needs its result's data), or a disagreement that is not well
// formed.
func (l CheckList) Wellformed() error {
	for _, c := range l.Checks {
		if c.Test != Given {
			return fmt.Errorf("result: check %q of a check list: test %d needs its result's data", c.Name, c.Test)
		}
		if err := c.Disagreement.Wellformed(); err != nil {
			return fmt.Errorf("result: check %q: %w", c.Name, err)
		}
	}
	return nil
}
