package filelock

import (
	"context"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestLockExcludes has 8 goroutines increment a counter under the lock
// with a pause between read and write: without exclusion increments are
// lost (the read-modify-write of a manifest, in miniature).
func TestLockExcludes(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.lock")
	var counter, waits atomic.Int64
	var wg sync.WaitGroup
	const n, rounds = 8, 5
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range rounds {
				unlock, err := Lock(context.Background(), path, func() { waits.Add(1) })
				if err != nil {
					t.Error(err)
					return
				}
				v := counter.Load()
				time.Sleep(time.Millisecond)
				counter.Store(v + 1)
				unlock()
				unlock() // harmless
			}
		}()
	}
	wg.Wait()
	if got := counter.Load(); got != n*rounds {
		t.Errorf("counter = %d, want %d: increments lost", got, n*rounds)
	}
	if waits.Load() == 0 {
		t.Error("no Lock ever waited: the test did not contend")
	}
}

// TestLockCancel: a Lock waiting for a held lock returns ctx's error
// when ctx ends.
func TestLockCancel(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.lock")
	unlock, err := Lock(context.Background(), path, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer unlock()
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	called := false
	if _, err := Lock(ctx, path, func() { called = true }); err != context.DeadlineExceeded {
		t.Errorf("Lock on a held lock = %v, want %v", err, context.DeadlineExceeded)
	}
	if !called {
		t.Error("wait was not called")
	}
}

// TestLockLeavesNothing: after unlock the lock file is gone, and a Lock
// that was waiting while the holder removed it still excludes a third.
func TestLockLeavesNothing(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.lock")
	unlock, err := Lock(context.Background(), path, nil)
	if err != nil {
		t.Fatal(err)
	}
	unlock()
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Errorf("lock file left after unlock: %v", err)
	}
}
