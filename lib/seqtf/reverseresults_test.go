package seqtf

import (
	"math"
	"os"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/lib/result"
)

// fakeStored is a stored set of 3 seeds per variant whose POST-LN gap is
// 0.1·ℓ·(1 + 0.1·seed) decades in block ℓ at every record (W^V's rate 1),
// whose trainable α fall by 0.1 + 0.01·seed, whose held-out token accuracy
// is min(1, 0.2t) at record t (step 1 + 10t) and whose norms rise with
// depth.
func fakeStored() Stored {
	const T, L = 7, 3
	var r Stored
	for _, v := range ReverseVariants() {
		r.Prov.Settings.Variants = append(r.Prov.Settings.Variants, VariantSetting{Name: v.Name, Config: v.Config})
		for s := uint64(1); s <= 3; s++ {
			run := ReverseRun{Variant: v.Name, Seed: s, Cosine0: []float64{0.3, 0.3, 0.3}, Norm0: []float64{4, 4, 4}}
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
				run.ExactMatch = append(run.ExactMatch, 0.25*float64(s))
				run.TrainLoss = append(run.TrainLoss, 1)
			}
			r.Runs = append(r.Runs, run)
		}
	}
	r.Prov.Settings.Training = Fig6Settings()
	return r
}

// The stored set's figures and tables, by hand on fakeStored: Fig. 6's
// W^Q line of block 2 is the geometric mean 10^{0.2·1.2} of the seeds'
// rates, W^V's 1, dashed in the same colour and unnamed; the gap of
// block 1 is 0.12 ± 0.01/√3; Fig. 15's α panel has the initial value as
// a line from block 1 to L; the ReZero table reaches 99% at step 51 (t
// = 5) in every seed, exact match 0.5 ± 0.25; everything claims its
// paper figure (the stored runs are the analogue's settings).
func TestStoredResults(t *testing.T) {
	r := fakeStored()
	f6, err := r.Fig6()
	if err != nil {
		t.Fatal(err)
	}
	c := f6.Curves()
	if err := c.Wellformed(); err != nil || len(c.Lines) != 6 || !c.Record.AtPaper || !c.Y.Log {
		t.Fatalf("Fig. 6 curves: %d lines, %+v (%v)", len(c.Lines), c.Record, err)
	}
	q, v := c.Lines[2], c.Lines[3]
	if q.Name != "layer 2" || v.Name != "" || q.Pair != 3 || v.Pair != 3 || v.Role != result.Reference || math.Abs(q.Y[0]-math.Pow(10, 0.24)) > 1e-12 || v.Y[0] != 1 || q.X[1] != 11 {
		t.Errorf("block 2: W^Q %+v, W^V %+v", q, v)
	}
	g := f6.GapCurves()
	if w := g.Lines[0]; w.Name != "whole run" || math.Abs(w.Y[0]-0.12) > 1e-12 || math.Abs(w.SE[0]-0.01/math.Sqrt(3)) > 1e-12 || w.X[2] != 3 {
		t.Errorf("gap line %+v", w)
	}
	f15, err := r.Fig15()
	if err != nil {
		t.Fatal(err)
	}
	cos, alpha, norm := f15.Curves()
	for _, k := range []result.Curves{cos, alpha, norm} {
		if err := k.Wellformed(); err != nil || !k.Record.AtPaper || !strings.Contains(k.Caption, "over 3 seeds") {
			t.Errorf("Fig. 15 panel %q: %v", k.Caption, err)
		}
	}
	if in := alpha.Lines[2]; in.Name != "initial" || in.X[1] != 3 || in.Y[0] != f15.Alpha1Init {
		t.Errorf("initial α line %+v", in)
	}
	tb := r.ReZeroTable()
	if err := tb.Wellformed(); err != nil || len(tb.Rows) != 3 || tb.Rows[2][0] != ReZeroName || tb.Rows[2][1] != "51 ± 0" || tb.Rows[2][2] != "3 of 3" || tb.Rows[2][3] != "0.500 ± 0.250" || !tb.Record.AtPaper {
		t.Errorf("ReZero rows %q (%v)", tb.Rows, err)
	}
	if p := r.ProvenanceTable(); p.Wellformed() != nil || !p.Record.NoPaperFigure || !strings.Contains(p.Rows[0][1], "reverse") {
		t.Errorf("provenance %q", p.Rows)
	}
	if _, err := (Stored{}).Fig6(); err == nil {
		t.Error("Fig6 of no runs: no error")
	}
	if m, sd := meanSD([]float64{1, 2, 3, 4}); m != 2.5 || math.Abs(sd-math.Sqrt(5.0/3)) > 1e-15 {
		t.Errorf("meanSD = %v, %v; want 2.5, √(5/3)", m, sd)
	}
}

// The committed runs read back: five seeds of every variant.
func TestReadStored(t *testing.T) {
	r, err := ReadStored(os.DirFS("../../notebooks/data/noci-reverse"))
	if err != nil {
		t.Fatal(err)
	}
	if f, err := r.Fig15(); err != nil || f.Seeds != len(r.Prov.Settings.Seeds) {
		t.Errorf("Fig. 15 over %d seeds of %v (%v)", f.Seeds, r.Prov.Settings.Seeds, err)
	}
}
