package attnspec

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/lib/block"
	"github.com/sigprop/sigprop/lib/empirical"
)

// DongSettings.Run draws what the three calls with the generators of its
// seed layout draw (Seed … Seed+3), and records its settings.
func TestDongSettingsRun(t *testing.T) {
	ds := DongSettings{T: 6, D: 4, DK: 3, L: 2, S: 1, Eps: []float64{1e-2, 1e-1}, Seed: 900, Stream: 3}
	dr, err := ds.Run()
	x0 := RandomTokens(6, 4, true, empirical.Rand(900, 3))
	if err != nil || !reflect.DeepEqual(dr.DongSettings, ds) || !reflect.DeepEqual(dr.KeyQuery, KeyQueryStack(x0, 2, 3, empirical.Rand(901, 3))) ||
		!reflect.DeepEqual(dr.IID, Stack(x0, 2, 1, block.Softmax, empirical.Rand(902, 3))) ||
		!reflect.DeepEqual(dr.Contraction, OneLayerContraction(x0, ds.Eps, 3, 1, empirical.Rand(903, 3))) {
		t.Errorf("DongSettings.Run differs from the attnspec calls at seeds 900–903 (%v)", err)
	}
}

// A setting out of range is an ErrParam error naming the field and its
// range, returned before anything is drawn.
func TestDongSettingsValidate(t *testing.T) {
	for _, c := range []struct {
		what, field string
		s           DongSettings
	}{
		{"one token", "T = 1, want an integer >= 2", DongSettings{T: 1, D: 4, DK: 4, L: 2, Eps: []float64{0.1, 0.2}}},
		{"depth 0", "L = 0, want an integer >= 1", DongSettings{T: 4, D: 4, DK: 4, Eps: []float64{0.1, 0.2}}},
		{"one ε", "len(Eps) = 1", DongSettings{T: 4, D: 4, DK: 4, L: 2, Eps: []float64{0.1}}},
		{"ε = 0", "Eps[1] = 0, want a finite value > 0", DongSettings{T: 4, D: 4, DK: 4, L: 2, Eps: []float64{0.1, 0}}},
		{"negative s", "S = -1", DongSettings{T: 4, D: 4, DK: 4, L: 2, S: -1, Eps: []float64{0.1, 0.2}}},
	} {
		_, err := c.s.Run()
		if !errors.Is(err, ErrParam) || !strings.Contains(err.Error(), c.field) {
			t.Errorf("%s: error %v, want ErrParam naming %q", c.what, err, c.field)
		}
	}
}
