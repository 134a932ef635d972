// Package show is what a sigprop notebook imports to put a figure, a table or
// a theory-vs-simulation metric on screen.
//
// Every kind comes as a pair:
//
//	RenderFigure(f)  -> SVG bytes + bundle   (pure, used by tests and by Display)
//	DisplayFigure(f) -> one Jupyter display_data carrying both
//
// The Render functions are pure and deterministic: the same input gives the
// same bytes, so their output is checked against golden files
// (testdata/*.golden, regenerated with `go test ./kernel-ext/show -update`).
// The Display wrappers send through gonbui and do nothing outside a gonb
// notebook (gonbui.IsNotebook is false under `go test`), after validating and
// rendering exactly as in a notebook, so the same cell code runs in tests.
//
// Each display_data carries a human-facing representation ("image/svg+xml"
// for figures, "text/html" for tables and metrics, plus "text/plain") and the
// data behind it under bundle.MIMEType (see package
// github.com/sigprop/sigprop/kernel-ext/bundle), so that the report generator
// can collect, hash and diff the numbers rather than the pictures.
//
// The bundle travels as its canonical JSON text, i.e. a JSON string in the
// notebook's output, not a JSON object: gonb v0.11.1 forwards display data
// from the cell program to the kernel with encoding/gob as `any`, and the
// kernel only registers strings, []byte and a few flat maps, so a nested
// object (map[string]any) cannot cross that pipe. Readers
// (reports/render.Collect) accept both the string and the object form.
//
// Figures are drawn with gonum/plot into SVG (vg/vgsvg) without embedded
// fonts: vgsvg only names the font family ("Liberation Serif", ...) and the
// report's style sheet supplies a generic serif fallback, which keeps a
// figure a few kilobytes instead of the ~300 kB an embedded TrueType font
// costs. Colours (the Okabe–Ito colour-blind-safe palette) and point glyphs
// are assigned by series index, so they are deterministic.
//
// Non-finite points (NaN, ±Inf, and non-positive values on a logarithmic
// axis) are left out of the picture — lines are broken there rather than
// joined across the gap — but are kept in the bundle, where they encode as
// JSON null.
//
// A Figure may carry a Heat: a scalar field on a rectangular, possibly
// non-uniform grid (e.g. the loss over (α, σ_w)), drawn as one filled
// rectangle per cell under the series, with a colour bar at the right that
// carries the value ticks and the ZLabel. Its colour map is viridis (van der
// Walt & Smith 2015), perceptually uniform and colour-blind safe, rebuilt from
// 17 anchors of its published table (see viridisAnchors); non-finite cells are
// light grey. The grid goes into the bundle as data (bundle.Heat), so reports
// can diff it cell by cell. A figure without a Heat renders exactly as before
// Heat existed.
package show
