package show

import (
	"fmt"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
)

// This file holds the builders of the figures and tables that set a
// sample or a computed value beside a reference: two laws as densities,
// a table of columns, a table of values with the reference in brackets.

// Densities draws a sample x as a 40-bin density histogram (points, named
// xName) and a kernel density estimate (line, xName+" (KDE)"), over a
// reference sample y as a dashed KDE (yName+" (KDE)") in the colour of
// the sample's KDE line (Colour 2), on [lo, hi] with 161 KDE points: e.g.
// finite networks over their SDE limit.
func Densities(xName, yName string, x, y []float64, lo, hi float64) []Series {
	ref := KDESeries(yName+" (KDE)", y, lo, hi, 161, Dashed)
	ref.Colour = 2
	return []Series{HistSeries(xName, x, lo, hi, 40, Points), KDESeries(xName+" (KDE)", x, lo, hi, 161, Line), ref}
}

// Pair appends a and b to series, b drawn in a's colour (a sample and
// its reference, e.g. a histogram and a dashed density).
func Pair(series []Series, a, b Series) []Series {
	b.Colour = len(series) + 1
	return append(series, a, b)
}

// Columns sets t.Rows to one row per label: the label, then cols[j][i]
// for each column j, formatted by FormatFloat. It panics unless every
// column has one value per label.
func Columns(t bundle.Table, labels []string, cols ...[]float64) bundle.Table {
	t.Rows = nil
	for i, l := range labels {
		row := []string{l}
		for j, c := range cols {
			if len(c) != len(labels) {
				panic(fmt.Sprintf("show: Columns column %d has %d values for %d labels", j, len(c), len(labels)))
			}
			row = append(row, FormatFloat(c[i]))
		}
		t.Rows = append(t.Rows, row)
	}
	return t
}
