// Package dialogue is Helpgraph's dialogue manager: agents that answer a
// customer's messages. The graph agent is driven by the knowledge graph alone;
// the RAG baseline agent reads the help pages. Both implement Agent, so the
// web chat, the terminal chat and the simulator drive either the same way.
package dialogue

import "context"

// Action is what an agent decided to do with a turn.
type Action string

const (
	// Resolution answers the user from an actionable node whose condition holds.
	Resolution Action = "resolution"
	// Clarification asks which of several conditions applies.
	Clarification Action = "clarification"
	// Escalation hands the conversation to a person.
	Escalation Action = "escalation"
)

// Option is one answer a clarification offers. Value is what the client sends
// back when the user picks it (it is matched like typed text).
type Option struct {
	Label  string `json:"label"`
	Value  string `json:"value"`
	NodeID string `json:"node_id,omitempty"`
}

// Reply is an agent's answer to one user message.
type Reply struct {
	Action  Action   `json:"action"`
	Text    string   `json:"reply"`
	NodeID  string   `json:"node_id,omitempty"`
	Options []Option `json:"options"`
	Sources []string `json:"sources"` // source page URLs
	// Intent is the identified intent (the matched node's problem), for
	// handoff records and evaluation.
	Intent string `json:"intent,omitempty"`
}

// Turn is one message of a conversation.
type Turn struct {
	Role   string `json:"role"` // "user" or "agent"
	Text   string `json:"text"`
	Action Action `json:"action,omitempty"`
	NodeID string `json:"node_id,omitempty"`
}

// Session is a conversation's state. It is plain data (JSON-serialisable) so
// the web chat can persist it between requests and survive a graph rebuild.
type Session struct {
	ID string `json:"id"`
	// CurrentNode is the node the conversation is at ("" before the first match).
	CurrentNode string `json:"current_node,omitempty"`
	// Confirmed are the conditions the user has confirmed, in order.
	Confirmed []string `json:"confirmed,omitempty"`
	// PendingOptions are the options of the last clarification, if any.
	PendingOptions []Option `json:"pending_options,omitempty"`
	// Rephrases counts consecutive turns with no good-enough intent.
	Rephrases int    `json:"rephrases,omitempty"`
	History   []Turn `json:"history,omitempty"`
	// Escalated is set once the conversation has been handed to a person.
	Escalated bool `json:"escalated,omitempty"`
	// Declined is the node whose options the user said none of (or could
	// not choose from): asking the same again would go round in circles.
	Declined string `json:"declined,omitempty"`
	// Rejected is the node whose answer the user said was not it ("that's
	// not what I meant"): the request that follows is not answered from it
	// again.
	Rejected string `json:"rejected,omitempty"`
	// Asked is the section the user asked about beneath a situation they
	// had not stated, while the agent asks which situation is theirs: it is
	// answered once they choose the situation above it.
	Asked string `json:"asked,omitempty"`
	// Doubted is the node the agent asked about ("Is it about this?")
	// because it was found for the request but lacks its distinctive
	// words (askAbout): not knowing, the user is shown what it says.
	Doubted string `json:"doubted,omitempty"`
	// Lang is the conversation's language (BCP 47, "" not yet known): the
	// language of its last message long enough to tell. The agent's own
	// words are in it, and answers come from pages in it where there are.
	Lang string `json:"lang,omitempty"`
	// ClientLang is the language the customer's browser or the widget asks
	// for (its lang attribute, else Accept-Language), set by the client:
	// the language of a first message too short to tell.
	ClientLang string `json:"client_lang,omitempty"`
	// Since is where in History the conversation being had begins: the
	// turns before it were started over ("start over", "never mind, …")
	// and are only its record.
	Since int `json:"since,omitempty"`
}

// turns are the turns of the conversation being had (History from Since).
func (s *Session) turns() []Turn { return s.History[min(max(s.Since, 0), len(s.History)):] }

// doubtOpen reports whether the agent's question about s.Doubted ("Is it
// about this?") is still the one the user is answering: it is the only
// option pending.
func (s *Session) doubtOpen() bool {
	return s.Doubted != "" && len(s.PendingOptions) == 1 && s.PendingOptions[0].NodeID == s.Doubted
}

// Agent answers user messages. Respond appends the user turn and the agent
// turn to s.History and updates the rest of s.
type Agent interface {
	Respond(ctx context.Context, s *Session, message string) (Reply, error)
}
