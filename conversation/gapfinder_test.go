package conversation

import (
	"testing"

	"github.com/helpgraph/helpgraph/dialogue"
)

func TestGapFinderNodes(t *testing.T) {
	user := func(text string) GapTurn { return GapTurn{ConversationID: "c", Role: "user", Text: text, Rating: -1} }
	agent := func(a dialogue.Action, node string) GapTurn {
		return GapTurn{ConversationID: "c", Role: "agent", Action: a, NodeID: node, Rating: -1}
	}
	tests := []struct {
		name  string
		turns []GapTurn
		want  []GapEvent
	}{
		{"a rephrase after an answer matched nothing: no page", []GapTurn{
			user("how do I reset my password"), agent(dialogue.Resolution, "reset"),
			user("what is the weather on mars"), agent(dialogue.Clarification, ""),
		}, []GapEvent{{Kind: GapRephrase, Utterance: "what is the weather on mars", NodeID: ""}}},
		{"an option picked is no question: the request before it is", []GapTurn{
			user("youtube ads are back"), agent(dialogue.Clarification, "youtube"),
			user("In the YouTube app"), agent(dialogue.Resolution, "youtube-app"),
		}, nil},
		{"rated down after an option: the request is the example", []GapTurn{
			user("youtube ads are back"), agent(dialogue.Clarification, "youtube"),
			user("In the YouTube app"), {ConversationID: "c", Role: "agent", Action: dialogue.Resolution, NodeID: "youtube-app", Rating: 0},
		}, []GapEvent{{Kind: GapUnhelpful, Utterance: "youtube ads are back", NodeID: "youtube-app"}}},
		{"a new question after an answer is the example", []GapTurn{
			user("youtube ads are back"), agent(dialogue.Resolution, "youtube"),
			user("my vpn is slow"), agent(dialogue.Escalation, ""),
		}, []GapEvent{{Kind: GapEscalated, Utterance: "my vpn is slow", NodeID: "youtube"}}},
		{"an escalation keeps the node it was near", []GapTurn{
			user("how do I reset my password"), agent(dialogue.Resolution, "reset"),
			user("let me talk to a person"), agent(dialogue.Escalation, ""),
		}, []GapEvent{{Kind: GapEscalated, Utterance: "how do I reset my password", NodeID: "reset"}}},
	}
	for _, tt := range tests {
		var f GapFinder
		for _, turn := range tt.turns {
			f.Add(turn)
		}
		got := f.Events()
		if len(got) != len(tt.want) {
			t.Fatalf("%s: events %+v, want %+v", tt.name, got, tt.want)
		}
		for i, e := range got {
			w := tt.want[i]
			if e.Kind != w.Kind || e.Utterance != w.Utterance || e.NodeID != w.NodeID {
				t.Errorf("%s: event %+v, want %+v", tt.name, e, w)
			}
		}
	}
}
