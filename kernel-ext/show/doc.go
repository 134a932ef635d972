// Package show is what a sigprop notebook imports to put a figure, a table or
// a theory-vs-simulation metric on screen.
//
// Every kind comes as a pair: a pure function that checks it and returns
// what the display carries (CheckFigure: the bundle; RenderTable,
// RenderMetric: the HTML bytes and the bundle) and View.Show, which sends
// one Jupyter display_data carrying it.
//
// The functions are pure and deterministic: the same input gives the same
// bytes, checked against golden files (in kernel-ext/contract/picture and
// kernel-ext/contract/markup, regenerated with -update).
// View.Show sends through gonb's display pipe (package
// kernel-ext/show/internal/gonbpipe, which speaks gonbui's protocol
// without linking gonbui) and does nothing outside a gonb notebook (no
// $GONB_PIPE, as under `go test`), after checking exactly as in a
// notebook, so the same cell code runs in tests.
//
// A figure is not drawn in the cell: its display carries the bundle,
// "text/plain" and the mark bundle.DrawMIMEType, and the process that
// shows it (the report executor, the Jupyter relay of `sigprop kernel`)
// draws the SVG from the bundle (picture.DrawDisplay), the bytes the cell
// drew before. A cell program so links no gonum/plot, which cost each of
// them about 0.1 CPU-s of link (issue 42); CheckFigure keeps every error
// of the drawing in the cell.
//
// Each display_data carries a human-facing representation ("image/svg+xml"
// for figures, added by the host, "text/html" for tables and metrics, plus "text/plain") and the
// data behind it under bundle.MIMEType (see package
// github.com/sigprop/sigprop/kernel-ext/contract/bundle), so that the report generator
// can collect, hash and diff the numbers rather than the pictures.
//
// The bundle travels as its canonical JSON text, i.e. a JSON string in the
// notebook's output, not a JSON object: gonb v0.11.1 forwards display data
// from the cell program to the kernel with encoding/gob as `any`, and the
// kernel only registers strings, []byte and a few flat maps, so a nested
// object (map[string]any) cannot cross that pipe. Readers
// (reports/render.Collect) accept both the string and the object form.
//
// The figure types (Figure, Series, Heat, Style) are package figure's and
// the HTML renderers package markup's, re-exported here so that a cell
// needs only show; neither has a gonb or gonum/plot dependency, so the
// report generator imports them (and bundle) without pulling in the
// notebook display. How figures are drawn (fonts, palette, gaps, heat
// maps) is in package picture's doc.
//
// A cell shows its outputs one way, the only route: a View, a list of
// typed Items (Fig, Tab, Agree, Text) shown in order by View.Show. The
// renderers by kind (kernel-ext/render) return Views from pure functions
// that take the notebook's show.Figure{ID, Paper} literal (the figure id
// and the lib/papers figure it claims, by its typed value) and a lib
// result, which formats caption, Params, seeds and sample counts from its
// own settings; a cell of one's own builds a View the same way. Each
// notebook's views are tested in kernel-ext/views/<subject>view.
// The display functions Show calls are unexported, and a metric is made
// only from an Agreement (a kind, a rule and a basis), so a cell has no
// other route. The committed notebooks keep to this (reports/ipynb,
// TestCommittedNotebooksShowThroughViews: a show.Figure literal with
// nothing but ID, Paper, PaperNote and axis scales).
//
// A domain package shows a result at whatever settings it ran with: captions, Params and
// sample counts come from the settings the result records. A figure
// claims its paper figure only at the paper's settings (AtPaper: at others
// it claims nothing and its caption ends in YourSettings), and a check that
// holds only there (a claim of the paper read at its depth, a tolerance
// from its printed digits) is shown as not applicable, with the reason
// (PaperCheck, NotApplicable). Checks whose tolerance comes from the run's
// own sample sizes (z-scores, KS and DKW bounds) apply at any settings.
// Want panics on caller bugs only, never on a setting.
//
// A figure built by hand in a cell is checked by View.Show for what
// can be checked (see package figure): series lengths, and a caption
// number that disagrees with Params ("σ_w² = 3" with sigma_w2 = 2.5) is an
// error; Params keys nothing on the figure mentions are a warning when
// WarnUnusedParams is set.
package show
