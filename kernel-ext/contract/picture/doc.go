// Package picture is the drawing half of the contract between notebooks and
// reports: a figure (package github.com/sigprop/sigprop/kernel-ext/contract/figure,
// its types, checks and bundle) drawn with gonum/plot, as SVG, PDF or PNG.
//
//	RenderFigure(f)    -> SVG bytes + bundle
//	Draw(f, format)    -> SVG, PDF or PNG bytes
//	DrawDisplay(data)  -> the SVG of a display a notebook cell sent to be drawn
//
// Notebook cells do not link it (gonum/plot cost each cell program about
// 0.1 CPU-s of link): kernel-ext/show checks a figure with figure.Check
// and sends its bundle marked bundle.DrawMIMEType, and the hosts that show
// the display, the report executor (reports/execute) and the Jupyter relay
// of `sigprop kernel` (reports/kernel/relay), draw it with DrawDisplay,
// the same bytes RenderFigure gives. Tables and metrics are rendered to
// HTML by package markup.
//
// It imports no notebook-display code (no gonbui, no gonb); the report
// generator (reports/render, reports/diff, reports/publish) imports it to
// draw the same pictures from the same data. A test of the CLI
// (TestNoNotebookDisplay in cmd/sigprop) keeps it, bundle, reports/ and
// the CLI free of gonbui; TestCellsLinkNoPlot keeps what a cell imports
// free of it.
//
// The renderers are deterministic: the same input gives the same bytes, so
// their output is checked against golden files (testdata/*.golden,
// regenerated with `go test ./kernel-ext/contract/picture -update`).
//
// Figures are drawn with gonum/plot (Draw: SVG, PDF or PNG; RenderFigure:
// the SVG a notebook shows). Their style is meant to be published (see
// style.go): one sans face, Liberation Sans, which the report's body text
// names first too (metric-compatible with Arial and Helvetica); text sizes
// chosen for a figure shown at the width of the report's text column
// (DefaultWidth; a Wide figure 1.5 times that); labels and legend entries
// typeset from the repository's TeX-like marks ("σ_w²", "mean ρ_ℓ", "q^ℓ":
// subscripts and superscripts drawn smaller and shifted, see label.go);
// 4 to 8 labelled round ticks per linear axis (readableTicks); a legend
// that never hides data (it moves to a free corner of the axes, on an
// opaque box, or outside them; see Corner); and the Okabe–Ito
// colour-blind-safe palette, seven colours, with dash patterns and point
// glyphs that keep the first 28 colour indices apart, and glyphs along
// the lines of a figure where lines coincide (lineMarks), so that each
// stays visible. Colours and glyphs are assigned by
// series index, so they are deterministic.
//
// An SVG names its font and embeds none, which keeps a figure a few
// kilobytes instead of the ~300 kB an embedded TrueType font costs; a PDF
// draws its text as glyph outlines (gonum/plot's PDF text has no Greek);
// a PNG is drawn at PNGDPI. A figure's bundle carries how it is drawn
// (bundle.Draw) beside its data, so FromBundle gives back the figure and a
// report draws the same picture in every format from the manifest alone.
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
//
// The checks a figure must pass to be drawn are package figure's
// (Figure.Check); Draw returns the same errors.
package picture
