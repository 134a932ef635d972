// Package execute runs gonb notebooks headlessly: each notebook in its own
// gonb kernel (package kernel), cells in order with timeouts, outputs
// collected into an nbformat 4 copy of the notebook, results cached.
//
// # Wiring a notebook to this module
//
// Notebooks have no setup cell. Each kernel is started with
// kernel.Options.Module = RepoRoot: before the first cell, kernel.Start
// sends one hidden setup cell (silent, store_history false, so it has no
// output in the notebook and does not advance execution_count), see
// kernel.SetupCell:
//
//	!*rm -f go.work && go work init && go work use . 'REPOROOT' && go mod edit -require=github.com/janpfeifer/gonb@v0.11.1 -replace=github.com/sigprop/sigprop='REPOROOT' && echo SIGPROP_SETUP_OK
//
// preceded by a %noautoget line (kernel.Options.NoAutoGet): every package
// a notebook imports is in the workspace's build list, so gonb's `go get`
// before each build would change nothing but asks the module proxy about
// every dependency, about a second of waiting per cell; a cell importing a
// package outside the build list fails in go build, naming it.
// `!*` runs bash in gonb's scratch module directory. The workspace makes
// `import "github.com/sigprop/sigprop/lib/..."` and ".../kernel-ext/..."
// build from the working tree; the replace rule is what gonb's
// %goworkfix adds for its `go get`, which ignores go.work (the
// interactive kernel keeps that go get); the require pins gonbui at the gonb version of
// go.mod's tool directive, the version of the kernel that decodes what
// gonbui sends. The gonb version and module path are read from go.mod at
// run time, and SIGPROP_ROOT (kernel.RootEnv) is set to RepoRoot in the
// kernel's environment. A setup cell whose reply is not ok or whose stdout
// lacks the marker fails the notebook with Err "starting gonb: ... setup
// cell ...".
//
// Interactive use (Jupyter) goes through the same code: the kernel that
// `sigprop kernel install` registers, "Go (sigprop)" (kernelspec name
// sigprop, the name in the notebooks' metadata), is package relay, which
// starts gonb with kernel.Start and the same Module, then relays the
// front end's messages. A notebook created in Jupyter with that kernel
// imports lib/ and kernel-ext/ in its first cell. The executor also runs
// notebooks whose kernelspec is plain gonb, wired the same way.
//
// # Prebuilding
//
// Before the first kernel starts, Run compiles the module packages the
// notebooks to execute import into the Go build cache with one `go build`
// (prebuild): notebooks running in parallel on a cold build cache then do
// not each compile the same packages at once; on a warm cache it is go
// build's staleness check.
//
// # Cells and statuses
//
// Code cells run in order with Options.CellTimeout each. A cell is
// "failed" when the kernel answers status error (compile error, go get
// failure), publishes an error output, or the cell's stderr ends with
// "exit status N", N ≠ 0 (panic, os.Exit: gonb still answers ok);
// CellResult.Reason says why. A cell that exceeds its timeout is
// interrupted, marked "timeout" and the notebook goes on (StopOnTimeout
// stops it; StopOnError likewise after a failed cell). A dead kernel or
// the notebook timeout stops the notebook with Result.Err set. Cells not
// run are "skipped", markdown and raw cells "not-code". The notebook is
// "ok" when no cell failed or timed out and Err is empty.
//
// # Timing
//
// Each kernel is started with kernel.Options.Timing, and each cell's
// CellResult says where its wall time went (kernel.Timing): Compile, the
// part gonb spent making the cell's program (goimports, go get, go
// build), GoBuild, the go build alone, and CPU, the processor time of the
// kernel's process tree (gonb, go build with its compiler and linker,
// the cell's program; Linux only, CPUKnown). Result.Start is the
// kernel's start with its setup cell, and StartCPU the tree's CPU time by
// then. They are stored with a cached result (the times of the run that
// stored it) and are not part of any output: the report keeps them out of
// the data (publish.NotebookTiming).
//
// # Outputs
//
// Outputs are nbformat output objects built from the iopub messages in
// arrival order (see outputs): stream text merged per name
// consecutively, display_data and execute_result with data and metadata,
// update_display_data applied to every earlier output with the same
// transient display_id, clear_output honoured (wait=true clears at the
// next output), error with ename, evalue and traceback. In text outputs
// the kernel's private TMPDIR and gonb's random scratch package name are
// replaced by "$TMPDIR" and "gonb_cell", so two runs give the same bytes.
// Not deterministic, because gonb reads them from two pipes: the
// interleaving of a cell's stdout and stderr.
//
// # Cache
//
// The result of a notebook is stored under CacheDir/KEY.json (written to a
// temporary file and renamed), KEY being the hash of the notebook's Inputs,
// which are exactly what its result can depend on:
//
//   - executor: Version, the go command's version and target (go env
//     GOVERSION GOOS GOARCH GOAMD64 CGO_ENABLED GOEXPERIMENT GOFLAGS), the
//     options that change a result (CellTimeout, NotebookTimeout,
//     StopOnError, StopOnTimeout) and, when the repository is sigprop
//     itself, the source of this package and of every package of the module
//     it imports (the kernel client, the notebook reader);
//
//   - go.mod and go.sum (the pinned gonb kernel, every external module);
//
//   - the notebook file's bytes;
//
//   - every package of the module the notebook imports, directly or through
//     other packages: the notebook's code cells are searched for quoted
//     import paths under the module path, and `go list -e -deps` (one call
//     for all notebooks, GOWORK=off) gives the packages and their imports;
//     each package is hashed over its build files (GoFiles, CgoFiles,
//     EmbedFiles, assembly, ...; not tests). A Go file counts by its token
//     stream, so comments and layout do not count, except compiler
//     directives (//go:..., //line, //export, // +build); cgo files count
//     byte for byte;
//
//   - the data files the notebook declares in its metadata, every regular
//     file under each declared path:
//
//     "metadata": {"sigprop": {"data": ["data/fashion-mnist-subset"], "env": ["SIGPROP_TRAINSWEEP_DIR"]}}
//
//     (paths relative to the notebook's directory), followed through
//     symbolic links and hashed by what they point at; a path that leads
//     outside the repository or into its .git is an error (hashData); a
//     declared environment variable that is set turns the cache off for
//     that notebook, since what it points to is outside the key.
//
// A cached result is checked by Options.Check (the report's decodes every
// sigprop bundle); one that fails is evicted and its notebook executed
// again, with the reason in Result.Why, so one bad entry cannot fail every
// later report. An entry's stored name is never used.
//
// Keys use paths relative to the repository, so two checkouts (the git
// worktrees `sigprop diff` builds revisions in) share entries: a revision
// that changes one package re-executes only the notebooks that import it.
// Each stored entry keeps its Inputs, and CacheDir/last/ keeps those of the
// newest entry per notebook path, so that a re-execution says why
// (Result.Why: "lib/sde changed", "data/x.json added", "no cached result").
//
// Only notebooks whose status is "ok" are cached: a failure may be
// transient (a timeout on a loaded machine, a module download, a killed
// kernel) and is retried on the next run. A re-run with nothing changed
// reads the cache after one `go list`, and starts no kernel and builds no
// tool.
//
// A wrong key would show up as a cached result that differs from what its
// notebook computes now. VerifyCache re-executes one cached notebook,
// chosen at random (VerifySeed), and compares the sigprop bundles
// (figures, metrics, tables) of both runs exactly; a difference fails the
// notebook and removes the entry.
//
// # Temporary directories
//
// Each kernel has a private TMPDIR, os.TempDir()/sigprop-kernel-*, which
// records its owner process (package tempdir). Run removes those whose
// owner is gone (a run killed with SIGKILL cannot clean up) before it
// starts kernels.
package execute
