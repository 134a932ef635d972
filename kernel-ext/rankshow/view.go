package rankshow

import (
	"fmt"

	"github.com/sigprop/sigprop/kernel-ext/bundle"
	"github.com/sigprop/sigprop/kernel-ext/show"
)

// View is what one notebook cell shows, in order. Each item is a
// show.Figure (shown with show.DisplayFigure), a bundle.Table
// (show.DisplayTable), a show.Agreement (show.Check, which displays its
// metric) or a string (printed as is).
type View []any

// Show displays v's items in order. A display error or an invalid item
// panics, which a notebook shows as the cell's failure.
func (v View) Show() {
	for i, it := range v {
		switch x := it.(type) {
		case show.Figure:
			show.Must(show.DisplayFigure(x))
		case bundle.Table:
			show.Must(show.DisplayTable(x))
		case show.Agreement:
			show.Check(x)
		case string:
			fmt.Print(x)
		default:
			panic(fmt.Sprintf("rankshow: view item %d has type %T", i, it))
		}
	}
}

// Figures, Tables and Agreements return v's items of each kind, in order
// (for tests and for readers of a View).
func (v View) Figures() []show.Figure { return items[show.Figure](v) }

// Tables: see Figures.
func (v View) Tables() []bundle.Table { return items[bundle.Table](v) }

// Agreements: see Figures.
func (v View) Agreements() []show.Agreement { return items[show.Agreement](v) }

func items[T any](v View) []T {
	var out []T
	for _, it := range v {
		if x, ok := it.(T); ok {
			out = append(out, x)
		}
	}
	return out
}

// want panics with a "rankshow:" message when a setting the caption
// states does not hold.
func want(ok bool, format string, args ...any) {
	if !ok {
		panic(fmt.Sprintf("rankshow: "+format, args...))
	}
}
