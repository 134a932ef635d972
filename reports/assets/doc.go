// Package assets holds the static files every report page links to, embedded
// in the binary so that a site can be written on a machine without network
// or npm:
//
//	sigprop.css   page layout, cells, outputs, badges
//	chroma.css    syntax-highlighting classes (generated from chroma's
//	              "github" style; reports/render checks it is current)
//	sigprop.js    typesets every .math element with KaTeX, offline
//	katex/        KaTeX 0.16.47 (MIT, katex/LICENSE): katex.min.css,
//	              katex.min.js and the woff2 fonts only
//
// KaTeX was vendored from the npm package (`npm pack katex@0.16.47`,
// dist/ files copied unmodified). Browsers pick the woff2 source of each
// @font-face, so the .woff and .ttf fallbacks katex.min.css also names are
// not shipped. KaTeX's contrib/auto-render.js is not shipped either: the
// markdown renderer already marks math up (reports/render/texmath), and
// sigprop.js calls katex.render on exactly those elements, so a "$" in code
// or program output is never mistaken for math.
//
// FS is the whole API: an embed.FS of these files under their
// site-relative paths, which reports/render.WriteAssets copies into a
// site's assets/ directory.
package assets
