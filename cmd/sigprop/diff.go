package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/sigprop/sigprop/reports/diff"
	"github.com/sigprop/sigprop/reports/publish"
	"github.com/sigprop/sigprop/reports/render"
)

// cmdDiff implements `sigprop diff A B`.
func cmdDiff(args []string, stdout, stderr io.Writer) error {
	ctx, got, stop := stopContext() // first: a stop signal must never find the default action
	defer stop()
	fs := newFlagSet("diff", "usage: sigprop diff [flags] A B   (A, B: git revisions or report directories)\n", stderr)
	rtol := fs.Float64("rtol", diff.DefaultRTol, "relative tolerance below which numbers are unchanged")
	atol := fs.Float64("atol", diff.DefaultATol, "absolute tolerance below which numbers are unchanged")
	asJSON := fs.Bool("json", false, "write the comparison as JSON on stdout instead of the text summary")
	out := fs.String("out", "reports/diff-site", "directory for the HTML diff page (index.html)")
	failOn := fs.String("fail-on", "figures", "what makes the exit status 1: figures (any figure, table, metric or conformance row moved) or metrics (only metric regressions)")
	// Flags may come after the two positional arguments.
	var pos []string
	for len(args) > 0 {
		if err := fs.Parse(args); err != nil {
			return err
		}
		args = fs.Args()
		if len(args) > 0 {
			pos = append(pos, args[0])
			args = args[1:]
		}
	}
	if len(pos) != 2 {
		fs.Usage()
		return fmt.Errorf("want exactly two revisions or report directories, got %d", len(pos))
	}
	if *rtol < 0 || *atol < 0 {
		return fmt.Errorf("--rtol and --atol must be >= 0")
	}
	if *failOn != "figures" && *failOn != "metrics" {
		return fmt.Errorf("--fail-on must be figures or metrics, got %q", *failOn)
	}
	// Refuse an output directory that is not a site before any work.
	if err := publish.CheckOut(*out); err != nil {
		return err
	}
	if err := publish.CheckWritable(*out); err != nil {
		return err
	}
	root, err := os.Getwd()
	if err != nil {
		return err
	}
	if r, err := moduleRoot(); err == nil {
		root = r
	}
	a, err := diff.Load(ctx, root, pos[0], stderr)
	if err == nil {
		var b *publish.Manifest
		if b, err = diff.Load(ctx, root, pos[1], stderr); err == nil {
			return compareAndWrite(a, b, pos, *rtol, *atol, *asJSON, *out, *failOn, stdout, stderr)
		}
	}
	if s := got(); s != nil {
		return interrupted(s, "the revisions' reports were stopped and their worktrees removed")
	}
	return err
}

// compareAndWrite compares a and b, writes the summary and the diff page
// and returns the exit status as cmdDiff's error.
func compareAndWrite(a, b *publish.Manifest, pos []string, rtol, atol float64, asJSON bool, out, failOn string, stdout, stderr io.Writer) error {
	var err error
	// Which notebooks each side executed and why (the rest came from the
	// shared result cache): on stdout with the text summary, on stderr
	// with --json.
	info := stdout
	if asJSON {
		info = stderr
	}
	fmt.Fprintln(info, diff.Executed("A ("+pos[0]+")", a))
	fmt.Fprintln(info, diff.Executed("B ("+pos[1]+")", b))
	rep := diff.Compare(a, b, diff.Options{RTol: rtol, ATol: atol, Given: true})
	if asJSON {
		err = rep.WriteJSON(stdout)
	} else {
		err = rep.WriteText(stdout)
	}
	if err != nil {
		return err
	}
	page, err := rep.RenderHTML(pos[0], pos[1], "assets/")
	if err != nil {
		return err
	}
	if err := writeDiffSite(out, page); err != nil {
		return err
	}
	if !asJSON {
		fmt.Fprintf(stdout, "diff page: %s\n", filepath.Join(out, "index.html"))
	}
	moved := rep.MetricsRegressed()
	if failOn == "figures" {
		moved = moved || rep.FiguresMoved() || rep.TablesMoved() || rep.ValuesMoved() || len(rep.Conformance) > 0
		for _, m := range rep.Metrics {
			moved = moved || m.Status != diff.Unchanged
		}
	}
	if moved {
		return &exitError{code: 1, err: fmt.Errorf("reports differ beyond rtol %g, atol %g", rtol, atol)}
	}
	return nil
}

// writeDiffSite writes index.html and the assets into out, replacing it
// atomically (publish.Replace: out must be new, empty or a sigprop site).
func writeDiffSite(out string, page []byte) error {
	return publish.Replace(out, func(dir string) error {
		if err := os.WriteFile(filepath.Join(dir, "index.html"), page, 0o644); err != nil {
			return err
		}
		return render.WriteAssets(dir)
	})
}
