// Package views is the home of the notebooks' view tests: one package per
// notebook, named after what the notebook shows (meanfieldview 01,
// tokenview 02, rankview 03, spectrumview 04, shapedview 05, finiteview 08;
// notebooks 06 and 07 are tested beside their lib results in
// lib/trainsweep and lib/compose). No notebook has a display package of
// its own: every figure, table and check is a lib/result kind drawn by
// kernel-ext/render, and each package here builds the notebook's views as
// its cells do (rendered_test.go) and reads them — ids, claims at and
// away from the paper's settings, check values from their inputs, and the
// mutations a referee would try. The packages hold tests only; this
// package holds nothing else.
package views
