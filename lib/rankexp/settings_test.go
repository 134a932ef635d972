package rankexp

import (
	"reflect"
	"testing"

	"github.com/sigprop/sigprop/lib/block"
)

// The settings' methods run the positional experiments with the same
// draws: same seed, same results.
func TestSettingsMethods(t *testing.T) {
	s := Sizes{N: 5, D: 4, L: 3, Draws: 6, Seed: 30, Stream: 2}
	a, errA := s.Propagation()
	b, errB := Propagation(5, 4, 3, 6, 30, 2)
	if errA != nil || errB != nil || !reflect.DeepEqual(a, b) {
		t.Errorf("Sizes.Propagation differs from Propagation (errors %v, %v)", errA, errB)
	}
	p, errA := s.NormPlacements()
	q, errB := NormPlacements(5, 4, 3, 6, 30, 2)
	if errA != nil || errB != nil || !reflect.DeepEqual(p, q) {
		t.Errorf("Sizes.NormPlacements differs from NormPlacements (errors %v, %v)", errA, errB)
	}
	f, errA := s.FeedForwards()
	g, errB := FeedForwards(5, 4, 3, 6, 30, 2)
	if errA != nil || errB != nil || !reflect.DeepEqual(f, g) {
		t.Errorf("Sizes.FeedForwards differs from FeedForwards (errors %v, %v)", errA, errB)
	}
	cases := []NormCase{{Attention: block.Uniform, Std: 0.5}}
	l, errA := s.NormLaws(cases)
	m, errB := NormLaws(5, 4, 3, 6, cases, 30, 2)
	if errA != nil || errB != nil || !reflect.DeepEqual(l, m) {
		t.Errorf("Sizes.NormLaws differs from NormLaws (errors %v, %v)", errA, errB)
	}
	t2 := Table2Settings{L: 2, Draws: 2, Seed: 50, Stream: 2}
	x, errA := t2.Runs(block.PostLN)
	y, errB := Table2Runs(block.PostLN, 2, 2, 50, 2)
	if errA != nil || errB != nil || !reflect.DeepEqual(x, y) {
		t.Errorf("Table2Settings.Runs differs from Table2Runs (errors %v, %v)", errA, errB)
	}
	u := UniformitySettings{N: 4, DV: 6, DK: []int{6, 60}, Draws: 10, Seed: 120, Stream: 2}
	if got, want := u.Gaps(), UniformityGaps(4, 6, []int{6, 60}, 10, 120, 2); !reflect.DeepEqual(got, want) || got.N != 4 || got.DV != 6 || got.Draws != 10 {
		t.Errorf("UniformitySettings.Gaps differs from UniformityGaps or lacks its settings: %+v", got)
	}
}
