package shapednet

import (
	"errors"
	"math"
	"strings"
	"testing"
)

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

// The paper constructors' values are at the paper; each field perturbed is
// not.
func TestPaperSettings(t *testing.T) {
	f1 := []func(*Fig1Sizes){
		func(s *Fig1Sizes) { s.Width++ }, func(s *Fig1Sizes) { s.Depth++ }, func(s *Fig1Sizes) { s.Nets++ },
		func(s *Fig1Sizes) { s.M++ }, func(s *Fig1Sizes) { s.Rho0 += 0.1 }, func(s *Fig1Sizes) { s.Gamma = 0.4 }, func(s *Fig1Sizes) { s.Tau0 = 2 }}
	for i, change := range f1 {
		s := Fig1()
		change(&s)
		if s == Fig1() {
			t.Errorf("Fig1 with field %d changed is at Fig1", i)
		}
	}
	fr := []func(*Fig1RightSizes){
		func(s *Fig1RightSizes) { s.Width++ }, func(s *Fig1RightSizes) { s.Depth++ }, func(s *Fig1RightSizes) { s.Nets++ },
		func(s *Fig1RightSizes) { s.Paths++ }, func(s *Fig1RightSizes) { s.Step /= 2 }, func(s *Fig1RightSizes) { s.T *= 2 },
		func(s *Fig1RightSizes) { s.Rho0 += 0.1 }, func(s *Fig1RightSizes) { s.Gamma = 0.4 }, func(s *Fig1RightSizes) { s.Tau0 = 2 }}
	for i, change := range fr {
		s := Fig1Right()
		change(&s)
		if s == Fig1Right() {
			t.Errorf("Fig1Right with field %d changed is at Fig1Right", i)
		}
	}
	pl := []func(*PreLNSizes){
		func(s *PreLNSizes) { s.Width++ }, func(s *PreLNSizes) { s.Depth++ }, func(s *PreLNSizes) { s.LNNets++ }, func(s *PreLNSizes) { s.RMSNets++ }}
	for i, change := range pl {
		s := Fig1PreLN()
		change(&s)
		if s == Fig1PreLN() {
			t.Errorf("Fig1PreLN with field %d changed is at Fig1PreLN", i)
		}
	}
	f4 := []func(*Fig4Sizes){
		func(s *Fig4Sizes) { s.Width++ }, func(s *Fig4Sizes) { s.Depth++ }, func(s *Fig4Sizes) { s.Nets++ }, func(s *Fig4Sizes) { s.Gamma /= 2 }, func(s *Fig4Sizes) { s.Tau0 = 2 }}
	for i, change := range f4 {
		s := Fig4()
		change(&s)
		if s == Fig4() {
			t.Errorf("Fig4 with field %d changed is at Fig4", i)
		}
	}
	if !TransformerT().At(TransformerT()) {
		t.Error("TransformerT is not at TransformerT")
	}
	for name, change := range map[string]func(*TransformerTSizes){
		"width": func(s *TransformerTSizes) { s.Width++ }, "m": func(s *TransformerTSizes) { s.M++ },
		"γ": func(s *TransformerTSizes) { s.Gamma /= 2 }, "τ₀": func(s *TransformerTSizes) { s.Tau0 = 2 }, "c₋": func(s *TransformerTSizes) { s.CMinus = 0 },
		"step": func(s *TransformerTSizes) { s.Step /= 2 }, "T": func(s *TransformerTSizes) { s.Ts = []float64{0.5, 1.5, 2} },
		"T count": func(s *TransformerTSizes) { s.Ts = s.Ts[:2] },
	} {
		s := TransformerT()
		change(&s)
		if s.At(TransformerT()) {
			t.Errorf("TransformerT with another %s is at TransformerT", name)
		}
	}
	if !KSVersusWidth().At(KSVersusWidth()) {
		t.Error("KSVersusWidth is not at KSVersusWidth")
	}
	for name, change := range map[string]func(*KSSettings){
		"γ": func(s *KSSettings) { s.Config.Gamma /= 2 }, "τ₀": func(s *KSSettings) { s.Config.Tau0 = 2 }, "T": func(s *KSSettings) { s.T *= 2 },
		"widths": func(s *KSSettings) { s.Widths = s.Widths[1:] }, "nets": func(s *KSSettings) { s.Nets++ },
	} {
		s := KSVersusWidth()
		change(&s)
		if s.At(KSVersusWidth()) {
			t.Errorf("KSVersusWidth with another %s is at KSVersusWidth", name)
		}
	}
	one := CheckOneStep()
	cov := func() OneStepCov {
		return OneStepCov{Width: one.Config.Width, Nets: one.Nets, Config: one.Config, Pairs: make([][2]int, 6)}
	}
	if !cov().At(one) {
		t.Error("a check-12 result is not at CheckOneStep")
	}
	for name, change := range map[string]func(*OneStepCov){
		"width": func(o *OneStepCov) { o.Width = 256 }, "nets": func(o *OneStepCov) { o.Nets = 1000 },
		"input": func(o *OneStepCov) { o.Pairs = o.Pairs[:3] }, "γ": func(o *OneStepCov) { o.Config.Gamma = 0.5 },
		"τ₀": func(o *OneStepCov) { o.Config.Tau0 = 1 },
	} {
		o := cov()
		change(&o)
		if o.At(one) {
			t.Errorf("a check-12 result with another %s is at CheckOneStep", name)
		}
	}
}

// TransformerTSizes.Validate takes TransformerT's times and refuses no
// time, T <= 0, an infinite T and a T below 1/width (no block: at width
// 100, T = 0.009 gives depth 0), naming the element.
func TestTransformerTValidate(t *testing.T) {
	if err := TransformerT().Validate(); err != nil {
		t.Errorf("TransformerT: %v", err)
	}
	for _, ts := range [][]float64{nil, {0.5, 0}, {-1}, {math.Inf(1)}, {0.009}} {
		s := TransformerT()
		s.Ts = ts
		if err := s.Validate(); !errors.Is(err, ErrParam) {
			t.Errorf("Ts = %v: error %v", ts, err)
		}
	}
	s := TransformerT()
	s.Ts = []float64{0.5, 0.001}
	if err := s.Validate(); err == nil || !strings.Contains(err.Error(), "TransformerTSizes.Ts[1] = 0.001, want finite and >= 1/width = 0.01") {
		t.Errorf("error %v", err)
	}
	s.Ts = []float64{0.01}
	if err := s.Validate(); err != nil {
		t.Errorf("T = 0.01 (one block at width 100): %v", err)
	}
}
