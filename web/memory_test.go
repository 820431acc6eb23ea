package web

import "testing"

func TestMemoryReturnerDue(t *testing.T) {
	const mb = 1 << 20
	m := &memoryReturner{}
	m.due(40*mb, 0) // the start: what is there is not a burst
	for _, step := range []struct {
		what   string
		allocs uint64
		open   int
		want   bool
	}{
		{"quiet, nothing new", 41 * mb, 2, false},
		{"a burst of allocation, still going", 200 * mb, 2000, false},
		{"quiet while 2,000 connections are held: their buffers are in use, but it was a burst", 201 * mb, 2000, true},
		{"still held: nothing new to return", 202 * mb, 2000, false},
		{"the connections close: a burst of connections ended", 203 * mb, 3, true},
		{"quiet again", 204 * mb, 3, false},
		{"steady load: allocating", 300 * mb, 40, false},
		{"more load", 400 * mb, 40, false},
		{"the load stops", 401 * mb, 0, true},
		{"quiet", 402 * mb, 0, false},
	} {
		if got := m.due(step.allocs, step.open); got != step.want {
			t.Errorf("%s: due = %v, want %v", step.what, got, step.want)
		}
	}
}
