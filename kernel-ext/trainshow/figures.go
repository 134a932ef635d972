package trainshow

import (
	"fmt"
	"strings"

	"github.com/sigprop/sigprop/kernel-ext/show"
	ts "github.com/sigprop/sigprop/lib/trainsweep"
	"github.com/sigprop/sigprop/lib/vit"
)

// This file holds the builders of notebook 06's figures of stored runs:
// the notebook names each (ID and Paper in a show.Figure literal)
// and these fill caption, series and Params from the runs and the
// settings their provenance records.

// seeds is the provenance's seeds as "12, 13, 14".
func (n Noci) seeds() string {
	s := make([]string, len(n.Prov.Settings.Seeds))
	for i, x := range n.Prov.Settings.Seeds {
		s[i] = fmt.Sprint(x)
	}
	return strings.Join(s, ", ")
}

// model is the ViT the stored runs train at depth L (the provenance's
// width and patch; 28×28 images).
func (n Noci) model(L int) vit.Config {
	return vit.Config{Rows: 28, Cols: 28, Patch: n.Prov.Settings.Patch, D: n.Prov.Settings.D, Layers: L}
}

// DepthFigure fills f (a panel of Noci et al. 2022 Fig. 5's analogue)
// with the test loss (acc false) or accuracy (acc true) of each variant
// of names against the number of blocks (DepthSeries); the caption states
// the steps, seeds and test images the provenance records.
func (n Noci) DepthFigure(f show.Figure, names []string, acc bool) show.View {
	y, leg := "test loss", show.BottomLeft
	if acc {
		y, leg = "test accuracy", show.TopLeft
	}
	s := n.Prov.Settings
	f.Caption = fmt.Sprintf("%s after %d steps against the number of blocks L, mean over seeds %s (bars: seed SD). Data: the committed Fashion-MNIST subset (5000 training images; test on its %d); runs stored in notebooks/data/noci-training.", y, s.Steps, n.seeds(), s.NTest)
	f.XLabel, f.YLabel, f.Series, f.Legend = "blocks L", y, n.DepthSeries(names, acc), leg
	return show.View{show.Fig(f)}
}

// CurvesFigure fills f (noci-table1-curves) with the training loss of
// each variant of names at depth L (Curves); the caption states the
// window, seeds, width and depth of the stored runs.
func (n Noci) CurvesFigure(f show.Figure, names []string, L int) show.View {
	f.Caption = fmt.Sprintf("Training loss (%d-step means, averaged over seeds %s) of the d = %d, L = %d ViT; τ from eq. 47 at each initialisation's first-block token correlation ρ and σ_x² (64 training images). Data: the committed Fashion-MNIST subset (5000 training images); runs stored in notebooks/data/noci-training.",
		ts.NociWindow, n.seeds(), n.Prov.Settings.D, L)
	f.XLabel, f.YLabel, f.Series, f.Legend = "step", "training loss", n.Curves(names, L), show.TopRight
	return show.View{show.Fig(f)}
}

// ShapedFigures fills curves (shaped-training-curves) with the training
// loss of the variants of names at depth L, the shaped block, vanilla
// softmax attention (both without normalisation, γ = 0.2) and the
// pre-normalised block, and entropy (noci23-fig6-entropy) with their mean
// softmax entropy at the recorded layers (Entropy, series named by
// short). Captions state the window, width, depth, Adam learning rate,
// recorded layers, the entropy's interval, ln n of uniform attention and
// the seeds and test images of the provenance.
func (n Noci) ShapedFigures(curves, entropy show.Figure, names, short []string, L int) show.View {
	s := n.Prov.Settings
	data := fmt.Sprintf("Data: the committed Fashion-MNIST subset (5000 training images; test on its %d); runs stored in notebooks/data/noci-training, mean over seeds %s.", s.NTest, n.seeds())
	curves.Caption = fmt.Sprintf("Training loss (%d-step means) of the d = %d, L = %d ViT with shaped attention, vanilla softmax attention (both without normalisation, γ = 0.2) and the pre-normalised block; Adam lr %s. %s", ts.NociWindow, s.D, L, sci(s.AdamLR), data)
	curves.XLabel, curves.YLabel, curves.Legend, curves.Series = "step", "training loss", show.TopRight, n.Curves(names, L)
	var layers []string
	for _, l := range ts.NociEntropyLayers(L) {
		layers = append(layers, fmt.Sprint(l+1))
	}
	entropy.Caption = fmt.Sprintf("Mean softmax entropy −Σ_j S_ij ln S_ij over rows and images, layers %s, every %d steps of the runs above (ln n = %.3f is uniform attention). The paper's contrast is at lr 1e-3, where the Pre-LN entropy collapses; at lr %s it does not predict one. %s",
		strings.Join(layers, " and "), ts.NociEvery, n.model(L).UniformEntropy(), sci(s.AdamLR), data)
	entropy.XLabel, entropy.YLabel, entropy.Legend, entropy.Series = "step", "attention entropy", show.BottomLeft, n.Entropy(names, short, L)
	return show.View{show.Fig(curves), show.Fig(entropy)}
}
