// Package render draws the result kinds of lib/result: one renderer per
// kind (goldmark's renderer per node kind), not a display package per
// notebook.
//
//	Curves(f, r result.Curves)     lines over one axis: theory Line, simulated
//	                               Points ± SE, LinePoints, a Dashed reference
//	Plane(f, r result.Plane)       a heat map with lines over it (its colour
//	                               range fixed by ZMin, ZMax when set)
//	Field(f, r result.Field)       a vector field as a quiver (show.Quiver:
//	                               segments of fixed drawn extent and their
//	                               heads) with lines over it (field.go)
//	Spectrum(f, r result.Spectrum) a histogram of the samples beside the
//	                               theory density (or a KDE of its samples)
//	Densities(f, r result.Densities) several samples beside their
//	                               references in one figure (histogram
//	                               and/or KDE, the reference's KDE
//	                               dashed), a KS check per pair
//	SpectrumLines(f, r)            a Spectrum with further lines over it
//	                               (result.SpectrumLines)
//	SampleCurves(f, r)             Curves of several samples, each sample's
//	                               checks (or its not-compared line) after
//	                               the figure's (result.SampleCurves)
//	Table(t, r result.Table)       rows under a header
//	Checks(id, cs, rec)            checks with no figure of their own
//	CheckList(id, r result.CheckList) such checks after their notes (lines of
//	                               text: the numbers they read), checklist.go
//
// Each takes the notebook's figure literal (show.Figure{ID, Paper,
// PaperNote} and axis scales: the paper figure it reproduces, by its
// lib/papers value) and the result, and returns a show.View: the
// result's checks, then the figure (After puts the figure first). The
// figure claims its paper figure only when the result ran at the paper's
// settings (result.Record.AtPaper, decided in lib by the experiment's
// At/Matches; show.AtPaper otherwise drops the claim and marks the
// caption); a check marked PaperOnly is shown as not applicable
// elsewhere (show.PaperCheck, with the Record's NotPaper). A result of no
// paper figure (Record.NoPaperFigure) is drawn as it is.
//
// The checks are the standard ones with their tolerance basis: MaxZ, the
// largest |z| of a simulated line against its theory (show.MaxZ, which
// prefixes the basis with "max |z| over k points ≤ tol"), and KS, the
// two-sample Kolmogorov–Smirnov distance at a level (show.KS, whose
// tolerance is the critical value; on a Spectrum's samples, a Densities
// pair, or the check's own Samples); a Given value is shown as the
// experiment computed it. A check of a source quotes its
// papers.Statement's Text as the metric's Paper.
//
// A check's declared known disagreement (result.Check.Disagreement) is
// handed to the metric as the contract's record (show.Disagreement,
// disagreement.go), field by field: the page computes its timing from the
// record (bundle.Declaration.Timing), and a failed check under it is a
// known disagreement (bundle.Metric.Outcome).
//
// Roles map to styles: Theory → Line, Simulated → Points,
// SimulatedLine → LinePoints, Reference → Dashed, Contour → Points,
// TheoryLinePoints → LinePoints. The package computes
// no theory (cmd/sigprop TestDisplayComputesNoTheory reads it).
package render
