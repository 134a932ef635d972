package sweeprun

import (
	"fmt"
	"io"
	"strings"

	"github.com/sigprop/sigprop/internal/sweeprun/jacdata"
	"github.com/sigprop/sigprop/internal/sweeprun/nocidata"
	"github.com/sigprop/sigprop/lib/sweep"
)

// A Generator computes one data set that a notebook reads from
// notebooks/data/<Name> because it costs too much to compute while the
// report runs: a fixed plan of seeded computations, written whole into one
// directory beside provenance.json (sweep.Generated). `sigprop sweep
// generate NAME DIR` runs it.
type Generator struct {
	Name  string // the data set: its directory under notebooks/data
	About string // what it computes, in one line
	// Workers is the default number of computations run at once.
	Workers int
	// Len is the number of entries of the plan (the indices of --only).
	Len func() (int, error)
	// Generate computes the plan (or its entries at o.Only) into dir.
	Generate func(dir string, o GenerateOptions) error
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

// Generators lists the data generators, by name.
func Generators() []Generator {
	return []Generator{
		{Name: "jacobian-spectra", Workers: 2, Len: jacdata.Len,
			About: "eigenvalues of JJᵀ of width-1000 critical MLPs (P18 Figs. 2 and 4), notebook 04",
			Generate: func(dir string, o GenerateOptions) error {
				return jacdata.Generate(dir, o.Only, o.Workers, o.Invocation)
			}},
		{Name: "noci-training", Workers: 1, Len: nocidata.Len,
			About: "seeded ViT training runs of the Noci et al. 2022/2023 analogues, notebook 06",
			Generate: func(dir string, o GenerateOptions) error {
				var log func(string)
				if o.Log != nil {
					log = func(s string) { fmt.Fprintln(o.Log, s) }
				}
				return nocidata.Generate(dir, o.Subset, o.Only, o.Workers, o.Invocation, log)
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
