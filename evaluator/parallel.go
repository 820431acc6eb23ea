package evaluator

import (
	"context"
	"sync"
)

// forEach calls f(i) for i in 0..n-1, at most limit calls at a time, and
// then progress (if set) with how many are done, one progress call at a
// time. It starts no new call once ctx is done, and returns ctx's error.
func forEach(ctx context.Context, n, limit int, f func(i int), progress func(done int)) error {
	var (
		wg   sync.WaitGroup
		mu   sync.Mutex
		done int
	)
	sem := make(chan struct{}, limit)
loop:
	for i := range n {
		select {
		case sem <- struct{}{}:
		case <-ctx.Done():
			break loop
		}
		wg.Add(1)
		go func(i int) {
			defer func() { <-sem; wg.Done() }()
			f(i)
			if progress != nil {
				mu.Lock()
				done++
				progress(done)
				mu.Unlock()
			}
		}(i)
	}
	wg.Wait()
	return ctx.Err()
}
