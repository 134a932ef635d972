// Package publish assembles a report site from executed notebooks: one HTML
// page per notebook, an index, the conformance page (conformance.html: every
// figure and table of the sources against what the report drew, see package
// conformance), the shared assets and manifest.json, the machine-readable
// list of every notebook, figure, table, metric and conformance row (its
// layout is versioned by ManifestSchema). Build checks
// the drawn figures against the conformance list and records each
// disagreement in Manifest.ConformanceErrors, which fails the report.
// Update does the same for a report of some notebooks only (`sigprop report
// NOTEBOOK...`): the site keeps every other notebook's page, manifest
// entries, index row and conformance as its last report left them
// (NotebookEntry.Kept), so the index stays whole.
//
// Pages are numbered together before any is rendered (render.Refs), so a
// markdown cell can refer to another notebook's equations, figures and
// tables; a kept notebook's come from the previous manifest (Equations,
// Figures, Tables). A reference that does not resolve fails its notebook.
// With WithEquationIndex the site also has equations.html, the equation
// index of the checkout (package eqindex).
//
// The site is written atomically (Replace): everything goes to a sibling
// temporary directory (holding an owner file, package tempdir, so that the
// next run removes what a killed one left) that is exchanged with the
// output directory in one renameat2(RENAME_EXCHANGE) on Linux, so a crash
// never leaves a half-written site, nor a moment without one. The output
// directory is replaced as a whole, so Replace writes only into one that
// is new, empty or a sigprop site (SiteMarker, or the layout of an older
// sigprop's site: CheckOut); anything else is refused naming the path.
// Page names must be distinct and not the site's own (CheckPageNames).
//
// Beside each page, NAME.figures/ holds every figure of the page as SVG,
// PDF and PNG, drawn from the figure's bundle, and its data as CSV
// (FigureCSV); the figure's caption links to the four files.
//
// Each executed notebook's entry records where its run time went
// (NotebookEntry.Timing: kernel start, compilation, the cells' own work,
// the CPU time of the kernel's process tree, and each code cell's), and
// its page shows the same in its header and under each cell. Timing is
// not data: no hash covers it, `sigprop diff` does not read it, and
// Manifest.WithoutTiming drops it for comparing two reports byte for
// byte.
package publish
