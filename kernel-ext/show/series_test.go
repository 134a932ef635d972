package show

import (
	"reflect"
	"testing"
)

func TestGroupSeries(t *testing.T) {
	got := GroupSeries([]string{"a", "b", "a"}, []float64{1, 2, 3}, []float64{4, 5, 6}, []float64{0.1, 0.2, 0.3})
	want := []Series{
		{Name: "a", Style: Points, X: []float64{1, 3}, Y: []float64{4, 6}, YErr: []float64{0.1, 0.3}},
		{Name: "b", Style: Points, X: []float64{2}, Y: []float64{5}, YErr: []float64{0.2}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("GroupSeries = %+v, want %+v", got, want)
	}
	if g := GroupSeries([]string{"a"}, []float64{1}, []float64{2}, nil); g[0].YErr != nil {
		t.Errorf("nil yerr gave error bars %v", g[0].YErr)
	}
	defer func() {
		if recover() == nil {
			t.Error("no panic on mismatched lengths")
		}
	}()
	GroupSeries([]string{"a"}, []float64{1, 2}, []float64{2}, nil)
}

func TestHLineWindowMeans(t *testing.T) {
	if h := HLine("c", 0, 2, 5); !reflect.DeepEqual(h.X, []float64{0, 2}) || !reflect.DeepEqual(h.Y, []float64{5, 5}) {
		t.Errorf("HLine = %+v", h)
	}
	// windows of 2 over 5 values: means of (1,2), (3,4); 5 dropped; centres 1, 3
	s := WindowMeans("m", []float64{1, 2, 3, 4, 5}, 2)
	if !reflect.DeepEqual(s.X, []float64{1, 3}) || !reflect.DeepEqual(s.Y, []float64{1.5, 3.5}) {
		t.Errorf("WindowMeans = %+v", s)
	}
}
