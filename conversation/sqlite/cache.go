package sqlite

import (
	"slices"
	"sync"

	"github.com/helpgraph/helpgraph/dialogue"
)

// cacheSize bounds the conversations kept in memory (per generation).
const cacheSize = 20000

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
}

type cached struct {
	sess  dialogue.Session // never handed out: callers get clones
	owner string
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

// put records conversation id as committed (the writer only).
func (c *sessionCache) put(id string, sess dialogue.Session, owner string) {
	e := cached{sess: cloneSession(sess), owner: owner}
	c.mu.Lock()
	delete(c.old, id)
	c.putLocked(id, e)
	c.mu.Unlock()
}

func (c *sessionCache) putLocked(id string, e cached) {
	if _, ok := c.cur[id]; !ok && len(c.cur) >= cacheSize {
		c.old, c.cur = c.cur, make(map[string]cached, cacheSize)
	}
	c.cur[id] = e
}

// forget drops conversation id (the writer only).
func (c *sessionCache) forget(id string) {
	c.mu.Lock()
	delete(c.cur, id)
	delete(c.old, id)
	c.mu.Unlock()
}

// clear drops everything (the writer only).
func (c *sessionCache) clear() {
	c.mu.Lock()
	c.cur, c.old = map[string]cached{}, nil
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
