package dialogue

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

func TestAnswersRequest(t *testing.T) {
	// Weights are IDF over whole pages, in a graph whose rarest word
	// weighs 4: a word no page has (0) weighs 4 too (unknownRarity).
	// Held is the share of each word's weight the node holds (heldShare).
	for _, tc := range []struct {
		name    string
		weights []float64
		held    []float64
		want    bool
	}{
		{"the rare word held, generic ones not", []float64{3, 0.5, 0.5}, []float64{1, 0, 0}, true},
		{"only the generic words held", []float64{3, 0.5, 0.5}, []float64{0, 1, 1}, false},
		{"half the weight held is enough", []float64{2, 2}, []float64{1, 0}, true},
		{"a word no page has, the node holds the rest", []float64{2, 2, 0}, []float64{1, 1, 0}, true},
		{"a word no page has outweighs a rarer one held", []float64{3, 0}, []float64{1, 0}, false},
		{"a word no page has outweighs the generic one held", []float64{0, 0, 1}, []float64{0, 0, 1}, false},
		{"a word no page has and half the rest held", []float64{0, 2, 1}, []float64{0, 1, 0}, false},
		{"most of the weight held in what the node is about", []float64{2, 1, 1}, []float64{1, 1, 0}, true},
		{"the same held in its answer alone", []float64{2, 1, 1}, []float64{0.5, 0.5, 0}, false},
		{"the rare word in the node's own words, the rest in its answer", []float64{2, 1, 1}, []float64{1, 0.5, 0.5}, true},
		{"the rare word in the answer alone, half the rest not held", []float64{2, 1, 1}, []float64{0.5, 1, 0}, true},
		{"no words", nil, nil, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := heldRequest{weights: tc.weights, rarest: 4, held: tc.held}
			if got := answersRequest(h, 0.5); got != tc.want {
				t.Errorf("answersRequest(%+v) = %v, want %v", h, got, tc.want)
			}
		})
	}
}

func TestNeededShare(t *testing.T) {
	// As in TestAnswersRequest: the rarest word weighs 4, a word no page
	// has (0) weighs 4 too; MinCoverage 0.5, a clear majority 0.55.
	const clear = 0.55
	for _, tc := range []struct {
		name    string
		weights []float64
		held    []float64
		want    float64
	}{
		{"every word held", []float64{2, 1}, []float64{1, 1}, 0.5},
		{"every word held in the answer alone", []float64{2, 1, 1}, []float64{0.5, 0.5, 0.5}, 0.5},
		{"a heavy word nowhere in the node", []float64{2, 1, 1}, []float64{0, 1, 1}, clear},
		{"an average word nowhere in the node", []float64{2, 1, 1.5}, []float64{1, 1, 0}, clear},
		{"a word no page has: the guard weighs it already", []float64{3, 1, 0}, []float64{1, 1, 0}, 0.5},
		{"only a light word lacked", []float64{3, 3, 0.5}, []float64{1, 1, 0}, 0.5},
		{"no words", nil, nil, 0.5},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := heldRequest{weights: tc.weights, rarest: 4, held: tc.held}
			if got := neededShare(h, 0.5); got != tc.want {
				t.Errorf("neededShare(%+v) = %v, want %v", h, got, tc.want)
			}
		})
	}
}

func TestQuoteStands(t *testing.T) {
	// As in TestNeededShare: the rarest word weighs 4, a word no page has
	// (0) weighs 4 too.
	for _, tc := range []struct {
		name    string
		weights []float64
		held    []float64
		leaves  bool
		want    bool
	}{
		{"asked first or on the page being discussed, a word lacked", []float64{3, 1, 1}, []float64{0, 1, 1}, false, true},
		{"leaving the page being discussed, a word lacked", []float64{3, 1, 1}, []float64{0, 1, 1}, true, false},
		{"leaving it, every word held", []float64{3, 1, 1}, []float64{0.5, 1, 1}, true, true},
		{"leaving it, only a word no page has lacked", []float64{0, 1, 1}, []float64{0, 1, 1}, true, true},
		{"leaving it, only a light word lacked", []float64{3, 3, 0.5}, []float64{1, 1, 0}, true, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := heldRequest{weights: tc.weights, rarest: 4, held: tc.held}
			if got := quoteStands(h, tc.leaves); got != tc.want {
				t.Errorf("quoteStands(%+v, leaves %v) = %v, want %v", h, tc.leaves, got, tc.want)
			}
		})
	}
}

func TestHeldShare(t *testing.T) {
	for _, tc := range []struct {
		name   string
		field  int
		onPage bool
		want   float64
	}{
		{"in what the node is about", fieldOwn, false, 1},
		{"in where the node sits", fieldContext, false, fieldCoverageWeight[fieldContext]},
		{"in the node's answer alone", fieldAnswer, false, fieldCoverageWeight[fieldAnswer]},
		{"not in the node", -1, false, 0},
		{"not in the node, on the page being discussed", -1, true, 1},
		{"in the answer, on the page being discussed", fieldAnswer, true, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := heldShare(tc.field, tc.onPage); got != tc.want {
				t.Errorf("heldShare(%d, %v) = %v, want %v", tc.field, tc.onPage, got, tc.want)
			}
		})
	}
}

// TestHoldsRequest: on a small hand-made graph, a request whose word no
// page has outweighs what a node holds of it gets no answer, asked first,
// after an answer on another page or on its own page; so does one the node
// holds by a bare majority while lacking one of its words outright; the
// same request without that word, one whose distinctive word the node
// has, and a follow-up whose words the page holds, are answered.
func TestHoldsRequest(t *testing.T) {
	var nodes []graph.Node
	// Every heading says "project settings", five say "report": generic
	// and common words here.
	for i, topic := range []string{"export a report", "share a report", "print a report", "schedule a report", "delete a report",
		"rename", "archive", "transfer", "duplicate", "invite", "pin", "star"} {
		nodes = append(nodes, graph.Node{ID: topic, Page: fmt.Sprintf("https://help.example.com/%d", i), Problem: "Project settings: " + topic, Root: true, Actionable: true,
			Resolution: "Open the project settings and click " + strings.ToUpper(topic[:1]) + topic[1:] + "."})
	}
	nodes = append(nodes, graph.Node{ID: "backup", Page: "https://help.example.com/backup", Problem: "Nightly backups", Root: true, Actionable: true,
		Resolution: "Everything is backed up every night."})
	g := &graph.Graph{Nodes: nodes}
	for _, tc := range []struct {
		name, first, ask string
		want             Action
	}{
		{"the help center's own words", "", "how do I print a report", Resolution},
		{"a distinctive word the node has beside one no page has", "", "how do I print a snapchat report", Resolution},
		{"a word no page has outweighs the common ones held, asked first", "", "where are my snapchat report settings", Clarification},
		{"the same after an answer on another page", "how do nightly backups work", "where are my snapchat report settings", Clarification},
		{"the same after an answer on its page", "how do I export a report", "and my snapchat report settings?", Clarification},
		{"a follow-up the page holds", "how do I export a report", "and the project settings?", Resolution},
		{"the page's topic repeated, asked first", "", "how do I print a report with tiktok", Resolution},
		{"the page's topic repeated beside a word no page has, on its page", "how do I print a report", "how do I print a report with tiktok", Clarification},
		{"the same, opening as a follow-up", "how do I print a report", "and how do I print a report with tiktok?", Resolution},
		// "export" and the generic "project settings" are a bare majority
		// of the weight, while "nightly" (the backup page's) is nowhere in
		// the node.
		{"a word the node lacks outright beside a bare majority held", "", "export project settings nightly", Clarification},
		{"the same request without it", "", "export project settings", Resolution},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := NewGraphAgent(g, Options{})
			s := &Session{}
			if tc.first != "" {
				if r, err := a.Respond(context.Background(), s, tc.first); err != nil || r.Action != Resolution {
					t.Fatalf("%q: %s, %v", tc.first, r.Action, err)
				}
			}
			r, err := a.Respond(context.Background(), s, tc.ask)
			if err != nil {
				t.Fatal(err)
			}
			if r.Action != tc.want {
				t.Errorf("%q: %s at %q (%q), want %s", tc.ask, r.Action, r.NodeID, r.Text, tc.want)
			}
		})
	}
}

// TestAskAboutDoubted: a node found without the request's distinctive
// words is asked about, not answered: one option, the page it would
// answer from cited, and the conversation's place kept for what comes
// next.
func TestAskAboutDoubted(t *testing.T) {
	g := &graph.Graph{}
	for i, topic := range []string{"export a report", "share a report", "print a report", "schedule a report", "delete a report", "rename", "archive"} {
		g.Nodes = append(g.Nodes, graph.Node{ID: topic, Page: fmt.Sprintf("https://help.example.com/%d", i), Problem: "Project settings: " + topic, Root: true, Actionable: true,
			Resolution: "Open the project settings and click " + strings.ToUpper(topic[:1]) + topic[1:] + "."})
	}
	a := NewGraphAgent(g, Options{})
	s := &Session{}
	if r, err := a.Respond(context.Background(), s, "how do I export a report"); err != nil || r.Action != Resolution {
		t.Fatalf("opening: %s, %v", r.Action, err)
	}
	r, err := a.Respond(context.Background(), s, "and my snapchat report settings?")
	if err != nil {
		t.Fatal(err)
	}
	if r.Action != Clarification || len(r.Options) != 1 || r.Options[0].NodeID == "" {
		t.Fatalf("%s with options %+v (%q), want a question about one node", r.Action, r.Options, r.Text)
	}
	if page := a.ix.Node(r.Options[0].NodeID).Page; !slices.Equal(r.Sources, []string{page}) {
		t.Errorf("sources %v, want the page asked about, %s", r.Sources, page)
	}
	if s.CurrentNode != "export a report" || s.Rephrases != 0 {
		t.Errorf("session at %q after %d rephrases, want still at %q, no rephrase counted", s.CurrentNode, s.Rephrases, "export a report")
	}
	// "Yes": the section asked about answers.
	r, err = a.Respond(context.Background(), s, "yes")
	if err != nil {
		t.Fatal(err)
	}
	if r.Action != Resolution || r.NodeID == "" {
		t.Errorf("\"yes\": %s at %q (%q), want the section asked about", r.Action, r.NodeID, r.Text)
	}
}

// TestHoldsRequestRules checks, on a small hand-made graph, each part of
// how holdsRequest weighs a request's words against the node found.
func TestHoldsRequestRules(t *testing.T) {
	const backups = "https://help.example.com/backup"
	var nodes []graph.Node
	for i, topic := range []string{"export a report", "share a report", "print a report", "schedule a report", "delete a report",
		"rename", "archive", "transfer", "duplicate", "invite"} {
		nodes = append(nodes, graph.Node{ID: topic, Page: fmt.Sprintf("https://help.example.com/%d", i), Problem: "Project settings: " + topic, Root: true, Actionable: true,
			Resolution: "Open the project settings and click " + strings.ToUpper(topic[:1]) + topic[1:] + "."})
	}
	nodes = append(nodes,
		graph.Node{ID: "backup", Page: backups, Problem: "Nightly backups", Root: true, Actionable: true,
			Resolution: "Everything is backed up every night. Pause them instead if you must."},
		graph.Node{ID: "restore", Page: backups, Problem: "Restore a backup", Root: true, Actionable: true,
			Resolution: "Open Backups and click Restore."},
		graph.Node{ID: "quota", Page: "https://help.example.com/quota", Problem: "Invoice quota", Root: true, Actionable: true,
			Resolution: "Each plan sends up to a hundred a month."},
		graph.Node{ID: "plans", Page: "https://help.example.com/plans", Problem: "Plans", Root: true, Actionable: true,
			Resolution: "Every plan has an invoice quota."})
	a := NewGraphAgent(&graph.Graph{Nodes: nodes}, Options{})
	for _, tc := range []struct {
		name, at, id, msg string
		want              bool
	}{
		{"the rare word held", "", "print a report", "how do I print a report", true},
		{"only the generic words held", "", "print a report", "project settings of the nightly backups", false},
		{"words no page has outweigh the one held", "", "print a report", "snapchat tiktok instagram print", false},
		{"chat counts for nothing", "", "print a report", "actually awesome cool print", true},
		{"hesitations count for nothing", "", "print a report", "umm uhh hmmm print", true},
		{"a stop word's form counts for nothing", "", "print a report", "print others wants whats", true},
		{"a word no page has still counts", "", "print a report", "print snapchat tiktok", false},
		{"words only in a page's text weigh a quarter", "", "print a report", "print instead pause", true},
		{"words nodes are about weigh in full", "", "print a report", "print nightly backups", false},
		{"on the page being discussed, the page holds them", "backup", "restore", "nightly pause", true},
		{"elsewhere, the node must", "", "restore", "nightly pause", false},
		{"words the node is about", "", "quota", "invoice quota of a project", true},
		{"the same words in the node's answer alone count half", "", "plans", "invoice quota of a project", false},
		{"a quote of the node's text", "", "rename", "snapchat tiktok instagram: open the project settings", true},
		{"the same words, no quote", "", "rename", "snapchat tiktok instagram project settings", false},
		// "nightly" is the backup page's word, which the quoted node lacks.
		{"a quote beside a word the node lacks, asked first", "", "rename", "nightly: open the project settings", true},
		{"the same on the page being discussed", "rename", "rename", "nightly: open the project settings", true},
		{"the same leaving the page being discussed", "restore", "rename", "nightly: open the project settings", false},
		{"a quote beside words no page has, leaving the page", "restore", "rename", "snapchat tiktok instagram: open the project settings", true},
		{"a long message is its story", "", "rename", "my snapchat and tiktok and instagram friends all say the project settings are broken on their laptop and phone", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := a.holdsRequest(&Session{CurrentNode: tc.at}, tc.id, a.readText(tc.msg)); got != tc.want {
				t.Errorf("holdsRequest(at %q, %q, %q) = %v, want %v", tc.at, tc.id, tc.msg, got, tc.want)
			}
		})
	}
}

// TestPickHoldsRequest: an offered option matched on the words a new
// request shares with it is taken only when its node holds the request
// (holdsRequest), as an answer found afresh would be: "bank transfer"
// picks the transfer option, "snapchat bank transfer" (a word no page has
// outweighing words on every page) is read afresh, and not answered.
func TestPickHoldsRequest(t *testing.T) {
	const pay = "https://help.example.com/pay"
	g := &graph.Graph{Nodes: []graph.Node{
		{ID: "pay", Page: pay, Problem: "Paying a bill", Root: true},
		{ID: "card", Page: pay, Problem: "Paying a bill", Condition: "If you pay by credit card", Resolution: "Enter the credit card number."},
		{ID: "transfer", Page: pay, Problem: "Paying a bill", Condition: "If you pay by bank transfer", Resolution: "Use the reference on the bill."},
	}, Edges: []graph.Edge{{From: "pay", To: "card", Type: graph.Child}, {From: "pay", To: "transfer", Type: graph.Child}}}
	// Bank transfers are on every other page: common words here.
	for i, topic := range []string{"Bank transfer statements", "Cancelling a bank transfer", "Bank transfer limits", "Bank transfer fees", "Bank transfer abroad"} {
		g.Nodes = append(g.Nodes, graph.Node{ID: topic, Page: fmt.Sprintf("https://help.example.com/%d", i), Problem: topic, Root: true, Actionable: true,
			Resolution: "Read about " + strings.ToLower(topic) + " in your account."})
	}
	for _, tc := range []struct {
		msg          string
		wantTransfer bool
	}{
		{"bank transfer", true},
		{"snapchat bank transfer", false},
	} {
		t.Run(tc.msg, func(t *testing.T) {
			a := NewGraphAgent(g, Options{})
			s := &Session{CurrentNode: "pay", PendingOptions: a.options([]string{"card", "transfer"})}
			if got := a.matchOptions(s, a.readText(tc.msg)); !slices.Equal(got, []int{1}) {
				t.Fatalf("matchOptions(%q) = %v, want the transfer option matched on words", tc.msg, got)
			}
			r, err := a.Respond(context.Background(), s, tc.msg)
			if err != nil {
				t.Fatal(err)
			}
			if got := r.Action == Resolution && r.NodeID == "transfer"; got != tc.wantTransfer {
				t.Errorf("%q: %s at %q (%q), want the transfer option taken: %v", tc.msg, r.Action, r.NodeID, r.Text, tc.wantTransfer)
			}
		})
	}
}
