//go:build unix

package filelock

import (
	"context"
	"errors"
	"os"
	"time"

	"golang.org/x/sys/unix"
)

// pollEvery is how often a waiting Lock tries again.
const pollEvery = 50 * time.Millisecond

// Lock takes the exclusive lock on path (created with mode 0644 if it
// does not exist). If another holder has it, wait (when not nil) is
// called once and Lock tries again every 50 ms until it gets the lock or
// ctx is done (then it returns ctx's error). unlock releases the lock;
// calling it more than once is harmless.
func Lock(ctx context.Context, path string, wait func()) (unlock func(), err error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	waited := false
	for {
		err := unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB)
		if err == nil {
			break
		}
		if !errors.Is(err, unix.EWOULDBLOCK) && !errors.Is(err, unix.EINTR) {
			f.Close()
			return nil, &os.PathError{Op: "flock", Path: path, Err: err}
		}
		if !waited && wait != nil {
			wait()
		}
		waited = true
		select {
		case <-ctx.Done():
			f.Close()
			return nil, ctx.Err()
		case <-time.After(pollEvery):
		}
	}
	done := false
	return func() {
		if done {
			return
		}
		done = true
		unix.Flock(int(f.Fd()), unix.LOCK_UN)
		f.Close()
	}, nil
}
