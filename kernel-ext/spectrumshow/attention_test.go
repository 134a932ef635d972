package spectrumshow

import (
	"strings"
	"testing"

	"github.com/sigprop/sigprop/internal/showtest"
	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/attnspec"
	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/freeprob"
	"github.com/sigprop/sigprop/lib/papers"
)

func stacks(T, d, L int, s float64, seed uint64) attnspec.DepthResult {
	r, err := attnspec.DepthSettings{T: T, D: d, L: L, S: s, Seed: seed, Stream: 1}.Run()
	if err != nil {
		panic(err)
	}
	return r
}

// The attention panels of notebook 04 state the settings their runs
// record: at the notes' T = 256, d = 64, s = 1 attn-depth claims its
// figure and shows all three checks; at T = 32, d = 8 it claims nothing,
// its Params are the values run, the relative bands apply and the notes'
// observed claim is not applicable. attn-width's and attn-radius's slope
// checks apply only over the span of T their tolerance was set for.
func TestAttentionFigures(t *testing.T) {
	f := show.Figure{ID: "attn-depth", Paper: papers.Claim(papers.TannerAttnFig3)}
	v := AttentionDepth(f, stacks(256, 64, 6, 1, 110))
	v.Show()
	if g := v.Figures()[0]; len(g.Paper) == 0 || len(v.Agreements()) != 3 || !strings.Contains(g.Caption, "T=256, s=1, d=64") || g.Seed == nil || *g.Seed != 110 {
		t.Errorf("at the notes' settings: claim %q, caption %q, %d checks", g.Paper, g.Caption, len(v.Agreements()))
	}
	v = AttentionDepth(f, stacks(32, 8, 4, 1, 111))
	v.Show()
	showtest.AtYourSettings(t, "AttentionDepth at T = 32, d = 8", v, map[string]float64{"T": 32, "s": 1, "d": 8},
		[]string{"softmax: max |residual ratio / r_T − 1|, layers 3..4", "centered: max |norm ratio / r_T − 1|"}, []string{"centered: 1 − min residual"})
	// At L = 2 the softmax ratio from layer 3 on does not exist: not
	// applicable rather than a panic.
	v = AttentionDepth(f, stacks(32, 8, 2, 0.5, 112))
	v.Show()
	showtest.AtYourSettings(t, "AttentionDepth at T = 32, d = 8, L = 2, s = 0.5", v, map[string]float64{"T": 32, "s": 0.5, "d": 8},
		[]string{"centered: max |norm ratio / r_T − 1|"}, []string{"softmax: max |residual ratio / r_T − 1|, layers 3..2", "centered: 1 − min residual"})

	ws := attnspec.WidthSettings{Ts: []int{16, 32, 64}, D: 8, L: 3, S: 1, Seed: 120, Stream: 1}
	res, err := ws.Run()
	if err != nil {
		t.Fatal(err)
	}
	w := AttentionWidth(show.Figure{ID: "attn-width"}, res)
	w.Show()
	if g := w.Figures()[0]; len(w.Agreements()) != 2 || !strings.Contains(g.Caption, "L = 1, 2, 3 softmax") || len(g.Series) != 3 || g.Seed == nil || *g.Seed != 120 || g.Series[0].X[2] != 64 {
		t.Errorf("attn-width over a factor 4: caption %q, %d series, %d checks (want 3, 2), seed %v (want the run's 120)", g.Caption, len(g.Series), len(w.Agreements()), g.Seed)
	}
	narrow := attnspec.WidthResult{Settings: attnspec.WidthSettings{Ts: []int{16, 32}, Seed: 120}, Residual: [][]float64{res.Residual[0][:2], res.Residual[1][:2]}}
	if n := len(AttentionWidth(show.Figure{ID: "attn-width"}, narrow).Agreements()); n != 0 {
		t.Errorf("attn-width over a factor 2: %d slope checks shown, want none (not applicable)", n)
	}
	l2 := []float64{attnspec.BulkRadius(16, 1), attnspec.BulkRadius(128, 1)}
	r := AttentionRadius(show.Figure{ID: "attn-radius"}, attnspec.RadiusResult{Settings: attnspec.RadiusSettings{Ts: []int{16, 128}, S: 1, Seed: 100}, Lambda2: l2})
	r.Show()
	if a := r.Agreements(); len(a) != 1 || a[0].Value > 1e-12 || !strings.Contains(a[0].Basis, "factor 8 in T") {
		t.Errorf("attn-radius on r_T itself over a factor 8: checks %+v, want one with slope exactly −1/2", a)
	}
	if g := r.Figures()[0]; g.Seed == nil || *g.Seed != 100 || g.Params["s"] != 1 {
		t.Errorf("attn-radius seed %v, Params %v: want the run's seed 100 and s = 1", g.Seed, g.Params)
	}
	if n := len(AttentionRadius(show.Figure{ID: "attn-radius"}, attnspec.RadiusResult{Settings: attnspec.RadiusSettings{Ts: []int{16, 32}, S: 1, Seed: 100}, Lambda2: l2}).Agreements()); n != 0 {
		t.Errorf("attn-radius over a factor 2: %d slope checks, want none", n)
	}
}

// ReLUOrthogonal's checks pass (the closed form and m₃ = 10) and it lists
// the atom ½ at 0.
func TestReLUOrthogonal(t *testing.T) {
	v, err := ReLUOrthogonal(show.Figure{ID: "relu-orth-L2"}, empirical.Linspace(0.05, 3.9, 8), freeprob.Continuation{Eps: 1e-10, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	v.Show()
	for _, a := range v.Agreements() {
		m, err := a.Metric()
		if err != nil || !m.Pass {
			t.Errorf("%s: %+v, %v", a.Name, m, err)
		}
	}
	if txt := v.Texts(); len(txt) != 1 || !strings.HasPrefix(txt[0], "atoms: ") {
		t.Errorf("texts %q, want the atoms line", txt)
	}
}
