package ask

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/helpgraph/helpgraph/graph"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// formCatalog names a few pages in two folders, as a help center does.
func formCatalog() *Catalog {
	return NewCatalog(&graph.Graph{
		Pages: []graph.Page{
			{URL: "https://help.example/payments/refunds.html", Title: "Refunds | Example Help"},
			{URL: "https://help.example/payments/receipts.html", Title: "Receipts and invoices | Example Help"},
			{URL: "https://help.example/contact/contact-us.html", Title: "Contact us | Example Help"},
		},
		Nodes: []graph.Node{{ID: "1", Page: "https://help.example/payments/refunds.html", Problem: "My refund hasn't arrived"}},
	})
}

var formNow = time.Date(2026, 11, 26, 10, 0, 0, 0, time.UTC) // a Thursday

// parseTurns reads a conversation's questions in turn, each refining the last form.
func parseTurns(t *testing.T, questions ...string) (Form, error) {
	t.Helper()
	cat := formCatalog()
	var prev *Form
	var prior []Entity
	var f Form
	var err error
	for _, q := range questions {
		m := Mask(q, cat, prior, formNow)
		prior = append(prior, m.Entities...)
		f, err = ParseForm(m, prev, cat, formNow)
		if err != nil {
			return f, err
		}
		prev = &f
	}
	return f, nil
}

func TestParseForm(t *testing.T) {
	for _, tt := range []struct {
		turns []string // earlier questions, then the one read
		want  string   // Form.String()
	}{
		{[]string{"How many articles are there?"}, "count page"},
		{[]string{"how many article is there"}, "count page"},
		{[]string{"Which sections have no resolution?"}, "list node where node.unresolved"},
		{[]string{"Which problems are not actionable?"}, "list node where not node.actionable"},
		{[]string{"List the non-actionable problems"}, "list node where not node.actionable"},
		{[]string{"Which problems have a resolution?"}, "list node where not node.unresolved"},
		{[]string{"Which root problems don't have an answer?"}, "list node where node.root and node.unresolved"},
		{[]string{"How many leaf nodes does the Refunds page have?"}, "count node where node.leaf and page.on_page(https://help.example/payments/refunds.html)"},
		{[]string{"What sections mention refund?"}, "list node where node.mentions(refund)"},
		{[]string{"Which articles talk about invoices?"}, "list page where page.mentions(invoic)"},
		{[]string{"Which pages link to Contact us?"}, "list page where page.links_to(https://help.example/contact/contact-us.html)"},
		{[]string{"Which pages does Refunds link to?"}, "list page where page.linked_from(https://help.example/payments/refunds.html)"},
		{[]string{"Which articles have no incoming links?"}, "list page where not page.referenced"},
		{[]string{"Top 3 pages by number of problems"}, "top 3 page by node"},
		{[]string{"Which pages are referenced most?"}, "top 10 page by referrers"},
		{[]string{"Which pages have more than 8 nodes?"}, "list page by node having > 8"},
		{[]string{"How many handoffs this week?"}, "count handoff where handoff.since(2026-11-23)"},
		{[]string{"How many tickets in the last 30 days?"}, "count handoff where handoff.since(2026-10-27)"},
		{[]string{"Which topics escalated most this week?"}, "top 10 node by handoff where handoff.since(2026-11-23)"},
		{[]string{"How many chats are still waiting?"}, "count conversation where handoff.waiting"},
		{[]string{"How many handoffs matched no page?"}, "count handoff where handoff.no_page"},
		{[]string{"What share of problems have no resolution?"}, "share node where node.unresolved"},
		{[]string{"Which pages are in the payments section?"}, "list page where page.in_section(/payments/)"},
		{[]string{"What is the resolution of \"My refund hasn't arrived\"?"}, "list node showing resolution where node.problem(My refund hasn't arrived)"},
		{[]string{"What are the children of \"My refund hasn't arrived\"?"}, "list node where node.child_of(My refund hasn't arrived)"},
		// Follow-ups refine the previous form.
		{[]string{"Which sections mention password?", "How many are there?"}, "count node where node.mentions(password)"},
		{[]string{"List the articles in the payments section", "and which of those link elsewhere?"}, "list page where page.in_section(/payments/) and page.links_out"},
		{[]string{"Which problems have no resolution?", "just the ones under payments"}, "list node where node.unresolved and page.in_section(/payments/)"},
		{[]string{"Which pages link to Refunds?", "And what about Contact us?"}, "list page where page.links_to(https://help.example/contact/contact-us.html)"},
		{[]string{"How many nodes does the Refunds page have?", "Which of them are actionable?"}, "list node where page.on_page(https://help.example/payments/refunds.html) and node.actionable"},
		{[]string{"Which problems mention refund?", "On which pages?"}, "list page where node.mentions(refund)"},
		{[]string{"Which pages are in the payments section?", "How many nodes do they have?"}, "count node where page.in_section(/payments/)"},
	} {
		f, err := parseTurns(t, tt.turns...)
		if err != nil {
			t.Errorf("%q: %v", tt.turns, err)
			continue
		}
		if got := f.String(); got != tt.want {
			t.Errorf("%q:\n got %s\nwant %s", tt.turns, got, tt.want)
		}
	}
}

// TestParseFormDeclines: what the reader does not understand goes to the
// example library rather than to a wrong query.
func TestParseFormDeclines(t *testing.T) {
	for _, q := range []string{
		"Who wrote \"My refund hasn't arrived\"?",
		"How is the weather?",
		"Which pages have the most colour?",
		"",
	} {
		if f, err := parseTurns(t, q); err == nil {
			t.Errorf("%q read as %s", q, f)
		}
	}
}

// TestCompileGolden writes each form's Cypher to testdata/forms.golden
// (go test -run TestCompileGolden -update) and checks every statement
// passes the guard.
func TestCompileGolden(t *testing.T) {
	forms := []Form{
		{Return: ReturnCount, Subject: SubjectPage},
		{Return: ReturnList, Subject: SubjectNode, Filters: []Filter{{Kind: FilterUnresolved, On: SubjectNode}, {Kind: FilterInSection, Value: "/payments/", On: SubjectPage}}},
		{Return: ReturnList, Subject: SubjectNode, Filters: []Filter{{Kind: FilterOnPage, Value: "https://help.example/payments/refunds.html", On: SubjectPage}, {Kind: FilterActionable, Not: true, On: SubjectNode}}},
		{Return: ReturnList, Subject: SubjectPage, Filters: []Filter{{Kind: FilterMentions, Value: "refund", On: SubjectNode}}},
		{Return: ReturnList, Subject: SubjectPage, Filters: []Filter{{Kind: FilterLinksTo, Value: "https://help.example/contact/contact-us.html", On: SubjectPage}}},
		{Return: ReturnList, Subject: SubjectPage, Filters: []Filter{{Kind: FilterReferenced, Not: true, On: SubjectPage}}},
		{Return: ReturnCount, Subject: SubjectNode, Filters: []Filter{{Kind: FilterLeaf, On: SubjectNode}, {Kind: FilterHollow, On: SubjectNode}}},
		{Return: ReturnTop, Subject: SubjectPage, Measure: SubjectNode, K: 3},
		{Return: ReturnTop, Subject: SubjectPage, Measure: SubjectHandoff},
		{Return: ReturnTop, Subject: SubjectNode, Measure: SubjectHandoff, Filters: []Filter{{Kind: FilterSince, Value: "2026-11-23", On: SubjectHandoff}}},
		{Return: ReturnTop, Subject: SubjectPage, Measure: MeasureReferrers},
		{Return: ReturnList, Subject: SubjectPage, Measure: SubjectNode, Having: Having{Op: ">", N: 8}},
		{Return: ReturnCount, Subject: SubjectHandoff, Filters: []Filter{{Kind: FilterWaiting, On: SubjectHandoff}, {Kind: FilterOnPage, Value: "https://help.example/payments/refunds.html", On: SubjectPage}}},
		{Return: ReturnCount, Subject: SubjectConversation, Filters: []Filter{{Kind: FilterNoPage, On: SubjectHandoff}}},
		{Return: ReturnShare, Subject: SubjectNode, Filters: []Filter{{Kind: FilterUnresolved, On: SubjectNode}}},
		{Return: ReturnCount, Subject: SubjectReference},
	}
	var b strings.Builder
	for _, f := range forms {
		cypher, err := Compile(f)
		if err != nil {
			t.Errorf("%s: %v", f, err)
			continue
		}
		if err := Guard(cypher); err != nil {
			t.Errorf("%s: the guard refuses %s: %v", f, cypher, err)
		}
		b.WriteString(f.String() + "\n  " + cypher + "\n\n")
	}
	path := filepath.Join("testdata", "forms.golden")
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update)", err)
	}
	if b.String() != string(want) {
		t.Errorf("compiled Cypher differs from %s (run with -update to accept):\n%s", path, b.String())
	}
}

// FuzzParseForm: any question, read after any first turn, either is not
// understood or compiles to one statement the guard allows; nothing panics.
//
//	go test ./ask -run '^$' -fuzz FuzzParseForm
func FuzzParseForm(f *testing.F) {
	for _, q := range []string{"How many articles are there?", "which of those link elsewhere?", "top 3 pages by number of problems",
		"just the ones under payments", "what share of problems have no resolution", "tickets in the last 30 days",
		"pages with more than 8 nodes", "the children of \"My refund hasn't arrived\"", "Refunds' resolution 'x\\'"} {
		f.Add("Which sections mention password?", q)
	}
	cat := formCatalog()
	f.Fuzz(func(t *testing.T, first, question string) {
		m1 := Mask(first, cat, nil, formNow)
		var prev *Form
		if f1, err := ParseForm(m1, nil, cat, formNow); err == nil {
			prev = &f1
		}
		form, err := ParseForm(Mask(question, cat, m1.Entities, formNow), prev, cat, formNow)
		if err != nil {
			return
		}
		cypher, err := Compile(form)
		if err != nil {
			return
		}
		if err := Guard(cypher); err != nil {
			t.Fatalf("%q then %q: %s compiles to %s, which the guard refuses: %v", first, question, form, cypher, err)
		}
	})
}
