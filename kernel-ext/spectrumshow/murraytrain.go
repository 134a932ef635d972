package spectrumshow

import (
	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/kernel-ext/render"
	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/lib/shtanhtrain"
)

// MurrayView is what the notebook's Murray Fig. 2 cell shows: the
// provenance table "<f.ID>-provenance", the accuracy curves of r
// (render.Curves) and the lecture's claim with the known disagreement d
// (nil for none) declared in the notebook.
func MurrayView(f show.Figure, r shtanhtrain.Fig2Result, d *show.Disagreement) show.View {
	v := render.Table(bundle.Table{ID: f.ID + "-provenance"}, r.Provenance())
	v = append(v, render.Curves(f, r.Curves(), render.Legend(show.BottomRight), render.After())...)
	return declare(v, r.Claim().Name, d, r.Fixed.Seeds)
}

// MurrayDecayDisagreement is the known disagreement of the Murray Fig. 2
// analogue. A pilot of seed 1 decided it; that pilot is the stored runs'
// seed 1 (same code and settings), and the stored runs of all three seeds
// were committed (82b83d9) a minute before the declaring commit. Its
// record's DataSeeds are set by MurrayView from the runs.
var MurrayDecayDisagreement = show.Disagreement{
	Paper:    papers.TannerMurrayDecay.Text,
	Measured: "the final test accuracy of the decaying schedule minus the fixed one's, paired by seed, in SEs over 3 seeds, for a 64-layer Shtanh network of width 96 trained for 600 SGD steps on the Fashion-MNIST subset",
	Why:      "in the pilot (seed 1) the decaying schedule led between steps 120 and 360 (test accuracy 0.47 against 0.39 at step 120) but ended lower (0.733 against 0.743): on this short run and easier task the advantage, if any, is within seed noise; an earlier pilot with a read-out of variance 1/width (logits of variance 3.3 at a = 3 and 7.0 at a = 5 at initialisation) left the decaying schedule at chance for all 600 steps",
	Declared: bundle.Declaration{Commit: "ad7fdba",
		Pilot:      "seed 1 of both schedules, trained with the stored runs' code and settings",
		PilotSeeds: []uint64{1},
		Seen:       "the pilot's seed 1, which is seed 1 of the stored runs (notebooks/data/murray-fig2), committed in 82b83d9 a minute before the declaring commit"},
}
