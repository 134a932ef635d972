package main

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"strings"
	"text/tabwriter"

	"github.com/sigprop/sigprop/lib/compose"
	"github.com/sigprop/sigprop/lib/quantity"
)

// cmdEval implements `sigprop eval NAME [key=value ...]` and `--list`.
func cmdEval(args []string, stdout io.Writer) error {
	if len(args) == 0 {
		return fmt.Errorf("missing quantity name (see `sigprop eval --list`)")
	}
	if args[0] == "--list" {
		asJSON := len(args) > 1 && args[1] == "--json"
		return listQuantities(stdout, asJSON)
	}
	if isHelp(args[0]) {
		_, err := fmt.Fprint(stdout, evalUsage)
		return err
	}
	q, err := quantity.Lookup(args[0])
	if err != nil {
		return err
	}
	if len(args) > 1 && isHelp(args[1]) {
		return describeQuantities(stdout, []quantity.Quantity{q})
	}
	kv := map[string]string{}
	var file map[string]string // --block FILE: defaults under the arguments
	for i := 1; i < len(args); i++ {
		a := args[i]
		if a == "--block" || strings.HasPrefix(a, "--block=") {
			path, ok := strings.CutPrefix(a, "--block=")
			if !ok {
				if i+1 == len(args) {
					return fmt.Errorf("--block needs a file")
				}
				i++
				path = args[i]
			}
			if file != nil {
				return fmt.Errorf("--block given twice")
			}
			var err error
			if file, err = readBlockFile(path); err != nil {
				return err
			}
			continue
		}
		k, v, ok := strings.Cut(a, "=")
		if !ok || k == "" {
			return fmt.Errorf("argument %q is not key=value", a)
		}
		if _, dup := kv[k]; dup {
			return fmt.Errorf("parameter %s given twice", k)
		}
		kv[k] = v
	}
	for k, v := range file {
		if _, set := kv[k]; !set {
			kv[k] = v
		}
	}
	vals, err := q.Parse(kv)
	if err != nil {
		return err
	}
	value, err := q.Eval(vals)
	if err != nil {
		return &exitError{code: 1, err: fmt.Errorf("%s: %w", q.Name, err)}
	}
	out := struct {
		Name   string         `json:"name"`
		Params map[string]any `json:"params"`
		Value  any            `json:"value"`
	}{q.Name, vals.Map(), value}
	b, err := json.Marshal(out)
	if err != nil {
		// json refuses NaN and Inf: a quantity let one escape.
		return &exitError{code: 1, err: fmt.Errorf("%s: value is not finite JSON: %w", q.Name, err)}
	}
	_, err = fmt.Fprintf(stdout, "%s\n", b)
	return err
}

type paramListing struct {
	Name    string   `json:"name"`
	Doc     string   `json:"doc"`
	Default string   `json:"default,omitempty"`
	Range   string   `json:"range"`
	Choices []string `json:"choices,omitempty"`
	Min     *float64 `json:"min,omitempty"`
	Max     *float64 `json:"max,omitempty"`
}

type quantityListing struct {
	Name   string         `json:"name"`
	Doc    string         `json:"doc"`
	Source string         `json:"source"`
	Params []paramListing `json:"params"`
}

func finitePtr(x float64) *float64 {
	if math.IsInf(x, 0) || math.IsNaN(x) {
		return nil
	}
	return &x
}

func listQuantities(w io.Writer, asJSON bool) error {
	all := quantity.All()
	if asJSON {
		out := make([]quantityListing, 0, len(all))
		for _, q := range all {
			ql := quantityListing{Name: q.Name, Doc: q.Doc, Source: q.Source}
			for _, p := range q.Params {
				pl := paramListing{Name: p.Name, Doc: p.Doc, Default: p.Default, Range: p.Range(), Choices: p.Choices}
				if len(p.Choices) == 0 {
					pl.Min, pl.Max = finitePtr(p.Min), finitePtr(p.Max)
				}
				ql.Params = append(ql.Params, pl)
			}
			out = append(out, ql)
		}
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(out)
	}
	return describeQuantities(w, all)
}

// readBlockFile reads `--block FILE`: KEY = VALUE lines (compose.ReadKV),
// the fields of a composed block (compose.Keys) or any quantity's
// parameters.
func readBlockFile(path string) (map[string]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("--block: %w", err)
	}
	defer f.Close()
	kv, err := compose.ReadKV(f)
	if err != nil {
		return nil, fmt.Errorf("--block %s: %w", path, err)
	}
	return kv, nil
}

// evalUsage is what `sigprop eval --help` prints.
const evalUsage = `usage:
  sigprop eval NAME [key=value ...] [--block FILE]   evaluate one quantity; JSON on stdout
                                      (--block: KEY = VALUE lines, e.g. a composed block's
                                      fields for compose.*; arguments override the file)
  sigprop eval NAME --help            its parameters, defaults and ranges
  sigprop eval --list [--json]        every quantity with its parameters
A parameter outside its range is an error naming it and the range (exit 2);
a quantity that cannot be computed there (no fixed point, overflow) exits 1.
`

func isHelp(a string) bool { return a == "-h" || a == "--help" || a == "-help" || a == "help" }

// describeQuantities writes the text listing of qs.
func describeQuantities(w io.Writer, all []quantity.Quantity) error {
	tw := tabwriter.NewWriter(w, 0, 2, 2, ' ', 0)
	for _, q := range all {
		fmt.Fprintf(tw, "%s\t%s\n", q.Name, q.Doc)
		if q.Source != "" {
			fmt.Fprintf(tw, "\tsource: %s\n", q.Source)
		}
		for _, p := range q.Params {
			def := p.Default
			if def == "" {
				def = "(required)"
			}
			fmt.Fprintf(tw, "\t  %s=%s\t%s; %s\n", p.Name, def, p.Range(), p.Doc)
		}
	}
	return tw.Flush()
}
