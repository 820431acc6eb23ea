package conversation

import (
	"cmp"
	"context"
	"fmt"
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

// GapEvents lists the gap events of conversations updated since since.
func (d *DB) GapEvents(ctx context.Context, since time.Time) ([]GapEvent, error) {
	rows, err := d.db.QueryContext(ctx, `SELECT t.conversation_id, t.seq, t.role, t.text, t.action, t.node_id, t.created_at,
		COALESCE(f.helpful, -1)
		FROM turns t JOIN conversations c ON c.id = t.conversation_id
		LEFT JOIN feedback f ON f.conversation_id = t.conversation_id AND f.seq = t.seq
		WHERE c.updated_at >= ? ORDER BY t.conversation_id, t.seq`, since.UnixMilli())
	if err != nil {
		return nil, fmt.Errorf("reading conversations for gaps: %w", err)
	}
	defer rows.Close()
	var events []GapEvent
	var conv, request, near, said string
	var act dialogue.Act
	for rows.Next() {
		var id, role, text, action, node string
		var seq int
		var at int64
		var rating int
		if err := rows.Scan(&id, &seq, &role, &text, &action, &node, &at, &rating); err != nil {
			return nil, fmt.Errorf("reading conversations for gaps: %w", err)
		}
		if id != conv {
			conv, request, near, said = id, "", "", ""
		}
		if role == "user" {
			said, act = text, dialogue.ClassifyAct(text)
			switch act {
			case dialogue.ActNone:
				request = text // the last thing actually asked
			case dialogue.ActRestart:
				request, near = "", ""
			}
			continue
		}
		if role != "agent" {
			continue
		}
		ev := GapEvent{ConversationID: id, Utterance: request, NodeID: cmp.Or(node, near), At: time.UnixMilli(at)}
		switch {
		case dialogue.Action(action) == dialogue.Escalation:
			ev.Kind = GapEscalated
			ev.Utterance = cmp.Or(request, said) // asked for a person straight away
		case dialogue.Action(action) == dialogue.Resolution && rating == 0:
			ev.Kind = GapUnhelpful
		case dialogue.Action(action) == dialogue.Clarification && node == "" &&
			(act == dialogue.ActNone || act == dialogue.ActNoneOfThese || act == dialogue.ActDontKnow):
			// A question (or "none of these") the bot found nothing for: it
			// asked the customer to put it another way.
			ev.Kind = GapRephrase
		}
		if node != "" {
			near = node
		}
		if ev.Kind != "" && ev.Utterance != "" {
			events = append(events, ev)
		}
	}
	return events, rows.Err()
}

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

// Daily returns the stats of the last days days (today included), oldest
// first, days without conversations included as zeros.
func (d *DB) Daily(ctx context.Context, days int) ([]DayStats, error) {
	today := d.now().UTC().Truncate(24 * time.Hour)
	start := today.AddDate(0, 0, -(days - 1))
	out := make([]DayStats, days)
	for i := range out {
		out[i].Day = start.AddDate(0, 0, i)
	}
	index := func(ms int64) int {
		return int(time.UnixMilli(ms).UTC().Sub(start) / (24 * time.Hour))
	}
	rows, err := d.db.QueryContext(ctx, `SELECT c.created_at,
		EXISTS (SELECT 1 FROM turns t WHERE t.conversation_id = c.id AND t.action = 'resolution'),
		EXISTS (SELECT 1 FROM handoffs h WHERE h.conversation_id = c.id)
		FROM conversations c WHERE c.created_at >= ?
		AND EXISTS (SELECT 1 FROM turns t WHERE t.conversation_id = c.id AND t.role = 'user')`, start.UnixMilli())
	if err != nil {
		return nil, fmt.Errorf("counting conversations: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var created int64
		var resolved, escalated bool
		if err := rows.Scan(&created, &resolved, &escalated); err != nil {
			return nil, fmt.Errorf("counting conversations: %w", err)
		}
		if i := index(created); i >= 0 && i < days {
			out[i].Conversations++
			if resolved {
				out[i].Resolved++
			}
			if escalated {
				out[i].Escalated++
			}
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("counting conversations: %w", err)
	}
	frows, err := d.db.QueryContext(ctx, "SELECT created_at, helpful FROM feedback WHERE created_at >= ?", start.UnixMilli())
	if err != nil {
		return nil, fmt.Errorf("counting ratings: %w", err)
	}
	defer frows.Close()
	for frows.Next() {
		var created int64
		var helpful bool
		if err := frows.Scan(&created, &helpful); err != nil {
			return nil, fmt.Errorf("counting ratings: %w", err)
		}
		if i := index(created); i >= 0 && i < days {
			if helpful {
				out[i].Helpful++
			} else {
				out[i].Not++
			}
		}
	}
	return out, frows.Err()
}
