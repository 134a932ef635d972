// Package figure is the plot-free half of a notebook figure: the types a
// notebook author describes a plot with (Figure, Series, Heat, Style,
// Corner), every check a figure must pass to be drawn (Figure.Check) and
// its data bundle (Figure.Bundle, FromBundle; package
// github.com/sigprop/sigprop/kernel-ext/contract/bundle holds the schema).
// The drawing half, gonum/plot to SVG, PDF or PNG, is package picture.
//
// The split is for the notebook cell programs: gonb builds one program per
// cell, and gonum/plot (its fonts, its LaTeX and every vg backend) was
// most of what each linked (issue 42). A main importing show, render and
// lib/meanfield, as a cell of notebook 01 does, linked 231 packages with
// gonum/plot and 148 without; its link took 0.183 CPU-s with it and 0.118
// without, its whole go build 0.350 and 0.241, its binary 10.4 and 3.2 MB
// (go build -ldflags=-s -debug-actiongraph, means of 7 alternated builds
// at load 5 on 2 cores): about 0.1 CPU-s on each of the notebooks' 141
// code cells. A cell imports
// kernel-ext/show, which imports figure and not picture: it checks each
// figure (Check: the errors picture.Draw returns, computed without
// drawing) and sends its bundle marked bundle.DrawMIMEType; the process
// that shows the display, the report executor or the Jupyter relay of
// `sigprop kernel`, draws the SVG (picture.DrawDisplay), so a bad figure
// still fails in its cell and the notebook holds the same bytes.
//
// Check computes the axis ranges gonum/plot would find from the plotters
// of the drawing (dataRange: every drawable point, error bar and heat
// cell edge) and applies FitExtent to them, as picture does to gonum's;
// the tests of package picture require the two to give the same error,
// message for message, on every rejected figure.
//
// A figure built by hand is checked for what can be checked without
// guessing: X, Y and YErr of each series have one length, and no caption
// number disagrees with Params. For each Params key k the caption is read
// for "k = NUMBER" and for the symbols ParamSymbols lists for k ("σ_w² = 3"
// for sigma_w2), whole words only; a NUMBER that is part of an expression
// ("8^{-1/2}", "1/√2") is not read. NUMBER agrees with the value v when
// equal within a relative 1e-9 or, when it shows decimals, v rounded to
// them ("q* = 0.26" for 0.2597); an integer states an exact value. A
// disagreement is Check's error. Params keys that no caption, axis label,
// series name or colour-bar label mentions (Figure.UnusedParams) are only
// a warning, which show prints with the figure when show.WarnUnusedParams
// is set: a parameter may be stated by the text around it.
package figure
