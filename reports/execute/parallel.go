package execute

import (
	"runtime"
	"sync"
)

// parallelFor calls f(0), …, f(n−1) over GOMAXPROCS goroutines and
// returns when all have returned. f must write only to its own index's
// state: the caller reads the results in index order afterwards, so the
// outcome does not depend on the schedule. It is lib/empirical.Each with
// GOMAXPROCS workers, kept here because the executor's own source and
// what it imports from the module are in every notebook's cache key: a
// statistics package there would re-execute every notebook whenever it
// changed.
func parallelFor(n int, f func(i int)) {
	workers := min(runtime.GOMAXPROCS(0), n)
	if workers <= 1 {
		for i := range n {
			f(i)
		}
		return
	}
	next := make(chan int)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				f(i)
			}
		}()
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
}
