package empirical

import "sync"

// Pool runs do(w, i) for i = 0, …, n−1 on min(workers, n) goroutines, each
// with its own state w = newWorker() (a workspace, a solver with per-call
// state), and returns when all are done. Indices are handed out in order
// from a shared counter; do must write its result to slot i of the
// caller's output so that the outcome does not depend on the schedule.
// workers <= 1 runs everything on the calling goroutine.
func Pool[W any](n, workers int, newWorker func() W, do func(w W, i int)) {
	if n <= 0 {
		return
	}
	if workers <= 1 || n == 1 {
		w := newWorker()
		for i := range n {
			do(w, i)
		}
		return
	}
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(workers, n) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := newWorker()
			for i := range next {
				do(w, i)
			}
		}()
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
}

// Each is Pool without per-worker state: do(i) for i = 0, …, n−1.
func Each(n, workers int, do func(i int)) {
	Pool(n, workers, func() struct{} { return struct{}{} }, func(_ struct{}, i int) { do(i) })
}
