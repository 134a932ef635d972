package show

import (
	"fmt"
	"os"
	"strings"

	"github.com/janpfeifer/gonb/gonbui/protocol"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/kernel-ext/contract/markup"
	"github.com/sigprop/sigprop/kernel-ext/show/internal/gonbpipe"
)

// notebook is the pipe to the gonb kernel running this program, nil
// outside a notebook (under `go test`, for one). It replaces gonbui, whose
// dependencies cost every cell program's link about 0.06 s (see package
// gonbpipe).
var notebook = gonbpipe.FromEnv()

// WarnUnusedParams makes displayFigure print a warning for each figure with
// Params keys that its caption, axis labels and series names never mention
// (Figure.UnusedParams). Off by default: 52 of the 106 figures of the
// committed notebooks state such a parameter only in the text around them
// or under another name ("width" as n), so the warning would sit on every
// page of the report; a reader checking a figure of their own sets it in a
// cell (show.WarnUnusedParams = true).
var WarnUnusedParams = false

// displayFigure is what View.Show does for a Fig item; a cell shows
// through a View (see the package doc), not by calling it. It checks f
// (CheckFigure) and, inside a gonb notebook, sends one display_data
// carrying the bundle under bundle.MIMEType, a "text/plain" fallback and
// the mark bundle.DrawMIMEType "image/svg+xml": the process that shows
// the display draws the SVG from the bundle (picture.DrawDisplay), so that
// a cell program links no drawing code. Outside a notebook it only checks.
// It returns CheckFigure's error, which includes a caption number that
// disagrees with Params. When WarnUnusedParams is set, Params keys that no
// caption, axis label or series name mentions (Figure.UnusedParams) are
// printed to stderr with the figure, as a warning, not an error.
func displayFigure(f Figure) error {
	b, err := CheckFigure(f)
	if err != nil {
		return err
	}
	if unused := f.UnusedParams(); len(unused) > 0 && WarnUnusedParams && notebook != nil {
		fmt.Fprintf(os.Stderr, "show: figure %q: Params %s are not mentioned in its caption, axis labels or series names\n", f.ID, strings.Join(unused, ", "))
	}
	return send(b, map[protocol.MIMEType]any{
		protocol.MIMEType(bundle.DrawMIMEType): string(protocol.MIMEImageSVG),
		protocol.MIMETextPlain:                 fmt.Sprintf("Figure %s: %s", f.ID, f.Caption),
	})
}

// displayTable is what View.Show does for a Tab item: RenderTable
// followed by one display_data with "text/html", the bundle and
// "text/plain".
func displayTable(t bundle.Table) error {
	htm, b, err := RenderTable(t)
	if err != nil {
		return err
	}
	return send(b, map[protocol.MIMEType]any{
		protocol.MIMETextHTML:  string(htm),
		protocol.MIMETextPlain: fmt.Sprintf("Table %s: %s", t.ID, t.Caption),
	})
}

// displayMetric is what View.Show does for an Agree item: RenderMetric
// followed by one display_data with
// "text/html", the bundle and "text/plain".
func displayMetric(m Metric) error {
	htm, b, err := RenderMetric(m)
	if err != nil {
		return err
	}
	_, verdict := OutcomeBadge(m.Outcome())
	return send(b, map[protocol.MIMEType]any{
		protocol.MIMETextHTML:  string(htm),
		protocol.MIMETextPlain: fmt.Sprintf("%s %s: %s", verdict, m.Name, markup.MetricCheck(m)),
	})
}

// displayText is what View.Show does for a Text item: outside a notebook
// it prints s; inside a gonb notebook it sends s as one display_data with
// "text/plain" and bundle.StreamMIMEType "stdout", which the executor
// (reports/execute) records as the stdout stream output a print would
// have made. Printing it would not keep its place among the view's
// figures, tables and checks: gonb v0.11.1 copies the cell program's
// stdout to Jupyter in one goroutine (io.Copy in
// internal/jpyexec.Executor.Exec) and the displays of the pipe in
// another (pollNamedPipeReader in internal/jpyexec/namedpipes.go), and
// a Sync waits for the pipe only, so a line printed before a figure
// could reach the notebook after it. An empty s shows nothing, as
// printing it would.
func displayText(s string) error {
	if notebook == nil {
		fmt.Print(s)
		return nil
	}
	if s == "" {
		return nil
	}
	return notebook.Show(&protocol.DisplayData{Data: map[protocol.MIMEType]any{
		protocol.MIMETextPlain:                   s,
		protocol.MIMEType(bundle.StreamMIMEType): "stdout",
	}})
}

// send adds the encoded bundle to data and sends it when running inside a
// gonb notebook. The bundle goes as its JSON text (see the package doc for
// why not as an object).
func send(b bundle.Bundle, data map[protocol.MIMEType]any) error {
	enc, err := bundle.Encode(b)
	if err != nil {
		return fmt.Errorf("show: %w", err)
	}
	if notebook == nil {
		return nil
	}
	data[protocol.MIMEType(bundle.MIMEType)] = string(enc)
	// Show syncs: gonb does not wait for the display pipe to drain when
	// the cell program exits, so without it a cell's last displays can be
	// lost.
	return notebook.Show(&protocol.DisplayData{Data: data})
}
