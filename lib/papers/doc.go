// Package papers defines, once, every figure and table of the sources
// sigprop implements: a typed value per figure (Figure: its Source, its
// Label as the source numbers it, title, type, the Setting sigprop draws
// it at with the Reason, what is Missing, its Section, the Notebook that
// draws it) with a stable identifier, a Go variable (Noci2022Fig8) and
// its id string ("noci2022-fig8").
//
// Everything else refers to these values: a notebook figure claims the
// figures it reproduces by id (bundle.Figure.Paper, set with Claim from
// the variables, never typed as a string); the conformance table of the
// report (reports/conformance) has one row per value of All, whose drawn
// figures are the report's figures that claimed it; the "Figures" section
// of each source's page in lib/sources lists its figures by id (a test
// checks both ways).
//
// The statements of the sources that the claim checks test are values
// too (Statement: its Source, the Figures it is about and its Text, e.g.
// Noci2022Lemmas, in <source>_statements.go; Statements lists them): a
// check quotes a statement as its Text (bundle.Metric.Paper, which the
// conformance table reads), a builder or a notebook receives it by
// identifier and never types it.
//
// The package holds no equations: it names figures, it computes nothing.
//
//	source              variable     page
//	Cowsik et al. 2024  Cowsik2024   lib/sources/cowsik2024.md
//	Noci et al. 2022    Noci2022     lib/sources/noci2022.md
//	Noci et al. 2023    Noci2023     lib/sources/noci2023.md
//	Tanner lecture      Tanner       lib/sources/tanner2024.md
//	P18 (Pennington,    P18          lib/sources/tanner2024.md
//	Schoenholz, Ganguli 2018, as the lecture shows it)
package papers
