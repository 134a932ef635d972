package show

import (
	"fmt"
)

// GroupSeries splits points (x_i, y_i) into one Points series per distinct
// key, named by the key, in order of the keys' first appearance; yerr, if
// not nil, gives point i's error bar. It panics if the slices' lengths
// differ.
func GroupSeries(keys []string, x, y, yerr []float64) []Series {
	if len(x) != len(keys) || len(y) != len(keys) || (yerr != nil && len(yerr) != len(keys)) {
		panic(fmt.Sprintf("show: GroupSeries with %d keys, %d x, %d y, %d error bars", len(keys), len(x), len(y), len(yerr)))
	}
	var out []Series
	idx := map[string]int{}
	for i, k := range keys {
		j, ok := idx[k]
		if !ok {
			j = len(out)
			idx[k] = j
			out = append(out, Series{Name: k, Style: Points})
		}
		out[j].X, out[j].Y = append(out[j].X, x[i]), append(out[j].Y, y[i])
		if yerr != nil {
			out[j].YErr = append(out[j].YErr, yerr[i])
		}
	}
	return out
}

// HLine is the horizontal line y from x = lo to x = hi.
func HLine(name string, lo, hi, y float64) Series {
	return Series{Name: name, X: []float64{lo, hi}, Y: []float64{y, y}}
}

// WindowMeans is the line of the means of y over consecutive windows of w
// values (a trailing partial window is dropped), each plotted at its
// window's centre i + w/2 with i the window's first index. It panics if
// w < 1.
func WindowMeans(name string, y []float64, w int) Series {
	if w < 1 {
		panic(fmt.Sprintf("show: WindowMeans window must be >= 1, got %d", w))
	}
	s := Series{Name: name}
	for i := 0; i+w <= len(y); i += w {
		var m float64
		for _, v := range y[i : i+w] {
			m += v
		}
		s.X, s.Y = append(s.X, float64(i+w/2)), append(s.Y, m/float64(w))
	}
	return s
}
