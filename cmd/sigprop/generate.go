package main

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/sigprop/sigprop/internal/sweeprun"
)

const generateUsage = `usage: sigprop sweep generate NAME DIR [--workers N] [--only i,j,...] [--subset DIR]
  computes the committed data set NAME (notebooks/data/NAME) into DIR, with provenance.json:
`

// sweepGenerate implements `sigprop sweep generate`: the data sets the
// notebooks read from notebooks/data that are computed whole by one
// command (sweeprun.Generators), where a sweep computes a grid of points.
func sweepGenerate(args []string, stdout, stderr io.Writer) error {
	usage := generateUsage
	for _, g := range sweeprun.Generators() {
		usage += fmt.Sprintf("    %-18s %s\n", g.Name, g.About)
	}
	fs := newFlagSet("sweep generate", usage, stderr)
	workers := fs.Int("workers", 0, "computations at once (default: the data set's, see its README)")
	only := fs.String("only", "", "compute only these entries of the plan (0-based indices, comma-separated), e.g. to check a slice of the committed data")
	subset := fs.String("subset", "notebooks/data/fashion-mnist-subset", "noci-training, noci-probe, compose-training: the committed Fashion-MNIST subset")
	revision := fs.String("revision", "", "source commit to record (default: the binary's, or git's)")
	pos, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 2 {
		fs.Usage()
		return errors.New("sweep generate needs a data set name and a directory")
	}
	g, err := sweeprun.LookupGenerator(pos[0])
	if err != nil {
		return err
	}
	if *workers == 0 {
		*workers = g.Workers
	}
	if *workers < 1 {
		return fmt.Errorf("--workers=%d out of range: integer >= 1", *workers)
	}
	n, err := g.Len()
	if err != nil {
		return err
	}
	idx, err := parseOnly(*only, n)
	if err != nil {
		return fmt.Errorf("--only: %w", err)
	}
	inv := sweeprun.NewInvocation("generate", *workers)
	if *revision != "" {
		inv.Revision = *revision
	}
	if err := g.Generate(pos[1], sweeprun.GenerateOptions{Only: idx, Workers: *workers, Subset: *subset, Invocation: inv, Log: stderr}); err != nil {
		return &exitError{code: 1, err: err}
	}
	fmt.Fprintf(stdout, "%s: wrote %s\n", g.Name, pos[1])
	return nil
}

// parseOnly parses --only: comma-separated indices in [0, n), none twice.
func parseOnly(s string, n int) ([]int, error) {
	if s == "" {
		return nil, nil
	}
	var out []int
	seen := map[int]bool{}
	for _, f := range strings.Split(s, ",") {
		i, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || i < 0 || i >= n {
			return nil, fmt.Errorf("entry %q out of range: integer in [0, %d)", f, n)
		}
		if seen[i] {
			return nil, fmt.Errorf("entry %d given twice", i)
		}
		seen[i] = true
		out = append(out, i)
	}
	return out, nil
}
