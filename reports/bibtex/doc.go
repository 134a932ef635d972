// Package bibtex reads the small subset of BibTeX that sigprop's
// bibliography (lib/sources/refs.bib) uses and formats its entries for the
// report pages: author–year labels ("Cowsik et al. 2024") and reference
// list lines.
//
// Accepted: entries "@type{key, field = value, ...}" (or with
// parentheses), values in braces (nested braces kept balanced), in double
// quotes, bare numbers, or @string names, joined by "#"; "@string{name =
// value}" definitions; "@comment" and "@preamble" are skipped, and so is
// any text between entries (BibTeX's own comment rule). Field names and
// entry types are case-insensitive (stored lower case); keys are
// case-sensitive. A duplicate key, a duplicate field, an unknown @string
// name or an unbalanced brace is an error naming the line.
//
// Formatting strips TeX grouping braces, turns the accents \" \' \` \^ \~
// and \c of a letter into the composed character where one exists, and
// "--" into an en dash; other TeX is kept as written.
//
//	Parse                  the entries of a source, in source order
//	Entry                  one entry: Type, Key, Fields, Line
//	Entry.Field, Plain     a field, or any value, as plain text
//	Entry.Authors          the authors' family names
//	Entry.Label            "Poole 2016", "Noci & Li 2022", "Cowsik et al. 2024"
//	Entry.URL              url, else the DOI's or the arXiv eprint's address
//	Entry.Reference, Sort  a reference list line, and the list's order
//
// reports/render reads lib/sources.BibTeX with it for the citations and
// reference lists of the report pages.
package bibtex
