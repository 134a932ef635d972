// Package conformance is the list of every figure and table of the five
// source texts (figures.json, embedded) and the checks that keep it true.
//
// Each row names a figure or table of a source ("Noci et al. 2022, Fig. 8"),
// its type (data, schematic, settings), its typed Setting (at the paper's
// settings, an analogue with the reason what differs, or schematic), what
// of it is Missing, its Section (the sources, or beyond them), and the
// sigprop figures and tables that reproduce it as "notebook#figure-id".
// Its Outcome is never typed: Results computes it from the claim checks of
// the report (bundle.Metric.ClaimText), a known disagreement counting as a
// failed claim, and Count tallies the outcomes by setting. Load validates
// the file: unknown settings, types, sources or fields, a typed outcome
// (ErrTypedOutcome), duplicate ids or names, a missing reason and
// malformed figure references are errors.
//
// A notebook figure claims rows through its PaperFigure field, written
// "<Source>, Fig. N (note)" (ParseClaim; "Figs. 4 and 5", "Figs. 13–14",
// "Table 1" and the lecture's "Attention Fig. 2" also parse). Two checks
// keep the list and the notebooks in step:
//
//   - CheckSources reads the committed notebooks' Go code without running
//     it (figure ids as string literals or fmt.Sprintf patterns) and is run
//     by this package's tests;
//   - List.Check compares the figures a report actually drew and fails the
//     report (publish.Build) when a figure claims a row that does not list
//     it, claims a figure not on the list, or a listed figure of a notebook
//     that ran to the end was not drawn.
//
// List.Results joins each row with the report's metrics (bundle.Metric.Figure
// names the figure a metric checks) for the conformance page and the
// manifest: the outcome, the claim checks passed, and the worst Ratio()
// (|value|/tolerance, ≤ 1 passing), known disagreements included.
package conformance
