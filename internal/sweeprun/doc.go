// Package sweeprun runs `sigprop sweep`: it plans a sweep directory, runs its
// points on local workers or as a Slurm job array, and reports where it
// stands. The grids, keys, seeds, file formats and the read-back used by
// notebooks are in lib/sweep; the computations are lib/quantity's (an
// eval sweep) and lib/trainsweep's (the trainability experiment); this
// package does the orchestration and the I/O.
//
//	PlanEval, PlanTrainability   write DIR/provenance.json after checking every value
//	Run                          compute the missing points of a shard with N workers
//	Status                       done / running / failed / missing, and what Slurm says
//	Submit                       an sbatch job array, task i running shard i/N
//	Generators, LookupGenerator  the committed data sets computed whole (`sigprop sweep generate`)
//
// Two of the notebooks' committed data sets are a fixed plan of seeded
// computations rather than a grid (the Jacobian spectra of notebook 04,
// subpackage jacdata; the Noci et al. training runs of notebook 06,
// subpackage nocidata). A Generator computes one whole, or the entries of
// its plan given by --only to check a slice of the committed files, and
// writes provenance.json as lib/sweep.Generated: the same invocation record
// that a sweep keeps of each of its invocations.
//
// # Files, claims and crashes
//
// Every file is written atomically (a temporary file in DIR, then a
// rename), so a point's result is whole or absent. A point that computes
// for more than a second is claimed (DIR/<key>.running) until its result
// is written; a process killed mid-point leaves a stale claim, which
// Status recognises (the process is gone from this host, or its Slurm
// task from squeue) and counts as missing, and which the next Run
// removes when it has written the point. On SIGTERM (scancel) a run
// finishes the writes under way, starts none, removes its claims and
// records itself as interrupted. provenance.json gains one invocation per run,
// appended under a lock file (O_EXCL, which works on NFS) because the
// tasks of an array start together.
//
// # Slurm
//
// Submit writes DIR/slurm/submit-K.sbatch, a job array whose task i runs
// `sigprop sweep run DIR --shard i/N`, submits it with sbatch --parsable
// and records the job id in DIR/slurm.json; Status asks squeue (live
// tasks) and sacct (finished ones, when the cluster keeps accounting)
// about the recorded jobs. Only shards with work are submitted, so a
// resubmission after scancel, a time limit or a node failure runs what
// is missing and nothing else. The binary must be on a file system the
// compute nodes share with DIR; `go run`'s temporary binary is refused.
//
// The former command reports/trainsweep/cmd/trainsweep maps onto
//
//	sigprop sweep plan DIR trainability [its flags, same names and defaults]
//	sigprop sweep run DIR [--workers N]
//
// and its result directories (notebooks/data/trainability/…) are
// trainability sweeps as they stand: same provenance.json, same files.
package sweeprun
