package dialogue

import (
	"sync"
)

// topicTurns is how many of the user's earlier messages make the
// conversation's topic.
const topicTurns = 20

// topic returns the terms of the user's earlier messages: what the
// conversation is about, which a follow-up seldom repeats.
func (a *GraphAgent) topic(s *Session) []string {
	var terms []string
	seen := 0
	// The last history entry is the message being answered: one that
	// starts afresh ("never mind, …") has no earlier words.
	h := s.turns()
	last := len(h) - 1
	if last >= 0 && h[last].Role == "user" && a.earlier.get(h[last].Text, a.readEarlier).restart {
		return nil
	}
	for i := last - 1; i >= 0 && seen < topicTurns; i-- {
		if t := h[i]; t.Role == "user" {
			m := a.earlier.get(t.Text, a.readEarlier)
			terms = append(terms, m.terms...)
			if m.restart {
				break // what came before was started over
			}
			seen++
		}
	}
	return terms
}

// earlierMessage is what the topic takes from an earlier user message.
type earlierMessage struct {
	restart bool     // the message started the conversation over (afterOpening: with its request)
	terms   []string // its terms, spelling corrected and specifics masked
}

// readEarlier reads an earlier user message for the topic: one the
// agent has not read in its own turn (a conversation restored from
// storage, or read by another agent).
func (a *GraphAgent) readEarlier(text string) earlierMessage {
	request, fresh := a.askedPart(text)
	if !fresh && isRestart(text) {
		return earlierMessage{restart: true}
	}
	return earlierMessage{restart: fresh, terms: a.an.terms(a.mask(a.spell.correct(request)))}
}

// earlierOf is what the topic takes from msg, read as r in its own turn.
func (a *GraphAgent) earlierOf(msg string, r *reading) earlierMessage {
	if isRestart(msg) {
		return earlierMessage{restart: true}
	}
	return earlierMessage{terms: r.terms}
}

// messageCacheSize bounds a messageCache: past it, the cache starts afresh.
const messageCacheSize = 8192

// messageCache remembers what recent user messages were read as, so that
// a leaning turn does not read every earlier message of its conversation
// again. It is derived from the text alone and held by the agent, never in
// a Session (which is persisted): a conversation restored from storage
// gets the same answers, only read once more. Safe for concurrent use;
// what get returns must not be modified.
type messageCache struct {
	mu sync.Mutex
	m  map[string]earlierMessage
}

// put remembers what text was read as.
func (c *messageCache) put(text string, v earlierMessage) {
	c.mu.Lock()
	if c.m == nil || len(c.m) >= messageCacheSize {
		c.m = make(map[string]earlierMessage)
	}
	c.m[text] = v
	c.mu.Unlock()
}

func (c *messageCache) get(text string, read func(string) earlierMessage) earlierMessage {
	c.mu.Lock()
	v, ok := c.m[text]
	c.mu.Unlock()
	if ok {
		return v
	}
	v = read(text)
	c.put(text, v)
	return v
}
