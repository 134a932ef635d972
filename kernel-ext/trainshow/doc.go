// Package trainshow holds what notebook 06 (trainability) shows that the
// renderers by kind (kernel-ext/render) cannot: claims that carry a
// declared known disagreement. Everything else the notebook draws is a
// lib/result kind computed in lib and drawn by render:
//
//	lib/trainability  Set.ProvenanceTables, ResultsTable, LossVs (Fig. 7's
//	                  top panels), FitTable, FitCurves (bottom left),
//	                  LossPlane (bottom right), Record; Correlations.Table;
//	                  Fits.FitChecks, ClaimsTable, BetterSingle; BestTable;
//	                  NearEdges.Checks, Table
//	lib/trainsweep    LiveTable (the miniature sweep and its schedule
//	                  check); ProbeResult.GradRatio, EffLR, Claims (the
//	                  probe); InitGrads.Curves (Noci et al. 2023 Fig. 2 on
//	                  images); NociSet (ReadNociSet) ProvenanceTable,
//	                  RunsTable, CompareTable, DepthCurves, TrainingCurves,
//	                  ShapedCurves, EntropyCurves
//	lib/seqtf         Stored (ReadStored) ProvenanceTable, ReZeroTable,
//	                  Fig6.Curves, GapCurves, Fig15.Curves (the reversal
//	                  task); CodeSettings.Run, Code.Curves, CorpusTable
//	                  (Fig. 2 on code)
//
// Kept here, and why:
//
//   - BothNeeded (sweep.go), with BothNeededDisagreement: Fig. 7's second
//     claim, a known disagreement;
//   - GapClaims and Gap (noci.go): the "a trains better than b" claims of
//     the stored Noci runs, judged paired by seed, some declared known
//     disagreements (Gap.Why, Gap.Declared), then a table whose verdict
//     column is each claim's outcome (seen, known disagreement, not seen);
//   - Fig6Claims, Fig15Claims (reverse.go), with
//     Fig6EveryBlockDisagreement, Fig6ConstantDisagreement,
//     Fig15AlphaDisagreement, Fig15SlightDisagreement and SlightRise
//     (sigprop's reading of "slightly"): the reversal task's claims, three
//     of them known disagreements;
//   - CodeClaims (code.go), with CodePostLNValueDisagreement: Fig. 2 on
//     code, one claim a known disagreement.
//
// A declared disagreement is a show.Disagreement with its
// bundle.Declaration (what was seen when it was declared, the seeds of
// the data it reads): a display-contract record that lib/result's Check
// does not carry, so these checks stay beside the records they quote.
// They compute nothing but the claim's statistic from lib's numbers
// (cmd/sigprop TestDisplayComputesNoTheory reads the package).
package trainshow
