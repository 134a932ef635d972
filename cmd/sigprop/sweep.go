package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/sigprop/sigprop/internal/sweeprun"
	"github.com/sigprop/sigprop/lib/fashionmnist"
	lsweep "github.com/sigprop/sigprop/lib/sweep"
	"github.com/sigprop/sigprop/lib/trainsweep"
)

const sweepUsage = `usage:
  sigprop sweep plan DIR eval NAME [PARAM[,PARAM]=lo:hi:k|a,b,c|@FILE ...] [PARAM=value ...] [--points FILE.csv] [--block FILE] [--seed S]
  sigprop sweep plan DIR trainability [--alphas lo:hi:k|a,b,c] [--sigmas ...] [--d 64] [--layers 16] [--steps 500] ... (--help)
  sigprop sweep run DIR [--workers N] [--shard i/n] [--retry-failed]
  sigprop sweep status DIR [--json] [--all]
  sigprop sweep submit DIR --slurm [--array-size N] [--sbatch-arg ARG ...] [--binary PATH] [--workers N] [--wait D]
  sigprop sweep generate NAME DIR [--workers N] [--only i,j,...]   (a committed data set computed whole: jacobian-spectra, noci-training, noci-probe, compose-training, noci23-fig3, noci-reverse, murray-fig2, schoenholz-depth, schoenholz-budget, go-corpus)
`

// cmdSweep implements `sigprop sweep`.
func cmdSweep(args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, sweepUsage)
		return errors.New("missing subcommand: plan, run, status, submit or generate")
	}
	switch args[0] {
	case "plan":
		return sweepPlan(args[1:], stdout, stderr)
	case "run":
		return sweepRun(args[1:], stderr)
	case "status":
		return sweepStatus(args[1:], stdout, stderr)
	case "submit":
		return sweepSubmit(args[1:], stdout, stderr)
	case "generate":
		return sweepGenerate(args[1:], stdout, stderr)
	case "-h", "--help", "help":
		fmt.Fprint(stdout, sweepUsage)
		return nil
	}
	fmt.Fprint(stderr, sweepUsage)
	return fmt.Errorf("unknown subcommand %q", args[0])
}

// newFlagSet returns the flag set of a subcommand: errors and usage go to
// stderr, and -h prints usage (its own lines) and then the flags.
func newFlagSet(name, usage string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, usage)
		fs.PrintDefaults()
	}
	return fs
}

// parseInterleaved parses flags that may come before, between or after
// the positional arguments, and returns the positional ones.
func parseInterleaved(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
		pos, args = append(pos, args[0]), args[1:]
	}
}

func sweepPlan(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("sweep plan", sweepUsage, stderr)
	// eval
	points := fs.String("points", "", "eval: CSV file of points (header: parameter names), instead of axes")
	seed := fs.Uint64("seed", 1, "eval: seed from which each point's Monte Carlo seed is derived; trainability: initialisation and batch order of every point")
	blockFile := fs.String("block", "", "eval: KEY = VALUE file of fixed parameters (a composed block for compose.*); arguments and axes override it")
	// trainability: the flags of the former cmd/trainsweep, same names and defaults
	alphas := fs.String("alphas", "0.1:0.9:3", "trainability: α values, lo:hi:k or a,b,c")
	sigmas := fs.String("sigmas", "0.5:3:3", "trainability: σ_w values, lo:hi:k or a,b,c")
	d := fs.Int("d", 64, "trainability: embedding width")
	layers := fs.Int("layers", 16, "trainability: blocks L")
	patch := fs.Int("patch", 7, "trainability: patch side (a divisor of 28)")
	steps := fs.Int("steps", 500, "trainability: Adam steps per point")
	batch := fs.Int("batch", 64, "trainability: batch size")
	lr := fs.Float64("lr", 3e-4, "trainability: Adam learning rate")
	nTrain := fs.Int("train", 0, "trainability: training examples (0: all 50 000)")
	nVal := fs.Int("val", 10000, "trainability: validation examples split off the training set")
	nTest := fs.Int("test", 0, "trainability: test examples (0: all 10 000)")
	splitSeed := fs.Uint64("split-seed", 1, "trainability: seed of the train/validation split (keep it fixed across --seed replicas)")
	data := fs.String("data", fashionmnist.DebianDir, "trainability: Fashion-MNIST directory")
	revision := fs.String("revision", "", "source commit to record (default: the binary's, or git's)")
	pos, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	if len(pos) < 2 {
		fs.Usage()
		return errors.New("sweep plan needs a directory and a kind (eval NAME or trainability)")
	}
	dir, kind := pos[0], pos[1]
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	onlyFor := func(k string, names ...string) error {
		for _, n := range names {
			if set[n] {
				return fmt.Errorf("--%s applies to %s sweeps only", n, k)
			}
		}
		return nil
	}
	inv := sweeprun.NewInvocation("plan", 0)
	if *revision != "" {
		inv.Revision = *revision
	}
	switch kind {
	case lsweep.KindEval:
		if err := onlyFor("trainability", "alphas", "sigmas", "d", "layers", "patch", "steps", "batch", "lr", "train", "val", "test", "split-seed", "data"); err != nil {
			return err
		}
		var file map[string]string
		if *blockFile != "" {
			if file, err = readBlockFile(*blockFile); err != nil {
				return err
			}
		}
		if len(pos) < 3 {
			return errors.New("sweep plan DIR eval needs a quantity name (see `sigprop eval --list`)")
		}
		s := lsweep.EvalSettings{Quantity: pos[2], Seed: *seed, Fixed: map[string]string{}}
		for _, a := range pos[3:] {
			name, spec, ok := strings.Cut(a, "=")
			if !ok {
				return fmt.Errorf("argument %q is not PARAM=values", a)
			}
			if strings.HasPrefix(spec, "@") {
				b, err := os.ReadFile(spec[1:])
				if err != nil {
					return fmt.Errorf("%s: %w", name, err)
				}
				a = name + "=" + string(b)
			} else if !strings.ContainsAny(spec, ":,") && !strings.Contains(name, ",") {
				if _, dup := s.Fixed[name]; dup {
					return fmt.Errorf("parameter %s given twice", name)
				}
				s.Fixed[name] = spec // one value: held fixed, not an axis
				continue
			}
			ax, err := lsweep.ParseAxis(a)
			if err != nil {
				return err
			}
			s.Axes = append(s.Axes, ax)
		}
		if *points != "" {
			if len(s.Axes) > 0 {
				return errors.New("--points and axes exclude each other: put every swept parameter in the file")
			}
			b, err := os.ReadFile(*points)
			if err != nil {
				return err
			}
			if s.List, err = lsweep.ParseList(string(b)); err != nil {
				return fmt.Errorf("%s: %w", *points, err)
			}
		}
		for k, v := range file {
			swept := s.List != nil && slices.Contains(s.List.Names, k)
			for _, ax := range s.Axes {
				swept = swept || slices.Contains(ax.Names, k)
			}
			if _, fixed := s.Fixed[k]; !fixed && !swept {
				s.Fixed[k] = v
			}
		}
		s, created, err := sweeprun.PlanEval(dir, s, inv)
		if err != nil {
			return err
		}
		n, _ := s.Grid().Len()
		fmt.Fprintf(stdout, "%s %s: eval %s, %d points\n", planned(created), dir, s.Quantity, n)
		return nil
	case lsweep.KindTrainability:
		if err := onlyFor("eval", "points"); err != nil {
			return err
		}
		if len(pos) > 2 {
			return fmt.Errorf("unexpected arguments %q (trainability settings are flags, e.g. --alphas 0.1:0.9:3)", pos[2:])
		}
		as, err := floatValues("alphas", *alphas)
		if err != nil {
			return err
		}
		ss, err := floatValues("sigmas", *sigmas)
		if err != nil {
			return err
		}
		s := trainsweep.Settings{Alphas: as, SigmaWs: ss, D: *d, Layers: *layers, Patch: *patch, Steps: *steps,
			Batch: *batch, LR: *lr, Train: *nTrain, Val: *nVal, Test: *nTest, Seed: *seed, SplitSeed: *splitSeed, DataDir: *data}
		created, err := sweeprun.PlanTrainability(dir, s, inv)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "%s %s: trainability, %d points\n", planned(created), dir, len(as)*len(ss))
		return nil
	}
	return fmt.Errorf("unknown sweep kind %q: eval or trainability", kind)
}

func planned(created bool) string {
	if created {
		return "planned"
	}
	return "already planned with these settings:"
}

// floatValues parses a trainability grid flag (lo:hi:k or a list).
func floatValues(flagName, spec string) ([]float64, error) {
	vals, err := lsweep.ParseValues(spec)
	if err != nil {
		return nil, fmt.Errorf("--%s: %w", flagName, err)
	}
	out := make([]float64, len(vals))
	for i, v := range vals {
		if _, err := fmt.Sscan(v, &out[i]); err != nil {
			return nil, fmt.Errorf("--%s: %q is not a number", flagName, v)
		}
	}
	return out, nil
}

func oneDir(fs *flag.FlagSet, args []string) (string, error) {
	pos, err := parseInterleaved(fs, args)
	if err != nil {
		return "", err
	}
	if len(pos) != 1 {
		fs.Usage()
		return "", fmt.Errorf("want one sweep directory, got %d arguments", len(pos))
	}
	return pos[0], nil
}

func sweepRun(args []string, stderr io.Writer) error {
	fs := newFlagSet("sweep run", "usage: sigprop sweep run DIR [--workers N] [--shard i/n] [--retry-failed]\n", stderr)
	workers := fs.Int("workers", runtime.GOMAXPROCS(0), "parallel points in this process")
	shard := fs.String("shard", "0/1", "the part of the grid to run, i/n: the points whose index is i mod n")
	retry := fs.Bool("retry-failed", false, "also recompute points recorded as failed")
	revision := fs.String("revision", "", "source commit to record (default: the binary's, or git's)")
	dir, err := oneDir(fs, args)
	if err != nil {
		return err
	}
	sh, err := lsweep.ParseShard(*shard)
	if err != nil {
		return fmt.Errorf("--shard: %w", err)
	}
	if *workers < 1 {
		return fmt.Errorf("--workers=%d out of range: integer >= 1", *workers)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	inv := sweeprun.NewInvocation("run", *workers)
	if *revision != "" {
		inv.Revision = *revision
	}
	sum, err := sweeprun.Run(ctx, dir, sweeprun.RunOptions{Workers: *workers, Shard: sh, RetryFailed: *retry, Progress: stderr, Invocation: inv})
	if errors.Is(err, sweeprun.ErrInterrupted) {
		return &exitError{code: 1, err: fmt.Errorf("interrupted: %d points finished in this run are kept; rerun to finish", sum.Computed)}
	}
	if err != nil {
		return err
	}
	if sum.Incomplete() {
		return &exitError{code: 1, err: fmt.Errorf("shard %s: %d points failed (`sigprop sweep status %s` shows why)", sh, sum.Failed+sum.FailedBefore, dir)}
	}
	return nil
}

func sweepStatus(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("sweep status", "usage: sigprop sweep status DIR [--json] [--all]   (exit 0 when every point is done, 1 otherwise)\n", stderr)
	asJSON := fs.Bool("json", false, "write the report as JSON (every point, the totals, Slurm)")
	all := fs.Bool("all", false, "list every point, done ones included")
	dir, err := oneDir(fs, args)
	if err != nil {
		return err
	}
	rep, err := sweeprun.Status(context.Background(), dir, nil)
	if err != nil {
		return err
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		err = enc.Encode(rep)
	} else {
		err = rep.WriteText(stdout, *all)
	}
	if err != nil {
		return err
	}
	if !rep.Totals.Complete() {
		return &exitError{code: 1, err: fmt.Errorf("%d of %d points not done", rep.Totals.Points-rep.Totals.Done, rep.Totals.Points)}
	}
	return nil
}

// stringList is a repeatable string flag.
type stringList []string

func (s *stringList) String() string     { return strings.Join(*s, " ") }
func (s *stringList) Set(v string) error { *s = append(*s, v); return nil }

func sweepSubmit(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("sweep submit", "usage: sigprop sweep submit DIR --slurm [--array-size N] [--sbatch-arg ARG ...] [--binary PATH] [--workers N] [--wait D]\n", stderr)
	slurm := fs.Bool("slurm", false, "submit to Slurm as a job array (the only scheduler so far; required)")
	size := fs.Int("array-size", 0, "number of shards N; array task i runs shard i/N (default: the last submission's, or min(points to do, 16))")
	var sbatchArgs stringList
	fs.Var(&sbatchArgs, "sbatch-arg", "argument for sbatch, e.g. --sbatch-arg=--time=2:00:00 (repeatable)")
	binary := fs.String("binary", "", "sigprop binary for the tasks, on the shared file system (default: this one)")
	workers := fs.Int("workers", 0, "workers per task (default: $SLURM_CPUS_PER_TASK, else 1)")
	retry := fs.Bool("retry-failed", false, "also rerun points recorded as failed")
	wait := fs.Duration("wait", 0, "wait up to this long for the array to finish, then print the status (0: return after submitting)")
	dir, err := oneDir(fs, args)
	if err != nil {
		return err
	}
	if !*slurm {
		return errors.New("--slurm is required (Slurm job arrays are the only way to submit a sweep)")
	}
	if *size < 0 || *workers < 0 || *wait < 0 {
		return errors.New("--array-size, --workers and --wait must be >= 0")
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	sub, err := sweeprun.Submit(ctx, dir, sweeprun.SubmitOptions{ArraySize: *size, SbatchArgs: sbatchArgs, Binary: *binary,
		Workers: *workers, RetryFailed: *retry, Wait: *wait, Command: os.Args})
	if errors.Is(err, sweeprun.ErrNothingToDo) {
		fmt.Fprintln(stdout, err)
		return statusExit(dir, stdout, false)
	}
	if sub.JobID != "" {
		fmt.Fprintf(stdout, "submitted job %s: array %s of %d (%s)\n", sub.JobID, sub.Tasks, sub.ArraySize, sub.Script)
	}
	if err != nil {
		return err
	}
	if *wait > 0 {
		return statusExit(dir, stdout, true)
	}
	return nil
}

// statusExit prints the totals (and, if show, the whole text report) and
// fails with exit 1 unless every point is done.
func statusExit(dir string, stdout io.Writer, show bool) error {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	rep, err := sweeprun.Status(ctx, dir, nil)
	if err != nil {
		return err
	}
	if show {
		rep.WriteText(stdout, false)
	}
	if !rep.Totals.Complete() {
		return &exitError{code: 1, err: fmt.Errorf("%d of %d points not done", rep.Totals.Points-rep.Totals.Done, rep.Totals.Points)}
	}
	return nil
}
