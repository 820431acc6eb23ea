package web

import (
	"bufio"
	"encoding/json"
	"sync"
	"time"

	"github.com/gofiber/fiber/v2"

	"github.com/helpgraph/helpgraph/notify"
)

// live tells the open /admin pages of this process that a handoff changed,
// so the queue and a handoff's page update themselves (static/admin.js).
// Behind several replicas a page hears of the changes made through its
// own replica at once, and of the others' at its next fallback refresh.
type live struct {
	mu     sync.Mutex
	subs   map[chan liveEvent]struct{}
	closed bool
}

// liveEvent is the data of a "handoff" event on GET /admin/live.
type liveEvent struct {
	ID    int64       `json:"id"`
	Ref   string      `json:"ref"`
	Event notify.Kind `json:"event"`
}

func newLive() *live { return &live{subs: make(map[chan liveEvent]struct{})} }

// subscribe returns a channel of events, closed by unsubscribe or close.
func (l *live) subscribe() chan liveEvent {
	c := make(chan liveEvent, 16)
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.closed {
		close(c)
		return c
	}
	l.subs[c] = struct{}{}
	return c
}

func (l *live) unsubscribe(c chan liveEvent) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if _, ok := l.subs[c]; ok {
		delete(l.subs, c)
		close(c)
	}
}

// broadcast sends e to every page; a page too slow to take it misses it
// (its next event or fallback refresh catches up).
func (l *live) broadcast(e liveEvent) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for c := range l.subs {
		select {
		case c <- e:
		default:
		}
	}
}

// close ends every stream, so that a shutdown does not wait for them.
func (l *live) close() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.closed = true
	for c := range l.subs {
		delete(l.subs, c)
		close(c)
	}
}

// publish tells the desk and the open /admin pages of e.
func (s *Server) publish(e notify.Event) {
	s.desk.Publish(e)
	s.live.broadcast(liveEvent{ID: e.HandoffID, Ref: e.Ref, Event: e.Kind})
}

// liveKeepAlive is how often an idle stream gets a comment, so proxies
// keep it open.
const liveKeepAlive = 20 * time.Second

// liveStream serves GET /admin/live: server-sent "handoff" events
// {"id","ref","event"} as handoffs change.
func (s *Server) liveStream(c *fiber.Ctx) error {
	sub := s.live.subscribe()
	c.Set(fiber.HeaderContentType, "text/event-stream; charset=utf-8")
	c.Set(fiber.HeaderCacheControl, "no-store")
	c.Set("X-Accel-Buffering", "no")
	// The writer runs after the handler returns: it must not touch c.
	c.Context().SetBodyStreamWriter(func(w *bufio.Writer) {
		defer s.live.unsubscribe(sub)
		tick := time.NewTicker(liveKeepAlive)
		defer tick.Stop()
		w.WriteString(": live\n\n")
		if w.Flush() != nil {
			return
		}
		for {
			select {
			case e, ok := <-sub:
				if !ok {
					return
				}
				b, _ := json.Marshal(e) // a plain struct: cannot fail
				w.WriteString("event: handoff\ndata: ")
				w.Write(b)
				w.WriteString("\n\n")
			case <-tick.C:
				w.WriteString(": keep-alive\n\n")
			}
			if w.Flush() != nil {
				return // the page went away
			}
		}
	})
	return nil
}
