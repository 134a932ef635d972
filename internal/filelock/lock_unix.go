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

// Lock takes the exclusive lock on path (a file created with mode 0644).
// If another holder has it, wait (when not nil) is called once and Lock
// tries again every 50 ms until it gets the lock or ctx is done (then it
// returns ctx's error). unlock removes the file and releases the lock;
// calling it more than once is harmless.
//
// Because the holder removes the file, a waiter may win the lock of a
// file that is no longer at path; Lock then starts again with the file
// that is (the lock is held only when the locked file is the one at path).
func Lock(ctx context.Context, path string, wait func()) (unlock func(), err error) {
	waited := false
	for {
		f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
		if err != nil {
			return nil, err
		}
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
		held, err1 := f.Stat()
		now, err2 := os.Stat(path)
		if err1 == nil && err2 == nil && os.SameFile(held, now) {
			done := false
			return func() {
				if done {
					return
				}
				done = true
				os.Remove(path) // before letting go: a waiter then finds it gone and starts again
				unix.Flock(int(f.Fd()), unix.LOCK_UN)
				f.Close()
			}, nil
		}
		f.Close() // the holder removed it meanwhile
	}
}
