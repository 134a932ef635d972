package sweeprun

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"time"

	"github.com/sigprop/sigprop/internal/atomicfile"
	"github.com/sigprop/sigprop/lib/sweep"
)

// writeJSON writes v as indented JSON, atomically.
func writeJSON(path string, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	return atomicfile.Write(path, append(b, '\n'))
}

// Lock timing: a holder keeps the lock for one read-modify-write of a
// small file, so a lock older than staleLock belongs to a process that
// died holding it.
const (
	staleLock = 30 * time.Second
	lockWait  = 2 * time.Minute
)

// withLock runs fn holding name+".lock", an exclusively created file (which
// works on NFS, unlike flock on some mounts). Shards started together by a
// job array append their invocations to one provenance.json this way.
func withLock(name string, fn func() error) error {
	lock := name + ".lock"
	deadline := time.Now().Add(lockWait)
	for {
		f, err := os.OpenFile(lock, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644)
		if err == nil {
			fmt.Fprintf(f, "%s %d\n", hostname(), os.Getpid())
			f.Close()
			defer os.Remove(lock)
			return fn()
		}
		if !errors.Is(err, fs.ErrExist) {
			return err
		}
		if st, err := os.Stat(lock); err == nil && time.Since(st.ModTime()) > staleLock {
			os.Remove(lock)
			continue
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("%s held for more than %s (delete it if no sweep command is running)", lock, lockWait)
		}
		time.Sleep(time.Duration(10+rand.IntN(40)) * time.Millisecond)
	}
}

// readProvenance reads DIR/provenance.json.
func readProvenance(dir string) (sweep.Provenance, error) {
	var p sweep.Provenance
	path := filepath.Join(dir, sweep.ProvenanceFile)
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return p, fmt.Errorf("%s is not a sweep directory (no %s; plan one with `sigprop sweep plan`)", dir, sweep.ProvenanceFile)
	}
	if err != nil {
		return p, err
	}
	if err := json.Unmarshal(b, &p); err != nil {
		return p, fmt.Errorf("%s: %w", path, err)
	}
	return p, nil
}

// readPoints reads DIR/provenance.json and lists the points of its grid.
func readPoints(dir string) (sweep.Provenance, []sweep.Point, error) {
	prov, err := readProvenance(dir)
	if err != nil {
		return prov, nil, err
	}
	grid, err := prov.Grid()
	if err != nil {
		return prov, nil, err
	}
	points, err := grid.Points()
	return prov, points, err
}

// updateProvenance applies fn to DIR/provenance.json under its lock and
// writes the result atomically.
func updateProvenance(dir string, fn func(*sweep.Provenance) error) error {
	path := filepath.Join(dir, sweep.ProvenanceFile)
	return withLock(path, func() error {
		p, err := readProvenance(dir)
		if err != nil {
			return err
		}
		if err := fn(&p); err != nil {
			return err
		}
		return writeJSON(path, p)
	})
}

// hostname is the machine's name, or "unknown".
func hostname() string {
	h, err := os.Hostname()
	if err != nil {
		return "unknown"
	}
	return h
}

// slurmTask names the Slurm task this process runs in: "JOB_TASK" for an
// array task, "JOB" for a plain job, "" outside Slurm.
func slurmTask() string {
	if a, t := os.Getenv("SLURM_ARRAY_JOB_ID"), os.Getenv("SLURM_ARRAY_TASK_ID"); a != "" && t != "" {
		return a + "_" + t
	}
	return os.Getenv("SLURM_JOB_ID")
}
