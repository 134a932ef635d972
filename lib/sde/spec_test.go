package sde

import (
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// Spec.Run is Simulate with the same draws and the result records the
// seed; fields out of range are errors wrapping ErrParam naming the field.
func TestSpec(t *testing.T) {
	v0 := mat.NewSymDense(2, []float64{1, 0.2, 0.2, 1})
	m := Model{Kind: Attention, Gamma: 0.5, Tau0: 1}
	a, errA := Spec{Process: m, V0: v0, T: 0.3, Paths: 5, Seed: 17, Settings: Settings{Step: 0.05, Workers: 2}}.Run()
	b, errB := Simulate(m, v0, 0.3, 5, 17, Settings{Step: 0.05})
	if errA != nil || errB != nil || !reflect.DeepEqual(a.Final, b.Final) || a.Seed != 17 || b.Seed != 17 || a.Paths != 5 || a.T != 0.3 {
		t.Errorf("Spec.Run differs from Simulate or does not record seed 17 (errors %v, %v)", errA, errB)
	}
	for _, c := range []struct {
		s     Spec
		field string
	}{
		{Spec{V0: v0, T: 1, Paths: 1}, "Spec.Process"},
		{Spec{Process: m, T: 1, Paths: 1}, "Spec.V0"},
		{Spec{Process: m, V0: v0, T: math.NaN(), Paths: 1}, "Spec.T"},
		{Spec{Process: m, V0: v0, T: 1}, "Spec.Paths"},
	} {
		if _, err := c.s.Run(); !errors.Is(err, ErrParam) || !strings.Contains(err.Error(), c.field) {
			t.Errorf("%+v: %v, want ErrParam naming %s", c.s, err, c.field)
		}
	}
}
