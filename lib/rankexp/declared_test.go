package rankexp

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/lib/block"
	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/lib/rankblock"
	"github.com/sigprop/sigprop/lib/result"
)

// flatProfile is a made-up profile over layers 0…L: mean cosine and ρ
// c0 + step·ℓ (SE 0.01), ‖X^ℓ‖² = 2^ℓ (SE 0.1).
func flatProfile(L, draws int, c0, step float64) rankblock.Profile {
	p := rankblock.Profile{Draws: draws}
	for l := 0; l <= L; l++ {
		c := c0 + step*float64(l)
		p.MeanCos, p.MeanCosSE = append(p.MeanCos, c), append(p.MeanCosSE, 0.01)
		p.Rho, p.RhoSE = append(p.Rho, c), append(p.RhoSE, 0.01)
		p.SqNorm, p.SqNormSE = append(p.SqNorm, math.Pow(2, float64(l))), append(p.SqNormSE, 0.1)
	}
	return p
}

// TestDeclaredRecords: the four declarations are well formed, name their
// declaring commits and type no data seeds (those come from the run).
func TestDeclaredRecords(t *testing.T) {
	for _, c := range []struct {
		d      result.Disagreement
		commit string
		paper  *papers.Statement
	}{{Fig8SoftmaxLemmas, "cc7a434", papers.Noci2022SoftmaxLemmas}, {Fig4LN, "f026214", papers.Noci2022Fig4LN}, {Fig11Softmax, "f026214", papers.Noci2022Fig11Softmax}, {Fig3Values, "9b274ee", papers.Noci2022ValuesGrow}} {
		if err := c.d.Wellformed(); err != nil || c.d.Declared.Commit != c.commit || c.d.Paper != c.paper.Text || len(c.d.Declared.DataSeeds) != 0 {
			t.Errorf("%q: %v, commit %s, data seeds %v", c.d.Paper, err, c.d.Declared.Commit, c.d.Declared.DataSeeds)
		}
	}
}

// TestDeepRunsCurves: the stabilisation z is the difference of the end
// values in SE ((0.05 − 0.03)/√(0.01² + 0.01²) = √2 for ρ, (2⁹⁶ − 2⁴⁸)/√0.02
// for the norm), the non-triviality value the unscaled run's last mean cosine,
// the lemma checks read the deep run's last point and carry
// Fig8SoftmaxLemmas with that run's seed; at Fig8Deep's sizes the result
// claims the figure, one layer off it does not.
func TestDeepRunsCurves(t *testing.T) {
	run := func(L int, scaled bool, seed uint64, c0, step float64) DeepRun {
		p := flatProfile(L, 100, c0, step)
		return DeepRun{N: 50, D: 32, L: L, Scaled: scaled, Seed: seed, Sim: p, Rho: p.Rho, SqNorm: p.SqNorm}
	}
	d := DeepRuns{run(48, true, 7, 0.03, 0), run(96, true, 8, 0.05, 0), run(96, false, 9, 0, 0.007)}
	rho, norm := d.RhoCurves(), d.NormCurves()
	for _, c := range []result.Curves{rho, norm} {
		if err := c.Wellformed(); err != nil || !c.Record.AtPaper || c.Record.Seed != 7 {
			t.Fatalf("%v, at paper %v, seed %d", err, c.Record.AtPaper, c.Record.Seed)
		}
	}
	if z := rho.Checks[0].Value; math.Abs(z-math.Sqrt2) > 1e-12 {
		t.Errorf("ρ stabilisation z %g, want √2", z)
	}
	if z, want := norm.Checks[0].Value, (math.Pow(2, 96)-math.Pow(2, 48))/math.Sqrt(0.02); math.Abs(z/want-1) > 1e-12 {
		t.Errorf("norm stabilisation z %g, want %g", z, want)
	}
	if v := rho.Checks[1].Value; math.Abs(v-0.672) > 1e-12 {
		t.Errorf("non-triviality value %g, want the unscaled run's 0.007·96", v)
	}
	for _, k := range []result.Check{rho.Checks[2], norm.Checks[1]} {
		if k.Test != result.MaxZ || k.From != 96 || k.Disagreement == nil || k.Disagreement.Declared.Commit != "cc7a434" || !slices.Equal(k.Disagreement.Declared.DataSeeds, []uint64{8}) ||
			!strings.HasPrefix(k.Sim, "L = 96, α = 1/√L") {
			t.Errorf("lemma check %+v", k)
		}
	}
	if len(Fig8SoftmaxLemmas.Declared.DataSeeds) != 0 {
		t.Error("setting the data seeds wrote the declaration")
	}
	if tb := d.Table(); tb.Wellformed() != nil || tb.Rows[1][1] != "0.0500 ± 0.0100" || !tb.Record.NoPaperFigure {
		t.Errorf("table %+v", tb)
	}
	d[0], d[1], d[2] = run(47, true, 7, 0.03, 0), run(95, true, 8, 0.05, 0), run(95, false, 9, 0, 0.007)
	if r := d.RhoCurves().Record; r.AtPaper || !strings.Contains(r.NotPaper, "L = 95") {
		t.Errorf("L = 95: %+v", r)
	}
}

// TestPlacementsCurves: PreLNSlowerZ is the smallest excess of the other
// placements over PRE-LN at the last layer in SE of the difference (here
// (0.72 − 0.60)/√2·0.01 and (0.66 − 0.60)/…: the second), absent without
// PRE-LN; the LN z tests carry Fig4LN with their run's seed
// (RunSeed(i, 1)), the no-LN one none.
func TestPlacementsCurves(t *testing.T) {
	p := Placements{N: 50, D: 32, Seed: 40}
	p.Theory, p.Unscaled = flatProfile(12, 50, 0, 0.001).MeanCos, flatProfile(12, 50, 0, 0.08).MeanCos
	for i, n := range []block.Norm{block.NoNorm, block.PostLN, block.PreLN} {
		p.Runs = append(p.Runs, Placement{Norm: n, Fixed: flatProfile(12, 50, 0, []float64{0.06, 0.055, 0.05}[i]), Scaled: flatProfile(12, 50, 0, 0.001)})
	}
	z, ok := p.PreLNSlowerZ()
	if want := 0.06 / math.Sqrt(2*0.01*0.01); !ok || math.Abs(z-want) > 1e-9 {
		t.Errorf("PreLNSlowerZ %g %v, want %g", z, ok, want)
	}
	c := p.Curves()
	if err := c.Wellformed(); err != nil || len(c.Checks) != 4 || !c.Record.AtPaper {
		t.Fatalf("%v, %d checks, at paper %v", err, len(c.Checks), c.Record.AtPaper)
	}
	for i, k := range c.Checks[:3] {
		if (i == 0) != (k.Disagreement == nil) || (i > 0 && !slices.Equal(k.Disagreement.Declared.DataSeeds, []uint64{p.RunSeed(i, 1)})) || k.Points == nil || k.From != 1 {
			t.Errorf("z test %d: %+v", i, k)
		}
	}
	if c.Checks[3].Value != z || !c.Checks[3].PaperOnly {
		t.Errorf("PRE-LN claim %+v", c.Checks[3])
	}
	p.Runs = p.Runs[:2]
	if _, ok := p.PreLNSlowerZ(); ok || len(p.Curves().Checks) != 2 {
		t.Error("without PRE-LN a second claim")
	}
}

// TestNormLawsCurves: each layer's density integrates to the share of
// draws inside the window (all of them here: 1 within rounding), the
// markers sit at log10 of the mean and of the lemma at ℓ = L, the checks
// go by position (the second carries Fig11Softmax with its run's seed,
// the third is the deviation, at least Fig11Z), and only Fig11's sizes
// claim the figure.
func TestNormLawsCurves(t *testing.T) {
	var l NormLaws
	for i := range 3 {
		p := flatProfile(10, 1000, 0, 0.01)
		for ell := 0; ell <= 10; ell++ {
			v := math.Pow(2, float64(ell))
			p.SqNormDraws = append(p.SqNormDraws, []float64{0.5 * v, v, 1.5 * v})
		}
		l = append(l, NormLaw{N: 10, D: 30, Seed: 90 + uint64(i), Sim: p, N0: 1, Theory: slices.Clone(p.SqNorm)})
	}
	l[2].Theory[10] *= 0.5 // the std-1 panel deviates at ℓ = 10 by 512/0.1 SE
	cs := l.Curves([]string{"u", "s", "s1"})
	for i, c := range cs {
		if err := c.Wellformed(); err != nil || !c.Record.AtPaper || c.Record.Seed != 90+uint64(i) || len(c.Lines) != 12 || len(c.Checks) != 1 {
			t.Fatalf("run %d: %v, %+v, %d lines, %d checks", i, err, c.Record, len(c.Lines), len(c.Checks))
		}
		for _, ln := range c.Lines[:10] {
			w, sum := ln.X[1]-ln.X[0], 0.0
			for _, y := range ln.Y {
				sum += y * w
			}
			if math.Abs(sum-1) > 1e-9 {
				t.Errorf("run %d %s: density integrates to %g", i, ln.Name, sum)
			}
		}
	}
	if m := cs[0].Lines[10]; m.X[0] != math.Log10(1024) || cs[2].Lines[11].X[0] != math.Log10(512) {
		t.Errorf("markers at %g and %g", m.X[0], cs[2].Lines[11].X[0])
	}
	if k := cs[1].Checks[0]; k.Disagreement == nil || !slices.Equal(k.Disagreement.Declared.DataSeeds, []uint64{91}) || !k.Central || k.Test != result.MaxZ {
		t.Errorf("softmax check %+v", k)
	}
	if k := cs[2].Checks[0]; k.Rule != result.AtLeast || math.Abs(k.Value-5120) > 1e-6 || k.Disagreement != nil {
		t.Errorf("deviation check %+v", k)
	}
	l[0].D = 31
	if l.Curves([]string{"u", "s", "s1"})[0].Record.AtPaper {
		t.Error("d = 31 claims Fig. 11")
	}
}
