package sqlite

import (
	"slices"
	"sync"

	"github.com/helpgraph/helpgraph/dialogue"
)

// cacheBytes bounds what the cache keeps per generation (so it holds at
// most twice that): a few thousand conversations, the ones written in the
// last seconds under load. That covers what it is for (a customer's next
// message, the chat polling for a person's reply) and keeps the server's
// heap flat under steady load, which web's load test checks.
const cacheBytes = 2 << 20

// sessionCache keeps the conversations this process wrote last, so that a
// chat turn reads its conversation from memory and only writes to the
// file. Only the writer goroutine changes it, after a commit and in commit
// order, so an entry is always the conversation as last committed; readers
// never fill it (a read racing a commit could otherwise put back an older
// version). The file is this process's to write: when the writer sees that
// another process committed to it (PRAGMA data_version), it drops the whole
// cache.
//
// Two generations bound it: when cur is full it becomes old, and an entry
// read from old moves back to cur.
type sessionCache struct {
	mu       sync.Mutex
	cur, old map[string]cached
	curBytes int
}

type cached struct {
	sess  dialogue.Session // never handed out: callers get clones
	owner string
	size  int
}

// sizeOf is about what s holds in memory.
func sizeOf(s dialogue.Session) int {
	n := 256 + len(s.CurrentNode) + len(s.Declined) + len(s.Rejected) + len(s.Asked) + len(s.Doubted)
	for _, c := range s.Confirmed {
		n += 16 + len(c)
	}
	for _, o := range s.PendingOptions {
		n += 48 + len(o.Label) + len(o.Value) + len(o.NodeID)
	}
	for _, t := range s.History {
		n += 64 + len(t.Role) + len(t.Text) + len(t.Action) + len(t.NodeID)
	}
	return n
}

func newSessionCache() *sessionCache {
	return &sessionCache{cur: map[string]cached{}}
}

// get returns a clone of conversation id and its owner.
func (c *sessionCache) get(id string) (dialogue.Session, string, bool) {
	c.mu.Lock()
	e, ok := c.cur[id]
	if !ok {
		if e, ok = c.old[id]; ok {
			delete(c.old, id)
			c.putLocked(id, e)
		}
	}
	c.mu.Unlock()
	if !ok {
		return dialogue.Session{}, "", false
	}
	return cloneSession(e.sess), e.owner, true
}

// owner returns the owner of conversation id, if cached.
func (c *sessionCache) owner(id string) (string, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.cur[id]; ok {
		return e.owner, true
	}
	e, ok := c.old[id]
	return e.owner, ok
}

// put records conversation id as committed (the writer only).
func (c *sessionCache) put(id string, sess dialogue.Session, owner string) {
	e := cached{sess: cloneSession(sess), owner: owner, size: sizeOf(sess)}
	c.mu.Lock()
	delete(c.old, id)
	c.putLocked(id, e)
	c.mu.Unlock()
}

func (c *sessionCache) putLocked(id string, e cached) {
	if prev, ok := c.cur[id]; ok {
		c.curBytes -= prev.size
	}
	if c.curBytes+e.size > cacheBytes {
		c.old, c.cur, c.curBytes = c.cur, map[string]cached{}, 0
	}
	c.cur[id] = e
	c.curBytes += e.size
}

// forget drops conversation id (the writer only).
func (c *sessionCache) forget(id string) {
	c.mu.Lock()
	if prev, ok := c.cur[id]; ok {
		c.curBytes -= prev.size
		delete(c.cur, id)
	}
	delete(c.old, id)
	c.mu.Unlock()
}

// clear drops everything (the writer only).
func (c *sessionCache) clear() {
	c.mu.Lock()
	c.cur, c.old, c.curBytes = map[string]cached{}, nil, 0
	c.mu.Unlock()
}

// cloneSession copies s's slices, so that neither the cache nor its caller
// sees the other's appends.
func cloneSession(s dialogue.Session) dialogue.Session {
	s.Confirmed = slices.Clip(slices.Clone(s.Confirmed))
	s.PendingOptions = slices.Clip(slices.Clone(s.PendingOptions))
	s.History = slices.Clip(slices.Clone(s.History))
	return s
}
