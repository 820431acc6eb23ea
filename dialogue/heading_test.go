package dialogue

import (
	"context"
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/verdict"
)

func TestWithHeading(t *testing.T) {
	for _, tc := range []struct {
		problem, condition, text, want string
	}{
		{"Can I split the payment?", "", "No. One reservation is paid with one card.", "Can I split the payment? No. One reservation is paid with one card."},
		{"Is it stable?", "", "Yes, it's quite stable.", "Is it stable? Yes, it's quite stable."},
		{"Is my booking confirmed?", "", "If you saw the confirmation screen, yes. Members see it online.", "Is my booking confirmed? If you saw the confirmation screen, yes. Members see it online."},
		{"Is there a fee?", "", "For members, no fee. Others pay 5 euros.", "For members, no fee. Others pay 5 euros."},
		{"Ist es verschlüsselt?", "", "Ja, natürlich!", "Ist es verschlüsselt? Ja, natürlich!"},
		{"返金できますか？", "", "はい、できます。", "返金できますか？ はい、できます。"},
		// A sentence opening with "no" is no answer to the question.
		{"Is there a fee?", "", "No fee is charged for the first change.", "No fee is charged for the first change."},
		// A heading that asks nothing, or a condition leading the reply.
		{"Payment methods", "", "No. See the plan page.", "No. See the plan page."},
		{"Can I pay later?", "you booked a member plan", "Yes, at the hotel.", "Yes, at the hotel."},
		{"Can I pay later?", "", "Pay at the accommodation.", "Pay at the accommodation."},
		// A list under its heading: without it, items of what does not
		// count read as what does.
		{"Reservations that don't earn points", "", "- made as a guest\n- cancelled", "Reservations that don't earn points:\n- made as a guest\n- cancelled"},
		{"What do I need?", "", "1. Your card\n2. Your code", "What do I need?\n1. Your card\n2. Your code"},
		{"Steps:", "", "1) Log in", "Steps:\n1) Log in"},
		{"Prices", "", "10 euros. 2026 prices.", "10 euros. 2026 prices."},
		{"Prices", "", "2026. Prices rose.", "2026. Prices rose."},
		{"Fees", "you pay late", "- 10 euros", "- 10 euros"},
		// A short text under a name it names only in part: a field's
		// description says a balance, not which one.
		{"Ending Balance", "", "The balance entered from the statement.", "Ending Balance: The balance entered from the statement."},
		{"Ending Balance", "", "The ending balance is the statement's.", "The ending balance is the statement's."},
		{"Setting up scanners", "", "Plug the scanners in and wait.", "Plug the scanners in and wait."}, // a task, not a name
		// A menu reference's heading is where to click.
		{"View > Show Hidden Files", "", "Shows all the hidden files within the current folder.", "View > Show Hidden Files: Shows all the hidden files within the current folder."},
		{"Settings > Privacy > Location", "", "Turn off Location Services to stop apps using your position. Apps that need it ask again.", "Settings > Privacy > Location: Turn off Location Services to stop apps using your position. Apps that need it ask again."},
		{"View > Zoom In", "", "Choose View > Zoom In to enlarge the icons.", "Choose View > Zoom In to enlarge the icons."},                                                                                                                                                                                               // says it already
		{"when x > 1", "", "Add the numbers up, then divide the sum by the count of numbers to get their mean, which the next section uses for the chart and its labels.", "Add the numbers up, then divide the sum by the count of numbers to get their mean, which the next section uses for the chart and its labels."}, // no menu
	} {
		n := &graph.Node{Problem: tc.problem, Condition: tc.condition}
		if got := withHeading(n, tc.text); got != tc.want {
			t.Errorf("withHeading(%q, %q) = %q, want %q", tc.problem, tc.text, got, tc.want)
		}
	}
}

// TestYesOrNoAnswerRestatesItsQuestion: a user asking in their own words
// gets the node's question before its bare "Yes,".
func TestYesOrNoAnswerRestatesItsQuestion(t *testing.T) {
	a := NewGraphAgent(pointerGraph(), Options{})
	r, err := a.Respond(context.Background(), &Session{}, "my housing grant was refused, is an appeal possible")
	if err != nil {
		t.Fatal(err)
	}
	if r.Action != Resolution || r.NodeID != "grants-appeal" {
		t.Fatalf("got %s from %q: %q", r.Action, r.NodeID, r.Text)
	}
	if want := "Can I appeal a refused housing grant? Yes, you can appeal"; !strings.HasPrefix(r.Text, want) {
		t.Errorf("reply %q, want it to open with %q", r.Text, want)
	}
}

// TestOneSubSectionFollowsItsLead: a section with text of its own above
// its one sub-section answers with that text first; the sub-section, a
// list, comes under its heading.
func TestOneSubSectionFollowsItsLead(t *testing.T) {
	const points = "https://help.example/points"
	g := verdict.Judged(&graph.Graph{
		Pages: []graph.Page{{URL: points, Title: "Loyalty program"}},
		Nodes: []graph.Node{
			{ID: "program", Page: points, Problem: "Loyalty program", Root: true, Resolution: "Members collect credits with every purchase."},
			{ID: "earning", Page: points, Problem: "Earning credits", Resolution: "You earn 1 credit for every 10 euros you spend. Credits show in your account within 14 days."},
			{ID: "excluded", Page: points, Problem: "Purchases that don't earn credits", Actionable: true, Resolution: "- gift cards\n- returned orders"},
			{ID: "expiry", Page: points, Problem: "Credit expiry", Actionable: true, Resolution: "Credits expire after 12 months."},
		},
		Edges: []graph.Edge{
			{From: "program", To: "earning", Type: graph.Child},
			{From: "earning", To: "excluded", Type: graph.Child},
			{From: "program", To: "expiry", Type: graph.Child},
		},
	})
	r := firstReply(t, g, "earning credits")
	want := "You earn 1 credit for every 10 euros you spend. Credits show in your account within 14 days.\n\nPurchases that don't earn credits:\n- gift cards\n- returned orders"
	if r.Action != Resolution || r.Text != want {
		t.Errorf("earning credits = %s %q, want a resolution %q", r.Action, r.Text, want)
	}
}

// TestShortTextLedByHeading: a short text that does not name its heading
// is led by it ("Requires iOS 13 or later." under "iPhone", seen on the
// AdGuard help center in en, de and es); one that names it, or is long,
// stands alone.
func TestShortTextLedByHeading(t *testing.T) {
	for _, tc := range []struct{ problem, text, want string }{
		{"iPhone", "Requires iOS 13 or later.", "iPhone: Requires iOS 13 or later."},
		{"Do Not Track", "Sends the signal to the websites you visit.", "Do Not Track: Sends the signal to the websites you visit."},
		{"Was kostet es?", "Erfordert iOS 13.", "Was kostet es? Erfordert iOS 13."},
		{"Refunds", "Refunds take 5 days.", "Refunds take 5 days."},
		{"Refunds", "A refund takes 5 days.", "A refund takes 5 days."},
		{"Theme", "Switch between dark and light themes in Settings.", "Switch between dark and light themes in Settings."},
		{"iPhone", "Requires iOS 13.\nOpen the App Store.", "Requires iOS 13.\nOpen the App Store."},
		{"iPhone", strings.Repeat("word ", 30), strings.Repeat("word ", 30)},
	} {
		n := &graph.Node{Problem: tc.problem}
		if got := withHeading(n, tc.text); got != tc.want {
			t.Errorf("withHeading(%q, %q) = %q, want %q", tc.problem, tc.text, got, tc.want)
		}
	}
}
