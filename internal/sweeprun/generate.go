package sweeprun

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/sigprop/sigprop/internal/atomicfile"

	"github.com/sigprop/sigprop/internal/sweeprun/depthdata"
	"github.com/sigprop/sigprop/internal/sweeprun/fig3data"
	"github.com/sigprop/sigprop/internal/sweeprun/gocorpusdata"
	"github.com/sigprop/sigprop/internal/sweeprun/jacdata"
	"github.com/sigprop/sigprop/internal/sweeprun/murraydata"
	"github.com/sigprop/sigprop/internal/sweeprun/nocidata"
	"github.com/sigprop/sigprop/internal/sweeprun/phasetraindata"
	"github.com/sigprop/sigprop/internal/sweeprun/probedata"
	"github.com/sigprop/sigprop/internal/sweeprun/reversedata"
	"github.com/sigprop/sigprop/lib/sweep"
)

// A Generator computes one data set that a notebook reads from
// notebooks/data/<Name> because it costs too much to compute while the
// report runs: a fixed plan of seeded computations, written whole into one
// directory as File beside provenance.json (sweep.Generated). `sigprop
// sweep generate NAME DIR` runs it.
type Generator struct {
	Name  string // the data set: its directory under notebooks/data
	About string // what it computes, in one line
	// Workers is the default number of computations run at once.
	Workers int
	// Len is the number of entries of the plan (the indices of --only).
	Len func() (int, error)
	// File is the data file's name; Indent its JSON indent: "" writes it
	// compact without a final newline, as spectra.json is, else indented
	// with a final newline, as runs.json is.
	File, Indent string
	// Compute computes the plan (or its entries at o.Only) and returns the
	// data to write and the settings to record.
	Compute func(o GenerateOptions) (data, settings any, err error)
}

// GenerateOptions are a generator's run settings.
type GenerateOptions struct {
	Only    []int  // entries of the plan to compute, in this order; empty: all
	Workers int    // >= 1
	Subset  string // the Fashion-MNIST subset directory (noci-training)
	// Invocation is recorded in provenance.json (NewInvocation("generate", workers)).
	Invocation sweep.Invocation
	Log        io.Writer // progress lines; nil for none
}

// Generate computes g's data and writes File and provenance.json into dir
// (creating it), each atomically. Elapsed in the provenance is Compute's
// wall time.
func (g Generator) Generate(dir string, o GenerateOptions) error {
	start := time.Now()
	data, settings, err := g.Compute(o)
	if err != nil {
		return err
	}
	elapsed := time.Since(start).Round(time.Second).String()
	var b []byte
	if g.Indent == "" {
		b, err = json.Marshal(data)
	} else if b, err = json.MarshalIndent(data, "", g.Indent); err == nil {
		b = append(b, '\n')
	}
	if err != nil {
		return err
	}
	set, err := json.Marshal(settings)
	if err != nil {
		return err
	}
	p, err := json.MarshalIndent(sweep.Generated{Invocation: o.Invocation, Settings: set, Elapsed: elapsed, Only: o.Only}, "", "  ")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if err := atomicfile.Write(filepath.Join(dir, g.File), b); err != nil {
		return err
	}
	return atomicfile.Write(filepath.Join(dir, sweep.ProvenanceFile), append(p, '\n'))
}

// Generators lists the data generators, by name.
func Generators() []Generator {
	return []Generator{
		{Name: "jacobian-spectra", Workers: 2, Len: jacdata.Len, File: "spectra.json",
			About: "eigenvalues of JJᵀ of width-1000 critical MLPs (P18 Figs. 2 and 4), notebook 04",
			Compute: func(o GenerateOptions) (any, any, error) {
				return jacdata.Compute(o.Only, o.Workers)
			}},
		{Name: "noci-training", Workers: 1, Len: nocidata.Len, File: "runs.json", Indent: " ",
			About: "seeded ViT training runs of the Noci et al. 2022/2023 analogues, notebook 06",
			Compute: func(o GenerateOptions) (any, any, error) {
				var log func(string)
				if o.Log != nil {
					log = func(s string) { fmt.Fprintln(o.Log, s) }
				}
				return nocidata.Compute(o.Subset, o.Only, o.Workers, log)
			}},
		{Name: "noci-probe", Workers: 2, Len: probedata.Len, File: "probe.json", Indent: " ",
			About: "the probed ViT training run of the Noci et al. 2022 Fig. 6 analogue (gradient norms and Adam's effective learning rates per block), notebook 06",
			Compute: func(o GenerateOptions) (any, any, error) {
				return probedata.Compute(o.Subset, o.Only, o.Workers)
			}},
		{Name: "compose-training", Workers: phasetraindata.Workers, Len: phasetraindata.Len, File: "runs.json", Indent: " ",
			About: "Cowsik et al.'s block without its norm trained at three points of its phase plane from four seeds, notebook 07 (section 6)",
			Compute: func(o GenerateOptions) (any, any, error) {
				return phasetraindata.Compute(o.Subset, o.Only, o.Workers)
			}},
		{Name: "noci23-fig3", Workers: fig3data.Workers, Len: fig3data.Len, File: "nets.json",
			About: "the finite shaped-ReLU ResNets of Noci et al. 2023 Fig. 3 (ρ_T of 8192 networks per γ; the SDE paths are run by the cell), notebook 05",
			Compute: func(o GenerateOptions) (any, any, error) {
				return fig3data.Compute(o.Only, o.Workers)
			}},
		{Name: "noci-reverse", Workers: 1, Len: reversedata.Len, File: "runs.json", Indent: " ",
			About: "seeded runs on Noci et al. 2022's sequence-reversal task (Fig. 6; Fig. 15 and ReZero analogues), notebook 06",
			Compute: func(o GenerateOptions) (any, any, error) {
				var log func(string)
				if o.Log != nil {
					log = func(s string) { fmt.Fprintln(o.Log, s) }
				}
				return reversedata.Compute(o.Only, o.Workers, log)
			}},
		{Name: "murray-fig2", Workers: 1, Len: murraydata.Len, File: "runs.json", Indent: " ",
			About: "deep Shtanh networks on the Fashion-MNIST subset, fixed against decaying a (Murray Fig. 2 analogue), notebook 04",
			Compute: func(o GenerateOptions) (any, any, error) {
				var log func(string)
				if o.Log != nil {
					log = func(s string) { fmt.Fprintln(o.Log, s) }
				}
				return murraydata.Compute("", o.Only, o.Workers, log)
			}},
		{Name: "schoenholz-depth", Workers: 1, Len: depthdata.Len, File: "runs.json", Indent: " ",
			About: "deep tanh networks on the Fashion-MNIST subset over a (σ_w², depth) grid (Schoenholz et al. 2017 trainable depth ∝ ξ_c, analogue), notebook 04",
			Compute: func(o GenerateOptions) (any, any, error) {
				var log func(string)
				if o.Log != nil {
					log = func(s string) { fmt.Fprintln(o.Log, s) }
				}
				return depthdata.Compute("", o.Only, o.Workers, log)
			}},
		{Name: "schoenholz-budget", Workers: 1, Len: depthdata.BudgetLen, File: "runs.json", Indent: " ",
			About: "the schoenholz-depth tanh networks at σ_w² ∈ {1, 1.75, 4}, depths 16 to 128, trained 5 × longer (does the trainable depth move with the budget?), notebook 04",
			Compute: func(o GenerateOptions) (any, any, error) {
				var log func(string)
				if o.Log != nil {
					log = func(s string) { fmt.Fprintln(o.Log, s) }
				}
				return depthdata.ComputeBudget("", o.Only, o.Workers, log)
			}},
		{Name: "go-corpus", Workers: 1, Len: gocorpusdata.Len, File: "windows.json", Indent: " ",
			About: "windows of the Go standard library's source under `go env GOROOT` (Noci et al. 2023 Fig. 2's code data), notebook 06",
			Compute: func(o GenerateOptions) (any, any, error) {
				if len(o.Only) > 0 {
					return nil, nil, fmt.Errorf("go-corpus is one cut; --only does not apply")
				}
				return gocorpusdata.Compute()
			}},
	}
}

// LookupGenerator returns the generator of the data set name.
func LookupGenerator(name string) (Generator, error) {
	var names []string
	for _, g := range Generators() {
		if g.Name == name {
			return g, nil
		}
		names = append(names, g.Name)
	}
	return Generator{}, fmt.Errorf("unknown data set %q, want one of %s", name, strings.Join(names, ", "))
}
