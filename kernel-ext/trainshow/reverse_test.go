package trainshow

import (
	"encoding/json"
	"math"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/gocorpus"
	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/lib/seqtf"
)

// fakeReverse is a stored set of 3 seeds per variant whose POST-LN gap is
// 0.1·ℓ·(1 + 0.1·seed) in block ℓ at every record, whose trainable α fall
// by 0.1 + 0.01·seed, whose cosines fall and whose norms rise with depth.
func fakeReverse() seqtf.Stored {
	const T, L = 7, 3
	var r seqtf.Stored
	for _, v := range seqtf.ReverseVariants() {
		r.Prov.Settings.Variants = append(r.Prov.Settings.Variants, seqtf.VariantSetting{Name: v.Name, Config: v.Config})
		for s := uint64(1); s <= 3; s++ {
			run := seqtf.ReverseRun{Variant: v.Name, Seed: s, Cosine0: []float64{0.3, 0.3, 0.3}, Norm0: []float64{4, 4, 4}}
			for t := 0; t < T; t++ {
				run.Step = append(run.Step, 1+10*t)
				q, vv, a, c, n := make([]float64, L), make([]float64, L), make([]float64, L), make([]float64, L), make([]float64, L)
				for l := 0; l < L; l++ {
					q[l], vv[l] = math.Pow(10, 0.1*float64(l+1)*(1+0.1*float64(s))), 1
					a[l], c[l], n[l] = v.Config.Alpha1-0.1-0.01*float64(s), 0.1+0.01*float64(s), 4+float64(l)*(1+0.1*float64(s))
				}
				run.EffQ, run.EffV, run.EffK = append(run.EffQ, q), append(run.EffV, vv), append(run.EffK, vv)
				run.Alpha1, run.Alpha2, run.Cosine, run.Norm = append(run.Alpha1, a), append(run.Alpha2, a), append(run.Cosine, c), append(run.Norm, n)
				run.Accuracy = append(run.Accuracy, math.Min(1, 0.2*float64(t)))
				run.ExactMatch = append(run.ExactMatch, 0)
				run.TrainLoss = append(run.TrainLoss, 1)
			}
			r.Runs = append(r.Runs, run)
		}
	}
	r.Prov.Settings.Training = seqtf.Fig6Settings()
	return r
}

// TestFig6Claims: the rules of the three claims and their values on a
// known gap: seed s's gap in block ℓ is 0.1ℓ(1 + 0.1s), s = 1, 2, 3, so
// block 1's is 0.11, 0.12, 0.13 (mean 0.12, SE 0.01/√3) and the slopes
// 0.11, 0.12, 0.13 likewise.
func TestFig6Claims(t *testing.T) {
	f, err := fakeReverse().Fig6()
	if err != nil {
		t.Fatal(err)
	}
	as := Fig6Claims(f).Agreements()
	if len(as) != 3 {
		t.Fatalf("%d claims, want 3", len(as))
	}
	if as[0].Disagreement == nil || as[0].Disagreement.Paper != Fig6EveryBlockDisagreement.Paper || as[1].Disagreement != nil || as[1].Paper != papers.Noci2022Fig6Gap.Text ||
		as[2].Disagreement == nil || as[2].Disagreement.Paper != Fig6ConstantDisagreement.Paper || !as[0].Central {
		t.Errorf("declarations %v, %v, %v", as[0].Disagreement, as[1].Disagreement, as[2].Disagreement)
	}
	for _, i := range []int{0, 2} { // the data seeds are the runs'
		if d := as[i].Disagreement.Declared; !slices.Equal(d.DataSeeds, []uint64{1, 2, 3}) || d.Timing() != bundle.AfterSeen {
			t.Errorf("claim %d: declaration %+v, timing %q", i, d, d.Timing())
		}
	}
	tq := 4.302652729911275 // t quantile 0.975 with 2 dof (scipy.stats.t.ppf(0.975, 2))
	if math.Abs(as[0].Tol-tq) > 1e-9 || as[0].Rule != show.AtLeast {
		t.Errorf("claim (i) tolerance %v rule %v, want %v at least", as[0].Tol, as[0].Rule, tq)
	}
	want := 0.12 / (0.01 / math.Sqrt(3))
	if z := as[0].Value; math.Abs(z-want) > 1e-6 {
		t.Errorf("min z = %v, want %v (block 1)", z, want)
	}
	if z := as[1].Value; math.Abs(z-want) > 1e-6 {
		t.Errorf("slope z = %v, want %v", z, want)
	}
	// constant in time: drift 0
	if as[2].Value != 0 || as[2].Tol != 0.5 || as[2].Rule != show.AtMost {
		t.Errorf("claim (iii) %v %v %v", as[2].Value, as[2].Tol, as[2].Rule)
	}
}

// TestFig15ClaimsDeclared: α falling is the declared known disagreement;
// a falling cosine passes; a norm rising with depth passes; the rise
// (seed s: from 4 to 4 + 2(1 + 0.1s) over 3 blocks, a factor 1.55–1.6)
// is slight; a rise of 6× is the declared known disagreement.
func TestFig15ClaimsDeclared(t *testing.T) {
	f, err := fakeReverse().Fig15()
	if err != nil {
		t.Fatal(err)
	}
	as := Fig15Claims(f).Agreements()
	m0, _ := as[0].Metric()
	if m0.Outcome() != bundle.Known || m0.Disagreement.Paper != Fig15AlphaDisagreement.Paper || !slices.Equal(m0.Disagreement.Declared.DataSeeds, []uint64{1, 2, 3}) ||
		m0.Disagreement.Declared.Timing() != bundle.AfterSeen {
		t.Errorf("α claim: outcome %v, %+v", m0.Outcome(), m0.Disagreement)
	}
	if len(as) != 4 || !as[1].Central || as[1].Paper != papers.Noci2022Fig15Trained.Text || as[2].Paper != papers.Noci2022Fig15Trained.Text {
		t.Fatalf("%d claims; the cosine claim central and every passing one quoting papers.Noci2022Fig15Trained.Text: %+v", len(as), as)
	}
	if m3, _ := as[3].Metric(); m3.Outcome() != bundle.Passed || math.Abs(f.NormRise.Mean-(1+(1.1+1.2+1.3)/6)) > 1e-12 {
		t.Errorf("slight rise %.3f: outcome %v (value %v)", f.NormRise.Mean, m3.Outcome(), as[3].Value)
	}
	steep := f
	steep.NormRise = seqtf.MeanSE{Mean: 6, SE: 0.3}
	if m3, _ := Fig15Claims(steep).Agreements()[3].Metric(); m3.Outcome() != bundle.Known || m3.Disagreement.Paper != Fig15SlightDisagreement.Paper {
		t.Errorf("a 6× rise: outcome %v", m3.Outcome())
	}
	if m1, _ := as[1].Metric(); m1.Outcome() != bundle.Passed {
		t.Errorf("cosine claim: outcome %v (value %v)", m1.Outcome(), as[1].Value)
	}
	if m2, _ := as[2].Metric(); m2.Outcome() != bundle.Passed {
		t.Errorf("norm claim: outcome %v (value %v)", m2.Outcome(), as[2].Value)
	}
}

// TestCodeClaims: on a tiny corpus, four claims on the variants' trends
// (seqtf.Code.Trend), the Post-LN value one declared with the run's
// seeds.
func TestCodeClaims(t *testing.T) {
	w := []string{"func f() {}\n", "var x = 1\n\t\t\t", "type T struct{"}
	for i := range w {
		w[i] = (w[i] + "              ")[:9]
	}
	s := gocorpus.Settings{GoVersion: "go-test", N: 8, Count: 3, WindowsSHA256: gocorpus.Hash([]byte(strings.Join(w, "")))}
	fsys := fstest.MapFS{
		"windows.json":    {Data: mustJSON(t, w)},
		"provenance.json": {Data: mustJSON(t, map[string]any{"settings": s})},
	}
	c, err := seqtf.CodeSettings{D: 4, Layers: 3, Gamma: 0.2, Seeds: []uint64{1, 2}}.Run(fsys)
	if err != nil {
		t.Fatal(err)
	}
	as := CodeClaims(c).Agreements()
	if len(as) != 4 || as[2].Disagreement == nil || as[2].Disagreement.Paper != CodePostLNValueDisagreement.Paper || as[1].Disagreement != nil ||
		!slices.Equal(as[2].Disagreement.Declared.DataSeeds, []uint64{1, 2}) || as[0].Paper != papers.Noci2023Fig2Shaped.Text || !as[0].Central || as[3].Paper != papers.Noci2023Fig2PostLN.Text {
		t.Errorf("claims %d, declarations %v %v", len(as), as[1].Disagreement, as[2].Disagreement)
	}
	if pq := c.Trend("Post-LN", true); as[3].Value != pq.Mean || as[0].Value != math.Abs(c.Trend("shaped", false).Mean) {
		t.Errorf("claim values %v, %v; trends %+v", as[3].Value, as[0].Value, pq)
	}
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
