package figure

import (
	"slices"
	"testing"
)

func TestCellEdges(t *testing.T) {
	for _, tc := range []struct {
		c, want []float64
	}{
		{[]float64{2}, []float64{1.5, 2.5}},
		{[]float64{0, 1}, []float64{-0.5, 0.5, 1.5}},
		// Non-uniform: midpoints inside, half the neighbour spacing outside.
		{[]float64{0, 1, 3, 7}, []float64{-0.5, 0.5, 2, 5, 9}},
	} {
		// Sums and halvings of small dyadic numbers: exact.
		if got := CellEdges(tc.c); !slices.Equal(got, tc.want) {
			t.Errorf("CellEdges(%v) = %v, want %v", tc.c, got, tc.want)
		}
	}
}
