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

// TestDeclaredRecords: the two declarations are well formed, name their
// declaring commits and type no data seeds (those come from the run).
func TestDeclaredRecords(t *testing.T) {
	for _, c := range []struct {
		d      result.Disagreement
		commit string
		paper  *papers.Statement
	}{{Fig8SoftmaxLemmas, "cc7a434", papers.Noci2022SoftmaxLemmas}, {Fig4LN, "f026214", papers.Noci2022Fig4LN}} {
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
