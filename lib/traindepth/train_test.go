package traindepth

import (
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/fctrain"
	"github.com/sigprop/sigprop/lib/meanfield"
)

func tinyData(n, in int, rng *rand.Rand) fctrain.Examples {
	e := fctrain.Examples{X: make([]float64, n*in), Labels: make([]int, n)}
	for i := range e.X {
		e.X[i] = 2*rng.Float64() - 1
	}
	for i := range e.Labels {
		e.Labels[i] = rng.IntN(fctrain.Classes)
	}
	return e
}

// TestTrainFirstIsPrefix: stopping early gives the full run's first
// records bit for bit; the run carries the mean-field q* and ξ_c of its σ_w².
func TestTrainFirstIsPrefix(t *testing.T) {
	s := Settings{SigmaB2: 0.05, SigmaW2: []float64{2.5}, Depths: []int{5}, Width: 8, Seeds: []uint64{4}, Steps: 20, Batch: 8, LR: 0.05, EvalEvery: 5, NTrain: 40, NTest: 20}
	rng := rand.New(rand.NewPCG(3, 3))
	train, test := tinyData(40, 12, rng), tinyData(20, 12, rng)
	c := Plan(s)[0]
	full, err := Train(s, c, train, test)
	if err != nil {
		t.Fatal(err)
	}
	part, err := TrainFirst(s, c, train, test, 10)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(part.Step, []int{0, 5, 10}) || !reflect.DeepEqual(part.TestAcc, full.TestAcc[:3]) || !reflect.DeepEqual(part.Loss, full.Loss[:3]) || len(full.Step) != 5 {
		t.Errorf("first 10 steps %+v, full run %+v", part, full)
	}
	st, err := meanfield.Net{Phi: activation.Tanh(), SigmaW2: 2.5, SigmaB2: 0.05}.DepthScales()
	if err != nil || full.XiC != st.XiC || full.QStar != st.QStar || full.Diverged {
		t.Errorf("run ξ_c %v q* %v diverged %v, mean field %+v (%v)", full.XiC, full.QStar, full.Diverged, st, err)
	}
	if _, err := TrainFirst(s, c, train, test, 21); err == nil {
		t.Error("steps beyond Steps accepted")
	}
}

// TestValidate: each setting out of range is an error naming it.
func TestValidate(t *testing.T) {
	for name, mod := range map[string]func(*Settings){
		"SigmaB2": func(s *Settings) { s.SigmaB2 = -1 }, "SigmaW2": func(s *Settings) { s.SigmaW2 = []float64{1, math.Inf(1)} },
		"Depths": func(s *Settings) { s.Depths = []int{4, 4} }, "Width": func(s *Settings) { s.Width = 0 },
		"Seeds": func(s *Settings) { s.Seeds = nil }, "NTest": func(s *Settings) { s.NTest = 0 },
		"Steps": func(s *Settings) { s.Steps = 0 }, "LR": func(s *Settings) { s.LR = math.NaN() },
	} {
		s := Paper()
		mod(&s)
		if err := s.Validate(); err == nil || !strings.Contains(err.Error(), name) {
			t.Errorf("%s out of range: err %v", name, err)
		}
	}
	if err := Paper().Validate(); err != nil {
		t.Error(err)
	}
	if err := Budget().Validate(); err != nil {
		t.Error(err)
	}
}
