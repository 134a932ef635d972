package trainsweep

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/lib/empirical"
)

// Split.Load is LoadData with the named sizes and seed; NociSettings.Split
// is the stored runs' split; negative sizes are errors naming the field.
func TestSplit(t *testing.T) {
	fsys := tinyFashionMNIST(30, 8)
	a, errA := Split{Train: 12, Val: 10, Test: 5, Seed: 3}.Load(fsys)
	b, errB := LoadData(fsys, 12, 10, 5, 3)
	if errA != nil || errB != nil || !reflect.DeepEqual(a, b) {
		t.Errorf("Split.Load differs from LoadData (errors %v, %v)", errA, errB)
	}
	if s := (NociSettings{NTrain: 0, NVal: 1000, NTest: 2000, SplitSeed: 1}).Split(); s != (Split{Val: 1000, Test: 2000, Seed: 1}) {
		t.Errorf("NociSettings.Split = %+v", s)
	}
	for _, c := range []struct {
		s     Split
		field string
	}{{Split{Train: -1}, "Split.Train"}, {Split{Val: -2}, "Split.Val"}, {Split{Test: -3}, "Split.Test"}} {
		if _, err := c.s.Load(fsys); !errors.Is(err, ErrParam) || !strings.Contains(err.Error(), c.field) {
			t.Errorf("%+v: %v, want ErrParam naming %s", c.s, err, c.field)
		}
	}
}

// InitGradSettings.Run is InitGradNorms of each variant's causal model on
// the first Images training images, every variant from the same seed;
// NociInitGrads states the notebook's settings; bad settings are errors
// naming the field.
func TestInitGradSettings(t *testing.T) {
	if s := NociInitGrads(); s.Layers != 16 || s.Images != 64 || s.Seed != 14 || s.Stream != 1 || s.Gamma != 0.2 || len(s.Variants) != 3 || s.Validate() != nil {
		t.Errorf("NociInitGrads = %+v", s)
	}
	ds, err := LoadData(tinyFashionMNIST(12, 2), 0, 2, 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	s := InitGradSettings{Variants: []string{"Adam, shaped (γ = 0.2)", "Adam, POST-LN"}, Layers: 2, Images: 3, Seed: 5, Stream: 2, Gamma: NociGamma}
	g, err := s.Run(ds, 2)
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Norms) != 2 || g.D != 64 || !reflect.DeepEqual(g.Settings, s) {
		t.Fatalf("%d norms, d = %d, settings %+v", len(g.Norms), g.D, g.Settings)
	}
	for i, name := range s.Variants {
		v, _ := NociVariantByName(name)
		cfg, _ := v.Config(2, 1)
		cfg.Causal = true
		want, err := InitGradNorms(cfg, empirical.Rand(5, 2), ds.Train.X[:3*784], ds.Train.Labels[:3], 1)
		if err != nil || !reflect.DeepEqual(g.Norms[i], want) || len(want.Q) != 2 {
			t.Errorf("%s: %+v, InitGradNorms %+v (%v)", name, g.Norms[i], want, err)
		}
	}
	for _, c := range []struct {
		s     InitGradSettings
		field string
	}{
		{InitGradSettings{Layers: 2, Images: 3}, "InitGradSettings.Variants"},
		{InitGradSettings{Variants: s.Variants, Images: 3}, "InitGradSettings.Layers"},
		{InitGradSettings{Variants: s.Variants, Layers: 2}, "InitGradSettings.Images"},
		{InitGradSettings{Variants: s.Variants, Layers: 2, Images: 3}, "InitGradSettings.Gamma = 0"},
		{InitGradSettings{Variants: s.Variants, Layers: 2, Images: 3, Gamma: 1.5}, "InitGradSettings.Gamma = 1.5"},
		{InitGradSettings{Variants: s.Variants, Layers: 2, Images: 11, Gamma: 0.2}, "InitGradSettings.Images = 11, want <= 10"},
	} {
		if _, err := c.s.Run(ds, 1); !errors.Is(err, ErrParam) || !strings.Contains(err.Error(), c.field) {
			t.Errorf("%+v: %v, want ErrParam naming %s", c.s, err, c.field)
		}
	}
	if _, err := (InitGradSettings{Variants: []string{"nope"}, Layers: 2, Images: 1, Gamma: 0.2}).Run(ds, 1); err == nil || !strings.Contains(err.Error(), "nope") {
		t.Errorf("unknown variant: %v", err)
	}
	// Another γ reaches the shaped block's branch weights α_A = α_M and
	// only them: the shaped norms are those of the block built at γ = 0.5
	// by hand and differ from γ = 0.2's; the Post-LN norms do not move.
	s5 := s
	s5.Gamma = 0.5
	g5, err := s5.Run(ds, 1)
	if err != nil {
		t.Fatal(err)
	}
	v, _ := NociVariantByName(s.Variants[0])
	cfg, _ := v.Config(2, 1)
	cfg.Causal, cfg.AlphaA, cfg.AlphaM = true, 0.5, 0.5
	want, err := InitGradNorms(cfg, empirical.Rand(5, 2), ds.Train.X[:3*784], ds.Train.Labels[:3], 1)
	if err != nil || !reflect.DeepEqual(g5.Norms[0], want) || reflect.DeepEqual(g5.Norms[0], g.Norms[0]) || !reflect.DeepEqual(g5.Norms[1], g.Norms[1]) {
		t.Errorf("γ = 0.5: shaped %+v, want %+v (γ = 0.2: %+v); Post-LN %+v vs %+v", g5.Norms[0], want, g.Norms[0], g5.Norms[1], g.Norms[1])
	}
}
