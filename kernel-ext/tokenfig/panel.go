package tokenfig

import "github.com/sigprop/sigprop/kernel-ext/show"

// Panel is what one step of the notebook shows: figures, then the
// agreements that check them.
type Panel struct {
	Figures []show.Figure
	Checks  []show.Agreement
}

// Display shows p's figures (show.DisplayFigure), then its agreements
// (show.Check), in order, and returns the metrics. Like show.Must, it
// panics on a figure or agreement that does not validate: a bug in the
// notebook, shown as a failing cell. Outside a notebook it validates and
// renders without sending anything.
func (p Panel) Display() []show.Metric {
	for _, f := range p.Figures {
		show.Must(show.DisplayFigure(f))
	}
	ms := make([]show.Metric, len(p.Checks))
	for i, a := range p.Checks {
		ms[i] = show.Check(a)
	}
	return ms
}
