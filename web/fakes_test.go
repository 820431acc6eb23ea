package web

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/helpgraph/helpgraph/dialogue"
	"github.com/helpgraph/helpgraph/graph"
)

// memStore is an in-memory graph store whose Replace bumps the generation.
type memStore struct {
	mu     sync.Mutex
	g      *graph.Graph
	build  graph.Build
	loaded bool
}

var _ graph.Store = (*memStore)(nil)

func (m *memStore) Replace(ctx context.Context, g *graph.Graph, report json.RawMessage) (int64, error) {
	if err := g.Validate(); err != nil {
		return 0, err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.g = g
	m.loaded = true
	m.build = graph.Build{Generation: m.build.Generation + 1, FinishedAt: time.Now(), Report: report}
	return m.build.Generation, nil
}

func (m *memStore) Load(ctx context.Context) (*graph.Graph, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.g == nil {
		return &graph.Graph{}, nil
	}
	return m.g, nil
}

func (m *memStore) Node(ctx context.Context, id string) (graph.Node, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.g != nil {
		for _, n := range m.g.Nodes {
			if n.ID == id {
				return n, nil
			}
		}
	}
	return graph.Node{}, fmt.Errorf("node %q: %w", id, graph.ErrNotFound)
}

// SearchIntents matches intents containing any word of query.
func (m *memStore) SearchIntents(ctx context.Context, query string, limit int) ([]graph.IntentHit, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var hits []graph.IntentHit
	if m.g == nil {
		return nil, nil
	}
	for _, n := range m.g.Nodes {
		for _, in := range n.Intents {
			score := 0.0
			for _, w := range strings.Fields(strings.ToLower(query)) {
				if strings.Contains(strings.ToLower(in), w) {
					score++
				}
			}
			if score > 0 && len(hits) < limit {
				hits = append(hits, graph.IntentHit{NodeID: n.ID, Intent: in, Score: score})
				break
			}
		}
	}
	return hits, nil
}

func (m *memStore) LastBuild(ctx context.Context) (graph.Build, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if !m.loaded {
		return graph.Build{}, fmt.Errorf("last build: %w", graph.ErrNotFound)
	}
	return m.build, nil
}

func (m *memStore) Close() error { return nil }

const pageURL = "https://help.example.com/booking"

// bookingGraph is a one-page graph; title marks which version is served.
func bookingGraph(title string) *graph.Graph {
	return &graph.Graph{
		Pages: []graph.Page{{URL: pageURL, Title: title, Status: graph.PageOK}},
		Nodes: []graph.Node{
			{ID: "root", Page: pageURL, Problem: "error when changing a booking", Root: true,
				Intents: []string{"I get an error when changing my booking"}},
			{ID: "online", Page: pageURL, Problem: "error changing an online booking", Condition: "booked online",
				Resolution: title + ": open [My bookings](https://help.example.com/my-bookings) and pick the booking.\n- Choose Change\n- Confirm",
				Intents:    []string{"change online booking"}, Actionable: true},
			{ID: "phone", Page: pageURL, Problem: "error changing a phone booking", Condition: "booked by phone",
				Resolution: title + ": call us on 555 0100.", Intents: []string{"change phone booking"}, Actionable: true},
		},
		Edges: []graph.Edge{{From: "root", To: "online", Type: graph.Child}, {From: "root", To: "phone", Type: graph.Child}},
	}
}

// fakeAgent is a scripted agent over a bookingGraph: "booking" asks how the
// user booked, an option's value resolves from that node, "human" escalates.
type fakeAgent struct{ ix *graph.Index }

var _ dialogue.Agent = (*fakeAgent)(nil)

func newFakeAgent(g *graph.Graph) dialogue.Agent { return &fakeAgent{ix: graph.NewIndex(g)} }

func (a *fakeAgent) Respond(ctx context.Context, s *dialogue.Session, message string) (dialogue.Reply, error) {
	s.History = append(s.History, dialogue.Turn{Role: "user", Text: message})
	var r dialogue.Reply
	chosen := ""
	for _, o := range s.PendingOptions {
		if o.Value == message {
			chosen = o.NodeID
		}
	}
	switch {
	case chosen != "":
		n := a.ix.Node(chosen)
		s.Confirmed = append(s.Confirmed, n.Condition)
		r = dialogue.Reply{Action: dialogue.Resolution, Text: n.Resolution, NodeID: n.ID, Sources: []string{n.Page}, Intent: n.Problem}
	case strings.Contains(message, "booking"):
		root := a.ix.Node("root")
		r = dialogue.Reply{Action: dialogue.Clarification, NodeID: root.ID, Intent: root.Problem,
			Text: "How did you book? (" + a.ix.Page(root.Page).Title + ")"}
		for _, c := range a.ix.Children(root.ID) {
			n := a.ix.Node(c)
			r.Options = append(r.Options, dialogue.Option{Label: n.Condition, Value: n.Condition, NodeID: n.ID})
		}
	default:
		r = dialogue.Reply{Action: dialogue.Escalation, Text: "I'll pass you to a person.", Intent: "talk to a person"}
		s.Escalated = true
	}
	s.CurrentNode = r.NodeID
	s.PendingOptions = r.Options
	s.History = append(s.History, dialogue.Turn{Role: "agent", Text: r.Text, Action: r.Action, NodeID: r.NodeID})
	return r, nil
}

func waitABit() { time.Sleep(5 * time.Millisecond) }

func itoa(n int64) string { return fmt.Sprint(n) }
