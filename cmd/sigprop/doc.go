// Command sigprop generates sigprop's reports and evaluates library
// quantities from the shell.
//
//	sigprop report [--out DIR] [--jobs N] [--timeout D] [--profile] [NOTEBOOK...]
//	sigprop report [-p NAME=VALUE ...] [--params FILE] [--out DIR] NOTEBOOK
//	sigprop eval NAME [key=value ...]
//	sigprop eval --list
//	sigprop diff A B
//	sigprop sweep plan|run|status|submit DIR ...
//	sigprop sweep generate NAME DIR   (the committed data sets computed whole)
//	sigprop kernel install
//	sigprop kernel run --module DIR --connection-file FILE   (what Jupyter runs)
//
// A report of every notebook (no NOTEBOOK) builds the site anew; a report
// of some notebooks updates it, keeping the others as their last report
// left them. With -p or --params, the one NOTEBOOK runs with those values
// of the settings its cell tagged "parameters" declares, into a site of
// its own (reports/params/NOTEBOOK-HASH unless --out is given).
// --profile prints, per notebook, where its time went (kernel start,
// compilation, the cells' own work, CPU), as the manifest's timing
// records it (publish.NotebookTiming).
//
// Exit status: 0 on success, 1 when a report has a failed cell or metric
// or a sweep has points that are not done, 2 on bad input or any other
// error, 128+N when report or diff was stopped by signal N (SIGINT,
// SIGTERM, SIGHUP), after ending what it started.
//
// Each command is a thin layer over the packages that do the work:
// report runs the notebooks through reports/execute (with the values of
// -p injected by reports/nbparams), indexes the equations
// (reports/eqindex) and builds or updates the site with reports/publish;
// eval looks a quantity up in lib/quantity; diff loads two reports
// (reports/diff) and writes their differences; sweep plans, runs, submits
// and generates through internal/sweeprun; kernel installs and runs the
// Jupyter kernel of reports/kernel. `sigprop help` prints the usage
// with each command's flags, `sigprop sweep --help` that of the sweep
// subcommands.
package main
