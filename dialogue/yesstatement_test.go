package dialogue

import (
	"context"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

const familyPage, paymentsPage = "https://help.pension.example/family", "https://help.pension.example/payments"

// answerGraph is a small pension help center: what the family may get, and
// how payments are made.
func answerGraph() *graph.Graph {
	const family, payments = familyPage, paymentsPage
	return &graph.Graph{
		Pages: []graph.Page{{URL: family, Title: "Family"}, {URL: payments, Title: "Payments"}},
		Nodes: []graph.Node{
			{ID: "family", Page: family, Problem: "Can my children get benefits?", Root: true, Actionable: true,
				Resolution: "Your children may get benefits on your record while they are under 18."},
			{ID: "family-paid", Page: family, Problem: "Benefits for children of a retired worker", Actionable: true,
				Resolution: "Once your own pension is paid, each child may get up to half of it every month."},
			{ID: "deposit", Page: payments, Problem: "Direct deposit", Root: true, Actionable: true,
				Resolution: "If you already receive a pension, you can have it paid straight into your bank account. Living abroad, you can have it paid into a local bank there."},
		},
		Edges: []graph.Edge{{From: "family", To: "family-paid", Type: graph.Child}},
	}
}

// TestYesWithAStatement: "yes" with a statement of the user's situation
// answers the request before it, and is read with that request; the same
// statement without a yes is a request of its own.
func TestYesWithAStatement(t *testing.T) {
	for _, tc := range []struct {
		name, then string
		page       string
	}{
		{"yes and the situation", "Yes, I already receive my pension.", familyPage},
		{"yes, filler and the situation", "Oh yes, ok, I already receive my pension.", familyPage},
		{"the situation alone", "I already receive my pension.", paymentsPage},
		{"yes and a question", "Yes, and how do I have it paid into my bank account", paymentsPage},
		{"yes and a question mark", "Yes, it can be paid into my bank account?", paymentsPage},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := secondReply(t, answerGraph(), "can my children get benefits?", "family", tc.then)
			if len(r.Sources) == 0 || r.Sources[0] != tc.page {
				t.Errorf("got %s at %q from %v (%q), want the page %s", r.Action, r.NodeID, r.Sources, r.Text, tc.page)
			}
		})
	}
}

// TestAskingForMore: after an answer, asking for more information with
// nothing else said goes on with the page, as a yes does; more about
// something named is that request.
func TestAskingForMore(t *testing.T) {
	for _, tc := range []struct {
		name, then string
		action     Action
		node       string
	}{
		{"more information", "I need more information", Resolution, "refund"},
		{"where to get more", "Where can I get more details?", Resolution, "refund"},
		{"more about something named", "where can I get more details about tracking a delivery?", Resolution, "track"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			checkSecondTurn(t, stayGraph(), "how do I return an item", "return", tc.then, tc.action, tc.node)
		})
	}
}

// TestFollowUpInAnAnswer: a short follow-up whose words are in no
// section's heading, but are in the answer of a section of the page being
// discussed, is answered there; one with words that section lacks is not.
func TestFollowUpInAnAnswer(t *testing.T) {
	for _, tc := range []struct {
		name, then string
		action     Action
		node       string
	}{
		{"the answer has the words", "what if I am living abroad?", Resolution, "deposit"},
		{"the answer has less than half of the words", "and what about half of my record while abroad?", Clarification, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			checkSecondTurn(t, answerGraph(), "direct deposit", "deposit", tc.then, tc.action, tc.node)
		})
	}
}

// TestStillAsksAgain: asked about the section just given, "still" in a
// question of whether something still holds is another question the
// section may answer; "still" saying the answer did not help hands over.
func TestStillAsksAgain(t *testing.T) {
	for _, tc := range []struct {
		name, then string
		action     Action
		node       string
	}{
		{"can I still", "can I still return an item after 30 days?", Resolution, "return"},
		{"and still", "can I return an item and still keep the label?", Resolution, "return"},
		{"it still fails", "I still can't return an item", Escalation, "return"},
		{"still not", "the item return is still not working", Escalation, "return"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			checkSecondTurn(t, stayGraph(), "how do I return an item", "return", tc.then, tc.action, tc.node)
		})
	}
}

// TestYesAfterAnAnswerWithFollowUps: an answer that offers its
// sub-problems as follow-ups asked nothing; a yes to it goes on with the
// page, as after any answer. A yes to a clarification still asks which.
func TestYesAfterAnAnswerWithFollowUps(t *testing.T) {
	const returns = "https://help.shop.example/returns"
	g := &graph.Graph{
		Pages: []graph.Page{{URL: returns, Title: "Returns"}},
		Nodes: []graph.Node{
			{ID: "return", Page: returns, Problem: "Return an item", Root: true, Actionable: true,
				Resolution: "You can return most items within 30 days."},
			{ID: "refund", Page: returns, Problem: "When is my refund paid?", Actionable: true,
				Resolution: "Refunds are paid within 5 days after the parcel reaches our warehouse."},
			{ID: "exchange", Page: returns, Problem: "Exchange an item", Actionable: true,
				Resolution: "Choose Exchange in your order to get another size."},
			{ID: "damaged", Page: returns, Problem: "Damaged items", Root: true, Actionable: true,
				Resolution: "What to do with a damaged item depends on how it reached you."},
			{ID: "damaged-post", Page: returns, Problem: "Damaged in the post", Condition: "it came by post", Actionable: true,
				Resolution: "Send us a photo of the parcel."},
			{ID: "damaged-store", Page: returns, Problem: "Damaged in store", Condition: "you picked it up in a store", Actionable: true,
				Resolution: "Bring it back to the store."},
		},
		Edges: []graph.Edge{
			{From: "return", To: "refund", Type: graph.Child}, {From: "return", To: "exchange", Type: graph.Child},
			{From: "damaged", To: "damaged-post", Type: graph.Child}, {From: "damaged", To: "damaged-store", Type: graph.Child},
		},
	}
	for _, tc := range []struct {
		name, first string
		firstAction Action
		action      Action
		node        string
	}{
		{"yes after an answer", "how do I return an item", Resolution, Resolution, "refund"},
		{"yes after a question", "my item is damaged", Clarification, Clarification, "damaged"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := NewGraphAgent(g, Options{})
			s := &Session{}
			if r, err := a.Respond(context.Background(), s, tc.first); err != nil || r.Action != tc.firstAction || len(r.Options) < 2 {
				t.Fatalf("first turn: %s at %q with %d options, %v", r.Action, r.NodeID, len(r.Options), err)
			}
			r, err := a.Respond(context.Background(), s, "yes")
			if err != nil {
				t.Fatal(err)
			}
			if r.Action != tc.action || r.NodeID != tc.node {
				t.Errorf("got %s at %q (%q), want %s at %q", r.Action, r.NodeID, r.Text, tc.action, tc.node)
			}
		})
	}
}

// TestNoWordsOfItsOwn: after an answer, a message with no words a page
// could match ("can you help me?", "why?") is about what was just said: it
// goes on with the page. Opening a conversation, it asks to rephrase.
func TestNoWordsOfItsOwn(t *testing.T) {
	for _, tc := range []struct {
		name, first, then string
		action            Action
		node              string
	}{
		{"help after an answer", "how do I return an item", "can you help me?", Resolution, "refund"},
		{"why after an answer", "how do I return an item", "why?", Resolution, "refund"},
		{"help to open", "", "can you help me?", Clarification, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			checkSecondTurn(t, stayGraph(), tc.first, "", tc.then, tc.action, tc.node)
		})
	}
}
