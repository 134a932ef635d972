package trainsweep

import (
	"errors"
	"fmt"
	"io"
	"math"
	"sort"
	"strings"
	"sync"
	"time"
)

// Point is one grid point.
type Point struct {
	Index  int     // position in the grid, row-major over (Alphas, SigmaWs)
	Alpha  float64 // α = α_A = α_M
	SigmaW float64 // σ_w
}

// Key names the point's result (stable across runs of the same grid
// values), e.g. "a0.3000_s1.5000".
func (p Point) Key() string { return fmt.Sprintf("a%.4f_s%.4f", p.Alpha, p.SigmaW) }

// Grid is the product of α values and σ_w values.
type Grid struct {
	Alphas, SigmaWs []float64
}

// Points lists the grid row-major: α outer, σ_w inner. It panics if the
// grid is empty, a value is outside α ∈ [0, 1], σ_w > 0, or two points
// share a Key.
func (g Grid) Points() []Point {
	if len(g.Alphas) == 0 || len(g.SigmaWs) == 0 {
		panic("trainsweep: grid needs at least one α and one σ_w")
	}
	var ps []Point
	seen := map[string]bool{}
	for _, a := range g.Alphas {
		if !(a >= 0 && a <= 1) {
			panic(fmt.Sprintf("trainsweep: α must lie in [0, 1], got %v", a))
		}
		for _, s := range g.SigmaWs {
			if !(s > 0) || math.IsInf(s, 0) {
				panic(fmt.Sprintf("trainsweep: σ_w must be finite and > 0, got %v", s))
			}
			p := Point{Index: len(ps), Alpha: a, SigmaW: s}
			if seen[p.Key()] {
				panic(fmt.Sprintf("trainsweep: duplicate grid point %s", p.Key()))
			}
			seen[p.Key()] = true
			ps = append(ps, p)
		}
	}
	return ps
}

// Store keeps one result per point key. Implementations must be safe for
// concurrent use.
type Store interface {
	// Load returns the stored result and true, or false if there is none.
	Load(key string) (Result, bool, error)
	// Save stores r under key (atomically: a crash leaves either no
	// result or the whole result).
	Save(key string, r Result) error
}

// MemStore is an in-memory Store.
type MemStore struct {
	mu sync.Mutex
	m  map[string]Result
}

// Load implements Store.
func (s *MemStore) Load(key string) (Result, bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	r, ok := s.m[key]
	return r, ok, nil
}

// Save implements Store.
func (s *MemStore) Save(key string, r Result) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.m == nil {
		s.m = map[string]Result{}
	}
	s.m[key] = r
	return nil
}

// Len returns the number of stored results.
func (s *MemStore) Len() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.m)
}

// Task computes one point's result.
type Task func(p Point) (Result, error)

// RunSettings configures Run. Zero values: 1 worker, no progress output,
// the wall clock.
type RunSettings struct {
	Workers  int
	Progress io.Writer        // one line per finished point
	Now      func() time.Time // clock for rates and the ETA (tests inject one)
}

// Run evaluates task on every point not already in store, with s.Workers
// goroutines, saving each result as soon as it is done, and returns all
// results (stored and new) in grid order. Points are handed out in grid
// order. The first task or store error stops the hand-out of new points;
// Run waits for the running ones, saves their results, and returns the
// errors joined. It panics on a nil task or store.
func Run(points []Point, task Task, store Store, s RunSettings) ([]Result, error) {
	if task == nil || store == nil {
		panic("trainsweep: Run needs a non-nil task and store")
	}
	workers := max(s.Workers, 1)
	now := s.Now
	if now == nil {
		now = time.Now
	}
	results := make([]Result, len(points))
	have := make([]bool, len(points))
	var todo []int
	for i, p := range points {
		r, ok, err := store.Load(p.Key())
		if err != nil {
			return nil, fmt.Errorf("trainsweep: loading %s: %w", p.Key(), err)
		}
		if ok {
			results[i], have[i] = r, true
		} else {
			todo = append(todo, i)
		}
	}
	resumed := len(points) - len(todo)
	start := now()
	var (
		mu   sync.Mutex
		errs []error
		done int
		next int
		wg   sync.WaitGroup
	)
	report := func(p Point, r Result) { // called with mu held
		if s.Progress == nil {
			return
		}
		el := now().Sub(start)
		per := el / time.Duration(done)
		eta := per * time.Duration(len(todo)-done)
		const width = 20
		fill := width * (resumed + done) / len(points)
		fmt.Fprintf(s.Progress, "sweep [%s%s] %d/%d (%d resumed) %s: test loss %.4f | %.1f s/point wall, ETA %s\n",
			strings.Repeat("#", fill), strings.Repeat(".", width-fill),
			resumed+done, len(points), resumed, p.Key(), r.TestLoss, per.Seconds(), eta.Round(time.Second))
	}
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				mu.Lock()
				if next >= len(todo) || len(errs) > 0 {
					mu.Unlock()
					return
				}
				i := todo[next]
				next++
				mu.Unlock()
				p := points[i]
				r, err := task(p)
				if err == nil {
					err = store.Save(p.Key(), r)
				}
				mu.Lock()
				if err != nil {
					errs = append(errs, fmt.Errorf("trainsweep: point %s: %w", p.Key(), err))
				} else {
					results[i], have[i] = r, true
					done++
					report(p, r)
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if len(errs) > 0 {
		sort.Slice(errs, func(a, b int) bool { return errs[a].Error() < errs[b].Error() })
		return nil, errors.Join(errs...)
	}
	return results, nil
}
