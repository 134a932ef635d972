package shapednet

import (
	"reflect"
	"testing"

	"github.com/sigprop/sigprop/lib/sde"
)

// LawSettings.Run is ResNetLaws with the same draws; Fig3's T = d/n is
// the paper's 1/3.
func TestLawSettings(t *testing.T) {
	s := Fig3()
	s.Config.Width, s.Config.Depth, s.Gammas, s.Nets, s.Paths, s.NetSeed, s.SDESeed, s.SDE = 12, 4, []float64{0.5}, 10, 20, 8, 9, sde.Settings{Step: 0.05}
	a, errA := s.Run(2)
	b, errB := ResNetLaws(s.Config, []float64{0.5}, 0.2, 10, 20, 8, 9, sde.Settings{Step: 0.05}, 1)
	if errA != nil || errB != nil || !reflect.DeepEqual(a, b) {
		t.Errorf("LawSettings.Run differs from ResNetLaws (errors %v, %v)", errA, errB)
	}
	if f := Fig3(); 3*f.Config.Depth != f.Config.Width || f.Config.Blocks != BlocksMLP {
		t.Errorf("Fig3: width %d, depth %d, blocks %v; want T = d/n = 1/3 and the MLP blocks", f.Config.Width, f.Config.Depth, f.Config.Blocks)
	}
}
