package show

import (
	"fmt"

	"github.com/sigprop/sigprop/kernel-ext/bundle"
)

// View is what one notebook cell shows, in order, built by a pure function
// (a domain package of kernel-ext such as kernel-ext/rankshow) and shown
// with Show, so that the function can be tested without a notebook and
// its figures, tables, metrics and printed lines keep their place in the
// report. Each item is a Figure (shown with DisplayFigure), a bundle.Table
// (DisplayTable), an Agreement (Check, which displays its metric) or a
// string (printed as is).
type View []any

// Show displays v's items in order. A display error or an invalid item
// panics, which a notebook shows as the cell's failure.
func (v View) Show() {
	for i, it := range v {
		switch x := it.(type) {
		case Figure:
			Must(DisplayFigure(x))
		case bundle.Table:
			Must(DisplayTable(x))
		case Agreement:
			Check(x)
		case string:
			fmt.Print(x)
		default:
			panic(fmt.Sprintf("show: view item %d has type %T", i, it))
		}
	}
}

// Figures returns v's figures in order.
func (v View) Figures() []Figure { return viewItems[Figure](v) }

// Tables returns v's tables in order.
func (v View) Tables() []bundle.Table { return viewItems[bundle.Table](v) }

// Agreements returns v's agreements in order.
func (v View) Agreements() []Agreement { return viewItems[Agreement](v) }

func viewItems[T any](v View) []T {
	var out []T
	for _, it := range v {
		if x, ok := it.(T); ok {
			out = append(out, x)
		}
	}
	return out
}
