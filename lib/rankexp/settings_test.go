package rankexp

import (
	"errors"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/lib/block"
)

// TestSettingsValidate: every experiment checks its settings first; a
// value out of range is ErrParam naming the field, before anything runs.
func TestSettingsValidate(t *testing.T) {
	good := Sizes{N: 5, D: 4, L: 3, Draws: 6}
	for _, tc := range []struct {
		field string
		s     Sizes
	}{
		{"Sizes.N", Sizes{N: 1, D: 4, L: 3, Draws: 6}},
		{"Sizes.D", Sizes{N: 5, D: 0, L: 3, Draws: 6}},
		{"Sizes.L", Sizes{N: 5, D: 4, L: 0, Draws: 6}},
		{"Sizes.Draws", Sizes{N: 5, D: 4, L: 3, Draws: 1}},
	} {
		runs := map[string]error{"Validate": tc.s.Validate()}
		_, runs["Propagation"] = tc.s.Propagation()
		_, runs["NormPlacements"] = tc.s.NormPlacements()
		_, runs["FeedForwards"] = tc.s.FeedForwards()
		_, runs["NormLaws"] = tc.s.NormLaws([]NormCase{{Attention: block.Uniform, Std: 0.5}})
		_, runs["SoftmaxDepths"] = tc.s.SoftmaxDepths()
		_, runs["FeedForwardPlacements"] = tc.s.FeedForwardPlacements()
		for name, err := range runs {
			if !errors.Is(err, ErrParam) || !strings.Contains(err.Error(), tc.field+" = ") {
				t.Errorf("%s at %+v: %v, want ErrParam naming %s", name, tc.s, err, tc.field)
			}
		}
	}
	if err := good.Validate(); err != nil {
		t.Errorf("%+v: %v", good, err)
	}
	if _, err := (Sizes{N: 5, D: 4, L: 1, Draws: 2}).SoftmaxDepths(); !errors.Is(err, ErrParam) || !strings.Contains(err.Error(), "Sizes.L = 1") {
		t.Errorf("SoftmaxDepths at L = 1: %v, want ErrParam naming Sizes.L", err)
	}
	if _, err := (Table2Settings{L: 0, Draws: 2}).Runs(block.PostLN); !errors.Is(err, ErrParam) || !strings.Contains(err.Error(), "Table2Settings.L = 0") {
		t.Errorf("Table2Settings.Runs at L = 0: %v", err)
	}
	for field, u := range map[string]UniformitySettings{
		"UniformitySettings.N":       {N: 0, DV: 6, DK: []int{6}, Draws: 10},
		"len(UniformitySettings.DK)": {N: 4, DV: 6, Draws: 10},
		"UniformitySettings.DK[1]":   {N: 4, DV: 6, DK: []int{6, 0}, Draws: 10},
		"UniformitySettings.Draws":   {N: 4, DV: 6, DK: []int{6}, Draws: 1},
	} {
		if _, err := u.Gaps(); !errors.Is(err, ErrParam) || !strings.Contains(err.Error(), field+" = ") {
			t.Errorf("Gaps at %+v: %v, want ErrParam naming %s", u, err, field)
		}
	}
}
