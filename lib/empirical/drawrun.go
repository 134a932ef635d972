package empirical

import "sync"

// DrawRun runs draw(s, i) then run(s, i) for i = 0, …, n−1, where the
// draws share one random stream and must happen in index order while the
// runs are independent: draw takes the sample's randomness (weights,
// inputs) into a slot s, run computes on it and stores its result at
// index i. The draws run one at a time in order on one goroutine while up
// to workers runs proceed in parallel, each on its own slot (workers+1
// slots from newSlot, so that the next draw overlaps the runs). The
// stream is consumed exactly as by the serial loop, so the outcome does
// not depend on workers; workers <= 1 is that serial loop on the calling
// goroutine with one slot. Unlike Pool it keeps an existing draw order
// (and so the figures made with it) when a simulation is spread over
// cores.
func DrawRun[S any](n, workers int, newSlot func() S, draw func(s S, i int), run func(s S, i int)) {
	if workers <= 1 || n <= 1 {
		// Pool's serial loop: one slot, draw then run for each i.
		Pool(n, 1, newSlot, func(s S, i int) { draw(s, i); run(s, i) })
		return
	}
	workers = min(workers, n)
	type job struct {
		s S
		i int
	}
	free := make(chan S, workers+1)
	for range workers + 1 {
		free <- newSlot()
	}
	jobs := make(chan job)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				run(j.s, j.i)
				free <- j.s
			}
		}()
	}
	for i := range n {
		s := <-free
		draw(s, i)
		jobs <- job{s, i}
	}
	close(jobs)
	wg.Wait()
}
