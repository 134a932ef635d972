package randmlp

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/jacspectrum"
	"github.com/sigprop/sigprop/lib/result"
)

// TestPanels: Fig2 and Fig4 are fig2Curves and Fig4Panel.Curves of the
// stored samples of their figure, with that figure's declared deviations
// only (the KS check of the declared depth carries the declaration; the
// other figure's samples none); a figure with no stored samples is an
// error naming it; zero Fig4 sizes are ErrParam.
func TestPanels(t *testing.T) {
	ss := panelSamples(t)
	dev := Deviation{Depth: 4, Disagreement: result.Disagreement{Paper: "p", Measured: "m", Why: "w", Declared: result.Declaration{Commit: "abcdef0"}}}
	p := Panels{Stored: map[string][]SpectrumSample{"f": ss, "g": ss}, Theory: panelMC, Check: panelMC, Deviations: map[string][]Deviation{"g": {dev}},
		Fig4Points: 20, Fig4RatePoints: 10, Fig4MaxDepth: 64, Fig2Points: Fig2Points, Fig2MaxDepth: 64}
	got, err := p.Fig2("f", 2)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := fig2Curves("f", ss, 2, Fig2Points, panelMC, panelMC)
	if !reflect.DeepEqual(got, want) {
		t.Error("Fig2 of f is not fig2Curves of its stored samples")
	}
	declared, err := p.Fig2("g", 2)
	if err != nil {
		t.Fatal(err)
	}
	if k := declared.Samples[1].Checks[0]; k.Disagreement == nil || k.Name != SpectrumKSName("g", ss[1]) || declared.Samples[0].Checks[0].Disagreement != nil || len(declared.Samples[1].Checks) != 4 {
		t.Errorf("g's declared deviation at L=4: %+v", declared.Samples)
	}
	if _, err := p.Fig2("h", 2); err == nil || !strings.Contains(err.Error(), `"h"`) {
		t.Errorf("missing figure: %v", err)
	}
	// Fewer theory points and the stored samples up to depth 2 only: the
	// panel is fig2Curves of those, and claims no paper figure.
	cut := p
	cut.Fig2Points, cut.Fig2MaxDepth = 7, 3
	short, err := cut.Fig2("f", 2)
	if err != nil {
		t.Fatal(err)
	}
	want, _ = fig2Curves("f", ss[:1], 2, 7, panelMC, panelMC)
	want.Record.AtPaper = false
	if !reflect.DeepEqual(short, want) || len(short.Lines[0].X) != 7 || len(short.Samples) != 1 {
		t.Errorf("Fig2 at 7 points up to depth 3: lines %v, %d samples, at paper %v", lineNames(short.Lines), len(short.Samples), short.Record.AtPaper)
	}
	if !got.Record.AtPaper {
		t.Error("Fig2 with every stored sample does not claim the figure")
	}
	cut.Fig2MaxDepth = 1
	if _, err := cut.Fig2("f", 2); err == nil || !strings.Contains(err.Error(), "up to depth 1") {
		t.Errorf("no stored sample up to depth 1: %v", err)
	}
	for _, bad := range [][2]int{{1, 3}, {-3, 3}, {0, 3}, {7, 0}, {7, -1}} {
		cut.Fig2Points, cut.Fig2MaxDepth = bad[0], bad[1]
		if _, err := cut.Fig2("f", 2); !errors.Is(err, ErrParam) || !errors.Is(CheckFig2(bad[0], bad[1]), ErrParam) {
			t.Errorf("Fig2Points %d, Fig2MaxDepth %d: %v, want ErrParam", bad[0], bad[1], err)
		}
	}
	limit := jacspectrum.BernoulliLimit{Sigma02: Fig4Sigma02}
	got, err = p.Fig4("f", activation.HardTanh(), limit, []int{2, 8}, 1)
	if err != nil {
		t.Fatal(err)
	}
	want, _ = Fig4Panel{Phi: activation.HardTanh(), Limit: limit, Depths: []int{2, 8}, Rate: 1, Points: 20, RatePoints: 10, MaxDepth: 64}.Curves("f", ss, panelMC, panelMC)
	if !reflect.DeepEqual(got, want) {
		t.Error("Fig4 of f is not Fig4Panel.Curves of its stored samples")
	}
	p.Fig4Points = 0
	if _, err := p.Fig4("f", activation.HardTanh(), limit, []int{2, 8}, 1); !errors.Is(err, ErrParam) || !strings.Contains(err.Error(), "Points") {
		t.Errorf("Fig4Points = 0: %v, want ErrParam", err)
	}
}
