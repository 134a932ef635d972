package sources

import _ "embed"

// BibTeX is sigprop's bibliography (refs.bib): the five source texts and
// the papers they build on, which notebook markdown cites as [@key]
// (reports/bibtex reads it; the report renders the citations).
//
//go:embed refs.bib
var BibTeX []byte
