// Package sources holds sigprop's own notes on the texts it implements,
// one Markdown page per source, so that every citation in the code,
// the notebooks and the reports resolves inside the repository:
//
//	cowsik2024.md  Cowsik, Nebabu, Qi, Ganguli 2024 (arXiv:2403.02579)
//	noci2022.md    Noci et al. 2022 (arXiv:2206.03126)
//	noci2023.md    Noci et al. 2023, the shaped transformer (arXiv:2306.17759)
//	tanner2024.md  Tanner's lecture 6 with Pennington, Schoenholz, Ganguli
//	               2017/2018, Poole et al. 2016, Murray et al. 2021 and
//	               Nait Saada et al. 2024
//	finitewidth.md the 1/n theory of random MLPs: Roberts, Yaida & Hanin 2022
//	               (arXiv:2106.10165), Hanin & Nica 2019 (arXiv:1812.05994)
//	compose.md     sigprop's own derivations for lib/compose: the gradient
//	               modes of any norm placement (post-LN λ_g) and the
//	               regime of starts the collapsed-point exponents describe
//	notation.md    the symbols of every source beside sigprop's names:
//	               width, depth, tokens, residual weights, temperature, ...
//	               (the sources' n, d, m, α, λ, τ do not agree)
//
// Each source's page has labelled sections: the equations sigprop
// computes (by the paper's own numbers, with the Go that computes them),
// the steps sigprop derived or reconstructed, the acceptance criteria
// its tests check (anchors check-N), and the errata (anchors erratum-N),
// each with the printed form, the corrected form and the test or figure
// that shows which one the simulation supports.
//
// Code cites a page as lib/sources/<name>.md#ANCHOR, with further anchors
// of the same page written ", #ANCHOR" (or " and #ANCHOR", " to
// #ANCHOR") right after it. The pages live here, beside the code they
// describe, rather than under notebooks/ or a new top-level folder: the
// design fixes the top level, the pages are read on the repository's
// web view and from editors following a comment, and this package's
// tests run with `go test ./...`.
//
// refs.bib is sigprop's bibliography (BibTeX, exposed as BibTeX): the
// sources and the papers they build on, which notebook markdown cites by
// key and the report renders as author–year citations with a reference
// list per page.
//
// The notation page maps the sources' symbols to Go names, settings
// fields and `sigprop eval` parameters; its test checks that each name
// it gives exists.
//
// The tests enforce two things: no file of the repository cites a
// document outside it (the pre-repository working notes), and every
// anchor a file cites exists on its page; they also check that every
// test a page names as evidence exists.
package sources
