// Package render turns executed sigprop notebooks into static HTML: one
// standalone page per notebook, an index over all of them and the
// conformance page (RenderConformance).
//
// A page shows every cell: markdown rendered by goldmark with GitHub
// Flavored Markdown and TeX math (package texmath), code cells highlighted by
// chroma with CSS classes (assets/chroma.css) and their execution count, and
// every output: streams HTML-escaped with ANSI escapes stripped (stderr
// styled apart), text/html sanitised, SVG inline when inert (else isolated
// as an image), PNG/JPEG as data URIs, each text output cut at
// MaxOutputBytes (the rest kept beside the page, see TakeFiles),
// text/markdown rendered, errors with their traceback. sigprop bundles
// (kernel-ext/contract/bundle) are shown as what they are: a figure by its SVG with a
// caption line (figure id, the paper figure it reproduces, caption), a metric
// as a PASS/FAIL row, a table as a table. Failed and timed-out cells are
// framed and labelled with their status. Each page ends with a table of all
// its metrics (kind, value, rule, tolerance, |value|/tolerance, basis and the
// figure checked; a missing kind or basis shows as "unstated" and a value of
// exactly 0 under a two-sided rule is flagged) and a list of its figures;
// Collect extracts the same data for the manifest. Figures and tables with
// an id get the anchor "fig-<id>" (FigureAnchor), which the conformance page
// links to.
//
// Markdown cells may refer to labelled display equations, figures and
// tables of any page of the site, cite lib/sources/refs.bib and quote
// values a cell published (package xref's syntax). Refs numbers every
// page before any renders (WithRefs); each page's resolver records what
// it cites, for the reference list at the page's end, and what it cannot
// resolve, which marks the page failed and is handed to the site builder
// (TakeUnresolved). Figure captions and tables with an id carry their
// numbers ("Figure 2", "Table 1").
//
// Output is deterministic: it depends only on the Page (no clock, no map
// iteration), so two runs of the same notebook give the same bytes and a
// diff of two sites shows only what changed. Assets are linked relatively
// (WithAssetBase, default "assets/") and written by WriteAssets, so a site
// works from file:// with no network.
//
// # Math: KaTeX in the browser, from local files
//
// Math is typeset client-side by the vendored KaTeX (reports/assets/katex,
// MIT) from a script that calls katex.render on each element texmath marked
// up. The alternative, rendering at build time by running katex.min.js in a
// Go JavaScript engine (github.com/dop251/goja), was rejected:
//
//   - it adds a JavaScript engine (a new module) to the build and its
//     start-up and per-formula cost to every report run, for output the
//     browser produces anyway;
//   - the HTML would carry KaTeX's expanded markup (kilobytes per formula)
//     instead of the TeX source, so `sigprop diff` and code review of
//     rendered pages would compare KaTeX internals rather than formulas, and
//     a KaTeX upgrade would change every page;
//   - the rendering still needs KaTeX's CSS and fonts at view time, so the
//     assets cannot be dropped either way.
//
// The cost of the client-side choice is that math needs JavaScript. The
// page still works without it (the TeX source is shown), and
// TestBrowserTypesetsMath opens a rendered page in headless Chromium with no
// network to check that every formula is typeset from the local files.
// Parsing math in the markdown parser rather than with KaTeX's auto-render
// scanning the finished page keeps markdown away from TeX (underscores and
// asterisks are not emphasis, backslashes are not escapes) and keeps a "$"
// in code or program output from being taken for math.
//
// # Safe HTML: the author's HTML is sanitised, the renderer's is not
//
// A report is published and a diff page shows contributed branches, so the
// HTML a notebook's markdown carries must not run in a reader's browser.
// goldmark runs without html.WithUnsafe and with the safehtml extension:
// raw HTML nodes (ast.KindRawHTML, ast.KindHTMLBlock) are rendered through
// a bluemonday allowlist close to Jupyter's (formatting, headings, lists,
// tables, images, links, details/summary; no script, style, event handlers,
// iframes, forms, svg, javascript:/vbscript:/data: links), and markdown
// link, image and autolink URLs are held to the same URL rule (package
// safehtml gives the full policy). Everything goldmark, texmath and this
// package emit themselves, heading ids, math elements, chroma's classes,
// the cell wrappers, never passes through the sanitiser and is byte for
// byte what it was; the page goldens did not change.
//
// The alternative, running bluemonday over each rendered markdown cell with
// a policy widened to keep the renderer's own markup, was rejected:
//
//   - the policy would have to admit everything the renderer and texmath
//     emit (class="math display", ids, GFM's task-list checkboxes), so an
//     author could write that markup too, and every new renderer feature
//     would need a matching policy change;
//   - bluemonday re-serialises what it keeps (quotes attributes, escapes '
//     and " in text), so every page's bytes would change, and again with
//     each bluemonday upgrade, putting noise into `sigprop diff`;
//   - it re-parses the whole cell to sanitise the few tags an author wrote.
//
// Sanitising per node has one cost: an inline tag is sanitised alone, so an
// author's unclosed <div> or <b> still spills into what follows (layout
// only; it cannot open a context that runs script, see safehtml).
//
// Code cells' outputs are sanitised too (active.go): a text/html output
// goes through the markdown policy (safehtml.Sanitize) and the page says
// when active content was removed; an SVG output or figure picture is
// placed inline only when it holds nothing that runs, navigates or
// fetches (svgActive), and otherwise shown as an <img> of a data: URL, in
// which a browser runs no script, with a note. sigprop's own figures are
// inert and stay inline. The outputs come from the notebook's code, which
// code review guards, but a report is read by people who did not review
// it and outputs can carry data the code only passed on; the pages also
// carry ContentSecurityPolicy (only the site's own scripts), a second
// guard should anything pass. Classes and ids in the author's HTML are
// prefixed safehtml.AuthorPrefix so that no output can pass for the
// page's own markup (a PASS badge). A text/markdown output is rendered by
// the same markdown renderer as a markdown cell and so is sanitised like
// one. Page links are URL path segments (PageHref), so any notebook name
// links to its own page.
package render
