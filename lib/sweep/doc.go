// Package sweep describes a parameter sweep and reads its results back: the
// grid of points (a product of axes, or an explicit list), each point's key
// and Monte Carlo seed, the split of the points into shards, and the
// on-disk form of a sweep directory, read through an fs.FS.
//
// It backs `sigprop sweep` (reports/sweep does the planning, the running on
// local workers or Slurm job arrays, and the status) and the notebooks,
// which read a finished sweep with Read and never look at its files.
//
// # Two kinds of sweep
//
//   - "eval": one quantity of `sigprop eval` (lib/quantity) over a grid of
//     its parameters. EvalSettings names the quantity, the axes (or an
//     explicit list of points) and the parameters held fixed. An axis may
//     bind several parameters to the same value ("alpha_a,alpha_m"), which
//     is how the α = α_A = α_M planes of Cowsik et al. 2024 are swept.
//     Points are keyed by their index: i000 … i399.
//   - "trainability": the trainability experiment of lib/trainsweep over
//     (α, σ_w), keyed by value as "a0.0500_s0.2000". Its settings are
//     trainsweep.Settings, which this package decodes only for the two
//     grids (Alphas, SigmaWs); directories written by the former
//     cmd/trainsweep have no Kind and are read as this kind.
//
// # A sweep directory
//
//	provenance.json      Provenance: Kind, Settings, every invocation (plan, run)
//	<key>.json           a finished point (Record for eval, trainsweep.Result for trainability)
//	<key>.failed.json    a point whose computation returned an error (Failure)
//	<key>.running        a claim: some process is computing the point (Claim)
//	slurm.json           the Slurm submissions (reports/sweep)
//
// Every file is written to a temporary name in the same directory and
// renamed, so a reader sees a whole file or none; a process killed
// mid-point leaves at most a stale claim and a *.tmp file, both ignored by
// Read. A point's state is decided by which of its files exist: done beats
// failed beats running beats missing.
//
// # Determinism
//
// A point's result depends on the plan and the point only: not on the
// number of workers or shards, nor on the order in which points finish.
// Where a quantity takes a seed that the plan leaves free, each point gets
// PointSeed(plan seed, its parameters), a function of its parameter values,
// so the same (α, σ_w) draws the same stream in any grid that contains it.
//
// This package does no I/O of its own: Read takes an fs.FS (os.DirFS for a
// directory on disk), and writing lives in reports/sweep.
package sweep
