package show

import (
	"fmt"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
)

// View is what one notebook cell shows, in order: the one way a cell puts
// figures, tables, checks and lines of text on screen. A renderer of
// kernel-ext/render builds it with a pure function, so that the function is tested without a
// notebook and its figures, tables, metrics and printed lines keep their
// place in the report; a cell of one's own builds it the same way:
//
//	show.View{show.Fig(f), show.Agree(a)}.Show()
//
// Each item is typed (Item, made by Fig, Tab, Agree or Text); there is no
// other item.
type View []Item

// Item is one thing a View shows: a figure (Fig), a table (Tab), a
// theory-vs-simulation check (Agree) or a line of text (Text). The zero
// Item is not one of them, and Show panics on it.
type Item struct {
	kind   itemKind
	figure Figure
	table  bundle.Table
	check  Agreement
	text   string
}

type itemKind uint8

const (
	noItem itemKind = iota
	figureItem
	tableItem
	checkItem
	textItem
)

// Fig is the item that shows f (displayFigure).
func Fig(f Figure) Item { return Item{kind: figureItem, figure: f} }

// Tab is the item that shows t (displayTable).
func Tab(t bundle.Table) Item { return Item{kind: tableItem, table: t} }

// Agree is the item that shows the metric of a (Check).
func Agree(a Agreement) Item { return Item{kind: checkItem, check: a} }

// Text is the item that shows s as is, as printed text (a note between
// figures, a not-applicable line), in its place among the view's other
// items (displayText).
func Text(s string) Item { return Item{kind: textItem, text: s} }

// Figure returns the figure of a Fig item.
func (it Item) Figure() (Figure, bool) { return it.figure, it.kind == figureItem }

// Table returns the table of a Tab item.
func (it Item) Table() (bundle.Table, bool) { return it.table, it.kind == tableItem }

// Agreement returns the agreement of an Agree item.
func (it Item) Agreement() (Agreement, bool) { return it.check, it.kind == checkItem }

// Text returns the line of a Text item.
func (it Item) Text() (string, bool) { return it.text, it.kind == textItem }

// show displays one item.
func (it Item) show() error {
	switch it.kind {
	case figureItem:
		return displayFigure(it.figure)
	case tableItem:
		return displayTable(it.table)
	case checkItem:
		m, err := it.check.Metric()
		if err != nil {
			return err
		}
		return displayMetric(m)
	case textItem:
		return displayText(it.text)
	default:
		return fmt.Errorf("show: an empty view item (make items with Fig, Tab, Agree or Text)")
	}
}

// Show displays v's items in order. A display error or an invalid item
// panics, which a notebook shows as the cell's failure; outside a notebook
// every item is validated and rendered as in one, so the same code runs
// under go test.
func (v View) Show() {
	for i, it := range v {
		if err := it.show(); err != nil {
			panic(fmt.Sprintf("show: view item %d: %v", i, err))
		}
	}
}

// Figures returns v's figures in order.
func (v View) Figures() []Figure { return viewItems(v, Item.Figure) }

// Tables returns v's tables in order.
func (v View) Tables() []bundle.Table { return viewItems(v, Item.Table) }

// Agreements returns v's agreements in order.
func (v View) Agreements() []Agreement { return viewItems(v, Item.Agreement) }

// Texts returns v's lines of text in order.
func (v View) Texts() []string { return viewItems(v, Item.Text) }

func viewItems[T any](v View, get func(Item) (T, bool)) []T {
	var out []T
	for _, it := range v {
		if x, ok := get(it); ok {
			out = append(out, x)
		}
	}
	return out
}
