package show

import (
	"math"
	"reflect"
	"testing"
)

func TestBuilders(t *testing.T) {
	x := []float64{0, 1, 2}
	sq := func(v float64) float64 { return v * v }
	if got := Map(x, sq); !reflect.DeepEqual(got, []float64{0, 1, 4}) {
		t.Errorf("Map = %v", got)
	}
	s := Scatter("sim", x, x, []float64{1, 1, 1})
	if s.Style != Points || len(s.YErr) != 3 {
		t.Errorf("Scatter = %+v", s)
	}
}

func TestEstimates(t *testing.T) {
	var e Estimates
	e.Add(1, 10, 1, 12) // z = 2
	e.Add(2, 20, 2, 20) // z = 0
	e.Add(3, 30, 1, 27) // z = 3
	if s := e.Scatter("mc"); s.Style != Points || !reflect.DeepEqual(s.Y, []float64{10, 20, 30}) || !reflect.DeepEqual(s.YErr, []float64{1, 2, 1}) {
		t.Errorf("Scatter = %+v", s)
	}
	a := e.MaxZ(Agreement{Name: "z", Tol: 5, Figure: "f", Basis: "test"})
	if math.Abs(a.Value-3) > 1e-15 || a.Tol != 5 {
		t.Errorf("MaxZ value %v tol %v, want 3, 5", a.Value, a.Tol)
	}
}
