package main

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strings"
	"text/tabwriter"

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
	q, err := quantity.Lookup(args[0])
	if err != nil {
		return err
	}
	kv := map[string]string{}
	for _, a := range args[1:] {
		k, v, ok := strings.Cut(a, "=")
		if !ok || k == "" {
			return fmt.Errorf("argument %q is not key=value", a)
		}
		if _, dup := kv[k]; dup {
			return fmt.Errorf("parameter %s given twice", k)
		}
		kv[k] = v
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
