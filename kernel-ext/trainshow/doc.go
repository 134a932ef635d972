// Package trainshow holds what notebook 06 (trainability) shows that the
// renderers by kind (kernel-ext/render) cannot: claims that carry a
// declared known disagreement. Everything else the notebook draws is a
// lib/result kind computed in lib and drawn by render:
//
//	lib/trainability  Set.ProvenanceTables, ResultsTable, LossVs (Fig. 7's
//	                  top panels), FitTable, FitCurves (bottom left),
//	                  LossPlane (bottom right), Record; Correlations.Table;
//	                  Fits.FitChecks, ClaimsTable, BetterSingle; BestTable;
//	                  NearEdges.Checks, Table; Set.BothNeeded (Fig. 7's
//	                  second claim, declared BothNeededAtScale)
//	lib/trainsweep    LiveTable (the miniature sweep and its schedule
//	                  check); ProbeResult.GradRatio, EffLR, Claims (the
//	                  probe); InitGrads.Curves (Noci et al. 2023 Fig. 2 on
//	                  images); NociSet (ReadNociSet) ProvenanceTable,
//	                  RunsTable, CompareTable, DepthCurves, TrainingCurves,
//	                  ShapedCurves, EntropyCurves
//	lib/seqtf         Stored (ReadStored) ProvenanceTable, ReZeroTable,
//	                  Fig6.Curves, GapCurves, Fig15.Curves, Fig6.Checks,
//	                  Fig15.Checks (the reversal task; declared
//	                  Fig6EveryBlock, Fig6Constant, Fig15Alpha,
//	                  Fig15Slight); CodeSettings.Run, Code.Curves,
//	                  Code.Checks, CorpusTable (Fig. 2 on code; declared
//	                  CodePostLNValue)
//
// Kept here, and why: GapClaims and Gap (noci.go), the "a trains
// better than b" claims of the stored Noci runs, judged paired by seed,
// some declared known disagreements (Gap.Why, Gap.Declared, written in
// notebook 06's cells), then a table whose verdict column is each claim's
// outcome (seen, known disagreement, not seen). A seen gap quotes its
// source as free text (Gap.Paper), which result.Check (its Statement a
// lib/papers value) does not carry: converting them needs those
// statements in lib/papers and the cells' declarations moved to
// lib/trainsweep. It computes nothing but the claim's statistic from
// lib's numbers (cmd/sigprop TestDisplayComputesNoTheory reads the
// package).
package trainshow
