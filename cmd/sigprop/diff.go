package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"

	"github.com/sigprop/sigprop/reports/diff"
	"github.com/sigprop/sigprop/reports/render"
)

// cmdDiff implements `sigprop diff A B`.
func cmdDiff(args []string, stdout, stderr io.Writer) error {
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
	root, err := os.Getwd()
	if err != nil {
		return err
	}
	if r, err := moduleRoot(); err == nil {
		root = r
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	a, err := diff.Load(ctx, root, pos[0], stderr)
	if err != nil {
		return err
	}
	b, err := diff.Load(ctx, root, pos[1], stderr)
	if err != nil {
		return err
	}
	// Which notebooks each side executed and why (the rest came from the
	// shared result cache): on stdout with the text summary, on stderr
	// with --json.
	info := stdout
	if *asJSON {
		info = stderr
	}
	fmt.Fprintln(info, diff.Executed("A ("+pos[0]+")", a))
	fmt.Fprintln(info, diff.Executed("B ("+pos[1]+")", b))
	rep := diff.Compare(a, b, diff.Options{RTol: *rtol, ATol: *atol, Given: true})
	if *asJSON {
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
	if err := writeDiffSite(*out, page); err != nil {
		return err
	}
	if !*asJSON {
		fmt.Fprintf(stdout, "diff page: %s\n", filepath.Join(*out, "index.html"))
	}
	moved := rep.MetricsRegressed()
	if *failOn == "figures" {
		moved = moved || rep.FiguresMoved() || rep.TablesMoved() || len(rep.Conformance) > 0
		for _, m := range rep.Metrics {
			moved = moved || m.Status != diff.Unchanged
		}
	}
	if moved {
		return &exitError{code: 1, err: fmt.Errorf("reports differ beyond rtol %g, atol %g", *rtol, *atol)}
	}
	return nil
}

// writeDiffSite writes index.html and the assets into out, atomically.
func writeDiffSite(out string, page []byte) error {
	parent := filepath.Dir(filepath.Clean(out))
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return err
	}
	tmp, err := os.MkdirTemp(parent, ".diff-tmp-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	if err := os.WriteFile(filepath.Join(tmp, "index.html"), page, 0o644); err != nil {
		return err
	}
	if err := render.WriteAssets(tmp); err != nil {
		return err
	}
	if err := os.Chmod(tmp, 0o755); err != nil {
		return err
	}
	if err := os.RemoveAll(out); err != nil {
		return err
	}
	return os.Rename(tmp, out)
}
