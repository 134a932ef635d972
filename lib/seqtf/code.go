package seqtf

import (
	"fmt"
	"io/fs"
	"math"
	"slices"
	"strings"

	"github.com/sigprop/sigprop/lib/gocorpus"
	"github.com/sigprop/sigprop/lib/internal/param"
	"github.com/sigprop/sigprop/lib/result"
)

// CodeSettings are the settings of Noci et al. 2023, Fig. 2 on code: the
// model's width D, depth Layers and shaped branch weight Gamma (skip
// √(1 − γ²)), and the initialisation seeds. The sequence length and the
// batch are the stored windows' (notebooks/data/go-corpus).
type CodeSettings struct {
	D, Layers int
	Gamma     float64
	Seeds     []uint64
}

// CodeFig2Settings are sigprop's choices (the paper states no sizes):
// d = 32, L = 16, γ = 0.2 (as the ViT analogue's shaped block), 8
// initialisations.
func CodeFig2Settings() CodeSettings {
	return CodeSettings{D: 32, Layers: 16, Gamma: 0.2, Seeds: []uint64{1, 2, 3, 4, 5, 6, 7, 8}}
}

// codeGamma is CodeSettings.Gamma's range: a branch weight whose skip
// √(1 − γ²) is real, the branch not switched off.
var codeGamma = param.Range{Min: 0, Max: 1, MinOpen: true}

// Validate returns an error wrapping ErrParam naming the first field out
// of range: D or Layers below 1, Gamma outside (0, 1], no seed.
func (s CodeSettings) Validate() error {
	if err := param.AtLeast(ErrParam, param.Min("CodeSettings.D", s.D, 1), param.Min("CodeSettings.Layers", s.Layers, 1),
		param.Min("CodeSettings.Seeds (count)", len(s.Seeds), 1)); err != nil {
		return err
	}
	return codeGamma.Check(ErrParam, "CodeSettings.Gamma", s.Gamma)
}

// AtPaper reports whether s are the settings the notebook's figures
// claim Fig. 2 at (CodeFig2Settings).
func (s CodeSettings) AtPaper() bool {
	p := CodeFig2Settings()
	return s.D == p.D && s.Layers == p.Layers && s.Gamma == p.Gamma && slices.Equal(s.Seeds, p.Seeds)
}

// Code holds the gradient norms at initialisation of each block of
// CodeVariants on the stored code windows.
type Code struct {
	Corpus   gocorpus.Settings
	Settings CodeSettings
	Names    []string
	Grads    []InitGrads
	B        int // sequences in the batch
}

// Run reads the stored windows of fsys (gocorpus.ReadWindows) and
// computes, for every variant of CodeVariants, the gradient norms of the
// next-token cross-entropy at initialisation (InitGradNorms). Errors:
// ErrParam (Validate), those of reading the windows and of InitGradNorms.
func (s CodeSettings) Run(fsys fs.FS) (Code, error) {
	if err := s.Validate(); err != nil {
		return Code{}, err
	}
	w, cs, err := gocorpus.ReadWindows(fsys)
	if err != nil {
		return Code{}, err
	}
	tok, tgt := gocorpus.Batch(w, cs.N)
	c := Code{Corpus: cs, Settings: s, B: len(w)}
	for _, v := range CodeVariants(gocorpus.Vocab, cs.N, s.D, s.Layers, s.Gamma) {
		g, err := InitGradNorms(v.Config, tok, tgt, s.Seeds)
		if err != nil {
			return c, fmt.Errorf("%s: %w", v.Name, err)
		}
		c.Names, c.Grads = append(c.Names, v.Name), append(c.Grads, g)
	}
	return c, nil
}

// CorpusTable is the table of where the code came from and the model run
// on it.
func (c Code) CorpusTable() result.Table {
	s := c.Corpus
	return result.Table{Caption: "The code data: windows of the Go standard library's source (notebooks/data/go-corpus)", Header: []string{"", ""}, Rows: [][]string{
		{"source", fmt.Sprintf("%d non-test .go files of %s under GOROOT (%s) of %s, concatenated in that order: %d bytes, SHA-256 %s", len(s.Files), strings.Join(s.Dirs, ", "), s.GOROOT, s.GoVersion, s.CorpusBytes, s.CorpusSHA256)},
		{"batch", fmt.Sprintf("%d evenly spaced windows of %d + 1 bytes (SHA-256 %s); tokens: bytes, %d symbols (printable ASCII, newline, tab, other)", s.Count, s.N, s.WindowsSHA256, gocorpus.Vocab)},
		{"model", fmt.Sprintf("causal language model: embedding + sinusoidal positions, d = %d, L = %d blocks, one head, feed-forward 4d, next-token cross-entropy at every position; block weights N(0, 1/fan_in)", c.Settings.D, c.Settings.Layers)},
		{"seeds", fmt.Sprintf("%v (initialisation PCG(seed, 1))", c.Settings.Seeds)},
	}, Record: result.Record{NoPaperFigure: true}}
}

// Curves are ‖∇W^V_ℓ‖ (value true) or ‖∇W^Q_ℓ‖ against the block
// ℓ = 1, …, L, one line per variant: the geometric mean over the seeds,
// 10^m with m the mean of log₁₀ (PerLayer), and as error bar the upper
// side of ± one SE of that mean taken as a factor, 10^m (10^SE − 1). It
// claims Fig. 2 at CodeSettings.AtPaper; its caption states γ when it
// is not CodeFig2Settings'.
func (c Code) Curves(value bool) result.Curves {
	w := "W^Q"
	if value {
		w = "W^V"
	}
	out := result.Curves{Caption: fmt.Sprintf("‖∇%s_ℓ‖ of the next-token cross-entropy at initialisation against the block ℓ, for a causal language model on the Go standard library's source (%d windows of %d bytes, %s): geometric mean over %d initialisations, error bars one SE%s.", w, c.B, c.Corpus.N, c.Corpus.GoVersion, len(c.Settings.Seeds), c.gamma()),
		X: result.Axis{Label: "layer ℓ"}, Y: result.Axis{Label: "‖∇" + w + "‖", Log: true}, Record: result.Record{AtPaper: c.Settings.AtPaper()}}
	for i, name := range c.Names {
		x := c.Grads[i].Q
		if value {
			x = c.Grads[i].V
		}
		m := PerLayer(x)
		y, e, l := make([]float64, len(m)), make([]float64, len(m)), make([]float64, len(m))
		for j, v := range m {
			y[j] = math.Pow(10, v.Mean)
			e[j] = y[j] * (math.Pow(10, v.SE) - 1)
			l[j] = float64(j + 1)
		}
		out.Lines = append(out.Lines, result.Line{Name: name, Role: result.SimulatedLine, X: l, Y: y, SE: e})
	}
	return out
}

// gamma is "; shaped block at γ = x" when γ is not CodeFig2Settings',
// "" when it is.
func (c Code) gamma() string {
	if c.Settings.Gamma == CodeFig2Settings().Gamma {
		return ""
	}
	return fmt.Sprintf("; shaped block at γ = %g", c.Settings.Gamma)
}

// Trend is the seed-mean Trend of the ‖∇W^Q‖ (q true) or ‖∇W^V‖ of the
// variant whose name begins with kind ("shaped", "Pre-LN", "Post-LN"). It
// panics if there is none.
func (c Code) Trend(kind string, q bool) MeanSE {
	for i, n := range c.Names {
		if strings.Fields(n)[0] == kind {
			if q {
				return Trend(c.Grads[i].Q)
			}
			return Trend(c.Grads[i].V)
		}
	}
	panic(fmt.Sprintf("seqtf: no code variant %q", kind))
}
