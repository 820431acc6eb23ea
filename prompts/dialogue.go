package prompts

import "strings"

// DialogueTurn is one message of a conversation as the dialogue prompts show it.
type DialogueTurn struct {
	Role string // "user" or "agent"
	Text string
}

// DialogueCandidate is one knowledge-graph node offered to the model.
type DialogueCandidate struct {
	ID        string
	Problem   string
	Condition string
	Intents   []string
}

// DialogueIdentify is the data of dialogue_identify.tmpl: rewrite the
// customer's last message into a self-contained request and choose the
// candidate node that matches it, or none, in one call.
type DialogueIdentify struct {
	History []DialogueTurn // earlier turns, oldest first, without Message
	Message string
	// CurrentProblem is the problem the conversation is currently about, if any.
	CurrentProblem string
	Candidates     []DialogueCandidate
}

// HistoryText renders History one "role: text" line per turn.
func (d DialogueIdentify) HistoryText() string {
	lines := make([]string, len(d.History))
	for i, t := range d.History {
		lines[i] = t.Role + ": " + strings.ReplaceAll(t.Text, "\n", " ")
	}
	return strings.Join(lines, "\n")
}

// DialogueSentence is one sentence of a node's condition and resolution.
type DialogueSentence struct {
	ID   string // s1, s2...
	Text string
}

// DialogueSelect is the data of dialogue_select.tmpl: choose and order the
// sentences of the answer (the node's own text) for the customer. The
// model returns sentence ids only, so the reply cannot say anything the
// page does not.
type DialogueSelect struct {
	Message   string // the customer's last message
	Problem   string
	Sentences []DialogueSentence
}
