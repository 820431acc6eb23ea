package notify

import "sync"

// Tickets remembers the help desk's ticket id filed for each handoff
// reference, so a sink adds to the ticket it made instead of looking it up
// every time. The zero value is ready; it is safe for concurrent use.
type Tickets struct {
	mu  sync.Mutex
	ids map[string]int64
}

// Get returns the ticket remembered for ref, 0 if none.
func (t *Tickets) Get(ref string) int64 {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.ids[ref]
}

// Remember records id as ref's ticket.
func (t *Tickets) Remember(ref string, id int64) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.ids == nil {
		t.ids = make(map[string]int64)
	}
	t.ids[ref] = id
}
