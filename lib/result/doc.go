// Package result holds the kinds of result a figure is drawn from, as
// plain data: what a lib experiment hands to a renderer
// (kernel-ext/render), with its claims, instead of a display builder per
// notebook re-reading the experiment's fields.
//
//	kind      what it holds                                   renderer
//	Curves    lines over one axis: theory lines, simulated    render.Curves
//	          points ± SE (Line, Role)
//	Plane     a value on a grid of two settings (heat map,    render.Plane
//	          phase plane)
//	Field     a vector field on points of a plane (phase      render.Field
//	          portrait) with lines over it (field.go)
//	Spectrum  samples of a law beside samples of its theory   render.Spectrum
//	          (density/CDF)
//	Densities several samples beside their reference samples   render.Densities
//	          in one figure, a KS check per pair
//	SpectrumLines  a Spectrum with further lines over it      render.SpectrumLines
//	          (a second law beside the theory density)
//	SampleCurves  Curves of several samples, each with its   render.SampleCurves
//	          own checks (or the line saying why it was not
//	          compared) after the figure's (samplecurves.go)
//	Table     rows of formatted cells                          render.Table
//	Checks    a list of Checks with no figure                  render.Checks
//	CheckList such Checks after Notes, the numbers they read   render.CheckList
//	          (checklist.go)
//
// Every kind carries a Record (the settings it ran at as named numbers,
// its seed, and whether those settings are the paper figure's, decided by
// the experiment's own At/Matches against its Paper() settings, never by
// numbers re-typed in display code) and Checks: each a test of the result
// against its theory or of a statement of a source (papers.Statement, by
// identifier), with its tolerance and the basis of that tolerance. A
// check's value is either computed by the renderer from the result's own
// data by a named rule (MaxZ: the largest |z| of a simulated line
// against a theory line, empirical.MaxZ; KS: the two-sample
// Kolmogorov–Smirnov distance against its critical value,
// empirical.KS2 and empirical.KSCritical) or given (Given: a value the
// experiment computed).
//
// A check whose source's claim is known not to hold here carries the
// declaration as data (Check.Disagreement, disagreement.go: what the
// source says, what is measured, why, and the facts of the declaration:
// its commit, the pilot and its seeds, the data's seeds, where the result
// could be seen); its timing is computed from those facts by the report
// contract, never typed.
//
// Each kind's Wellformed reports a caller bug (lines of unequal length, a
// check naming a line the result lacks); it is not a settings Validate:
// no value here is typed by a user. A renderer panics on it.
//
// Num (and Nums) writes a table's number as the report writes numbers (4
// significant digits), so a Table's cells need no display code.
//
// The package computes nothing and imports no display: it is the
// contract between lib/<experiment> and kernel-ext/render. No equations.
package result
