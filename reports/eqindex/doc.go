// Package eqindex builds the equation index of a report: for each
// numbered equation (theorem, lemma, formula label) of the sources that
// sigprop computes, the Go declarations that compute it, the tests that
// check it, the `sigprop eval` quantities built on it, the notebook cells
// (and so the figures) that use it, and the erratum if any.
//
// The index is generated from annotations next to the code: a line
//
//	//sigprop:eq cowsik2024 eq10,11 erratum=lib/sources/cowsik2024.md#erratum-1
//
// at the end of the doc comment of a function, method or type (a
// directive, written without a space after "//" so that go doc leaves it
// out of the documentation) says that the declaration computes those
// equations of that source (a key of
// lib/sources/refs.bib). Refs are eqN, eqN-M, thmX.Y, lemmaX.Y, corX.Y,
// propX.Y and FN (the formula labels of lib/sources/tanner2024.md),
// comma-separated, a kind carrying over to bare numbers ("eq15-20,32").
// Everything else is found, not declared: the tests are the Test
// functions under lib/ that call the declaration, the quantities those
// of lib/quantity whose definition calls it, the cells the notebooks'
// code cells that call it directly or through a kernel-ext function.
//
// Scan checks the annotations against the tables of the packages'
// doc.go files (the equations each package lists, read from its table
// lines; the source of a package is the notes page of lib/sources whose
// "Packages:" line lists it), both ways: an annotation naming an
// equation its package's table does not list, and a listed equation no
// annotation names, are problems, as is an entry no test calls and an
// erratum anchor that does not exist (Index.Problems). The repository's
// own test requires none.
package eqindex
