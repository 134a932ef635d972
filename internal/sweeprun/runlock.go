package sweeprun

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/sigprop/sigprop/internal/tempdir"
	"github.com/sigprop/sigprop/lib/sweep"
)

// ErrShardBusy is returned (wrapped) by Run when another run of the same
// shard of the sweep holds its lock.
var ErrShardBusy = errors.New("another run of this shard is in progress")

// shardLockName is the file that a run of shard holds while it runs:
// two runs of one shard (two plain `sweep run DIR`, shard 0/1, say)
// would compute every point twice.
func shardLockName(shard sweep.Shard) string {
	return "run-" + strings.ReplaceAll(shard.String(), "/", "-of-") + ".lock"
}

// lockShard takes dir's lock of shard, recording this process ("HOST PID
// START"), and returns its release. A lock of a process of this host
// that is gone (pid and start time, package tempdir) is taken over; one
// of a live process, or of another host (where this process cannot tell),
// is an error wrapping ErrShardBusy that names the holder and the file
// to delete if that run is known to be gone. Runs of distinct shards of
// one array never share a point and do not contend; a plain run and a
// sharded one may still compute a point twice.
func lockShard(dir string, shard sweep.Shard) (release func(), err error) {
	path := filepath.Join(dir, shardLockName(shard))
	host := hostname()
	record := append([]byte(host+" "), tempdir.OwnerRecord()...)
	for attempt := 0; attempt < 2; attempt++ {
		f, err := os.OpenFile(path, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644)
		if err == nil {
			_, werr := f.Write(record)
			if cerr := f.Close(); werr == nil {
				werr = cerr
			}
			if werr != nil {
				os.Remove(path)
				return nil, werr
			}
			return func() { os.Remove(path) }, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return nil, err
		}
		b, _ := os.ReadFile(path)
		h, owner, _ := strings.Cut(strings.TrimSpace(string(b)), " ")
		if h == host {
			if gone, ok := tempdir.OwnerGone([]byte(owner)); ok && gone {
				os.Remove(path) // the run that held it was killed
				continue
			}
		}
		return nil, fmt.Errorf("%w: %s holds %s (host, pid, start); wait for it, run another --shard, or delete the file if that run is gone", ErrShardBusy, strings.TrimSpace(string(b)), path)
	}
	return nil, fmt.Errorf("%w: %s", ErrShardBusy, path)
}
