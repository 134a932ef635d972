package shapednet

import (
	"reflect"
	"testing"

	"github.com/sigprop/sigprop/lib/sde"
)

// LawSettings.Run draws the same at any number of workers; Fig3's T = d/n
// is the paper's 1/3.
func TestLawSettings(t *testing.T) {
	s := Fig3()
	s.Config.Width, s.Config.Depth, s.Gammas, s.Nets, s.Paths, s.NetSeed, s.SDESeed, s.SDE = 12, 4, []float64{0.5}, 10, 20, 8, 9, sde.Settings{Step: 0.05}
	a, errA := s.Run(2)
	b, errB := s.Run(1)
	if errA != nil || errB != nil || !reflect.DeepEqual(a, b) || len(a.Net) != 1 || a.Rho0 != 0.2 {
		t.Errorf("LawSettings.Run at 2 and 1 workers differ (errors %v, %v)", errA, errB)
	}
	if f := Fig3(); 3*f.Config.Depth != f.Config.Width || f.Config.Blocks != BlocksMLP {
		t.Errorf("Fig3: width %d, depth %d, blocks %v; want T = d/n = 1/3 and the MLP blocks", f.Config.Width, f.Config.Depth, f.Config.Blocks)
	}
}

// OneStepSettings.Run and ExplosionSettings.Run draw the same at any
// number of workers; their paper constructors state the notebook's
// settings.
func TestOneStepAndExplosionSettings(t *testing.T) {
	o := CheckOneStep()
	if o.Config.Width != 1024 || o.Nets != 50000 || o.Config.Gamma != 1 || o.Config.Tau0 != 0.5 || o.Model.Tau0 != 0.5 || o.V0.At(1, 2) != -0.3 {
		t.Errorf("CheckOneStep: %+v", o)
	}
	o.Config.Width, o.Nets, o.Seed = 16, 40, 3
	a, errA := o.Run(2)
	b, errB := o.Run(1)
	if errA != nil || errB != nil || !reflect.DeepEqual(a, b) || a.Nets != 40 || a.Config.Depth != 1 {
		t.Errorf("OneStepSettings.Run at 2 and 1 workers differ (errors %v, %v)", errA, errB)
	}
	e := ExplosionTable()
	if e.Config.Width != 200 || e.Paths != 2048 || e.T != 1 || len(e.Gammas) != 4 || e.Config.StopRadius != 1e4 || e.SDESeed != 1100 || e.NetSeed != 1200 {
		t.Errorf("ExplosionTable: %+v", e)
	}
	e.Config.Width, e.Gammas, e.Paths, e.T, e.SDE = 10, []float64{0.5}, 12, 0.3, sde.Settings{Step: 0.05}
	x, errX := e.Run(2)
	y, errY := e.Run(1)
	if errX != nil || errY != nil || !reflect.DeepEqual(x, y) || len(x) != 1 || x[0].T != 0.3 {
		t.Errorf("ExplosionSettings.Run at 2 and 1 workers differ (errors %v, %v)", errX, errY)
	}
}
