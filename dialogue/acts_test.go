package dialogue

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

func TestClassifyAct(t *testing.T) {
	an := newAnalyzer(nil)
	for _, tc := range []struct {
		msg  string
		want Act
	}{
		{"I want to talk to a human", ActHuman},
		{"can I speak with a real person about my refund?", ActHuman},
		{"agent", ActHuman},
		{"both", ActAll},
		{"all of them", ActAll},
		{"Yeah, both of them.", ActAll},
		{"a bit of both", ActAll},
		{"both apply", ActAll},
		{"both accounts", ActNone}, // a request of its own
		{"connect me to customer service", ActHuman},
		{"start over", ActRestart},
		{"/restart", ActRestart},
		{"let's start over please", ActRestart},
		{"Reset the chat.", ActRestart},
		{"reset my password", ActNone},                           // a request that opens with the verb
		{"restart apache without dropping connections", ActNone}, // a request that opens with the verb
		{"restart the app", ActNone},
		{"hi", ActGreeting},
		{"Hello there!", ActGreeting},
		{"anyone there?", ActGreeting},
		{"Hello? Is anybody there?", ActGreeting},
		{"are you still there?", ActGreeting},
		{"u there", ActGreeting},
		{"is anyone there who can reset my password?", ActNone}, // a request of its own
		{"someone there said my order shipped", ActNone},
		{"Thanks, that worked", ActThanks},
		{"thank you so much", ActThanks},
		{"ok it works now thx", ActThanks},
		{"it's working again", ActThanks},
		{"that fixed it!! cheers", ActThanks},
		{"perfect, that did it", ActThanks},
		{"that did the trick", ActThanks},
		{"problem solved, thanks", ActThanks},
		{"you've sorted it", ActThanks},
		{"did that fix it?", ActNone},
		{"it works on windows but not on my mac", ActNone}, // a request of its own
		{"does it work on mac?", ActNone},
		{"No, none of that.", ActNoneOfThese},
		{"neither", ActNoneOfThese},
		{"none of these", ActNoneOfThese},
		{"Yes, I am", ActYes},
		{"yep", ActYes},
		{"no", ActNo},
		{"Not really", ActNo},
		{"No, I don't", ActNo},
		{"I don't know", ActDontKnow},
		{"not sure", ActDontKnow},
		{"idk", ActDontKnow},
		// A message that asks something of its own is a request.
		{"yes, and how do I apply for retirement benefits?", ActNone},
		{"thanks but how do I change my password", ActNone},
		{"I don't know how to apply", ActNone},
		{"what happens if a person goes back to school", ActNone},
		{"how do I reset my password", ActNone},
		// Asking for more of what was said is a yes to going on; more
		// about something named is a request.
		{"I need more information", ActYes},
		{"Where can I get more details?", ActYes},
		{"can you tell me more about it?", ActYes},
		{"where can I get more details about direct deposit?", ActNone},
		{"can I get more security alerts?", ActNone},
		// Acknowledgements ask nothing new; "not yet", "not right now"
		// and "I haven't" answer no.
		{"sounds good", ActAck},
		{"Ok, sounds good!", ActAck},
		{"I see.", ActAck},
		{"that makes sense", ActAck},
		{"hmm ok", ActAck},
		{"oh okay", ActAck},
		{"okay then", ActAck},
		{"hmm, I see", ActAck},
		{"alright", ActAck},
		{"hmm ok thanks", ActThanks},
		{"hmm", ActNone},
		{"hmm ok, how do I reset it?", ActNone},
		{"got it", ActThanks},
		{"not yet", ActNo},
		{"I haven't", ActNo},
		{"No, not yet", ActNo},
		{"not right now", ActNo}, // a yes or no put off: no, for now
		{"no, not at the moment", ActNo},
		{"maybe later", ActNo},
		{"not right now, how do I cancel it?", ActNone},
		{"sounds good, how do I apply?", ActNone},
		{"I see a charge I don't recognise", ActNone},
		// Asking whether the agent is a bot is a question, not a request
		// for a person; a bare "agent" or "human" is one.
		{"are you a bot?", ActBotQuestion},
		{"Are you a real person?", ActBotQuestion},
		{"am I talking to a human or a bot?", ActBotQuestion},
		{"is this an automated chat?", ActBotQuestion},
		{"agent please", ActHuman},
		{"human", ActHuman},
		{"a real person please", ActHuman},
		{"I want to talk to a real person", ActHuman},
		{"is this a real estate agent question?", ActNone},
		{"the agent app crashes", ActNone},
		// Saying the answer did not work, and nothing else.
		{"that didn't work", ActNotSolved},
		{"It still doesn't help.", ActNotSolved},
		{"no, still not working", ActNotSolved},
		{"didnt fix it", ActNotSolved},
		{"it doesnt always work", ActNotSolved},
		{"that didn't really help", ActNotSolved},
		{"it doesn't seem to work", ActNotSolved},
		{"it doesn't always work on my phone", ActNone},
		{"this is not working either", ActNotSolved},
		{"never mind", ActWithdraw},
		{"ok nevermind then", ActWithdraw},
		{"forget it, thanks", ActWithdraw},
		{"never mind the password, how do I change my email?", ActNone},
		{"still nothing", ActNotSolved},
		{"nope, nothing changed", ActNotSolved},
		{"same problem", ActNotSolved},
		{"it's still the same", ActNotSolved},
		{"no luck", ActNotSolved},
		{"none of that helped", ActNotSolved},
		{"None of these worked.", ActNotSolved},
		{"nothing helped", ActNotSolved},
		{"none of the above has worked for me", ActNotSolved},
		{"none of these apply", ActNone},
		{"nothing helped with the printer jams", ActNone},
		{"thanks, see you", ActThanks},
		{"I can't see you in the list", ActNone},
		{"you are not helping", ActNotSolved},
		{"you're not helping me at all", ActNotSolved},
		{"you dont help", ActNotSolved},
		{"you're useless", ActNotSolved},
		{"you are not helping my class with the printer", ActNone},
		{"same problem with my other laptop", ActNone},
		{"nothing happens when I click print", ActNone},
		{"the printer is not working", ActNone},
		{"that didn't work, the code expired", ActNone},
		{"that's all, thanks", ActThanks},
		{"nothing else", ActThanks},
		{"no thanks, i'm good", ActThanks},
		{"all set, thank you", ActThanks},
		{"that's it", ActYes},
		{"that's all?", ActNone},
		{"that's all i need to do?", ActNone},
		{"nothing else works", ActNone},
		{"i'm done with the steps but it still fails", ActNone},
	} {
		if got := classifyAct(an, tc.msg); got != tc.want {
			t.Errorf("classifyAct(%q) = %s, want %s", tc.msg, got, tc.want)
		}
	}
}

// TestGraphAgentDialogueActs plays the acts every customer uses against the
// fixture help center.
func TestGraphAgentDialogueActs(t *testing.T) {
	type step struct {
		say    string
		action Action
		// text is a piece of the reply; node, when set, where it stands.
		text, node string
	}
	for _, tc := range []struct {
		name    string
		handoff bool
		steps   []step
	}{
		{"a person at once, promised where one follows up", true, []step{
			{"I want to change my booking", Clarification, "", "change"},
			{"can I talk to a real person?", Escalation, "a person will follow up", ""},
		}},
		{"a person at once, not promised in a terminal", false, []step{
			{"let me speak to an agent", Escalation, "Please contact our support team", ""},
		}},
		{"start over forgets the conversation", false, []step{
			{"I want to change my booking", Clarification, "", "change"},
			{"start over", Clarification, "start over", ""},
		}},
		{"thanks closes politely", false, []step{
			{"how do I cancel my booking?", Resolution, "", "cancel"},
			{"thanks, that worked!", Clarification, "You're welcome", ""},
		}},
		{"a fix reported closes politely, its verb no request", false, []step{
			{"how do I cancel my booking?", Resolution, "", "cancel"},
			{"that fixed it!! cheers", Clarification, "You're welcome", ""},
		}},
		{"none of these withdraws the options, twice hands over", false, []step{
			{"I want to change my booking", Clarification, "", "change"},
			{"none of these", Clarification, "describe your situation", ""},
			{"no, none of that", Escalation, "", ""},
		}},
		{"the same question again after none of these hands over", false, []step{
			{"I want to change my booking", Clarification, "", "change"},
			{"none of these", Clarification, "describe your situation", ""},
			{"I want to change my booking", Escalation, "", "change"},
		}},
		{"no after an answer asks what else", false, []step{
			{"how do I cancel my booking?", Resolution, "", "cancel"},
			{"no", Clarification, "What else", ""},
		}},
		{"I don't know which: what applies to everyone, options kept", false, []step{
			{"I want to change my booking", Clarification, "", "change"},
			{"I don't know", Resolution, "If one of these applies to you", "change"},
		}},
		{"a greeting is no miss", false, []step{
			{"hello", Clarification, "What can I help you with", ""},
			{"hi", Clarification, "What can I help you with", ""},
			{"how do I cancel my booking?", Resolution, "", "cancel"},
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := fixtureAgent(t, Options{HumanHandoff: tc.handoff})
			s := &Session{ID: tc.name}
			for i, st := range tc.steps {
				r, err := a.Respond(context.Background(), s, st.say)
				if err != nil {
					t.Fatal(err)
				}
				if r.Action != st.action || !strings.Contains(r.Text, st.text) || (st.node != "" && r.NodeID != st.node) {
					t.Fatalf("step %d %q: got %s at %q: %q\nwant %s at %q containing %q", i, st.say, r.Action, r.NodeID, r.Text, st.action, st.node, st.text)
				}
			}
			if tc.name == "start over forgets the conversation" && (s.CurrentNode != "" || len(s.Confirmed) != 0 || len(s.PendingOptions) != 0) {
				t.Errorf("after start over: %+v", s)
			}
		})
	}
}

// TestClarificationOptionsCapped checks that a node with thousands of
// branches asks about a few and says how many more there are.
func TestClarificationOptionsCapped(t *testing.T) {
	g := &graph.Graph{Nodes: []graph.Node{{ID: "root", Page: "https://help.example.com/p", Problem: "Choose your plan", Resolution: "Plans differ by country.", Root: true}}}
	for i := range 10000 {
		id := fmt.Sprintf("c%d", i)
		g.Nodes = append(g.Nodes, graph.Node{ID: id, Page: "https://help.example.com/p", Problem: "Choose your plan", Condition: fmt.Sprintf("If you live in region %d", i), Resolution: fmt.Sprintf("Region %d has its own plan.", i)})
		g.Edges = append(g.Edges, graph.Edge{From: "root", To: id, Type: graph.Child})
	}
	a := NewGraphAgent(g, Options{})
	s := &Session{}
	r, err := a.Respond(context.Background(), s, "choose your plan")
	if err != nil {
		t.Fatal(err)
	}
	if r.Action != Clarification || len(r.Options) != maxOptions || len(s.PendingOptions) != maxOptions || !strings.Contains(r.Text, "9992 more") {
		t.Errorf("got %s with %d options (%d pending): %q", r.Action, len(r.Options), len(s.PendingOptions), r.Text)
	}
}

// TestMatchOptionsOwnWords checks that an answer to a clarification may say
// a little more than the option it names, but not a new request.
func TestMatchOptionsOwnWords(t *testing.T) {
	g := &graph.Graph{Nodes: []graph.Node{
		{ID: "pay", Page: "https://help.example.com/pay", Problem: "Paying a bill", Root: true},
		{ID: "card", Page: "https://help.example.com/pay", Problem: "Paying a bill", Condition: "If you pay by credit card", Resolution: "Enter the card number."},
		{ID: "transfer", Page: "https://help.example.com/pay", Problem: "Paying a bill", Condition: "If you pay by bank transfer", Resolution: "Use the reference on the bill."},
	}, Edges: []graph.Edge{{From: "pay", To: "card", Type: graph.Child}, {From: "pay", To: "transfer", Type: graph.Child}}}
	checkMatchOptions(t, g, "pay", []string{"card", "transfer"}, []optionCase{
		{"bank transfer", []int{1}},
		{"a bank transfer from my savings", []int{1}},
		{"how long does a bank transfer from my savings take to arrive abroad", nil},
		{"something about my credit score", nil},
	})
}

// optionCase is a reply to pending options and the options it names.
type optionCase struct {
	msg  string
	want []int
}

// checkMatchOptions matches each case's reply against the nodes options
// offered at node current of g.
func checkMatchOptions(t *testing.T, g *graph.Graph, current string, options []string, cases []optionCase) {
	t.Helper()
	a := NewGraphAgent(g, Options{})
	for _, tc := range cases {
		s := &Session{CurrentNode: current, PendingOptions: a.options(options)}
		if got := a.matchOptions(s, a.readText(tc.msg)); !slices.Equal(got, tc.want) {
			t.Errorf("matchOptions(%q) = %v, want %v", tc.msg, got, tc.want)
		}
	}
}

// TestMatchOptionsByTheProblemsWord: a word of the problem being
// discussed that one option's label has and the other's not names that
// option ("Back up and restore", "Backing up" / "Restoring": "how do I
// restore it?"); the problem said again names both, as it did before.
func TestMatchOptionsByTheProblemsWord(t *testing.T) {
	const url = "https://help.example.com/backup"
	g := &graph.Graph{Nodes: []graph.Node{
		{ID: "both", Page: url, Problem: "Back up and restore", Resolution: "You can back up your data to a file.", Root: true},
		{ID: "backup", Page: url, Problem: "Backing up", Resolution: "Choose File > Back Up.", Actionable: true},
		{ID: "restore", Page: url, Problem: "Restoring", Resolution: "Choose File > Restore.", Actionable: true},
	}, Edges: []graph.Edge{{From: "both", To: "backup", Type: graph.Child}, {From: "both", To: "restore", Type: graph.Child}}}
	checkMatchOptions(t, g, "both", []string{"backup", "restore"}, []optionCase{
		{"how do I restore it?", []int{1}},
		{"restore", []int{1}},
		{"backing up", []int{0}},
		{"back up and restore", []int{0, 1}},
	})
}

// TestSpreadOverPageWhenNoSectionDoes checks that a request spread over a
// page's sections is taken to the page's best section, with its source,
// and that a request no page covers is not answered. No section holds
// enough of the request, so the page, which leads on whole-page evidence,
// is asked about ("Is it about this?") rather than answered from.
func TestSpreadOverPageWhenNoSectionDoes(t *testing.T) {
	const url = "https://help.example.com/card"
	g := &graph.Graph{Nodes: []graph.Node{
		{ID: "card", Page: url, Problem: "Replacement card", Resolution: "You can ask for a replacement card online.", Actionable: true, Root: true},
		{ID: "docs", Page: url, Problem: "Documents you need", Resolution: "Bring proof of identity such as a passport.", Actionable: true},
		{ID: "born", Page: url, Problem: "Born abroad", Resolution: "If you were born abroad, bring your immigration papers.", Actionable: true},
		{ID: "pay", Page: "https://help.example.com/pay", Problem: "Payment dates", Resolution: "We pay on the third of the month.", Actionable: true, Root: true},
	}, Edges: []graph.Edge{{From: "card", To: "docs", Type: graph.Child}, {From: "card", To: "born", Type: graph.Child}}}
	a := NewGraphAgent(g, Options{})
	r, err := a.Respond(context.Background(), &Session{}, "documents born passport immigration")
	if err != nil {
		t.Fatal(err)
	}
	at := r.NodeID
	if r.Action == Clarification && len(r.Options) == 1 {
		at = r.Options[0].NodeID
	}
	if n := a.Index().Node(at); n == nil || n.Page != url || !slices.Contains(r.Sources, url) {
		t.Errorf("spread over a page: got %s at %q (sources %v): %q", r.Action, at, r.Sources, r.Text)
	}
	r, err = a.Respond(context.Background(), &Session{}, "passport for my fishing license renewal")
	if err != nil {
		t.Fatal(err)
	}
	if r.Action == Resolution {
		t.Errorf("a request the pages don't cover got a resolution at %q: %q", r.NodeID, r.Text)
	}
}

func TestDropFillers(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"Oh, ok, yes!", "yes"},
		{"ummm... no thanks a lot", "no thanks"},
		{"Hmmm, all right, I am", "I am"},
		{"uhh well, sir", ""},
		{"an umbrella, a hmmmm and then some", "an umbrella a and some"},
		{"Thank you, ma'am.", "Thank you"},
		{"good morning", "morning"},
		{"  ", ""},
	} {
		if got := dropFillers(tc.in); got != tc.want {
			t.Errorf("dropFillers(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestNotSolvedAfterAnswer: "that didn't work" after an answer is about the
// answer, not a request for another page its words ("work") match: what
// the section has not said yet, and when it has said all, the pages have
// nothing else, and the agent says so and hands over.
func TestNotSolvedAfterAnswer(t *testing.T) {
	g := &graph.Graph{Nodes: []graph.Node{
		{ID: "reset", Page: "https://help.example.com/reset", Problem: "Reset your password", Actionable: true, Root: true,
			Resolution: "Open Settings, choose Password and follow the link we e-mail you. " + strings.Repeat("The link stays valid for one day after we send it to the address on your account. ", 6) + "Still no e-mail? Look in your spam folder, then ask for a new link."},
		{ID: "work", Page: "https://help.example.com/work", Problem: "Filtering does not work", Resolution: "If filtering does not work, turn it off and on again.", Actionable: true, Root: true},
	}}
	for _, courtesy := range []string{"", "ok thanks"} {
		t.Run("after "+cmp.Or(courtesy, "the answer"), func(t *testing.T) {
			notSolvedAfterAnswer(t, g, courtesy)
		})
	}
}

// notSolvedAfterAnswer: "that didn't work" after the reset answer, or after
// a courtesy ("ok thanks" → "You're welcome!") that followed it, gives the
// rest of the section, then hands over.
func notSolvedAfterAnswer(t *testing.T, g *graph.Graph, courtesy string) {
	a := NewGraphAgent(g, Options{})
	s := &Session{}
	first, err := a.Respond(context.Background(), s, "how do I reset my password")
	if err != nil || first.NodeID != "reset" {
		t.Fatalf("first reply %s at %q (%v), want the reset answer", first.Action, first.NodeID, err)
	}
	if courtesy != "" {
		if _, err := a.Respond(context.Background(), s, courtesy); err != nil {
			t.Fatal(err)
		}
	}
	more, err := a.Respond(context.Background(), s, "that didn't work")
	if err != nil {
		t.Fatal(err)
	}
	if more.Action != Resolution || more.NodeID != "reset" || !strings.Contains(more.Text, "Still no e-mail") || strings.Contains(more.Text, "Open Settings") {
		t.Fatalf("after 'that didn't work': %s at %q: %q, want the rest of the reset section", more.Action, more.NodeID, more.Text)
	}
	r, err := a.Respond(context.Background(), s, "still not working")
	if err != nil {
		t.Fatal(err)
	}
	if r.Action != Escalation || r.NodeID != "reset" || r.Text != a.say(s, a.handoff("NotSolved")) {
		t.Errorf("after 'still not working': %s at %q: %q, want the not-solved escalation at the reset answer", r.Action, r.NodeID, r.Text)
	}
}

// TestNoToWhichAskedAgain: "no" to "which of these applies?" asks again
// which one; a "no" to that question asked again is none of them, not a
// third time the same question.
func TestNoToWhichAskedAgain(t *testing.T) {
	const page = "https://help.example.com/pay"
	g := &graph.Graph{Nodes: []graph.Node{
		{ID: "pay", Page: page, Problem: "Pay for an order", Root: true, Resolution: "How you pay depends on where you ordered."},
		{ID: "web", Page: page, Problem: "Pay for an order", Condition: "You ordered on the website", Actionable: true, Resolution: "Pay by card at checkout."},
		{ID: "app", Page: page, Problem: "Pay for an order", Condition: "You ordered in the app", Actionable: true, Resolution: "Pay in the app's wallet."},
	}, Edges: []graph.Edge{{From: "pay", To: "web", Type: graph.Child}, {From: "pay", To: "app", Type: graph.Child}}}
	a, s := NewGraphAgent(g, Options{}), &Session{}
	if r, err := a.Respond(context.Background(), s, "how do I pay for my order"); err != nil || r.Action != Clarification || len(r.Options) != 2 {
		t.Fatalf("first reply %+v, %v: want the question between the two situations", r, err)
	}
	r, err := a.Respond(context.Background(), s, "no")
	if err != nil || r.Text != a.say(s, "WhichOne") {
		t.Fatalf("after a first no: %+v, %v: want the question asked again", r, err)
	}
	r, err = a.Respond(context.Background(), s, "no")
	if err != nil || r.Text == a.say(s, "WhichOne") || len(r.Options) != 0 || !strings.HasPrefix(r.Text, a.say(s, "LeadNoneOfThose")) {
		t.Errorf("after a second no: %+v, %v: want none of those, in their own words", r, err)
	}
}

// TestWithdrawDropsOptions: "never mind" to a question takes it back: the
// options are withdrawn and the agent asks what else, instead of matching
// "mind" against the pages or asking again; the next request is a first
// one.
func TestWithdrawDropsOptions(t *testing.T) {
	const page = "https://help.example.com/pay"
	g := &graph.Graph{Nodes: []graph.Node{
		{ID: "pay", Page: page, Problem: "Pay for an order", Root: true, Resolution: "How you pay depends on where you ordered."},
		{ID: "web", Page: page, Problem: "Pay for an order", Condition: "You ordered on the website", Actionable: true, Resolution: "Pay by card at checkout."},
		{ID: "app", Page: page, Problem: "Pay for an order", Condition: "You ordered in the app", Actionable: true, Resolution: "Pay in the app's wallet."},
		{ID: "mind", Page: "https://help.example.com/mind", Problem: "Mind your password", Root: true, Actionable: true, Resolution: "Never share your password."},
	}, Edges: []graph.Edge{{From: "pay", To: "web", Type: graph.Child}, {From: "pay", To: "app", Type: graph.Child}}}
	a, s := NewGraphAgent(g, Options{}), &Session{}
	if r, err := a.Respond(context.Background(), s, "how do I pay for my order"); err != nil || len(r.Options) != 2 {
		t.Fatalf("first reply %+v, %v: want the question between the two situations", r, err)
	}
	r, err := a.Respond(context.Background(), s, "never mind")
	if err != nil || r.Text != a.say(s, "WhatElse") || len(r.Options) != 0 || len(s.PendingOptions) != 0 || s.Rephrases != 0 {
		t.Fatalf("after never mind: %+v (pending %v, misses %d), %v: want what else, nothing pending", r, s.PendingOptions, s.Rephrases, err)
	}
}

// TestChatAloneAfterAnswer: "great!" after an answer that said all its
// section has is taken in ("anything else?"), not a miss that asks to
// rephrase and makes the next miss a second one.
func TestChatAloneAfterAnswer(t *testing.T) {
	g := &graph.Graph{Nodes: []graph.Node{
		{ID: "reset", Page: "https://help.example.com/reset", Problem: "Reset your password", Actionable: true, Root: true, Resolution: "Open Settings and choose Password."},
	}}
	a, s := NewGraphAgent(g, Options{}), &Session{}
	if r, err := a.Respond(context.Background(), s, "how do I reset my password"); err != nil || r.NodeID != "reset" {
		t.Fatalf("first reply %+v, %v", r, err)
	}
	for _, say := range []string{"great!", "cool"} {
		r, err := a.Respond(context.Background(), s, say)
		if err != nil || r.Action != Clarification || r.Text != a.say(s, "AckAnythingElse") || s.Rephrases != 0 {
			t.Errorf("%q: %+v (%d misses), %v: want it taken in, no miss", say, r, s.Rephrases, err)
		}
	}
}

// TestChatAloneMatchesNoPage: "great" or "perfect" alone after an answer
// is taken in even where a page uses the word ("It runs great", "a perfect
// fit"): chat asks for nothing, and read as a request it found that page.
// Nor does praise go on to the page's next section.
func TestChatAloneMatchesNoPage(t *testing.T) {
	g := &graph.Graph{Nodes: []graph.Node{
		{ID: "reset", Page: "https://help.example.com/reset", Problem: "Reset your password", Actionable: true, Root: true, Resolution: "Open Settings and choose Password."},
		{ID: "backports", Page: "https://help.example.com/backports", Problem: "Newer software from backports", Actionable: true, Root: true,
			Resolution: "The system runs great and is a perfect fit for schools, but its software is older. Backports bring newer versions."},
		// The page's next section, which going on would give.
		{ID: "email", Page: "https://help.example.com/reset", Problem: "Change your email address", Actionable: true, Resolution: "Open Settings and choose Email."},
	}, Edges: []graph.Edge{{From: "reset", To: "email", Type: graph.Child}}}
	for _, say := range []string{"great", "perfect!", "great, cool"} {
		a, s := NewGraphAgent(g, Options{}), &Session{}
		if r, err := a.Respond(context.Background(), s, "how do I reset my password"); err != nil || r.NodeID != "reset" {
			t.Fatalf("first reply %+v, %v", r, err)
		}
		r, err := a.Respond(context.Background(), s, say)
		if err != nil || r.Action != Clarification || r.Text != a.say(s, "AckAnythingElse") {
			t.Errorf("%q: %s at %s %q, %v: want it taken in", say, r.Action, r.NodeID, r.Text, err)
		}
	}
}
