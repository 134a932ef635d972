// Package xref is a goldmark extension for what a report's prose refers
// to: numbered equations, figures and tables (cross-references, within a
// notebook or to another one), bibliography entries (citations) and
// values a code cell computed (glue). Its syntax follows MyST's roles and
// pandoc's citations:
//
//	{eq}`label`        the display equation written "$$ ... $$ (label)"
//	                   (package texmath), as its number: "(3)", or
//	                   "(3) in NOTEBOOK" for another notebook's
//	{fig}`id`          the figure with that figure id: "Fig. 2"
//	{tbl}`id`          the table with that table id: "Table 1"
//	{glue}`name`       the text of the value the notebook published under
//	                   name (show.Glue), e.g. "0.6341"
//	[@key]             an entry of the bibliography: "(Cowsik et al. 2024)"
//	[@key, eq. 10]     with a locator: "(Cowsik et al. 2024, eq. 10)"
//	[@a; @b]           several: "(A 2016; B 2018)"
//
// A role other than these four, or brackets that are not a citation
// (a link, "[@x](url)", or "[see @x]"), stay as markdown reads them.
//
// The extension only parses and renders; what a label, key or name
// stands for comes from a Resolver, which the caller puts into the
// parser context of each conversion (WithResolver). An AST transformer
// asks it for every reference and every labelled equation of the
// document, so numbering is the resolver's: it can number a whole site
// before any page is rendered. A reference the resolver does not know is
// rendered as a visible error (class "xref-missing") and the resolver
// records it; the report fails the notebook on it.
//
// The anatomy is goldmark's (extension/footnote.go): node kinds Ref and
// Citation, two inline parsers, an AST transformer, a renderer
// registering one function per kind, and Extend. Tests are case files in
// testdata.
//
//	Xref                                the goldmark.Extender
//	Resolver, Target                    what the caller supplies: an equation's number (Equation),
//	                                    a role's or a key's Target (Ref, Cite), or false
//	WithResolver                        puts a Resolver into a conversion's parser.Context
//	Ref, KindRef                        the role node, with what it Resolved to or Missing
//	Citation, CiteItem, KindCitation    the citation node: its items' Key, Locator, Resolved, Missing
//	HTMLRenderer                        the renderer of both kinds
//	RoleEq, RoleFig, RoleTbl, RoleGlue  the four role names
//
// reports/render implements Resolver for each page it renders.
package xref
