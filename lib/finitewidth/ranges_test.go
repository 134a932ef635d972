package finitewidth

import (
	"errors"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/lib/activation"
)

// TestSettingsRanges: Settings.Validate refuses, naming the field and the
// range declared once (meanfield.SigmaW2Range, SigmaB2Range; DepthRange),
// σ_w² = 0, σ_b² < 0, depth 0 and depth MaxDepth+1, and takes their edges
// (σ_b² = 0, depth 1 and MaxDepth).
func TestSettingsRanges(t *testing.T) {
	ok := Settings{Phi: activation.Tanh(), SigmaW2: 1.5, SigmaB2: 0, Q0: 1, Depth: 1}
	for _, d := range []int{1, MaxDepth} {
		s := ok
		s.Depth = d
		if err := s.Validate(); err != nil {
			t.Errorf("depth %d: %v", d, err)
		}
	}
	for _, c := range []struct {
		change func(*Settings)
		want   string
	}{
		{func(s *Settings) { s.SigmaW2 = 0 }, "Settings.SigmaW2 = 0, want in (0, +inf)"},
		{func(s *Settings) { s.SigmaB2 = -1e-9 }, "Settings.SigmaB2 = -1e-09, want in [0, +inf)"},
		{func(s *Settings) { s.Depth = 0 }, "Settings.Depth = 0, want an integer in [1, 100000]"},
		{func(s *Settings) { s.Depth = MaxDepth + 1 }, "Settings.Depth = 100001, want an integer in [1, 100000]"},
	} {
		s := ok
		c.change(&s)
		if err := s.Validate(); !errors.Is(err, ErrParam) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("error %v, want ErrParam naming %q", err, c.want)
		}
	}
}
