package assets

import "embed"

// FS holds the assets under their site-relative paths (sigprop.css,
// katex/fonts/KaTeX_Main-Regular.woff2, ...).
//
//go:embed sigprop.css sigprop.js chroma.css katex/LICENSE katex/katex.min.css katex/katex.min.js katex/fonts/*.woff2
var FS embed.FS
