package dialogue

import (
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/verdict"
)

// pointerGraph is a small help center whose contact section points to a
// page the graph does not have (no reference edge), beside a page whose
// pointer section has nothing of its own to say.
func pointerGraph() *graph.Graph {
	const help, app, plan, grant = "https://help.example/contact", "https://help.example/app", "https://help.example/plans", "https://help.example/grants"
	g := &graph.Graph{
		Pages: []graph.Page{{URL: help, Title: "Contact"}, {URL: app, Title: "Mobile app"}, {URL: plan, Title: "Plans"}, {URL: grant, Title: "Housing grants"}},
		Nodes: []graph.Node{
			{ID: "contact", Page: help, Problem: "Contact the billing team", Root: true,
				Resolution: "See [the billing contact page](https://other.example/billing) for the billing team's phone number, Monday to Friday."},
			{ID: "install", Page: app, Problem: "Install the mobile app", Root: true,
				Resolution: "See [Install the app](https://other.example/install)."},
			{ID: "install-steps", Page: app, Problem: "Steps", Actionable: true,
				Resolution: "Open the app store on your phone, search for Example and tap Install. Sign in with your account."},
			// A page of headings that name its plans' extras and say
			// nothing, above the one section that answers: the request's
			// words match the headings best.
			{ID: "plans", Page: plan, Problem: "Plan extras", Root: true, Resolution: "Plan extras"},
			{ID: "extras-1", Page: plan, Problem: "Extras of the family plan", Resolution: "Extras of the family plan"},
			{ID: "extras-2", Page: plan, Problem: "Extras of the student plan", Resolution: "Extras of the student plan"},
			{ID: "extras-3", Page: plan, Problem: "Extras of the business plan", Resolution: "Extras of the business plan"},
			{ID: "extras-4", Page: plan, Problem: "Extras of the basic plan", Resolution: "Extras of the basic plan"},
			{ID: "which", Page: plan, Problem: "Which plan is right for me", Actionable: true,
				Resolution: "Compare the plans on the pricing page and pick the one with the extras you need."},
			// A page whose introduction says what it is about, above a
			// heading with a lead-in and nothing after it, and one
			// section that answers and shares the page's words.
			{ID: "grants", Page: grant, Problem: "Housing grants", Root: true,
				Resolution: "The housing grant program pays part of the rent of families with a low income. Grants are also paid to people aged 65 and older."},
			{ID: "grants-apply", Page: grant, Problem: "Applying for a housing grant", Resolution: "Applying for a housing grant"},
			{ID: "grants-apply-for", Page: grant, Problem: "Applying for a housing grant (you want to apply for housing grants for)",
				Condition: "you want to apply for housing grants for", Resolution: "If you want to apply for housing grants for:"},
			{ID: "grants-appeal", Page: grant, Problem: "Can I appeal a refused housing grant?",
				Resolution: "Yes, you can appeal a refused housing grant online within 60 days."},
		},
		Edges: []graph.Edge{
			{From: "grants", To: "grants-apply", Type: graph.Child},
			{From: "grants-apply", To: "grants-apply-for", Type: graph.Child},
			{From: "grants", To: "grants-appeal", Type: graph.Child},
		},
	}
	return verdict.Judged(g)
}

// TestOwnAnswer: a node that neither answers nor leads anywhere answers
// with its own text, or else with its page's best section that answers.
func TestOwnAnswer(t *testing.T) {
	a := NewGraphAgent(pointerGraph(), Options{})
	for _, tc := range []struct {
		node, message, want string
	}{
		{"contact", "how do I contact the billing team", "contact"},
		{"install", "how do I install the mobile app on my phone", "install-steps"},
		{"install", "", "install"}, // no words to choose a section with: its link
		// The page's answering section is not among the message's best
		// three on the page (the headings say "extras" and "plan" too):
		// still found, not escalated.
		{"plans", "what plan extras do I get", "which"},
		// A request that names the page is answered by its introduction
		// (which introduces sections, so answers nothing by its verdict),
		// not by the one section that answers and shares its words.
		{"grants-apply-for", "I need housing grants information", "grants"},
		{"grants-apply-for", "can I appeal a refused housing grant", "grants-appeal"},
	} {
		n := a.ix.Node(tc.node)
		if verdictOf(n).Answers {
			t.Fatalf("%s: the fixture's node answers by its verdict; the test needs one that does not", tc.node)
		}
		got := ""
		if m := a.ownAnswer(n, a.readText(tc.message)); m != nil {
			got = m.ID
		}
		if got != tc.want {
			t.Errorf("ownAnswer(%s, %q) = %q, want %q", tc.node, tc.message, got, tc.want)
		}
	}
}

// TestBotQuestionAndAck: "are you a bot?" is answered honestly and keeps
// the conversation where it was; an acknowledgement after an answer is no
// new request; a bare "agent please" hands over. Neither of the bot's own
// replies cites the page of the answer before it.
func TestBotQuestionAndAck(t *testing.T) {
	for _, tc := range []struct {
		then   string
		action Action
		node   string
		text   string
	}{
		{"are you a real person?", Clarification, "return", "automated assistant"},
		{"sounds good", Clarification, "return", "anything else"},
		{"agent please", Escalation, "return", ""},
	} {
		r := secondReply(t, stayGraph(), "how do I return an item", "return", tc.then)
		if r.Action != tc.action || r.NodeID != tc.node || !strings.Contains(r.Text, tc.text) {
			t.Errorf("%q: got %s at %q (%q), want %s at %q with %q", tc.then, r.Action, r.NodeID, r.Text, tc.action, tc.node, tc.text)
		}
		// The bot's own words are no quote of a page: no "Source:" under them.
		if r.Action == Clarification && len(r.Sources) > 0 {
			t.Errorf("%q: %q cites %v", tc.then, r.Text, r.Sources)
		}
	}
}

// TestPlaceholderSection: a section whose whole text is a placeholder or
// a label ("- TODO", "Choose middle": too little to answer, see
// verdict.fragment) is not given as the answer; the page's best section
// that answers is.
func TestPlaceholderSection(t *testing.T) {
	const page = "https://help.example/export"
	g := verdict.Judged(&graph.Graph{
		Pages: []graph.Page{{URL: page, Title: "Export a drawing"}},
		Nodes: []graph.Node{
			{ID: "export", Page: page, Problem: "Export a drawing", Root: true, Actionable: true,
				Resolution: "Open File, choose Export As, pick a format such as PNG and click Export."},
			{ID: "pdf", Page: page, Problem: "Export a drawing as PDF", Actionable: true, Resolution: "- TODO"},
			{ID: "align", Page: page, Problem: "Align the exported drawing", Actionable: true, Resolution: "Choose middle"},
		},
		Edges: []graph.Edge{{From: "export", To: "pdf", Type: graph.Child}, {From: "export", To: "align", Type: graph.Child}},
	})
	for _, say := range []string{"how do I export a drawing as pdf", "how do I align the exported drawing"} {
		r := firstReply(t, g, say)
		if strings.Contains(r.Text, "TODO") || strings.Contains(r.Text, "Choose middle") {
			t.Errorf("%q: got %s %q, want no placeholder as the answer", say, r.Action, r.Text)
		}
		if r.Action == Resolution && r.NodeID != "export" {
			t.Errorf("%q: answered from %s, want the page's section that answers (export)", say, r.NodeID)
		}
	}
}
