package spectrumshow

import (
	"os"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/kernel-ext/render"
	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/freeprob"
	"github.com/sigprop/sigprop/lib/jacspectrum"
	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/lib/randmlp"
	"github.com/sigprop/sigprop/lib/result"
)

// TEMPORARY (deleted with this move): the new views of each case of the
// old tree's TestTmpOldDump (the old builders Panels.Fig2, Panels.Fig4,
// MPDensity of HEAD before the move, dumped into dumpDir), drawn as
// notebook 04's cells now draw them, compared with the old dumps line by
// line.
func TestTmpOldNew(t *testing.T) {
	exact := freeprob.Continuation{Eps: 1e-10, Workers: 2}
	ss := tmpSamples(t)
	stored, err := randmlp.ReadSpectra(os.DirFS("../../notebooks/data/jacobian-spectra"), "spectra.json")
	if err != nil {
		t.Fatal(err)
	}
	dev := func(depth int, pilot bool) randmlp.Deviation {
		d := randmlp.Deviation{Depth: depth, Disagreement: result.Disagreement{Paper: "p", Measured: "m", Why: "w", Declared: result.Declaration{Commit: "abcdef0", Seen: "s"}}}
		if pilot {
			d.Disagreement.Declared.Pilot, d.Disagreement.Declared.PilotSeeds = "a pilot", []uint64{9, 11}
		}
		return d
	}
	bad := ss[0]
	bad.Phi = "nope"
	bern := jacspectrum.BernoulliLimit{Sigma02: randmlp.Fig4Sigma02}
	smooth := jacspectrum.SmoothLimit{Sigma02: randmlp.Fig4Sigma02}
	f2 := func(id string, logY bool) show.Figure {
		return show.Figure{ID: id, Paper: papers.Claim(papers.P18Fig2), LogY: logY}
	}
	f4 := func(id string) show.Figure { return show.Figure{ID: id, Paper: papers.Claim(papers.TannerFig4)} }
	sim := func(n, draws int) randmlp.SpectrumSample {
		s, err := randmlp.SampleSpectra([]randmlp.SpectrumSpec{{Figure: "mp-density", Phi: "linear", Weights: "gaussian", Depth: 1, QStar: 1, Width: n, Draws: draws, Seed: 1}}, 2)
		if err != nil {
			t.Fatal(err)
		}
		return s[0]
	}
	draw := func(f show.Figure, r result.SampleCurves, err error) (show.View, error) {
		if err != nil {
			return nil, err
		}
		return render.SampleCurves(f, r, render.After()), nil
	}
	fig2 := func(p randmlp.Panels, f show.Figure, smax float64) (show.View, error) {
		r, err := p.Fig2(f.ID, smax)
		return draw(f, r, err)
	}
	fig4 := func(p randmlp.Panels, f show.Figure, phi activation.Func, limit jacspectrum.Spectrum, Ls []int, rate float64) (show.View, error) {
		r, err := p.Fig4(f.ID, phi, limit, Ls, rate)
		return draw(f, r, err)
	}
	mp := func(s randmlp.SpectrumSample) (show.View, error) {
		f := show.Figure{ID: "mp-density"}
		r, err := s.MPCurves(f.ID, empirical.Linspace(0.02, 3.98, 100), exact, tmpMC)
		return draw(f, r, err)
	}
	one := func(id string, s []randmlp.SpectrumSample) map[string][]randmlp.SpectrumSample {
		return map[string][]randmlp.SpectrumSample{id: s}
	}
	cases := map[string]func() (show.View, error){
		"fig2-small": func() (show.View, error) {
			return fig2(randmlp.Panels{Stored: one("f", ss), Theory: exact, Check: tmpMC}, f2("f", true), 2.5)
		},
		"fig2-stored-hardtanh": func() (show.View, error) {
			return fig2(randmlp.Panels{Stored: stored, Theory: tmpMC, Check: tmpMC}, f2("fig2-hardtanh-orthogonal", false), 2.5)
		},
		"fig2-stored-relu": func() (show.View, error) {
			return fig2(randmlp.Panels{Stored: stored, Theory: tmpMC, Check: tmpMC}, f2("fig2-relu-orthogonal", true), 8)
		},
		"fig2-deviation": func() (show.View, error) {
			p := randmlp.Panels{Stored: one("f", []randmlp.SpectrumSample{tmpScaled(ss[0], 1.5), ss[1]}), Theory: tmpMC, Check: tmpMC,
				Deviations: map[string][]randmlp.Deviation{"f": {dev(2, true)}}}
			return fig2(p, f2("f", false), 2.5)
		},
		"fig2-missing": func() (show.View, error) {
			return fig2(randmlp.Panels{Stored: stored, Theory: tmpMC, Check: tmpMC}, f2("g", false), 2.5)
		},
		"fig4-small-paper": func() (show.View, error) {
			p := randmlp.Panels{Stored: one("fig4-hardtanh", ss), Theory: tmpMC, Check: tmpMC, Fig4Points: 40, Fig4RatePoints: 10, Fig4MaxDepth: 1 << 20}
			return fig4(p, f4("fig4-hardtanh"), activation.HardTanh(), bern, []int{2, 8}, 1)
		},
		"fig4-small-away": func() (show.View, error) {
			p := randmlp.Panels{Stored: one("fig4-hardtanh", ss), Theory: tmpMC, Check: tmpMC, Fig4Points: 40, Fig4RatePoints: 10, Fig4MaxDepth: 2}
			return fig4(p, f4("fig4-hardtanh"), activation.HardTanh(), bern, []int{2, 8}, 1)
		},
		"fig4-deviation": func() (show.View, error) {
			p := randmlp.Panels{Stored: one("fig4-hardtanh", ss), Theory: tmpMC, Check: tmpMC, Fig4Points: 40, Fig4RatePoints: 10, Fig4MaxDepth: 64,
				Deviations: map[string][]randmlp.Deviation{"fig4-hardtanh": {dev(4, false)}}}
			return fig4(p, f4("fig4-hardtanh"), activation.HardTanh(), bern, []int{2, 8}, 1)
		},
		"fig4-notcompared": func() (show.View, error) {
			p := randmlp.Panels{Stored: one("f", []randmlp.SpectrumSample{ss[1], bad}), Theory: tmpMC, Check: tmpMC, Fig4Points: 20, Fig4RatePoints: 10, Fig4MaxDepth: 64}
			return fig4(p, show.Figure{ID: "f"}, activation.HardTanh(), bern, []int{2, 8}, 1)
		},
		"fig4-zero-points": func() (show.View, error) {
			return fig4(randmlp.Panels{Stored: one("f", ss), Theory: tmpMC, Check: tmpMC}, show.Figure{ID: "f"}, activation.HardTanh(), bern, []int{2, 8}, 1)
		},
		"fig4-stored-hardtanh-away": func() (show.View, error) {
			p := randmlp.Panels{Stored: stored, Theory: exact, Check: tmpMC, Fig4Points: 40, Fig4RatePoints: 10, Fig4MaxDepth: 3}
			return fig4(p, f4("fig4-hardtanh"), activation.HardTanh(), bern, randmlp.Fig4Depths, 1)
		},
		"fig4-stored-erf-away": func() (show.View, error) {
			p := randmlp.Panels{Stored: stored, Theory: tmpMC, Check: tmpMC, Fig4Points: 40, Fig4RatePoints: 10, Fig4MaxDepth: 3}
			return fig4(p, f4("fig4-erf"), activation.Erf(), smooth, randmlp.Fig4ErfDepths, 0.5)
		},
		"fig4-stored-shifted-paper": func() (show.View, error) {
			p := randmlp.Panels{Stored: stored, Theory: tmpMC, Check: tmpMC, Fig4Points: 40, Fig4RatePoints: 10, Fig4MaxDepth: 128}
			return fig4(p, f4("fig4-shifted_relu"), activation.ShiftedReLU(), bern, randmlp.Fig4Depths, 1)
		},
		"mp-40": func() (show.View, error) { return mp(sim(40, 3)) },
		"mp-60": func() (show.View, error) { return mp(sim(60, 2)) },
	}
	items, checks, declared := 0, 0, 0
	for name, c := range cases {
		v, err := c()
		if err != nil {
			v = show.View{show.Text("ERROR: " + err.Error())}
		}
		old, err := os.ReadFile(dumpDir + "/" + name + ".txt")
		if err != nil {
			t.Fatal(err)
		}
		ol, nl := strings.Split(string(old), "\n"), strings.Split(dumpView(v), "\n")
		diffs := 0
		for i := 0; i < max(len(ol), len(nl)); i++ {
			var a, b string
			if i < len(ol) {
				a = ol[i]
			}
			if i < len(nl) {
				b = nl[i]
			}
			if a != b {
				if diffs < 5 {
					t.Errorf("%s line %d:\nold %s\nnew %s", name, i, a, b)
				}
				diffs++
			}
		}
		if diffs > 0 {
			t.Errorf("%s: %d lines differ (of %d old, %d new)", name, diffs, len(ol), len(nl))
		}
		items += len(v)
		for _, a := range v.Agreements() {
			checks++
			if a.Disagreement != nil {
				declared++
			}
		}
		t.Logf("%s: %d items, %d dump lines, %d differ", name, len(v), len(nl), diffs)
	}
	t.Logf("%d cases, %d items, %d checks (%d declared)", len(cases), items, checks, declared)
}

var tmpMC = freeprob.Continuation{Eps: 1e-8, Steps: 50}

// tmpSamples are the old test's two small hard-tanh configurations.
func tmpSamples(t *testing.T) []randmlp.SpectrumSample {
	t.Helper()
	ss, err := randmlp.SampleSpectra([]randmlp.SpectrumSpec{
		{Figure: "f", Phi: "hardtanh", Weights: "orthogonal", Depth: 2, QStar: 0.25, Width: 100, Draws: 2, Seed: 1},
		{Figure: "f", Phi: "hardtanh", Weights: "orthogonal", Depth: 4, QStar: 0.25, Width: 100, Draws: 2, Seed: 2},
	}, 2)
	if err != nil {
		t.Fatal(err)
	}
	return ss
}

// tmpScaled is the old test's scaled: every eigenvalue times f.
func tmpScaled(s randmlp.SpectrumSample, f float64) randmlp.SpectrumSample {
	out := s
	out.Eigs = make([][]float64, len(s.Eigs))
	for i, e := range s.Eigs {
		for _, v := range e {
			out.Eigs[i] = append(out.Eigs[i], f*v)
		}
	}
	return out
}
