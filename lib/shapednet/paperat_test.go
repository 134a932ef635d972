package shapednet

import "testing"

// A result built from a constructor's settings is at them whatever its
// seed, and one field changed is not.
func TestAt(t *testing.T) {
	s3 := Fig3()
	laws := func() CorrLaws {
		return CorrLaws{Gamma: s3.Gammas, Net: [][]float64{make([]float64, s3.Nets)}, SDE: [][]float64{make([]float64, s3.Paths)},
			Config: s3.Config, Rho0: s3.Rho0, Step: s3.SDE.Step, NetSeed: 800}
	}
	if !laws().At(Fig3()) {
		t.Error("Fig. 3 laws are not at Fig3")
	}
	for name, change := range map[string]func(*CorrLaws){
		"width": func(l *CorrLaws) { l.Config.Width = 100 },
		"nets":  func(l *CorrLaws) { l.Net[0] = l.Net[0][:10] },
		"paths": func(l *CorrLaws) { l.SDE[0] = l.SDE[0][:10] },
		"step":  func(l *CorrLaws) { l.Step = 0.01 },
		"ρ₀":    func(l *CorrLaws) { l.Rho0 = 0.3 },
	} {
		l := laws()
		change(&l)
		if l.At(Fig3()) {
			t.Errorf("Fig. 3 laws with another %s are at Fig3", name)
		}
	}
	s5 := Fig5()
	b := StopByGamma{Gamma: s5.Gammas, Config: s5.Config, Study: s5.Study, Seed: 9}
	b.Config.Gamma = s5.Gammas[len(s5.Gammas)-1]
	if !b.At(Fig5()) {
		t.Error("Fig. 5 run is not at Fig5")
	}
	b.Study.Nets = 50
	if b.At(Fig5()) {
		t.Error("Fig. 5 run with 50 networks is at Fig5")
	}
	s8 := Fig8()
	g := StopGrid{Gammas: s8.Gammas, Tau0s: s8.Tau0s, Config: s8.Config, Study: s8.Study, Q: s8.Q, Seed: 3}
	if !g.At(Fig8()) {
		t.Error("Fig. 8 grid is not at Fig8")
	}
	g.Tau0s = g.Tau0s[:2]
	if g.At(Fig8()) {
		t.Error("a 2-τ₀ grid is at Fig8")
	}
}
