package web

import (
	"context"
	"runtime"
	"runtime/debug"
	runtimemetrics "runtime/metrics"
	"time"
)

// After a burst (thousands of connections, each with its buffers) the
// memory stays with the process: fasthttp keeps request buffers in
// sync.Pools, which only garbage collections empty, and a server gone
// quiet allocates too little to start one. So every memoryCheckEvery the
// server looks at what it allocated and how many connections it holds;
// when a burst is over (see memoryReturner.due) it collects twice (a pool
// lets go on the second) and hands the free memory back to the system.
// Under steady load it does nothing: the collector runs anyway.
const (
	memoryCheckEvery = 15 * time.Second
	// memoryBurst is the allocation since memory was last returned that
	// makes a burst; a quiet interval allocates under an eighth of it.
	memoryBurst = 64 << 20
	// connsBurst is the drop in open connections that ends a burst.
	connsBurst = 256
)

// memoryReturner decides when to return memory. Its zero value has seen
// nothing yet.
type memoryReturner struct {
	returnedAt uint64 // allocated bytes (cumulative) when memory was last returned
	last       uint64 // at the last check
	peakConns  int    // most connections open at a check since then
}

// due reports, at a check that finds allocs bytes allocated so far and
// open connections, whether to return memory now: the server was quiet
// since the last check, and since memory was last returned it either
// allocated a burst or dropped a burst of connections (whose buffers were
// still in use when it last collected).
func (m *memoryReturner) due(allocs uint64, open int) bool {
	quiet := allocs-m.last < memoryBurst/8
	m.last = allocs
	m.peakConns = max(m.peakConns, open)
	if !quiet || (allocs-m.returnedAt <= memoryBurst && m.peakConns-open < connsBurst) {
		return false
	}
	m.returnedAt, m.peakConns = allocs, open
	return true
}

func returnMemory(ctx context.Context, every time.Duration, openConns func() int) {
	t := time.NewTicker(every)
	defer t.Stop()
	sample := []runtimemetrics.Sample{{Name: "/gc/heap/allocs:bytes"}}
	allocated := func() uint64 {
		runtimemetrics.Read(sample)
		return sample[0].Value.Uint64()
	}
	m := &memoryReturner{}
	m.due(allocated(), openConns()) // what there is at the start is not a burst
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		if m.due(allocated(), openConns()) {
			runtime.GC()
			debug.FreeOSMemory()
		}
	}
}
