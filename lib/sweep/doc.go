// Package sweep describes a parameter sweep and reads its results back: the
// grid of points (a product of axes, or an explicit list), each point's key
// and Monte Carlo seed, the split of the points into shards, and the
// on-disk form of a sweep directory, read through an fs.FS.
//
// It backs `sigprop sweep` (internal/sweeprun does the planning, the running on
// local workers or Slurm job arrays, and the status) and the notebooks,
// which read a finished sweep with Read and never look at its files. The
// two kinds of sweep ("eval" and "trainability") and the files of a sweep
// directory are described under Provenance; a point's result depends on the
// plan and the point only (see PointSeed). This package does no I/O of its
// own: Read takes an fs.FS (os.DirFS for a directory on disk), and writing
// lives in internal/sweeprun.
package sweep
