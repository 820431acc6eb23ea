package conversation

import (
	"cmp"
	"slices"
	"time"

	"github.com/helpgraph/helpgraph/dialogue"
)

// GapKind is how a conversation showed the help center falling short.
type GapKind string

const (
	GapEscalated GapKind = "escalated" // the bot handed off
	GapUnhelpful GapKind = "unhelpful" // an answer got 👎
	GapRephrase  GapKind = "rephrase"  // the bot found nothing and asked to rephrase
)

// GapEvent is one such moment: what the customer asked, and the node the
// conversation was nearest to ("" for none).
type GapEvent struct {
	Kind           GapKind
	ConversationID string
	Utterance      string
	NodeID         string
	At             time.Time
}

// GapTurn is one turn as GapFinder reads it.
type GapTurn struct {
	ConversationID string
	Role           string
	Text           string
	Action         dialogue.Action
	NodeID         string
	At             time.Time
	// Rating is the turn's rating: 1 helpful, 0 not, -1 none.
	Rating int
}

// GapFinder turns the turns of conversations into gap events. Engines feed
// it every turn of the conversations wanted, each conversation's turns
// together and in order; the rules are here so that every engine agrees.
type GapFinder struct {
	events                    []GapEvent
	conv, request, near, said string
	act                       dialogue.Act
	// asked: the agent's last turn asked which of a node's options
	// applies, so the message after it answers that question.
	asked bool
}

// Add reads the next turn.
func (f *GapFinder) Add(t GapTurn) {
	if t.ConversationID != f.conv {
		f.conv, f.request, f.near, f.said, f.asked = t.ConversationID, "", "", "", false
	}
	if t.Role == "user" {
		f.said, f.act = t.Text, dialogue.ClassifyAct(t.Text)
		switch f.act {
		case dialogue.ActNone:
			// The last thing actually asked; an option picked ("In the
			// YouTube app") answers the bot's question about the request
			// before it, which is what the content team needs to read.
			if !f.asked || f.request == "" {
				f.request = t.Text
			}
		case dialogue.ActRestart:
			f.request, f.near = "", ""
		}
		return
	}
	if t.Role != "agent" {
		return
	}
	ev := GapEvent{ConversationID: t.ConversationID, Utterance: f.request, NodeID: cmp.Or(t.NodeID, f.near), At: t.At}
	switch {
	case t.Action == dialogue.Escalation:
		ev.Kind = GapEscalated
		ev.Utterance = cmp.Or(f.request, f.said) // asked for a person straight away
	case t.Action == dialogue.Resolution && t.Rating == 0:
		ev.Kind = GapUnhelpful
	case t.Action == dialogue.Clarification && t.NodeID == "" &&
		(f.act == dialogue.ActNone || f.act == dialogue.ActNoneOfThese || f.act == dialogue.ActDontKnow):
		// A question (or "none of these") the bot found nothing for: it
		// asked the customer to put it another way. It matched nothing,
		// so it belongs to no page, whatever the conversation was about
		// before.
		ev.Kind = GapRephrase
		ev.NodeID = ""
	}
	if t.NodeID != "" {
		f.near = t.NodeID
	}
	f.asked = t.Action == dialogue.Clarification && t.NodeID != ""
	if ev.Kind != "" && ev.Utterance != "" {
		f.events = append(f.events, ev)
	}
}

// Events returns the events found so far.
func (f *GapFinder) Events() []GapEvent { return f.events }

// Gap is the gap events of one node (or of no node), for the content team.
type Gap struct {
	NodeID   string // "" for questions that matched nothing
	Page     string // the node's page URL, "" when unknown
	Counts   map[GapKind]int
	Total    int
	Examples []string // distinct utterances, most recent first
}

// maxExamples bounds the example utterances kept per gap.
const maxExamples = 5

// GroupGaps groups events by node, largest group first. pageOf gives a
// node's page URL ("" when the graph no longer has it).
func GroupGaps(events []GapEvent, pageOf func(nodeID string) string) []Gap {
	byNode := map[string]*Gap{}
	for i := len(events) - 1; i >= 0; i-- { // newest first, for the examples
		e := events[i]
		g := byNode[e.NodeID]
		if g == nil {
			g = &Gap{NodeID: e.NodeID, Counts: map[GapKind]int{}}
			if e.NodeID != "" {
				g.Page = pageOf(e.NodeID)
			}
			byNode[e.NodeID] = g
		}
		g.Counts[e.Kind]++
		g.Total++
		if len(g.Examples) < maxExamples && !slices.Contains(g.Examples, e.Utterance) {
			g.Examples = append(g.Examples, e.Utterance)
		}
	}
	out := make([]Gap, 0, len(byNode))
	for _, g := range byNode {
		out = append(out, *g)
	}
	slices.SortFunc(out, func(a, b Gap) int {
		return cmp.Or(cmp.Compare(b.Total, a.Total), cmp.Compare(a.NodeID, b.NodeID))
	})
	return out
}

// DayStats are one day's conversation outcomes.
type DayStats struct {
	Day           time.Time // midnight UTC
	Conversations int       // with at least one customer message
	Resolved      int       // got at least one answer
	Escalated     int       // were handed to a person
	Helpful, Not  int       // ratings given
}

// DayCounter adds up DayStats for Daily: engines give it every
// conversation created since Start that has a customer message, and every
// rating given since Start.
type DayCounter struct {
	start time.Time
	days  []DayStats
}

// NewDayCounter counts the days days up to now's (UTC) day, today included.
func NewDayCounter(now time.Time, days int) *DayCounter {
	days = max(days, 1)
	today := now.UTC().Truncate(24 * time.Hour)
	c := &DayCounter{start: today.AddDate(0, 0, -(days - 1)), days: make([]DayStats, days)}
	for i := range c.days {
		c.days[i].Day = c.start.AddDate(0, 0, i)
	}
	return c
}

// Start is the first moment counted.
func (c *DayCounter) Start() time.Time { return c.start }

func (c *DayCounter) day(at time.Time) *DayStats {
	i := int(at.UTC().Sub(c.start) / (24 * time.Hour))
	if at.Before(c.start) || i >= len(c.days) {
		return nil
	}
	return &c.days[i]
}

// AddConversation counts a conversation created at created.
func (c *DayCounter) AddConversation(created time.Time, resolved, escalated bool) {
	d := c.day(created)
	if d == nil {
		return
	}
	d.Conversations++
	if resolved {
		d.Resolved++
	}
	if escalated {
		d.Escalated++
	}
}

// AddRating counts a rating given at at.
func (c *DayCounter) AddRating(at time.Time, helpful bool) {
	d := c.day(at)
	if d == nil {
		return
	}
	if helpful {
		d.Helpful++
	} else {
		d.Not++
	}
}

// Stats returns the days, oldest first.
func (c *DayCounter) Stats() []DayStats { return c.days }
